package hostread_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/internal/hostread"
)

// A host label written wholly in Cyrillic letters that read as Latin ones,
// under an ASCII top-level domain, reads as another host.
func ExampleCheck() {
	word := "https://\u0440\u0430\u0443\u0440\u0430\u04cf.com/login"
	for _, h := range hostread.Find(word) {
		host := word[h.Start:h.End]
		for _, f := range hostread.Check(host) {
			fmt.Printf("%+q: %v, reads as %s\n", host, f.Reason, f.Reading)
		}
	}
	// Output:
	// "\u0440\u0430\u0443\u0440\u0430\u04cf.com": whole_script, reads as paypal.com
}
