package escape_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

func ExampleNeutralize() {
	fmt.Println(escape.Neutralize("cat invoice\u202efdp.exe\x1b[2J"))
	// Output: cat invoice\u{202e}fdp.exe\x1b[2J
}
