package render

import (
	"fmt"
	"html/template"
	"slices"
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
	classFold     = "ps-fold"
)

// titled is how many escape spans, and how many right-to-left spans, of a
// fragment get a title (and an escape its own direction); the rest, in
// text made of them, get their classes only, and escapes right after one
// another share a span, so that the markup per input byte stays bounded.
const titled = 1024

// HTML returns r as an HTML fragment, for an html/template or any page.
//
// The fragment is a div of class ps-result holding:
//
//   - a pre of class ps-text with r.Text, HTML-escaped, whitespace kept
//     but for the padding folded as said below;
//   - each escape as a span of classes "ps-esc ps-esc-<class>", such as
//     ps-esc-bidi, titled with the code point it stands for ("U+202E
//     RIGHT-TO-LEFT OVERRIDE"); a run of one escape repeated is one span,
//     titled with the count ("U+001B (control) ×4096"), cut only where a
//     mark opens or closes. Past the first 1024 escape spans, an escape
//     span is of class ps-esc only, with no title, and escapes that
//     follow one another share one; past the first 1024 right-to-left
//     spans, those have no title either: text made of escapes gets markup
//     of a bounded size per input byte;
//   - each run of padding that a padding warning locates (blank lines,
//     spaces and tabs) folded into a span of class ps-fold that shows its
//     marker ("⟨120 blank lines⟩", "⟨8,000 spaces⟩"): the text is not
//     written, and a marker of blank lines ends its line;
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
// [Stylesheet] served from the page's origin. The markup is fixed; every
// string from r is escaped as html/template escapes text and quoted
// attribute values (& < > " ' + as character references), and no string
// from r is ever written as a URL, an attribute name or an element, so
// nothing in r can become markup or script. Control characters and invalid
// UTF-8 that a hand-built Result holds are written as escapes.
func HTML(r plainsight.Result, opts HTMLOptions) template.HTML {
	id := opts.ID
	if id == "" {
		id = "ps"
	}
	h := htmlWriter{natural: opts.Natural}
	// The text, what escaping it may add, and some markup per escape
	// run: close to the output for most text, so that the builder grows
	// once at most.
	h.b.Grow(len(r.Text) + len(r.Text)/8 + 16*r.Escapes.Len() + 256*len(r.Warnings) + 256)
	ws := make([]htmlWarning, len(r.Warnings))
	for i, w := range r.Warnings {
		ws[i] = htmlWarning{
			id:    id + "-w" + strconv.Itoa(i),
			class: warningClasses(w),
			title: w.Kind.String() + ": " + scrub(w.Explanation),
		}
	}

	h.raw(`<div class="` + classResult + `" id="`)
	h.escape(id)
	h.raw(`" dir="ltr"><pre class="` + classText + `" dir="ltr">` + "\n")
	if !opts.Natural {
		h.raw(`<bdo dir="ltr">`)
	}
	// The marks open stay open over the segments that have the same
	// ones: markup grows with the places where a mark opens or closes,
	// never with the escapes inside a long mark.
	var open []int
	segments(r, false, func(s segment) {
		if !slices.Equal(open, s.marks) {
			h.endEscape()
			for range open {
				h.raw(`</mark>`)
			}
			open = append(open[:0], s.marks...)
			for _, wi := range open {
				h.raw(`<mark class="` + classMark + ` `)
				h.escape(ws[wi].class)
				h.raw(`" data-warning="` + strconv.Itoa(wi) + `" aria-describedby="`)
				h.escape(ws[wi].id)
				h.raw(`" title="`)
				h.escape(ws[wi].title)
				h.raw(`">`)
			}
		}
		switch {
		case s.fold:
			h.endEscape()
			h.raw(`<span class="` + classFold + `" title="`)
			h.escape(s.text[len("\u27e8") : len(s.text)-len("\u27e9")])
			h.raw(` of padding, not shown">`)
			h.escape(s.text)
			h.raw(`</span>`)
			if s.lines {
				h.raw("\n")
			}
		case s.escaped:
			h.escapeSpan(s)
		case opts.Natural:
			h.endEscape()
			h.escape(scrub(s.text))
		default:
			h.endEscape()
			h.directional(scrub(s.text))
		}
	})
	h.endEscape()
	for range open {
		h.raw(`</mark>`)
	}
	if !opts.Natural {
		h.raw(`</bdo>`)
	}
	h.raw(`</pre>`)
	if len(r.Warnings) > 0 {
		h.warnings(r, ws)
	}
	h.raw(`</div>`)
	return template.HTML(h.b.String())
}

// htmlWarning is what the marks and the list share about one warning.
type htmlWarning struct {
	id, class, title string
}

// htmlWriter writes a fragment. Everything that does not come from this
// file goes through escape.
type htmlWriter struct {
	b         strings.Builder
	natural   bool
	titledEsc int  // escape spans written with a title
	titledRTL int  // right-to-left spans written with a title
	inEsc     bool // an escape span without a title is open
}

// escapeSpan writes the escape segment s: one span for the escapes of a
// run it shows, titled with the code point and how many times it stands.
// Past the titled spans, it goes on in the span of the escapes just
// before it, if there is one.
func (h *htmlWriter) escapeSpan(s segment) {
	if h.inEsc {
		h.escape(scrub(s.text))
		return
	}
	if h.titledEsc >= titled {
		h.raw(`<span class="` + classEscape + `">`)
		h.escape(scrub(s.text))
		h.inEsc = true
		return
	}
	h.raw(`<span class="` + classEscape + ` ` + classEscape + `-`)
	h.raw(s.esc.Class.String())
	h.titledEsc++
	h.raw(`" dir="ltr" title="`)
	h.escape(escapeTitle(s.esc))
	if s.units > 1 {
		h.raw(" \u00d7")
		h.b.WriteString(strconv.Itoa(s.units))
	}
	h.raw(`">`)
	h.escape(scrub(s.text))
	h.raw(`</span>`)
}

// endEscape closes the escape span without a title that is open, if one
// is.
func (h *htmlWriter) endEscape() {
	if h.inEsc {
		h.raw(`</span>`)
		h.inEsc = false
	}
}

// htmlEscaper escapes text for an HTML text node or a quoted attribute
// value, as html/template does: nothing in the result can end either.
var htmlEscaper = strings.NewReplacer(
	"\x00", "\ufffd",
	`"`, "&#34;",
	"&", "&amp;",
	"'", "&#39;",
	"+", "&#43;",
	"<", "&lt;",
	">", "&gt;",
)

// raw writes markup of this file's own.
func (h *htmlWriter) raw(s string) { h.b.WriteString(s) }

// escape writes s as text.
func (h *htmlWriter) escape(s string) { htmlEscaper.WriteString(&h.b, s) }

// directional writes text with each right-to-left run in a ps-rtl span.
func (h *htmlWriter) directional(text string) {
	for text != "" {
		n, rtl := directionRun(text)
		if rtl {
			h.raw(`<span class="` + classRTL)
			if h.titledRTL < titled {
				h.titledRTL++
				h.raw(`" title="right-to-left text, shown in the order a program reads it`)
			}
			h.raw(`">`)
			h.escape(text[:n])
			h.raw(`</span>`)
		} else {
			h.escape(text[:n])
		}
		text = text[n:]
	}
}

// warnings writes the list of warnings.
func (h *htmlWriter) warnings(r plainsight.Result, ws []htmlWarning) {
	where := firstPositions(r)
	h.raw(`<ol class="` + classWarnings + `">`)
	for i, w := range r.Warnings {
		h.raw(`<li class="` + classWarning + ` `)
		h.escape(ws[i].class)
		h.raw(`" id="`)
		h.escape(ws[i].id)
		h.raw(`" data-warning="` + strconv.Itoa(i) + `">`)
		if !h.natural {
			h.raw(`<bdo dir="ltr">`)
		}
		h.raw(`<span class="ps-severity">` + w.Severity.String() + `</span> <span class="ps-kind">` + w.Kind.String() + `</span>`)
		if len(w.Locations) > 0 {
			line, col := where[i][0], where[i][1]
			h.raw(` <span class="ps-where">` + strconv.Itoa(line) + ":" + strconv.Itoa(col) + `</span>`)
		}
		h.raw(`: <span class="ps-explanation">`)
		h.escape(scrub(w.Explanation))
		h.raw(`</span>`)
		if len(w.Tokens) > 0 {
			h.raw(` <span class="ps-tokens">`)
			for j, t := range w.Tokens {
				if j > 0 {
					h.raw(" ")
				}
				h.raw(`<code>`)
				h.escape(scrub(t))
				h.raw(`</code>`)
			}
			h.raw(`</span>`)
		}
		if w.Decoded != "" {
			h.raw(` <span class="ps-decoded">decoded: <code>`)
			h.escape(scrub(w.Decoded))
			h.raw(`</code></span>`)
		}
		if !h.natural {
			h.raw(`</bdo>`)
		}
		h.raw(`</li>`)
	}
	h.raw(`</ol>`)
}

// warningClasses returns the classes a mark and a list item of w share.
func warningClasses(w plainsight.Warning) string {
	return "ps-sev-" + w.Severity.String() + " ps-kind-" + w.Kind.String()
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
