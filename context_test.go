package plainsight

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestContextText(t *testing.T) {
	for c := ContextAny; c < numContexts; c++ {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", c, err)
		}
		var got Context
		if err := got.UnmarshalText(b); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", b, err)
		}
		if diff := cmp.Diff(c, got); diff != "" {
			t.Errorf("round trip of %q mismatch (-want +got):\n%s", b, diff)
		}
	}
	if _, err := numContexts.MarshalText(); err == nil {
		t.Error("MarshalText of an unknown context: no error")
	}
	var c Context
	if err := c.UnmarshalText([]byte("shell")); err == nil {
		t.Error(`UnmarshalText("shell"): no error`)
	}
}
