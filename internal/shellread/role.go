package shellread

import "github.com/plainsight-dev/plainsight/internal/names"

// A Role says what the shell makes of a byte of a command.
type Role uint8

const (
	// Syntax is everything the shell reads as its own: blanks, operators
	// (| & ; < > ( )), keywords, and the delimiters of expansions and
	// substitutions such as $( and ). It is the zero value.
	Syntax Role = iota
	// Name is the first word of a simple command: what runs.
	Name
	// Option is an argument word that starts with an ASCII '-' (other than
	// "-" alone).
	Option
	// Argument is any other word: arguments, words of for loops and case
	// patterns, and text that did not parse.
	Argument
	// Assignment is a variable assignment, name=value, before a command or
	// after declare, export, local and readonly.
	Assignment
	// Redirect is the target of a redirection: a file name, a descriptor,
	// or the delimiter word of a here-document.
	Redirect
	// Heredoc is the body of a here-document.
	Heredoc
	// Comment is a comment, from # to the end of its line.
	Comment
	// Unread is text of a top-level command that ReadFor did not parse:
	// outside quotes, comments and here-documents, it holds no rune the
	// caller judges.
	Unread

	numRoles
)

var roleNames = names.Table[Role]{
	Syntax:     "syntax",
	Name:       "name",
	Option:     "option",
	Argument:   "argument",
	Assignment: "assignment",
	Redirect:   "redirect",
	Heredoc:    "heredoc",
	Comment:    "comment",
	Unread:     "unread",
}

// String returns the stable name of r, such as "name".
func (r Role) String() string { return roleNames.String(r, "Role") }

// Quote says how the shell quotes a byte of a word.
type Quote uint8

const (
	// Unquoted bytes are subject to word splitting, globbing and every
	// expansion. It is the zero value.
	Unquoted Quote = iota
	// Single is inside '...': every byte is literal.
	Single
	// Double is inside "...": only $, ` and \ keep a meaning.
	Double
	// ANSIC is inside $'...': backslash escapes are decoded.
	ANSIC
)

var quoteNames = names.Table[Quote]{
	Unquoted: "unquoted",
	Single:   "single",
	Double:   "double",
	ANSIC:    "ansi-c",
}

// String returns the stable name of q, such as "single".
func (q Quote) String() string { return quoteNames.String(q, "Quote") }

// Quoted reports whether q is one of the quoting forms.
func (q Quote) Quoted() bool { return q != Unquoted }
