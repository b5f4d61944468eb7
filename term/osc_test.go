package term

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestTitle(t *testing.T) {
	tests := []struct{ in, want string }{
		{"build ok", "\x1b]2;build ok\x1b\\"},
		{"", "\x1b]2;\x1b\\"},
		// BEL and ST cannot end the title early.
		{"a\abell", "\x1b]2;abell\x1b\\"},
		{"a\x1b\\st", "\x1b]2;ast\x1b\\"},
		{"a\x9cst8", "\x1b]2;ast8\x1b\\"},
		{"a\u009cst8", "\x1b]2;ast8\x1b\\"},
		// Sequences go whole, payload included.
		{"x\x1b]0;inner\ay", "\x1b]2;xy\x1b\\"},
		{"\x1b[31mred\x1b[0m", "\x1b]2;red\x1b\\"},
		{"line1\nline2\tend\r", "\x1b]2;line1 line2 end\x1b\\"},
		{"a\x7fb\x00c", "\x1b]2;abc\x1b\\"},
		// Bidi controls go; other text stays.
		{"\u202eevil\u202c \u2066x\u2069 \u200e\u200f\u061c", "\x1b]2;evil x \x1b\\"},
		{"\u2733 caf\u00e9", "\x1b]2;\u2733 caf\u00e9\x1b\\"},
		// Invalid UTF-8 becomes U+FFFD.
		{"a\xffb", "\x1b]2;a\ufffdb\x1b\\"},
	}
	for _, tc := range tests {
		got := Title(tc.in)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Title(%+q) mismatch (-want +got):\n%s", tc.in, diff)
		}
		checkOSCArg(t, got[len(oscTitle):len(got)-len(st)])
	}
}

func TestHyperlink(t *testing.T) {
	tests := []struct{ uri, text, want string }{
		{"https://example.com/a?b=c;d", "docs", "\x1b]8;;https://example.com/a?b=c;d\x1b\\docs\x1b]8;;\x1b\\"},
		{"https://example.com/\x1b\\\a\x9c\u009c\r\n", "x", "\x1b]8;;https://example.com/\\%9C\x1b\\x\x1b]8;;\x1b\\"},
		// Bidi controls and invisible characters are percent-encoded:
		// the URI shows in the order and with the length it has.
		{"https://example.com/\u202etxt.exe", "x", "\x1b]8;;https://example.com/%E2%80%AEtxt.exe\x1b\\x\x1b]8;;\x1b\\"},
		{"https://exa\u200bmple.com/\u2066a\u2069", "x", "\x1b]8;;https://exa%E2%80%8Bmple.com/%E2%81%A6a%E2%81%A9\x1b\\x\x1b]8;;\x1b\\"},
		{"https://a.example/\U000E0069\ufe0f\u00ad\ufeff", "x", "\x1b]8;;https://a.example/%F3%A0%81%A9%EF%B8%8F%C2%AD%EF%BB%BF\x1b\\x\x1b]8;;\x1b\\"},
		{"https://a.example/a b\u00a0c\u3000d\u2028", "x", "\x1b]8;;https://a.example/a%20b%C2%A0c%E3%80%80d%E2%80%A8\x1b\\x\x1b]8;;\x1b\\"},
		{"https://a.example/\ue000\ufdd0\U000E0080", "x", "\x1b]8;;https://a.example/%EE%80%80%EF%B7%90%F3%A0%82%80\x1b\\x\x1b]8;;\x1b\\"},
		{"https://\u0430pple.example/caf\u00e9", "x", "\x1b]8;;https://\u0430pple.example/caf\u00e9\x1b\\x\x1b]8;;\x1b\\"},
		{"https://example.com/\xff\xc3", "x", "\x1b]8;;https://example.com/%FF%C3\x1b\\x\x1b]8;;\x1b\\"},
		{"https://example.com/caf\u00e9", "x", "\x1b]8;;https://example.com/caf\u00e9\x1b\\x\x1b]8;;\x1b\\"},
		// Link text keeps no escape sequence, not even SGR.
		{"https://a.example", "\x1b[1mbold\x1b[0m \x1b]8;;https://evil.example\x1b\\fake\r", "\x1b]8;;https://a.example\x1b\\bold fake\x1b]8;;\x1b\\"},
		{"https://a.example", "two\nlines\t!", "\x1b]8;;https://a.example\x1b\\two\nlines\t!\x1b]8;;\x1b\\"},
		// No URI left: no link.
		{"", "text\x1b[2J", "text"},
		{"\x1b\a", "text", "text"},
	}
	for _, tc := range tests {
		got := Hyperlink(tc.uri, tc.text)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Hyperlink(%+q, %+q) mismatch (-want +got):\n%s", tc.uri, tc.text, diff)
		}
	}
}

// checkOSCArg fails if arg could end an OSC string or act as a control.
func checkOSCArg(t *testing.T, arg string) {
	t.Helper()
	if !utf8.ValidString(arg) {
		t.Errorf("OSC argument %+q is not valid UTF-8", arg)
	}
	for _, r := range arg {
		if forbiddenInOSC(r) {
			t.Errorf("OSC argument %+q holds %U", arg, r)
		}
	}
}

func FuzzTitle(f *testing.F) {
	for _, s := range []string{"t\a", "\x1b]0;x\x1b\\", "\u009c\xc2\x9c\u202e", "\xe2\x9c\xb3 busy"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		title := Title(a)
		if !strings.HasPrefix(title, oscTitle) || !strings.HasSuffix(title, st) {
			t.Fatalf("Title(%+q) = %+q: not an OSC 2", a, title)
		}
		checkOSCArg(t, title[len(oscTitle):len(title)-len(st)])
		link := Hyperlink(a, b)
		if strings.HasPrefix(link, oscLink) {
			uri, rest, ok := strings.Cut(link[len(oscLink):], st)
			if !ok || !strings.HasSuffix(rest, oscLink+st) {
				t.Fatalf("Hyperlink(%+q, %+q) = %+q: malformed", a, b, link)
			}
			checkOSCArg(t, uri)
			for _, r := range uri {
				if hiddenInURI(r) {
					t.Fatalf("Hyperlink(%+q, %+q): URI %+q holds %U", a, b, uri, r)
				}
			}
			text := rest[:len(rest)-len(oscLink+st)]
			if strings.ContainsRune(text, 0x1b) {
				t.Fatalf("Hyperlink text %+q holds ESC", text)
			}
			checkSafe(t, text)
		} else {
			if strings.ContainsRune(link, 0x1b) {
				t.Fatalf("Hyperlink(%+q, %+q) = %+q: ESC without a link", a, b, link)
			}
			checkSafe(t, link)
		}
	})
}
