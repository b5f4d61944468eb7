package scan

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

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
	Kind        rule                `json:"kind"`
	Severity    plainsight.Severity `json:"severity"`
	Explanation string              `json:"explanation"`
	Token       string              `json:"token,omitempty"`
	Decoded     string              `json:"decoded,omitempty"`
	// Fingerprint is set for JSON Lines output only: the fingerprint
	// baselines and SARIF's partialFingerprints hold.
	Fingerprint string `json:"fingerprint,omitempty"`
	// uri is the file's path as a relative URI reference, for SARIF.
	uri string
	// located findings span the bytes [start, end) of the file.
	located    bool
	start, end int
	// col16 and endCol16 are Column and EndColumn in UTF-16 code units,
	// as SARIF counts them.
	col16, endCol16 int
	// prose says the prose reading found it.
	prose bool
	// src is the source line that holds the finding, srcAt where in it
	// the finding starts.
	src   string
	srcAt int
}

// A position is a line and column of a file, the column counted in
// characters and in UTF-16 code units: where a chunk starts.
type position struct {
	line, col, col16 int
}

// after returns the position after text, which starts at p.
func (p position) after(text string) position {
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		p.line += strings.Count(text, "\n")
		p.col, p.col16 = 1, 1
		text = text[i+1:]
	}
	p.col += utf8.RuneCountInString(text)
	p.col16 += utf16Len(text)
	return p
}

// utf16Len returns the length of s in UTF-16 code units, an invalid byte
// counting as one (it is shown as one replacement character).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// findings lists each located occurrence of each warning of res, the
// Result of text, in position order.
func findings(path, uri, text string, res plainsight.Result, at position) []finding {
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
		base := finding{Path: path, uri: uri, Kind: kindRule(w.Kind), Severity: w.Severity, Explanation: strings.Clone(w.Explanation), Decoded: strings.Clone(w.Decoded)}
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
	place(text, out, at)
	sortFindings(out)
	return out
}

// sortFindings sorts fs by position, the unplaced ones first.
func sortFindings(fs []finding) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
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
// byte offsets, in one pass over text whatever the number of findings;
// text starts at position at of its file.
func place(text string, fs []finding, at position) {
	type mark struct {
		off              int
		line, col, col16 *int
	}
	var marks []mark
	for i := range fs {
		f := &fs[i]
		if f.located {
			marks = append(marks, mark{f.start, &f.Line, &f.Column, &f.col16}, mark{f.end, &f.EndLine, &f.EndColumn, &f.endCol16})
		}
	}
	slices.SortFunc(marks, func(a, b mark) int { return a.off - b.off })
	prev := 0
	for _, m := range marks {
		off := min(max(m.off, prev), len(text))
		at = at.after(text[prev:off])
		prev = off
		*m.line, *m.col, *m.col16 = at.line, at.col, at.col16
	}
}
