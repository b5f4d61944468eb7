package hostread

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFind(t *testing.T) {
	tests := []struct {
		word string
		want []string
	}{
		{"https://example.com/x", []string{"example.com"}},
		{"'https://user:pw@example.com:8080/x?q=1'", []string{"example.com"}},
		{"git@github.com:org/repo.git", []string{"github.com"}},
		{"deploy.example.org:/srv/app", []string{"deploy.example.org"}},
		{"p\u0430ypal.com", []string{"p\u0430ypal.com"}},
		{"example\u3002com", []string{"example\u3002com"}},
		{"http://a.example/ https://b.example/", []string{"a.example", "b.example"}},
		{"--url=https://example.com", []string{"example.com"}},
		{"main.go", nil},
		{"example.com/install.sh", []string{"example.com"}},
		{"g\u0131thub.com/org/repo", []string{"g\u0131thub.com"}},
		{"\u0440\u0430\u0443\u0440\u0430\u04cf.com?x=1", []string{"\u0440\u0430\u0443\u0440\u0430\u04cf.com"}},
		{"\u043e\u0442\u0447\u0435\u0442.jpg", nil},
		{"\u5199\u771f.txt", nil},
		{"\u0444\u043e\u0442\u043e/\u043e\u0442\u0447\u0435\u0442.pdf", nil},
		{"paypal\u00b7com", []string{"paypal\u00b7com"}},
		{"paypal\u2027com/x", []string{"paypal\u2027com"}},
		{"col\u00b7legi.cat", []string{"col\u00b7legi.cat"}},
		{"install.sh", []string{"install.sh"}},
		{"g\u00edthub.com/org/mod@latest", []string{"g\u00edthub.com"}},
		{"user@host.example.com:/srv", []string{"host.example.com"}},
		{"./main.go", nil},
		{"/etc/passwd", nil},
		{"192.168.0.1", nil},
		{"v1.2.3", nil},
		{"a..b", nil},
		{"hello", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range Find(tt.word) {
			got = append(got, tt.word[s.Start:s.End])
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Find(%+q) mismatch (-want +got):\n%s", tt.word, diff)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		host string
		want []string // reason rune reading
	}{
		{"p\u0430ypal.com", []string{"mixed_script 0 paypal.com"}},
		{"g\u0131thub.com", []string{"latin_lookalike U+0131 github.com"}},
		{"\u1d04loud.example", []string{"latin_lookalike U+1D04 cloud.example"}},
		{"\u0440\u0430\u0443\u0440\u0430\u04cf.com", []string{"whole_script 0 paypal.com"}},
		{"xn--80ak6aa92e.com", []string{"whole_script 0 apple.com"}},
		{"example\u3002com", []string{"separator U+3002 example.com"}},
		{"example\u2024com", []string{"separator U+2024 example.com"}},
		{"ex\u2010ample.com", []string{"separator U+2010 ex-ample.com"}},
		{"ip\u4e00address.com", []string{"cjk_lookalike U+4E00 ip-address.com"}},
		{"i\u0307nstagram.com", []string{"combining_mark U+0307 instagram.com"}},
		{"e\u0301\u0301xample.com", []string{"combining_mark U+0301 example.com"}},
		{"\uff50aypal.com", []string{"compatibility U+FF50 paypal.com"}},
		{"1\u0437.com", []string{"digit_lookalike U+0437 13.com"}},
		{"\u0577\u0577.com", []string{"digit_lookalike U+0577 22.com"}},
		{"12\u0967.example", []string{"mixed_numbers 0 "}},
		{"g\u0585\u0585gle.com", []string{"mixed_script 0 google.com"}},
		{"paypal\u00b7com", []string{"separator U+00B7 paypal.com"}},
		{"example\u2027com", []string{"separator U+2027 example.com"}},
		{"Xn--80ak6aa92e.com", []string{"whole_script 0 apple.com"}},
		{"\u043a\u043c\u0442.com", []string{"whole_script 0 "}},
		{"\u0432\u043d\u043f.net", []string{"whole_script 0 "}},
		{"\u03ba\u03c4\u03c0.com", []string{"whole_script 0 "}},
		{"g\u00edthub.com", []string{"top_domain 0 github.com"}},
		{"\uff47ithub.com", []string{"compatibility U+FF47 github.com"}},
		// Benign twins of the whole-script rule: the script's own TLD,
		// Chromium's TLDs for the script, its allowed words.
		{"\u043a\u043c\u0442.\u0440\u0444", nil},
		{"\u0440\u0430\u0443\u0440\u0430\u04cf.ru", nil},
		{"\u043a\u0443\u0440\u0441.com", nil},
		{"\u03ba\u03c4\u03c0.gr", nil},
		{"col\u00b7legi.cat", nil},
		{"b\u00fccher.de", nil},
		// Benign: ordinary internationalized names.
		{"example.com", nil},
		{"r\u00e9sum\u00e9.fr", nil},
		{"m\u00fcnchen.de", nil},
		{"vie\u0323\u0302t.vn", nil},
		{"\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444", nil},
		{"\u0441\u043e\u0440\u0435.\u0440\u0444", nil},
		{"\u4f8b\u3048.jp", nil},
		{"\u65e5\u672c\u8a9eabc.jp", nil},
		{"\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631", nil},
		{"\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1.\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range Check(tt.host) {
			r := "0"
			if f.Rune != 0 {
				r = fmt.Sprintf("%U", f.Rune)
			}
			got = append(got, fmt.Sprintf("%v %s %s", f.Reason, r, f.Reading))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Check(%+q) mismatch (-want +got):\n%s", tt.host, diff)
		}
	}
}

// FuzzCheck checks that Find and Check never panic, that hosts lie inside
// the word in order, and that a reading is ASCII.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"https://p\u0430ypal.com/x", "git@g\u0131thub.com:o/r", "xn--80ak6aa92e.com", "a\u3002b\u2024c", "x\xffy.com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, word string) {
		prev := 0
		for _, s := range Find(word) {
			if s.Start < prev || s.End <= s.Start || s.End > len(word) {
				t.Fatalf("Find(%+q): bad span %+v after %d", word, s, prev)
			}
			prev = s.End
			for _, fd := range Check(word[s.Start:s.End]) {
				if !isASCII(fd.Reading) {
					t.Fatalf("Check(%+q): reading %+q", word[s.Start:s.End], fd.Reading)
				}
			}
		}
	})
}

// TestCheckManyLabels checks that a host of many distinct labels at fault
// gets at most MaxFindings findings per reason, and one per label below.
func TestCheckManyLabels(t *testing.T) {
	for _, n := range []int{10, 1000} {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "a\u0430%d.", i)
		}
		b.WriteString("com")
		per := map[Reason]int{}
		for _, f := range Check(b.String()) {
			per[f.Reason]++
			if !strings.HasPrefix(b.String()[f.Start:], f.Label) {
				t.Errorf("%d labels: finding %v: label %q not at %d", n, f.Reason, f.Label, f.Start)
			}
		}
		if want := min(n, MaxFindings); per[MixedScript] != want {
			t.Errorf("%d labels: %d mixed_script findings, want %d", n, per[MixedScript], want)
		}
	}
}
