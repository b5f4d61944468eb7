package scan

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"github.com/plainsight-dev/plainsight"
)

// textWriter prints findings as compilers and go vet do, so that editors
// and CI logs link to them: path:line:col: severity kind: explanation.
// With source, each located finding is followed by its source line,
// neutralized, and a caret line under the finding, as rustc and
// shellcheck show them.
type textWriter struct {
	w      io.Writer
	source bool
}

func (t *textWriter) begin() error { return nil }

func (t *textWriter) file(r fileResult) error {
	for _, f := range r.findings {
		pos := f.Path
		if f.located {
			pos = fmt.Sprintf("%s:%d:%d", f.Path, f.Line, f.Column)
		}
		decoded := ""
		if f.Decoded != "" {
			decoded = " [decoded: " + f.Decoded + "]"
		}
		if _, err := fmt.Fprintf(t.w, "%s: %s %s: %s%s\n", pos, f.Severity, f.Kind, f.Explanation, decoded); err != nil {
			return err
		}
		if t.source && f.located {
			if _, err := io.WriteString(t.w, sourceSnippet(f)); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxSnippetWidth is the most columns of source shown before a finding;
// more is cut at the start, marked "…".
const maxSnippetWidth = 60

// sourceSnippet shows f's source line, neutralized (every escape of a
// finding is written as in check's output, a tab as one space), with a
// caret line under the finding's token:
//
//	5 | if access != "user\u{202e} \u{2066}// Check if admin\u{2069}
//	  |                    ^^^^^^^^
func sourceSnippet(f finding) string {
	show := func(s string) string {
		return strings.ReplaceAll(scanPolicy.Sanitize(s).Text, "\t", " ")
	}
	end := min(f.srcAt+max(f.end-f.start, 1), len(f.src))
	if f.EndLine != f.Line {
		end = len(f.src)
	}
	for end < len(f.src) && !utf8.RuneStart(f.src[end]) {
		end++
	}
	before, token, after := show(f.src[:f.srcAt]), show(f.src[f.srcAt:end]), show(f.src[end:])
	if w := uniseg.StringWidth(before); w > maxSnippetWidth {
		g := uniseg.NewGraphemes(before)
		cut := 0
		for w > maxSnippetWidth-1 && g.Next() {
			w -= g.Width()
			_, cut = g.Positions()
		}
		before = "…" + before[cut:]
	}
	if uniseg.StringWidth(after) > maxSnippetWidth {
		g := uniseg.NewGraphemes(after)
		w := 0
		for g.Next() && w < maxSnippetWidth-1 {
			w += g.Width()
		}
		from, _ := g.Positions()
		after = after[:from] + "…"
	}
	num := strconv.Itoa(f.Line)
	pad := strings.Repeat(" ", len(num))
	return fmt.Sprintf(" %s | %s%s%s\n %s | %s%s\n", num, before, token, after,
		pad, strings.Repeat(" ", uniseg.StringWidth(before)), strings.Repeat("^", max(uniseg.StringWidth(token), 1)))
}

func (t *textWriter) end(*scanStats) error { return nil }

// jsonLinesWriter prints one JSON object per finding (docs/audit.md).
type jsonLinesWriter struct{ w io.Writer }

func (j *jsonLinesWriter) begin() error { return nil }

func (j *jsonLinesWriter) file(r fileResult) error {
	for _, f := range r.findings {
		f.Fingerprint = f.fingerprint()
		b, err := json.Marshal(f)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(j.w, "%s\n", b); err != nil {
			return err
		}
	}
	return nil
}

func (j *jsonLinesWriter) end(*scanStats) error { return nil }

// summaryLine is the line scan prints on standard error at the end.
func summaryLine(st *scanStats, elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "plainsight scan: %d files, %d bytes, %d %s", st.files, st.bytes, st.findings, plural(st.findings, "finding"))
	if len(st.byKind) > 0 {
		kinds := make([]rule, 0, len(st.byKind))
		for k := range st.byKind {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		b.WriteString(" (")
		for i, k := range kinds {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %d", k, st.byKind[k])
		}
		b.WriteString(")")
	}
	if st.suppressed > 0 {
		fmt.Fprintf(&b, "; %d silenced by plainsight:ignore", st.suppressed)
	}
	if st.baselined > 0 {
		fmt.Fprintf(&b, "; %d in the baseline", st.baselined)
	}
	fmt.Fprintf(&b, "; skipped %d binary, %d ignored, %d excluded, %d special, %d gone; %d unreadable; %.2fs",
		st.binary, st.walk.ignored, st.excluded, st.walk.special+st.special, st.gone, st.unreadable, elapsed.Seconds())
	return b.String()
}

// pathURI writes a file path as a URI reference, as SARIF wants artifact
// locations: a relative path stays relative (to %SRCROOT%), an absolute one
// becomes a file URI, and bytes a URI cannot hold are percent-encoded.
func pathURI(path string) string {
	u := url.URL{Path: filepath.ToSlash(path)}
	if filepath.IsAbs(path) {
		u.Scheme = "file"
	}
	// String writes "./a:b" for "a:b", which would otherwise read as a
	// URI with scheme "a".
	return u.String()
}

// clipToken shortens a neutralized token for a finding to about
// plainsight.MaxTokenLen bytes, never inside a character or, as far as it
// can tell, an escape: the longest, \u{10ffff}, is 10 bytes.
func clipToken(s string) string {
	if len(s) <= plainsight.MaxTokenLen {
		return s
	}
	cut := plainsight.MaxTokenLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], '\\'); i >= 0 && cut-i < 10 {
		cut = i
	}
	return s[:cut] + "…"
}

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
