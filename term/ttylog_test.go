package term

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "update golden files")

// ttyLogs returns the real terminal logs in testdata/ttylogs.
func ttyLogs(tb testing.TB) map[string][]byte {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "ttylogs", "*.log"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no tty logs: %v", err)
	}
	logs := make(map[string][]byte)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		logs[f] = data
	}
	return logs
}

// canonicalSGR matches what the sanitizer emits for a kept SGR.
var canonicalSGR = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// TestTTYLogs runs the sanitizer over real terminal logs: the output is
// safe, every printable character outside escape sequences survives (as
// found by referenceText, a walker independent of package ansi), the
// output is stable under a second pass, and it matches the golden files.
func TestTTYLogs(t *testing.T) {
	for name, data := range ttyLogs(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			strip := sanitizeChunks(Options{}, string(data))
			vis := sanitizeChunks(Options{Mode: Visualize}, string(data))
			plain := sanitizeChunks(Options{Plain: true}, string(data))
			checkSafe(t, strip)
			checkSafe(t, vis)
			checkNotHidden(t, strip)
			checkNotHidden(t, vis)

			want := referenceText(data)
			if diff := cmp.Diff(want, plain); diff != "" {
				t.Errorf("Plain output differs from the reference text (-want +got):\n%s", diff)
			}
			if got := canonicalSGR.ReplaceAllString(strip, ""); got != plain {
				t.Errorf("Strip output without its SGR differs from Plain output:\n%s", cmp.Diff(plain, got))
			}
			if got := strings.ReplaceAll(canonicalSGR.ReplaceAllString(vis, ""), vis1, ""); got != plain {
				t.Errorf("Visualize output without SGR and U+241B differs from Plain output:\n%s", cmp.Diff(plain, got))
			}
			if again := sanitizeChunks(Options{}, strip); again != strip {
				t.Errorf("second pass changed the output:\n%s", cmp.Diff(strip, again))
			}
			// The logs do hold sequences to remove.
			if len(plain) >= len(data) {
				t.Errorf("nothing removed from %s", name)
			}

			base := strings.TrimSuffix(name, ".log")
			golden(t, base+".strip.golden", strip)
			golden(t, base+".visualize.golden", vis)
		})
	}
}

const vis1 = "\u241b"

// golden compares got with the named golden file, or rewrites it with
// -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// referenceText is a deliberately simple walker, independent of package
// ansi, that returns the printable text of well-formed terminal output:
// ESC sequences (CSI up to a final byte, OSC up to BEL or ST, DCS, SOS, PM
// and APC up to ST, other ESC sequences up to their final byte) are
// skipped, LF and tab kept, other C0 and DEL dropped, invalid UTF-8
// replaced. It does not handle C0 inside sequences, C1 controls or aborted
// sequences; the logs hold none.
func referenceText(in []byte) string {
	var b strings.Builder
	for i := 0; i < len(in); {
		c := in[i]
		switch {
		case c == 0x1b:
			i = skipEscape(in, i)
		case c == '\n' || c == '\t':
			b.WriteByte(c)
			i++
		case c < 0x20 || c == 0x7f:
			i++
		default:
			r, size := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteString("\ufffd")
			} else {
				b.Write(in[i : i+size])
			}
			i += size
		}
	}
	return b.String()
}

// skipEscape returns the index after the escape sequence at in[i].
func skipEscape(in []byte, i int) int {
	j := i + 1
	if j >= len(in) {
		return len(in)
	}
	untilST := func(j int, bel bool) int {
		for ; j < len(in); j++ {
			if bel && in[j] == 0x07 {
				return j + 1
			}
			if in[j] == 0x1b && j+1 < len(in) && in[j+1] == '\\' {
				return j + 2
			}
		}
		return len(in)
	}
	switch in[j] {
	case '[':
		for j++; j < len(in) && (in[j] < 0x40 || in[j] > 0x7e); j++ {
		}
		return min(j+1, len(in))
	case ']':
		return untilST(j+1, true)
	case 'P', 'X', '^', '_':
		return untilST(j+1, false)
	}
	for j < len(in) && in[j] >= 0x20 && in[j] <= 0x2f {
		j++
	}
	return min(j+1, len(in))
}
