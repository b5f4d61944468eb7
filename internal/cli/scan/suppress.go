package scan

import (
	"strings"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// markerWord starts an inline suppression:
//
//	plainsight:ignore KIND[,KIND] -- REASON
//
// in a comment on the line of the findings it silences or on the line
// above. The marker is matched in the text of any line, whatever the
// comment syntax around it.
const markerWord = "plainsight:ignore"

// A marker is one inline suppression of a file.
type marker struct {
	line  int
	kinds []rule
	// bad says why the marker silences nothing ("" for a good one).
	bad  string
	used bool
	at   finding // where it is, for a finding about it
}

// findMarkers returns the markers of text, a chunk of a file that starts
// at position at.
func findMarkers(path, uri, text string, at position) []marker {
	var ms []marker
	prev := 0
	for off := 0; ; {
		i := indexMarker(text, off)
		if i < 0 {
			return ms
		}
		off = i + len(markerWord)
		at = at.after(text[prev:i])
		prev = i
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		m, ok := parseMarker(text[off : off+end])
		if !ok {
			continue
		}
		m.line = at.line
		src, srcAt := sourceLine(text, i)
		m.at = finding{Path: path, uri: uri, located: true, start: i, end: off,
			Line: at.line, Column: at.col, col16: at.col16, EndLine: at.line,
			EndColumn: at.col + len(markerWord), endCol16: at.col16 + len(markerWord),
			src: src, srcAt: srcAt}
		ms = append(ms, m)
	}
}

// indexMarker returns where the first marker word of text at or after
// from starts, or -1. It looks for the word's colon, which code and prose
// hold a few times less often than the word's first letter, and reads
// the word around it: every file is searched.
func indexMarker(text string, from int) int {
	const colon = len("plainsight")
	for i := from + colon; i < len(text); i++ {
		k := strings.IndexByte(text[i:], ':')
		if k < 0 {
			return -1
		}
		i += k
		if strings.HasPrefix(text[i-colon:], markerWord) {
			return i - colon
		}
	}
	return -1
}

// parseMarker reads what follows the marker word on its line. It is not
// a marker (ok is false) unless a space follows the word and the kinds are
// written as kinds are, in lower case: text that mentions the syntax,
// such as "plainsight:ignore KIND -- REASON" in documentation, or the
// word in quotes, is not one.
func parseMarker(rest string) (m marker, ok bool) {
	if rest == "" || rest[0] != ' ' && rest[0] != '\t' {
		return m, false
	}
	kinds, reason, found := strings.Cut(rest, " -- ")
	if !found {
		kinds = rest
	}
	kinds = strings.TrimSpace(kinds)
	if strings.Trim(kinds, "abcdefghijklmnopqrstuvwxyz0123456789_, ") != "" {
		return m, false
	}
	if kinds == "" {
		m.bad = "names no kind to silence"
		return m, true
	}
	for name := range strings.SplitSeq(kinds, ",") {
		name = strings.TrimSpace(name)
		r, ok := parseRule(name)
		if !ok {
			m.bad = "names " + cli.NeutralizeLine(clipToken(name)) + ", which is no kind of finding"
			return m, true
		}
		m.kinds = append(m.kinds, r)
	}
	// A comment's closing marks are not a reason.
	reason = strings.TrimSpace(reason)
	for _, closer := range []string{"*/", "-->", "#}", "%>", "-}", "]]"} {
		reason = strings.TrimSpace(strings.TrimSuffix(reason, closer))
	}
	if reason == "" {
		m.bad = "gives no reason after \" -- \""
	}
	return m, true
}

// suppress drops the findings of fs that a good marker on their line or
// the line above names, and adds a finding for each bad marker and each
// marker that silenced nothing. It returns the findings and the number
// it silenced.
func suppress(fs []finding, ms []marker) ([]finding, int) {
	if len(ms) == 0 {
		return fs, 0
	}
	byLine := map[int][]int{}
	for i, m := range ms {
		if m.bad == "" {
			byLine[m.line] = append(byLine[m.line], i)
			byLine[m.line+1] = append(byLine[m.line+1], i)
		}
	}
	kept, silenced := fs[:0], 0
	for _, f := range fs {
		hit := false
		if f.located {
			for _, i := range byLine[f.Line] {
				for _, k := range ms[i].kinds {
					if k == f.Kind {
						ms[i].used, hit = true, true
					}
				}
			}
		}
		if hit {
			silenced++
			continue
		}
		kept = append(kept, f)
	}
	for _, m := range ms {
		switch {
		case m.bad != "":
			f := m.at
			f.Kind, f.Severity = ruleMarkerWithoutReason, ruleMarkerWithoutReason.Severity()
			f.Explanation = "this plainsight:ignore marker " + m.bad + ", so it silences nothing"
			kept = append(kept, f)
		case !m.used:
			f := m.at
			f.Kind, f.Severity = ruleUnusedMarker, ruleUnusedMarker.Severity()
			f.Explanation = "this plainsight:ignore marker silences no finding on its line or the next"
			kept = append(kept, f)
		}
	}
	sortFindings(kept)
	return kept, silenced
}
