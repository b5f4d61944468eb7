package plainsight

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/ucd"
	"golang.org/x/text/unicode/rangetable"
)

var update = flag.Bool("update", false, "rewrite the golden files under corpus/golden")

// corpusCase is one line of a corpus file:
//
//	attack <name> <kind>[,<kind>...] "<Go-quoted input>"
//	benign <name> -|<info kind>[,...] "<Go-quoted input>"
type corpusCase struct {
	file   string
	line   int
	attack bool
	name   string
	kinds  []Kind
	input  string
}

func readCorpus(t testing.TB, path string) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []corpusCase
	names := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, " ", 4)
		if len(fields) != 4 || (fields[0] != "attack" && fields[0] != "benign") {
			t.Fatalf("%s:%d: want `attack|benign name kinds \"input\"`, got %q", path, n, line)
		}
		c := corpusCase{file: path, line: n, attack: fields[0] == "attack", name: fields[1]}
		if names[c.name] {
			t.Fatalf("%s:%d: duplicate case name %q", path, n, c.name)
		}
		names[c.name] = true
		if fields[2] != "-" {
			for _, k := range strings.Split(fields[2], ",") {
				var kind Kind
				if err := kind.UnmarshalText([]byte(k)); err != nil {
					t.Fatalf("%s:%d: %v", path, n, err)
				}
				c.kinds = append(c.kinds, kind)
			}
		}
		c.input, err = strconv.Unquote(fields[3])
		if err != nil {
			t.Fatalf("%s:%d: input: %v", path, n, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// goldenCase is the recorded outcome of one corpus case.
type goldenCase struct {
	Name     string    `json:"name"`
	Text     string    `json:"text"`
	Warnings []Warning `json:"warnings"`
}

// TestCorpus runs every case in corpus/*.txt, those of commands*.txt in
// ContextCommand. An attack must raise each
// listed kind and at least one warn-level warning; a benign case must raise
// no warn-level warning and no kind it does not list. The full results are
// compared with corpus/golden/<file>.golden.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("corpus/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cases := readCorpus(t, file)
			var p Policy
			if strings.HasPrefix(filepath.Base(file), "commands") {
				p.Context = ContextCommand
			}
			var golden bytes.Buffer
			for _, c := range cases {
				r := p.Sanitize(c.input)
				checkResultInvariants(t, c.input, r)
				got := kindsOf(r)
				if c.attack {
					if !r.HasWarning() {
						t.Errorf("%s:%d: attack %s: no warn-level warning; got %v", c.file, c.line, c.name, got)
					}
					for _, k := range c.kinds {
						if !slices.Contains(got, k) {
							t.Errorf("%s:%d: attack %s: want kind %v, got %v", c.file, c.line, c.name, k, got)
						}
					}
				} else {
					for _, w := range r.Warnings {
						if w.Severity == SeverityWarn || !slices.Contains(c.kinds, w.Kind) {
							t.Errorf("%s:%d: benign %s: unexpected %v warning: %s", c.file, c.line, c.name, w.Kind, w.Explanation)
						}
					}
				}
				line, err := json.Marshal(goldenCase{Name: c.name, Text: r.Text, Warnings: r.Warnings})
				if err != nil {
					t.Fatal(err)
				}
				golden.Write(line)
				golden.WriteByte('\n')
			}
			goldenPath := filepath.Join("corpus", "golden", strings.TrimSuffix(filepath.Base(file), ".txt")+".golden")
			if *update {
				if err := os.WriteFile(goldenPath, golden.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatalf("%v (run go test -run TestCorpus -update)", err)
			}
			if diff := cmp.Diff(string(want), golden.String()); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", goldenPath, diff)
			}
		})
	}
}

func kindsOf(r Result) []Kind {
	var ks []Kind
	for _, w := range r.Warnings {
		ks = append(ks, w.Kind)
	}
	return ks
}

// checkResultInvariants checks what every Result must satisfy: Text is safe
// to print, the escapes account for every change, and the input comes back.
func checkResultInvariants(t *testing.T, in string, r Result) {
	t.Helper()
	if msg := unsafeText(r.Text, false); msg != "" {
		t.Errorf("Sanitize(%+q).Text = %+q: %s", in, r.Text, msg)
	}
	if got := r.Original(); got != in {
		t.Errorf("Sanitize(%+q).Original() = %+q", in, got)
	}
	if len(r.Text) > 10*len(in) {
		t.Errorf("Sanitize(%+q): output %d bytes for %d input bytes", in, len(r.Text), len(in))
	}
	checkLocations(t, in, r)
	for i, w := range r.Warnings {
		// The order of first locations; for ties Kind order, and a kind
		// found at both severities, warn first.
		if prev := r.Warnings[max(i-1, 0)]; i > 0 {
			pa, wa := firstInput(prev), firstInput(w)
			if pa > wa || pa == wa && (prev.Kind > w.Kind || prev.Kind == w.Kind && !(prev.Severity == SeverityWarn && w.Severity == SeverityInfo)) {
				t.Errorf("Sanitize(%+q): warnings out of order: %v (%v) at %d after %v (%v) at %d", in, w.Kind, w.Severity, wa, prev.Kind, prev.Severity, pa)
			}
		}
		for _, s := range append([]string{w.Explanation, w.Decoded}, w.Tokens...) {
			if msg := unsafeText(s, false); msg != "" || strings.Contains(s, "\n") {
				t.Errorf("Sanitize(%+q): %v warning holds unsafe text %+q: %s", in, w.Kind, s, msg)
			}
		}
	}
}

// unsafeText returns why s is not safe to print literally, or "". It is
// written independently of the sanitizer's classes, from the escaped set's
// definition over Go's own tables, rangetable.Assigned("17.0.0") and the
// Default_Ignorable_Code_Point table that internal/ucd checks against its
// derivation from Go's tables. Code points that a
// legitimate sequence may keep (joiners, variation selectors, tag
// characters) are left to the idempotence checks.
func unsafeText(s string, keepTab bool) string {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return fmt.Sprintf("invalid UTF-8 at byte %d", i)
		case r == '\n', r == '\t' && keepTab:
		case r < 0x20, r >= 0x7F && r <= 0x9F:
			return fmt.Sprintf("control %U at byte %d", r, i)
		case alwaysEscaped(r):
			return fmt.Sprintf("escaped-set code point %U at byte %d", r, i)
		}
		i += size
	}
	return ""
}

var assigned17 = rangetable.Assigned("17.0.0")

// alwaysEscaped reports whether r is in the escaped set and no legitimate
// sequence can keep it.
func alwaysEscaped(r rune) bool {
	switch {
	case r == 0x200C, r == 0x200D, r >= 0xE0020 && r <= 0xE007F,
		r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF, r >= 0x180B && r <= 0x180D, r == 0x180F:
		return false
	case r < 0x80:
		return false
	case unicode.Is(unicode.Bidi_Control, r), ucd.Lookup(r).DefaultIgnorable(),
		r == 0x2028, r == 0x2029, r >= 0xFFF9 && r <= 0xFFFC, r == 0x2800,
		unicode.Is(unicode.Zs, r),
		unicode.Is(unicode.Co, r), unicode.Is(unicode.Noncharacter_Code_Point, r),
		!unicode.Is(assigned17, r):
		return true
	}
	return false
}
