package spoof

import (
	"strings"

	"github.com/plainsight-dev/plainsight/internal/typography"
)

// This file holds the prose side of the mixed-script check: T8 of
// docs/typography.md. A token that mixes scripts is warn-level where it can
// deceive, and informational where it only glues words of two scripts
// together ("USB\u043d\u0430\u043a\u043e\u043f\u0438\u0442\u0435\u043b\u044c",
// "\u0394t").

// mixedSeverity returns the severity of the mixed-script token
// text[start:end]. In a command's words outside quotes, and in an
// identifier-like run of text of unknown role (a line that reads as a
// command, or that is one token), every Minimally Restrictive token warns;
// in prose, quoted strings and comments only a token that can pass for one
// script (typography.Deceptive).
func (s *Scanner) mixedSeverity(start, end int) Severity {
	switch s.tokRole {
	case RoleAny:
		if s.strictCommandLine() || s.oneTokenLine() {
			return SeverityOfKind
		}
	case RoleProse, RoleQuoted, RoleComment:
	default:
		return SeverityOfKind
	}
	if typography.Deceptive(s.text[start:end]) {
		return SeverityWarn
	}
	return SeverityInfo
}

// oneTokenLine reports whether the current line is a single token between
// white space, an identifier rather than a sentence. The answer is cached
// for the line.
func (s *Scanner) oneTokenLine() bool {
	if s.lineOneTok == 0 {
		s.lineOneTok = -1
		if !strings.ContainsAny(strings.TrimSpace(s.line()), " \t") {
			s.lineOneTok = 1
		}
	}
	return s.lineOneTok > 0
}
