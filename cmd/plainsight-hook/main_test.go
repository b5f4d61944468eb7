package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
	"github.com/plainsight-dev/plainsight/internal/cli/hook"
)

// prog is the test binary, run as plainsight-hook.
var prog = clitest.Self("plainsight-hook", "PLAINSIGHT_HOOK_TEST_AS_MAIN")

func TestMain(m *testing.M) {
	clitest.RunAsMain(m, prog, hook.Standalone)
}

// fixtures is where cmd/plainsight keeps the hook's payloads and answers.
const fixtures = "../plainsight/testdata/hook"

// TestSameAsPlainsightHook runs plainsight-hook on every payload of
// plainsight hook's fixtures and checks that it answers the same: status,
// standard output and standard error.
func TestSameAsPlainsightHook(t *testing.T) {
	ins, err := filepath.Glob(filepath.Join(fixtures, "*", "*.json"))
	txt, _ := filepath.Glob(filepath.Join(fixtures, "*", "*.txt"))
	ins = append(ins, txt...)
	if err != nil || len(ins) == 0 {
		t.Fatalf("no fixtures in %s: %v", fixtures, err)
	}
	for _, in := range ins {
		agent := filepath.Base(filepath.Dir(in))
		base := strings.TrimSuffix(in, filepath.Ext(in))
		t.Run(agent+"/"+filepath.Base(base), func(t *testing.T) {
			stdin, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(base + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			args := []string{agent}
			if extra, err := os.ReadFile(base + ".args"); err == nil {
				args = append(args, strings.Fields(string(extra))...)
			}
			got := prog.Exec(t, clitest.Run{Args: args, Stdin: string(stdin)})
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("plainsight-hook %s differs from plainsight hook (-plainsight hook +plainsight-hook):\n%s", strings.Join(args, " "), diff)
			}
		})
	}
}

// TestPrintConfig checks that the snippet runs plainsight-hook, with the
// flags given.
func TestPrintConfig(t *testing.T) {
	got := prog.Exec(t, clitest.Run{Args: []string{"claude-code", "--deny-warnings", "--print-config"}})
	if want := `"command": "plainsight-hook claude-code --deny-warnings || exit 2"`; !strings.Contains(got, want) {
		t.Errorf("plainsight-hook claude-code --print-config gives\n%s\nwant a snippet with %s", got, want)
	}
}

// TestStackGrownFirst checks that package hookstack, which grows the main
// goroutine's stack once, is initialised before the packages whose
// initialisation or reading would grow it step by step: every package of
// this module and of its dependencies, and the standard library's
// regular expressions and Unicode tables.
func TestStackGrownFirst(t *testing.T) {
	cmd := prog.Command("claude-code")
	cmd.Env = append(cmd.Env, "GODEBUG=inittrace=1")
	cmd.Stdin = strings.NewReader(`{"tool_name":"Bash","tool_input":{"command":"ls"}}`)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("plainsight-hook: %v\n%s", err, out)
	}
	const self = "github.com/plainsight-dev/plainsight/internal/cli/hookstack"
	var before []string
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "init" {
			continue
		}
		if f[1] == self {
			return
		}
		if strings.Contains(strings.Split(f[1], "/")[0], ".") || f[1] == "regexp/syntax" || f[1] == "unicode" {
			before = append(before, f[1])
		}
	}
	t.Errorf("%s is not initialised before %v (or not at all):\n%s", self, before, out)
}
