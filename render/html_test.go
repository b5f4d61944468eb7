package render

import (
	stdcmp "cmp"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"golang.org/x/text/unicode/bidi"
)

// The HTML tests parse every fragment with encoding/xml in strict mode:
// HTML writes well-formed markup (every element closed, every attribute
// quoted, only numeric character references and &lt; &gt; &amp;),
// so a strict XML parser reads it exactly as an HTML parser would, and any
// markup that came from the input would show up as an element or an
// attribute in the tree.

// A node is an element of a parsed fragment.
type node struct {
	name  string
	attrs map[string]string
	kids  []any // *node or string
}

func (n *node) class(c string) bool {
	return slices.Contains(strings.Fields(n.attrs["class"]), c)
}

// text returns the character data under n.
func (n *node) text() string {
	var b strings.Builder
	for _, k := range n.kids {
		switch k := k.(type) {
		case string:
			b.WriteString(k)
		case *node:
			b.WriteString(k.text())
		}
	}
	return b.String()
}

// find returns the elements under n (n included) for which f is true, in
// document order.
func (n *node) find(f func(*node) bool) []*node {
	var out []*node
	if f(n) {
		out = append(out, n)
	}
	for _, k := range n.kids {
		if k, ok := k.(*node); ok {
			out = append(out, k.find(f)...)
		}
	}
	return out
}

func parseFragment(t *testing.T, h string) *node {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(h))
	d.Strict = true
	root := &node{name: "#root"}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("fragment is not well-formed: %v\n%s", err, h)
		}
		top := stack[len(stack)-1]
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attrs: map[string]string{}}
			if tok.Name.Space != "" {
				t.Fatalf("element with a namespace %q: %s", tok.Name.Space, h)
			}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
				if a.Name.Space != "" {
					t.Fatalf("attribute with a namespace %q: %s", a.Name.Space, h)
				}
			}
			top.kids = append(top.kids, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top.kids = append(top.kids, string(tok))
		default:
			t.Fatalf("unexpected %T in fragment: %s", tok, h)
		}
	}
	if len(root.kids) != 1 {
		t.Fatalf("fragment has %d top-level nodes, want 1: %s", len(root.kids), h)
	}
	return root.kids[0].(*node)
}

// allowed lists the elements HTML writes and the attributes each may have.
var allowed = map[string][]string{
	"div":  {"class", "id", "dir"},
	"pre":  {"class", "dir"},
	"bdo":  {"dir"},
	"span": {"class", "dir", "title"},
	"mark": {"class", "data-warning", "aria-describedby", "title"},
	"ol":   {"class"},
	"li":   {"class", "id", "data-warning"},
	"code": nil,
}

// checkHTML checks the structure of HTML(r, opts) and returns its tree:
// only the elements and attributes HTML writes, the text exactly r.Text,
// every escape a span of its own, every location inside a mark of its
// warning and nothing else marked, and in logical order every
// right-to-left character in a ps-rtl span inside the override.
func checkHTML(t *testing.T, r plainsight.Result, opts HTMLOptions) *node {
	t.Helper()
	h := string(HTML(r, opts))
	root := parseFragment(t, h)
	for _, n := range root.find(func(*node) bool { return true }) {
		attrs, ok := allowed[n.name]
		if !ok {
			t.Errorf("element <%s> in HTML(%+q)", n.name, r.Text)
			continue
		}
		for a := range n.attrs {
			if !slices.Contains(attrs, a) {
				t.Errorf("attribute %s on <%s> in HTML(%+q)", a, n.name, r.Text)
			}
		}
		if d, ok := n.attrs["dir"]; ok && d != "ltr" {
			t.Errorf("dir=%q in HTML(%+q)", d, r.Text)
		}
	}
	pres := root.find(func(n *node) bool { return n.name == "pre" })
	if len(pres) != 1 {
		t.Fatalf("HTML(%+q) has %d pre elements, want 1", r.Text, len(pres))
	}
	pre := pres[0]
	got, ok := strings.CutPrefix(pre.text(), "\n")
	if !ok {
		t.Errorf("HTML(%+q): pre does not start with the newline a parser drops", r.Text)
	}
	if want := foldedText(r); got != want {
		t.Errorf("HTML text = %+q, want %+q", got, want)
	}
	if foldedText(r) != scrub(r.Text) {
		return root // padding folded: offsets moved
	}

	// Walk the text, noting for each byte which escape and marks hold it.
	type place struct {
		escape int // 1 + index of the escape span holding the byte, or 0
		marks  []int
		rtl    bool
		bdo    bool
	}
	var places []place
	escapes := 0
	var walk func(n *node, p place)
	walk = func(n *node, p place) {
		switch {
		case n.class(classEscape):
			escapes++
			p.escape = escapes
		case n.class(classMark):
			var i int
			if _, err := fmt.Sscan(n.attrs["data-warning"], &i); err != nil {
				t.Errorf("mark with data-warning %q", n.attrs["data-warning"])
			}
			p.marks = append(slices.Clone(p.marks), i)
			if want := fmt.Sprintf("%s-w%d", stdcmp.Or(opts.ID, "ps"), i); n.attrs["aria-describedby"] != want {
				t.Errorf("mark of warning %d described by %q, want %q", i, n.attrs["aria-describedby"], want)
			}
		case n.class(classRTL):
			p.rtl = true
		case n.name == "bdo":
			p.bdo = true
		}
		for _, k := range n.kids {
			switch k := k.(type) {
			case string:
				for range len(k) {
					places = append(places, p)
				}
			case *node:
				walk(k, p)
			}
		}
	}
	walk(pre, place{})
	places = places[1:] // the dropped newline
	if r.Text != scrub(r.Text) {
		return root // a hand-built Result: offsets moved
	}

	// Escapes: exactly the valid ones, a span for each run, cut where a
	// mark opens or closes.
	var wantEsc, gotEsc []string
	for _, e := range escapePieces(r) {
		wantEsc = append(wantEsc, fmt.Sprintf("%d:%s", e.Start, r.Text[e.Start:e.End]))
	}
	for _, n := range pre.find(func(n *node) bool { return n.class(classEscape) }) {
		gotEsc = append(gotEsc, n.text())
	}
	var escStarts []string
	for i, p := range places {
		if p.escape != 0 && (i == 0 || places[i-1].escape != p.escape) {
			escStarts = append(escStarts, fmt.Sprint(i))
		}
	}
	for i := range gotEsc {
		if i < len(escStarts) {
			gotEsc[i] = escStarts[i] + ":" + gotEsc[i]
		}
	}
	if !slices.Equal(wantEsc, gotEsc) {
		t.Errorf("HTML(%+q) escapes mismatch (-want +got):\n%s", r.Text, cmp.Diff(wantEsc, gotEsc))
	}

	// Marks: each byte is in a mark of warning i exactly when one of
	// warning i's locations covers it.
	for wi, w := range r.Warnings {
		want := make([]bool, len(r.Text))
		for _, loc := range w.Locations {
			if validSpan(r.Text, loc.Text.Start, loc.Text.End) {
				for i := loc.Text.Start; i < loc.Text.End; i++ {
					want[i] = true
				}
			}
		}
		got := make([]bool, len(r.Text))
		for i, p := range places {
			got[i] = slices.Contains(p.marks, wi)
		}
		if !slices.Equal(want, got) {
			t.Errorf("HTML(%+q) marks of warning %d (%s) mismatch (-want +got):\n%s", r.Text, wi, w.Kind, cmp.Diff(want, got))
		}
	}

	// Direction.
	for i := 0; i < len(r.Text); {
		c, size := bidiClass(r.Text[i:])
		p := places[i]
		if !opts.Natural && !p.bdo {
			t.Errorf("HTML(%+q): byte %d outside the override", r.Text, i)
		}
		if rtl := c == bidi.R || c == bidi.AL; rtl && p.escape == 0 && p.rtl == opts.Natural {
			t.Errorf("HTML(%+q, Natural=%v): right-to-left character at %d in ps-rtl span: %v", r.Text, opts.Natural, i, p.rtl)
		}
		i += size
	}
	return root
}

func bidiClass(s string) (bidi.Class, int) {
	p, size := bidi.LookupString(s)
	if size == 0 {
		size = 1
	}
	return p.Class(), size
}

// hostile are inputs that try to become markup.
var hostile = []string{
	"<script>alert(1)</script>",
	"\"><img src=x onerror=alert(1)>",
	"'><svg onload=alert(1)>",
	"<a href=\"javascript:alert(1)\">click</a>",
	"javascript:alert(document.cookie)",
	"&lt;script&gt; &amp; &#60;b&#62; &#x3c;i&#x3e;",
	"]]><![CDATA[<b>x</b>]]>",
	"<!-- comment --> <?php echo 1 ?>",
	"a\x00b<\x00script>",
	"</pre></div><script>alert(1)</script>",
	"<style>*{display:none}</style>",
	"{{.ID}} {{template \"x\"}}",
	"\u05d0<b>\u05d1</b> rm -rf / \u0627\u0644",
	"x\u202e<img>\u202c",
	"\xff<\xfeimg>",
}

func TestHTMLHostile(t *testing.T) {
	for _, in := range append(hostile, corpusInputs(t)...) {
		for _, natural := range []bool{false, true} {
			r := plainsight.Sanitize(in)
			root := checkHTML(t, r, HTMLOptions{Natural: natural})
			if n := len(root.find(func(n *node) bool { return n.name == "li" })); n != len(r.Warnings) {
				t.Errorf("HTML(Sanitize(%+q)) lists %d warnings, want %d", in, n, len(r.Warnings))
			}
		}
	}
}

// TestHTMLHandBuilt checks marks with hand-built locations and that a
// hand-built Result with hostile fields stays inert.
func TestHTMLHandBuilt(t *testing.T) {
	checkHTML(t, handBuilt, HTMLOptions{ID: "cmd1"})
	overlapping := plainsight.Result{
		Text: "abcdef \u05d0\u05d1 gh",
		Warnings: []plainsight.Warning{
			located(plainsight.KindMixedScript, "m", plainsight.Span{Start: 1, End: 4}, plainsight.Span{Start: 2, End: 5}),
			located(plainsight.KindLookalike, "l", plainsight.Span{Start: 3, End: 11}),
			located(plainsight.KindWholeScriptConfusable, "w", plainsight.Span{Start: 7, End: 9}),
		},
	}
	checkHTML(t, overlapping, HTMLOptions{})
	checkHTML(t, overlapping, HTMLOptions{Natural: true})
	hostileResult := plainsight.Result{
		Text: "<b>\x1b[2J</b>\x00",
		Warnings: []plainsight.Warning{{
			Kind:        plainsight.KindBidi,
			Explanation: "<script>alert(1)</script>\x07",
			Tokens:      []string{"\"><img onerror=x>", "javascript:x"},
			Decoded:     "<i>\x9b",
		}},
	}
	root := checkHTML(t, hostileResult, HTMLOptions{ID: "\"><script>x</script>"})
	if got, want := root.attrs["id"], "\"><script>x</script>"; got != want {
		t.Errorf("id = %q, want %q", got, want)
	}
	if got, want := root.text(), "\n<b>\\x1b[2J</b>\\x00warn bidi: <script>alert(1)</script>\\x07 \"><img onerror=x> javascript:x decoded: <i>\\X{9b}"; got != want {
		t.Errorf("text = %+q, want %+q", got, want)
	}
}

func TestHTML(t *testing.T) {
	r := plainsight.Result{
		Text:    "a\\x1b\u05d0",
		Escapes: escapes(plainsight.Escape{Start: 1, End: 5, Rune: 0x1B, Class: plainsight.ClassControl}),
		Warnings: []plainsight.Warning{
			located(plainsight.KindControl, "c", plainsight.Span{Start: 1, End: 5}),
		},
	}
	tests := []struct {
		opts HTMLOptions
		want string
	}{
		{HTMLOptions{}, `<div class="ps-result" id="ps" dir="ltr"><pre class="ps-text" dir="ltr">` + "\n" +
			`<bdo dir="ltr">a<mark class="ps-mark ps-sev-warn ps-kind-control_bytes" data-warning="0" aria-describedby="ps-w0" title="control_bytes: c">` +
			`<span class="ps-esc ps-esc-control" dir="ltr" title="U&#43;001B (control)">\x1b</span></mark>` +
			`<span class="ps-rtl" title="right-to-left text, shown in the order a program reads it">` + "\u05d0" + `</span></bdo></pre>` +
			`<ol class="ps-warnings"><li class="ps-warning ps-sev-warn ps-kind-control_bytes" id="ps-w0" data-warning="0"><bdo dir="ltr">` +
			`<span class="ps-severity">warn</span> <span class="ps-kind">control_bytes</span> <span class="ps-where">1:2</span>: <span class="ps-explanation">c</span></bdo></li></ol></div>`},
		{HTMLOptions{ID: "x", Natural: true}, `<div class="ps-result" id="x" dir="ltr"><pre class="ps-text" dir="ltr">` + "\n" +
			`a<mark class="ps-mark ps-sev-warn ps-kind-control_bytes" data-warning="0" aria-describedby="x-w0" title="control_bytes: c">` +
			`<span class="ps-esc ps-esc-control" dir="ltr" title="U&#43;001B (control)">\x1b</span></mark>` + "\u05d0" + `</pre>` +
			`<ol class="ps-warnings"><li class="ps-warning ps-sev-warn ps-kind-control_bytes" id="x-w0" data-warning="0">` +
			`<span class="ps-severity">warn</span> <span class="ps-kind">control_bytes</span> <span class="ps-where">1:2</span>: <span class="ps-explanation">c</span></li></ol></div>`},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(HTML(r, tt.opts))); diff != "" {
			t.Errorf("HTML(%+v) mismatch (-want +got):\n%s", tt.opts, diff)
		}
	}
}

func TestEscapeTitle(t *testing.T) {
	tests := []struct {
		e    plainsight.Escape
		want string
	}{
		{plainsight.Escape{Rune: 0x202E, Class: plainsight.ClassBidi}, "U+202E RIGHT-TO-LEFT OVERRIDE"},
		{plainsight.Escape{Rune: 0x1B, Class: plainsight.ClassControl}, "U+001B (control)"},
		{plainsight.Escape{Rune: 0xFF, Class: plainsight.ClassInvalidUTF8}, "byte 0xFF (invalid_utf8)"},
		{plainsight.Escape{Rune: 0xE0069, Class: plainsight.ClassTag}, "U+E0069 TAG LATIN SMALL LETTER I"},
		{plainsight.Escape{Rune: 0xE000, Class: plainsight.ClassPrivateUse}, "U+E000 (private_use)"},
	}
	for _, tt := range tests {
		if got := escapeTitle(tt.e); got != tt.want {
			t.Errorf("escapeTitle(%+v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// escapePieces returns the spans of r.Text that HTML writes as escape
// spans: each run of valid escapes (in order, apart, within Text, of equal
// units), cut at every end of a valid location.
func escapePieces(r plainsight.Result) []plainsight.Span {
	cuts := map[int]bool{}
	for _, w := range r.Warnings {
		for _, l := range w.Locations {
			if validSpan(r.Text, l.Text.Start, l.Text.End) && l.Text.Start < l.Text.End {
				cuts[l.Text.Start], cuts[l.Text.End] = true, true
			}
		}
	}
	var pieces []plainsight.Span
	last := 0
	for e := range r.Escapes.All() {
		if e.Start < last || e.Start == e.End || !validSpan(r.Text, e.Start, e.End) || (e.End-e.Start)%(e.Repeat+1) != 0 {
			continue
		}
		last = e.End
		start := e.Start
		for i := e.Start + 1; i < e.End; i++ {
			if cuts[i] {
				pieces = append(pieces, plainsight.Span{Start: start, End: i})
				start = i
			}
		}
		pieces = append(pieces, plainsight.Span{Start: start, End: e.End})
	}
	// Past the titled spans, escapes that follow one another share one.
	for i := titled + 1; i < len(pieces); i++ {
		if pieces[i-1].End == pieces[i].Start && !cuts[pieces[i].Start] {
			pieces[i-1].End = pieces[i].End
			pieces = slices.Delete(pieces, i, i+1)
			i--
		}
	}
	return pieces
}

// foldedText returns the text HTML shows for r: r.Text scrubbed, each run
// of padding a padding warning locates replaced by its marker.
func foldedText(r plainsight.Result) string { return shownText(r, false) }

// shownText is foldedText with, when repeats is set, each run of one
// escape repeated more than maxRepeatShown times also folded into its
// marker, as the terminal shows it.
func shownText(r plainsight.Result, repeats bool) string {
	type shownFold struct {
		span   plainsight.Span
		marker string
		lines  bool
	}
	var folds []shownFold
	for _, w := range r.Warnings {
		if w.Kind != plainsight.KindPadding {
			continue
		}
		for _, l := range w.Locations {
			if validSpan(r.Text, l.Text.Start, l.Text.End) && l.Text.Start < l.Text.End {
				if fd, ok := foldOf(r, l.Text); ok {
					folds = append(folds, shownFold{l.Text, fd.marker, fd.lines})
				}
			}
		}
	}
	if repeats {
		for e := range r.Escapes.All() {
			if n := e.Repeat + 1; n > maxRepeatShown {
				unit := r.Text[e.Start : e.Start+(e.End-e.Start)/n]
				folds = append(folds, shownFold{plainsight.Span{Start: e.Start, End: e.End}, repeatMarker(unit, n), false})
			}
		}
	}
	if len(folds) == 0 {
		return scrub(r.Text)
	}
	slices.SortStableFunc(folds, func(a, b shownFold) int { return a.span.Start - b.span.Start })
	var b strings.Builder
	last := 0
	for _, fd := range folds {
		sp := fd.span
		if sp.Start < last {
			continue
		}
		b.WriteString(scrub(r.Text[last:sp.Start]))
		b.WriteString(fd.marker)
		if fd.lines {
			b.WriteString("\n")
		}
		last = sp.End
	}
	b.WriteString(scrub(r.Text[last:]))
	return b.String()
}
