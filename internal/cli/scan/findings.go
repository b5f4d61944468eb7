package scan

import (
	"slices"
	"strings"

	"github.com/plainsight-dev/plainsight"
)

// A finding is one located occurrence of a warning in a scanned file.
// Line 0 means the warning carries no location: it is about the file.
type finding struct {
	Path        string              `json:"path"`
	Line        int                 `json:"line,omitempty"`
	Column      int                 `json:"column,omitempty"`
	EndLine     int                 `json:"end_line,omitempty"`
	EndColumn   int                 `json:"end_column,omitempty"`
	Kind        plainsight.Kind     `json:"kind"`
	Severity    plainsight.Severity `json:"severity"`
	Explanation string              `json:"explanation"`
	Token       string              `json:"token,omitempty"`
	Decoded     string              `json:"decoded,omitempty"`
	// uri is the file's path as a relative URI reference, for SARIF.
	uri string
	// located findings span the bytes [start, end) of the file.
	located    bool
	start, end int
}

// scanPolicy is how scan reads files: a tab is ordinary in source code.
var scanPolicy = plainsight.Policy{KeepTab: true}

// findings lists each located occurrence of each warning of res, the
// Result of text, in position order.
func findings(path, uri, text string, res plainsight.Result) []finding {
	var out []finding
	for _, w := range res.Warnings {
		locs := w.Locations
		if w.Kind == plainsight.KindCarriageReturn {
			var lone bool
			locs, lone = loneCarriageReturns(text, locs)
			if !lone {
				continue
			}
		}
		// Clone what may share memory with text, which scan reuses.
		base := finding{Path: path, uri: uri, Kind: w.Kind, Severity: w.Severity, Explanation: strings.Clone(w.Explanation), Decoded: strings.Clone(w.Decoded)}
		if len(locs) == 0 {
			out = append(out, base)
			continue
		}
		for _, l := range runs(locs) {
			f := base
			f.located, f.start, f.end = true, l.Input.Start, l.Input.End
			f.Token = strings.Clone(clipToken(res.Text[l.Text.Start:l.Text.End]))
			if len(w.Tokens) > 1 {
				f.Explanation = explainAlone(w, text[l.Input.Start:l.Input.End])
			}
			out = append(out, f)
		}
	}
	place(text, out)
	slices.SortStableFunc(out, func(a, b finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
	return out
}

// runs joins locations that touch, such as the characters of one run of
// tag characters, into one: a run is one finding.
func runs(locs []plainsight.Location) []plainsight.Location {
	var out []plainsight.Location
	for _, l := range locs {
		if n := len(out); n > 0 && out[n-1].Input.End == l.Input.Start && out[n-1].Text.End == l.Text.Start {
			out[n-1].Input.End, out[n-1].Text.End = l.Input.End, l.Text.End
			continue
		}
		out = append(out, l)
	}
	return out
}

// explainAlone explains one occurrence of w, whose explanation is about its
// first token: it sanitizes the occurrence alone and takes that
// explanation if it is of the same kind. Kinds that depend on the
// surrounding text keep w's.
func explainAlone(w plainsight.Warning, occurrence string) string {
	for _, v := range scanPolicy.Sanitize(occurrence).Warnings {
		if v.Kind == w.Kind {
			return strings.Clone(v.Explanation)
		}
	}
	return strings.Clone(w.Explanation)
}

// loneCarriageReturns drops the CRLF line endings from the carriage-return
// locations: a CR right before LF cannot overwrite anything on screen. It
// reports whether text holds a CR that is not part of a CRLF.
func loneCarriageReturns(text string, locs []plainsight.Location) ([]plainsight.Location, bool) {
	if strings.Count(text, "\r") == strings.Count(text, "\r\n") {
		return nil, false
	}
	kept := locs[:0:0]
	for _, l := range locs {
		if !strings.HasPrefix(text[l.Input.Start:], "\r\n") {
			kept = append(kept, l)
		}
	}
	return kept, true
}

// place fills the lines and columns of the located findings from their
// byte offsets, in one pass over text whatever the number of findings.
func place(text string, fs []finding) {
	type mark struct {
		off       int
		line, col *int
	}
	var marks []mark
	for i := range fs {
		f := &fs[i]
		if f.located {
			marks = append(marks, mark{f.start, &f.Line, &f.Column}, mark{f.end, &f.EndLine, &f.EndColumn})
		}
	}
	slices.SortFunc(marks, func(a, b mark) int { return a.off - b.off })
	line, col, prev := 1, 1, 0
	for _, m := range marks {
		off := min(max(m.off, prev), len(text))
		l, c := plainsight.LineColumn(text[prev:off], off-prev)
		if l == 1 {
			col += c - 1
		} else {
			line, col = line+l-1, c
		}
		prev = off
		*m.line, *m.col = line, col
	}
}
