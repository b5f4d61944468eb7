package plainsight

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

// TestClassesFollowTheCore pins the public Class to the escape core's: the
// loop converts one to the other, so they must number the classes alike.
func TestClassesFollowTheCore(t *testing.T) {
	pairs := []struct {
		public Class
		core   escape.Class
	}{
		{ClassNone, escape.None},
		{ClassTab, escape.Tab},
		{ClassBackspace, escape.Backspace},
		{ClassCarriageReturn, escape.CarriageReturn},
		{ClassControl, escape.Control},
		{ClassBidi, escape.Bidi},
		{ClassZeroWidth, escape.ZeroWidth},
		{ClassTag, escape.Tag},
		{ClassVariationSelector, escape.VariationSelector},
		{ClassInvisible, escape.Invisible},
		{ClassWhitespace, escape.Whitespace},
		{ClassPrivateUse, escape.PrivateUse},
		{ClassNoncharacter, escape.Noncharacter},
		{ClassUnassigned, escape.Unassigned},
		{ClassInvalidUTF8, escape.InvalidUTF8},
		{ClassFlagged, escape.Flagged},
	}
	if len(pairs) != int(numClasses) || int(numClasses) != int(escape.NumClasses) {
		t.Fatalf("%d pairs for %d public and %d core classes", len(pairs), numClasses, escape.NumClasses)
	}
	for _, p := range pairs {
		if uint8(p.public) != uint8(p.core) {
			t.Errorf("%v is %d, the core's is %d", p.public, p.public, p.core)
		}
	}
}
