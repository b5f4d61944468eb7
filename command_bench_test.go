package plainsight

import (
	"testing"
	"time"
)

// agentCommands are commands of the kind coding agents compose, some with
// the non-ASCII text of ordinary commit messages and file names.
var agentCommands = []string{
	"git status --short && git diff --stat HEAD~1",
	"find . -name '*.go' -not -path './vendor/*' | xargs grep -n \"TODO\" | head -20",
	"curl -fsSL https://example.com/install.sh -o /tmp/install.sh && sh /tmp/install.sh --prefix=\"$HOME/.local\"",
	"git commit -m \"Fix caf\u00e9 menu \u2013 don\u2019t drop the last item\"",
	"for f in src/*.ts; do npx prettier --check \"$f\" || echo \"needs format: $f\"; done",
	"docker run --rm -v \"$PWD\":/app -w /app golang:1.26 go test ./... 2>&1 | tee test.log",
	"cat <<'EOF' > notes.md\n# Notes \u2014 \u201cdraft\u201d\nEOF",
	"mv ~/Downloads/R\u00e9sum\u00e9.pdf ~/Documents/ && ls -la ~/Documents",
	"kubectl get pods -n prod -o wide | grep -v Running",
	"echo '\u041f\u0440\u0438\u0432\u0435\u0442' > greeting.txt # Russian greeting",
}

// BenchmarkCommand runs the command reading on 64 KiB of agent commands,
// next to the context-free Sanitize on the same input, its baseline: the
// target is at most three times the baseline's time. The ASCII input shows
// the fast path: no parse when nothing non-ASCII needs judging.
func BenchmarkCommand(b *testing.B) {
	inputs := []struct{ name, text string }{
		{"agent", repeatTo(benchSize, agentCommands...)},
		{"ascii", repeatTo(benchSize, agentCommands[0], agentCommands[1], agentCommands[2], agentCommands[4], agentCommands[5])},
	}
	for _, in := range inputs {
		for _, p := range []Policy{{}, {Context: ContextCommand}} {
			b.Run(in.name+"/"+p.Context.String(), func(b *testing.B) {
				b.SetBytes(int64(len(in.text)))
				b.ReportAllocs()
				for b.Loop() {
					p.Sanitize(in.text)
				}
			})
		}
	}
}

// BenchmarkCommandRatio runs the command reading and the context-free
// Sanitize in turn on the same 64 KiB of agent commands, and reports the
// ratio of their times (metric "x/any"), so that the load of a shared
// machine falls on both alike. The target is at most 3.
func BenchmarkCommandRatio(b *testing.B) {
	text := repeatTo(benchSize, agentCommands...)
	b.SetBytes(int64(len(text)))
	cmd := Policy{Context: ContextCommand}
	var tCmd, tAny time.Duration
	for b.Loop() {
		t0 := time.Now()
		Sanitize(text)
		t1 := time.Now()
		cmd.Sanitize(text)
		tCmd += time.Since(t1)
		tAny += t1.Sub(t0)
	}
	b.ReportMetric(float64(tCmd)/float64(tAny), "x/any")
}
