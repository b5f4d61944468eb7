package approve

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A shell is the program that runs a -c command, and the language it
// reads.
type shell struct {
	path  string // as given to exec
	posix bool   // a POSIX sh (dash, ash), not bash
}

// findShell resolves the -shell flag: bash (the default) is looked up on
// PATH, as is any name without a slash. Only bash and the POSIX shells sh,
// dash and ash are known; another shell would read the command in a
// language approve did not read.
func findShell(name string) (shell, error) {
	var sh shell
	switch filepath.Base(name) {
	case "bash":
	case "sh", "dash", "ash":
		sh.posix = true
	default:
		return sh, fmt.Errorf("-shell %s: not bash, sh, dash or ash, whose languages approve reads", name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		if name == "bash" {
			return sh, fmt.Errorf("no bash on PATH, which -c commands run with; give -shell /bin/sh for a POSIX shell: %w", err)
		}
		return sh, err
	}
	sh.path = path
	return sh, nil
}

// checkPOSIX reports an error unless command reads the same as a POSIX
// shell script as it does as Bash, which is how approve showed and judged
// it. It must parse as POSIX, and both parses must give the same tree:
// the same nodes over the same bytes. Bash's `$'…'` (one ANSI-C quoted
// word to Bash, `$` and a single-quoted string to dash), `[[ … ]]`, `let`,
// `function` and the like read differently and are refused.
//
// Words that parse alike may still expand differently: brace expansion
// (`{a,b}` is two arguments to Bash, one to dash), the escapes of the echo
// builtin, and builtins one shell has and the other lacks. None of these
// changes which commands run where the text shows them.
func checkPOSIX(command string) error {
	parse := func(lang syntax.LangVariant) (*syntax.File, error) {
		return syntax.NewParser(syntax.KeepComments(true), syntax.Variant(lang)).Parse(strings.NewReader(command), "")
	}
	posix, err := parse(syntax.LangPOSIX)
	if err != nil {
		return fmt.Errorf("not a POSIX shell command: %w", err)
	}
	bash, err := parse(syntax.LangBash)
	if err != nil {
		return fmt.Errorf("a POSIX shell command that Bash does not read: %w", err)
	}
	p, b := syntaxTree(posix), syntaxTree(bash)
	differ := len(p) != len(b)
	for i := range min(len(p), len(b)) {
		switch {
		case p[i] == b[i]:
		case p[i].typ == b[i].typ && p[i].pos == b[i].pos:
			// The same node ending elsewhere: a node inside it says where
			// the readings part.
			differ = true
		default:
			return fmt.Errorf("bash and sh read it differently from byte %d", min(p[i].pos, b[i].pos))
		}
	}
	if differ {
		return fmt.Errorf("bash and sh read it differently")
	}
	return nil
}

// A node is one node of a syntax tree: its type and the bytes it spans.
type node struct {
	typ      string
	pos, end uint
}

// syntaxTree lists the nodes of f in walk order.
func syntaxTree(f *syntax.File) []node {
	var nodes []node
	syntax.Walk(f, func(n syntax.Node) bool {
		if n != nil {
			nodes = append(nodes, node{fmt.Sprintf("%T", n), n.Pos().Offset(), n.End().Offset()})
		}
		return true
	})
	return nodes
}
