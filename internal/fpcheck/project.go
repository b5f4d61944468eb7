package main

import (
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/typography"
)

// projectable lists the kinds whose occurrences the typography rules can
// place: the code points typography.Judge judges raise only these.
var projectable = map[plainsight.Kind]bool{
	plainsight.KindWhitespace: true,
	plainsight.KindZeroWidth:  true,
	plainsight.KindBidi:       true,
}

// scriptRules lists the kinds that T3, T8 and T9 judge.
var scriptRules = map[plainsight.Kind]bool{
	plainsight.KindMixedScript: true,
	plainsight.KindLookalike:   true,
}

// project reports whether line, sanitized into r, keeps a warn-level
// finding once every escaped code point that stands in a typographic
// place (docs/typography.md, T1, T2, T4 to T7, T11, and T12 in the prose
// reading) is reported as info, and the mixed_script and lookalike
// warnings are judged by T3, T8 and T9; it counts the typographic places
// by rule into byRule.
func project(line string, r plainsight.Result, j *typography.Judge, byRule map[typography.Rule]int) bool {
	warn := false
	for _, w := range r.Warnings {
		switch {
		case w.Severity != plainsight.SeverityWarn, projectable[w.Kind]:
		case scriptRules[w.Kind]:
			if keepsScriptWarning(line, w, j.Prose) {
				warn = true
			}
		default:
			warn = true
		}
	}
	j.Reset(line)
	// Escapes are placed in Text; the input offset of each is its offset
	// in Text less what the escapes before it added.
	added := 0
	for _, e := range r.Escapes {
		in := e.Start - added
		added += e.End - e.Start - len(e.Original())
		if e.Class == plainsight.ClassTab {
			continue // a tab is escaped, not warned about
		}
		rule := j.At(in)
		if rule == typography.None {
			warn = true
			continue
		}
		byRule[rule]++
	}
	return warn
}
