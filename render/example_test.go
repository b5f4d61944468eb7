package render_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

func ExampleTerminal() {
	r := plainsight.Sanitize("cat invoice\u202efdp.exe")
	// Without colour, a marker line shows which characters are escapes.
	fmt.Print(render.Terminal(r, render.TerminalOptions{Source: "cmd"}))
	// Output:
	// cat invoice\u{202e}fdp.exe
	//            ^^^^^^^^
	// cmd: warn bidi: U+202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed
}

func ExampleTerminal_color() {
	r := plainsight.Sanitize("rm -rf x\by")
	fmt.Printf("%+q\n", render.TerminalText(r, render.TerminalOptions{Color: true}))
	// Output:
	// "rm -rf x\x1b[7m\\x08\x1b[27my"
}
