package ucd

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/unicode/norm"
)

// shellSyntaxChars are the ASCII characters whose lookalikes
// ShellSyntaxForm gives.
const shellSyntaxChars = "#'\"`\\<>|&;$(){}[]~=-/.* "

func isShellSyntaxText(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(shellSyntaxChars, s[i]) < 0 {
			return false
		}
	}
	return true
}

// TestShellSyntaxEveryCodePoint walks every code point and holds the
// generated shell-syntax lookalikes to their derivation
// (docs/lookalikes.md): every form is shell syntax; no ASCII code point,
// combining mark, control, format or unassigned code point is one; every
// code point whose NFKC form or confusable prototype is shell syntax is
// one, with that form; and the Props bit agrees with the table.
func TestShellSyntaxEveryCodePoint(t *testing.T) {
	n := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		p := Lookup(r)
		form := ShellSyntaxForm(r)
		if p.ShellSyntax() != (form != "") {
			t.Errorf("%U: ShellSyntax() = %v, form %q", r, p.ShellSyntax(), form)
		}
		if form == "" {
			if r >= utf8.RuneSelf && utf8.ValidRune(r) && !skipSyntax(p.Category()) {
				if f := norm.NFKC.String(string(r)); isShellSyntaxText(f) {
					t.Errorf("%U: NFKC %q is shell syntax, but it is not in the table", r, f)
				} else if proto, _ := Confusable(r); isShellSyntaxText(proto) {
					t.Errorf("%U: prototype %q is shell syntax, but it is not in the table", r, proto)
				}
			}
			continue
		}
		n++
		switch {
		case r < utf8.RuneSelf:
			t.Errorf("%U: ASCII in the table", r)
		case skipSyntax(p.Category()):
			t.Errorf("%U: category %v in the table", r, p.Category())
		case !isShellSyntaxText(form):
			t.Errorf("%U: form %q is not shell syntax", r, form)
		}
		if f := norm.NFKC.String(string(r)); isShellSyntaxText(f) && f != form {
			t.Errorf("%U: form %q, NFKC says %q", r, form, f)
		}
	}
	if n != 246 {
		t.Errorf("%d shell-syntax lookalikes, want 246 (docs/lookalikes.md)", n)
	}
}

func skipSyntax(c Category) bool {
	return c == Cn || c.IsMark() || c == Cc || c == Cf || c == Cs || c == Co
}

// TestShellSyntaxClasses pins members of each class that only the names
// give, and benign characters that stay out.
func TestShellSyntaxClasses(t *testing.T) {
	got := map[rune]string{}
	for _, r := range []rune{
		0x266F, 0xFE5F, 0xFF03, 0x1D130, // sharp and number signs
		0x2572, 0x29F5, 0x2216, 0x29F9, 0xFF3C, // reverse diagonals
		0x2571, 0x2215, 0x29F8, 0x2044, // slashes
		0x275B, 0x275C, 0x275D, 0x275E, 0x1F676, 0x1F677, 0x2018, 0x201C, 0x301D, // quotation marks
		0x00AB, 0x00BB, 0x226A, 0x226B, 0x22D8, 0x2AA1, // double angles, much less-than
		0xFF04, 0xFF06, 0xFF08, 0xFF5B, 0xFF1D, 0xFF0A, 0x037E, 0x2010, 0x2024, 0x3000, // fullwidth and others
		0x300C, 0xFF62, 0x1D12A, 0x0041, 0x00E9, 0x4E00, // not syntax
	} {
		got[r] = ShellSyntaxForm(r)
	}
	want := map[rune]string{
		0x266F: "#", 0xFE5F: "#", 0xFF03: "#", 0x1D130: "#",
		0x2572: "\\", 0x29F5: "\\", 0x2216: "\\", 0x29F9: "\\", 0xFF3C: "\\",
		0x2571: "/", 0x2215: "/", 0x29F8: "/", 0x2044: "/",
		0x275B: "'", 0x275C: "'", 0x275D: "\"", 0x275E: "\"", 0x1F676: "\"", 0x1F677: "\"", 0x2018: "'", 0x201C: "''", 0x301D: "\"",
		0x00AB: "<<", 0x00BB: ">>", 0x226A: "<<", 0x226B: ">>", 0x22D8: "<<<", 0x2AA1: "<<",
		0xFF04: "$", 0xFF06: "&", 0xFF08: "(", 0xFF5B: "{", 0xFF1D: "=", 0xFF0A: "*", 0x037E: ";", 0x2010: "-", 0x2024: ".", 0x3000: " ",
		0x300C: "", 0xFF62: "", 0x1D12A: "", 0x0041: "", 0x00E9: "", 0x4E00: "",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ShellSyntaxForm mismatch (-want +got):\n%s", diff)
	}
}

// TestIsRGIEmojiZWJSequence checks the lookup at the edges of the table.
func TestIsRGIEmojiZWJSequence(t *testing.T) {
	tests := []struct {
		seq  string
		want bool
	}{
		{"\U0001F468\u200d\U0001F469\u200d\U0001F467", true},
		{"\u2764\ufe0f\u200d\U0001F525", true},
		{"\U0001F468\u200d\U0001F469", false},
		{"\U0001F600\u200d\U0001F600", false},
		{"", false},
		{"\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d", false},
	}
	for _, tt := range tests {
		if got := IsRGIEmojiZWJSequence(tt.seq); got != tt.want {
			t.Errorf("IsRGIEmojiZWJSequence(%+q) = %v, want %v", tt.seq, got, tt.want)
		}
		if got := IsRGIEmojiZWJSequence([]byte(tt.seq)); got != tt.want {
			t.Errorf("IsRGIEmojiZWJSequence([]byte(%+q)) = %v, want %v", tt.seq, got, tt.want)
		}
	}
}

// TestIsRGIEmojiZWJSequenceIndex holds the hash index to the table: every
// sequence of the table is found, as a string and as bytes, and so is no
// string one byte off one of them (cut short, one byte longer, one of its
// bytes changed), unless that too is in the table.
func TestIsRGIEmojiZWJSequenceIndex(t *testing.T) {
	table := make(map[string]bool, len(zwjSequenceEnds))
	for seq := range RGIEmojiZWJSequences() {
		table[seq] = true
	}
	if len(table) != len(zwjSequenceEnds) {
		t.Fatalf("the table holds %d distinct sequences of %d", len(table), len(zwjSequenceEnds))
	}
	for seq := range table {
		near := []string{seq, seq[:len(seq)-1], seq + "\u200d", seq[:len(seq)-1] + string(seq[len(seq)-1]+1),
			string(seq[0]^1) + seq[1:], seq[:len(seq)/2]}
		for i := 8; i < len(seq)-8; i++ {
			near = append(near, seq[:i]+string(seq[i]^1)+seq[i+1:]) // a byte between the first and last words
		}
		for _, s := range near {
			if got := IsRGIEmojiZWJSequence(s); got != table[s] {
				t.Errorf("IsRGIEmojiZWJSequence(%+q) = %v, want %v", s, got, table[s])
			}
			if got := IsRGIEmojiZWJSequence([]byte(s)); got != table[s] {
				t.Errorf("IsRGIEmojiZWJSequence([]byte(%+q)) = %v, want %v", s, got, table[s])
			}
		}
	}
}

// TestEqualWords checks equalWords on strings of each length up to 40
// bytes that differ in one byte, at each place, and on equal ones.
func TestEqualWords(t *testing.T) {
	for n := range 41 {
		a := strings.Repeat("\u200d\U0001F469", 6)[:n]
		if !equalWords(a, a) || !equalWords(a, []byte(a)) {
			t.Errorf("equalWords(%+q, itself) = false", a)
		}
		for i := range n {
			b := []byte(a)
			b[i] ^= 0x10
			if equalWords(a, b) || equalWords(a, string(b)) {
				t.Errorf("equalWords(%+q, %+q) = true", a, b)
			}
		}
	}
}
