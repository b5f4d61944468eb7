package spoof

// Kind names a homoglyph finding. The zero value is no finding.
type Kind uint8

const (
	// MixedScript is a token whose restriction level (section 5.2) is
	// Minimally Restrictive, or Moderately Restrictive with Latin and a
	// script whose letters pass for Latin ones.
	MixedScript Kind = iota + 1
	// MixedNumbers is a run of digits of more than one decimal system
	// (section 5.3).
	MixedNumbers
	// Lookalike is a word that is ASCII but for characters that pass for
	// ASCII punctuation or digits.
	Lookalike
	// WholeScriptConfusable is a token written wholly in another script
	// that reads as Latin letters (section 4), in otherwise Latin text.
	WholeScriptConfusable
	// UncommonCharacter is a token holding a character that is
	// Identifier_Status Restricted and uncommon in ordinary text (section
	// 5.4).
	UncommonCharacter
	// CombiningMarks is a token that stacks more than MaxMarks nonspacing
	// marks on one base, or repeats one (section 5.4).
	CombiningMarks
)

// Severity is the severity of one finding. The zero value leaves it to the
// kind; a reading that knows the text's context (a command, prose) may
// raise or lower it per occurrence.
type Severity uint8

const (
	// SeverityOfKind leaves the severity to the finding's kind.
	SeverityOfKind Severity = iota
	// SeverityWarn marks a finding that can mislead the reader.
	SeverityWarn
	// SeverityInfo marks a finding that ordinary text also produces.
	SeverityInfo
)

// Role is what the bytes the scanner reads are to their reader, as a
// caller that parses the text (a shell command, prose) tells it with
// [Scanner.SetRole]. The zero value, RoleAny, judges every token on its
// own.
type Role uint8

const (
	// RoleAny is text of unknown role.
	RoleAny Role = iota
	// RoleCommandName is the name of a command a shell runs.
	RoleCommandName
	// RoleOption is an option word of a command, such as -rf.
	RoleOption
	// RoleArgument is an unquoted argument word.
	RoleArgument
	// RoleQuoted is the inside of a quoted string.
	RoleQuoted
	// RoleComment is a comment, which no program reads.
	RoleComment
	// RoleProse is natural-language text.
	RoleProse
)

// prose reports whether r is text read as prose: natural-language text,
// and the quoted strings and comments of a command, which the shell does
// not interpret (the prose rules of docs/typography.md apply there).
func (r Role) prose() bool { return r == RoleProse || r == RoleQuoted || r == RoleComment }

// A Span is the half-open byte range [Start, End) of the scanned text.
type Span struct {
	Start, End int
}

// A Finding is one occurrence of a homoglyph finding in the scanned text.
type Finding struct {
	Kind Kind
	// Token is the offending token or word, a span of the scanned text.
	Token Span
	// At places the occurrence: the whole token, or for Lookalike the
	// first lookalike character.
	At Span
	// Rune is what the explanation names: the uncommon character of an
	// UncommonCharacter finding, the repeated mark of a CombiningMarks
	// finding (0 when marks overflow instead).
	Rune rune
	// Role is the role in force where the token starts.
	Role Role
	// Severity is SeverityOfKind unless the reading of the text decided.
	Severity Severity
}
