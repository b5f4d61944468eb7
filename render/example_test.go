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

func ExampleHTML() {
	r := plainsight.Sanitize("rm -rf ~/x\u202e")
	fmt.Println(render.HTML(r, render.HTMLOptions{ID: "cmd1"}))
	// Output:
	// <div class="ps-result" id="cmd1" dir="ltr"><pre class="ps-text" dir="ltr">
	// <bdo dir="ltr">rm -rf ~/x<span class="ps-esc ps-esc-bidi" dir="ltr" title="U&#43;202E RIGHT-TO-LEFT OVERRIDE">\u{202e}</span></bdo></pre><ol class="ps-warnings"><li class="ps-warning ps-sev-warn ps-kind-bidi" id="cmd1-w0" data-warning="0"><bdo dir="ltr"><span class="ps-severity">warn</span> <span class="ps-kind">bidi</span>: <span class="ps-explanation">U&#43;202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed</span> <span class="ps-tokens"><code>\u{202e}</code></span></bdo></li></ol></div>
}
