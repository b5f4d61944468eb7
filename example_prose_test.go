package plainsight_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight"
)

// The prose reading shows a no-break space where French typography puts
// one, before a colon, and reports it as info; the one that glues a
// command to its option is escaped and warned about in every reading.
func ExamplePolicy_prose() {
	text := "Lancez rm\u00a0-rf\u00a0: non"
	for _, ctx := range []plainsight.Context{plainsight.ContextAny, plainsight.ContextProse} {
		r := plainsight.Policy{Context: ctx}.Sanitize(text)
		fmt.Printf("%s: %+q\n", ctx, r.Text)
		for _, w := range r.Warnings {
			fmt.Printf("  %s %s %d\n", w.Kind, w.Severity, w.Count)
		}
	}
	// Output:
	// any: "Lancez rm\\u{00a0}-rf\\u{00a0}: non"
	//   unusual_whitespace warn 1
	//   unusual_whitespace info 1
	// prose: "Lancez rm\\u{00a0}-rf\u00a0: non"
	//   unusual_whitespace warn 1
	//   unusual_whitespace info 1
}
