package shellread

import (
	"strings"
	"testing"
)

const agentCommands = `git status --short && git diff --stat HEAD~1
find . -name '*.go' -not -path './vendor/*' | xargs grep -n "TODO" | head -20
curl -fsSL https://example.com/install.sh -o /tmp/install.sh && sh /tmp/install.sh --prefix="$HOME/.local"
for f in src/*.ts; do npx prettier --check "$f" || echo "needs format: $f"; done
docker run --rm -v "$PWD":/app -w /app golang:1.26 go test ./... 2>&1 | tee test.log
cat <<'EOF' > config.yaml
name: demo
EOF
`

// BenchmarkRead reads 64 KiB of typical agent commands; the baseline
// splits the same text into fields, the cheapest reading of a command.
func BenchmarkRead(b *testing.B) {
	src := strings.Repeat(agentCommands, 64<<10/len(agentCommands))
	b.Run("fields", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			_ = strings.Fields(src)
		}
	})
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			_ = Read(src)
		}
	})
	b.Run("read-for-nothing", func(b *testing.B) {
		// The lexer alone: no rune judged, nothing parsed.
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			_ = ReadFor(src, func(rune) bool { return false })
		}
	})
}
