package render

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/runenames"
)

// HTMLOptions says how [HTML] presents a Result. The zero value is the
// safe default: logical display order, id prefix "ps".
type HTMLOptions struct {
	// ID prefixes the id of the fragment and of each warning in its list
	// ("ps-w0", "ps-w1", ...). Give each fragment on a page its own.
	ID string
	// Natural lets the browser display right-to-left text as it does for
	// prose. By default every character is displayed left to right in
	// the order a program reads it, so that a command holding Hebrew or
	// Arabic letters cannot be shown reordered.
	Natural bool
}

// Class names the fragment uses; [Stylesheet] styles each of them.
const (
	classResult   = "ps-result"
	classText     = "ps-text"
	classEscape   = "ps-esc"
	classMark     = "ps-mark"
	classRTL      = "ps-rtl"
	classWarnings = "ps-warnings"
	classWarning  = "ps-warning"
)

// HTML returns r as an HTML fragment, for an html/template or any page.
//
// The fragment is a div of class ps-result holding:
//
//   - a pre of class ps-text with r.Text, HTML-escaped, whitespace kept;
//   - each escape as a span of classes "ps-esc ps-esc-<class>", such as
//     ps-esc-bidi, titled with the code point it stands for ("U+202E
//     RIGHT-TO-LEFT OVERRIDE");
//   - each located occurrence of a warning inside a mark of classes
//     "ps-mark ps-sev-<severity> ps-kind-<kind>", with data-warning set to
//     the warning's index and aria-describedby to its list item's id;
//   - the warnings as an ol of class ps-warnings, one li of classes
//     "ps-warning ps-sev-<severity> ps-kind-<kind>" each, with the same
//     data-warning index.
//
// The direction is pinned left to right (dir="ltr", which browsers isolate
// from the surrounding page). Unless [HTMLOptions.Natural] is set, the text
// is in a bdo element, a left-to-right override: every character, Hebrew
// and Arabic letters and digits included, is displayed left to right in
// logical order (the warning list too, as its tokens are from the text), and each right-to-left run is in a span of class ps-rtl so
// that it can be shown as such. An override of the whole text is used,
// rather than of each run, because the bidi algorithm also moves neutral
// characters and Arabic digits between runs.
//
// The fragment has no style attribute and no script: it works under a
// Content-Security-Policy that allows only a stylesheet, such as
// [Stylesheet] served from the page's origin. It is built by html/template,
// so nothing in r can become an element, an attribute, a URL or a script;
// control characters and invalid UTF-8 that a hand-built Result holds are
// written as escapes.
func HTML(r plainsight.Result, opts HTMLOptions) template.HTML {
	id := opts.ID
	if id == "" {
		id = "ps"
	}
	d := htmlData{ID: id, Natural: opts.Natural}
	var input string
	for i, w := range r.Warnings {
		hw := htmlWarning{
			Index:       i,
			ID:          id + "-w" + strconv.Itoa(i),
			Class:       warningClasses(classWarning, w),
			Severity:    w.Severity.String(),
			Kind:        w.Kind.String(),
			Explanation: scrub(w.Explanation),
			Decoded:     scrub(w.Decoded),
			Tokens:      make([]string, len(w.Tokens)),
		}
		for j, t := range w.Tokens {
			hw.Tokens[j] = scrub(t)
		}
		if len(w.Locations) > 0 {
			if input == "" {
				input = r.Original()
			}
			line, col := plainsight.LineColumn(input, w.Locations[0].Input.Start)
			hw.Where = fmt.Sprintf("%d:%d", line, col)
		}
		d.Warnings = append(d.Warnings, hw)
	}
	segments(r, func(s segment) {
		p := htmlPiece{}
		for _, wi := range s.marks {
			hw := &d.Warnings[wi]
			p.Marks = append(p.Marks, htmlMark{
				Class: warningClasses(classMark, r.Warnings[wi]),
				Index: wi,
				ID:    hw.ID,
				Title: hw.Kind + ": " + hw.Explanation,
			})
		}
		if s.escape != nil {
			p.Escape = &htmlEscape{
				Class: classEscape + " " + classEscape + "-" + s.escape.Class.String(),
				Title: escapeTitle(*s.escape),
				Text:  scrub(s.text),
			}
			d.Pieces = append(d.Pieces, p)
			return
		}
		text := scrub(s.text)
		if opts.Natural {
			p.Text = text
			d.Pieces = append(d.Pieces, p)
			return
		}
		for text != "" {
			n, rtl := directionRun(text)
			p.Text, p.RTL = text[:n], rtl
			d.Pieces = append(d.Pieces, p)
			text = text[n:]
		}
	})
	var b strings.Builder
	if err := htmlTemplate.Execute(&b, d); err != nil {
		// The template and its data types are fixed: only a bug gets here.
		panic("render: " + err.Error())
	}
	return template.HTML(b.String())
}

// warningClasses returns the classes of a mark or list item for w.
func warningClasses(base string, w plainsight.Warning) string {
	return base + " ps-sev-" + w.Severity.String() + " ps-kind-" + w.Kind.String()
}

// escapeTitle names what an escape stands for: "U+202E RIGHT-TO-LEFT
// OVERRIDE", "U+001B (control)", "byte 0xFF (invalid_utf8)".
func escapeTitle(e plainsight.Escape) string {
	if e.Class == plainsight.ClassInvalidUTF8 {
		return fmt.Sprintf("byte 0x%02X (%s)", byte(e.Rune), e.Class)
	}
	name := runenames.Name(e.Rune)
	if name == "" || strings.HasPrefix(name, "<") {
		return fmt.Sprintf("U+%04X (%s)", e.Rune, e.Class)
	}
	return fmt.Sprintf("U+%04X %s", e.Rune, name)
}

// directionRun returns the length of the run at the start of text that is
// all right-to-left (strong R or AL, with the marks that follow them) or
// all not, and which of the two it is.
func directionRun(text string) (n int, rtl bool) {
	for n < len(text) {
		r, size := utf8.DecodeRuneInString(text[n:])
		p, _ := bidi.LookupRune(r)
		c := p.Class()
		strongRTL := c == bidi.R || c == bidi.AL
		switch {
		case n == 0:
			rtl = strongRTL
		case strongRTL != rtl && !(rtl && c == bidi.NSM):
			return n, rtl
		}
		n += size
	}
	return n, rtl
}

// htmlData is what the template shows.
type htmlData struct {
	ID       string
	Natural  bool
	Pieces   []htmlPiece
	Warnings []htmlWarning
}

// An htmlPiece is one segment of the text, split further at changes of
// direction.
type htmlPiece struct {
	Marks  []htmlMark
	Escape *htmlEscape
	RTL    bool
	Text   string
}

type htmlMark struct {
	Class string
	Index int
	ID    string
	Title string
}

type htmlEscape struct {
	Class string
	Title string
	Text  string
}

type htmlWarning struct {
	Index       int
	ID          string
	Class       string
	Severity    string
	Kind        string
	Explanation string
	Decoded     string
	Tokens      []string
	Where       string
}

// htmlTemplate is the fragment. The newline after <pre> is the one an HTML
// parser drops, so that a newline the text starts with is kept.
var htmlTemplate = template.Must(template.New("result").Parse(
	`<div class="` + classResult + `" id="{{.ID}}" dir="ltr">` +
		`<pre class="` + classText + `" dir="ltr">` + "\n" +
		`{{if not .Natural}}<bdo dir="ltr">{{end}}` +
		`{{range .Pieces}}` +
		`{{range .Marks}}<mark class="{{.Class}}" data-warning="{{.Index}}" aria-describedby="{{.ID}}" title="{{.Title}}">{{end}}` +
		`{{if .Escape}}{{with .Escape}}<span class="{{.Class}}" dir="ltr" title="{{.Title}}">{{.Text}}</span>{{end}}` +
		`{{else if .RTL}}<span class="` + classRTL + `" title="right-to-left text, shown in the order a program reads it">{{.Text}}</span>` +
		`{{else}}{{.Text}}{{end}}` +
		`{{range .Marks}}</mark>{{end}}` +
		`{{end}}` +
		`{{if not .Natural}}</bdo>{{end}}</pre>` +
		`{{if .Warnings}}<ol class="` + classWarnings + `">` +
		`{{range .Warnings}}<li class="{{.Class}}" id="{{.ID}}" data-warning="{{.Index}}">{{if not $.Natural}}<bdo dir="ltr">{{end}}` +
		`<span class="ps-severity">{{.Severity}}</span> <span class="ps-kind">{{.Kind}}</span>` +
		`{{if .Where}} <span class="ps-where">{{.Where}}</span>{{end}}: ` +
		`<span class="ps-explanation">{{.Explanation}}</span>` +
		`{{if .Tokens}} <span class="ps-tokens">{{range $i, $t := .Tokens}}{{if $i}} {{end}}<code>{{$t}}</code>{{end}}</span>{{end}}` +
		`{{if .Decoded}} <span class="ps-decoded">decoded: <code>{{.Decoded}}</code></span>{{end}}` +
		`{{if not $.Natural}}</bdo>{{end}}</li>{{end}}</ol>{{end}}` +
		`</div>`))
