package shellread

import "strconv"

// A Role says what the shell makes of a byte of a command.
type Role uint8

const (
	// Syntax is everything the shell reads as its own: blanks, operators
	// (| & ; < > ( )), keywords, and the delimiters of expansions and
	// substitutions such as $( and ). It is the zero value.
	Syntax Role = iota // syntax
	// Name is the first word of a simple command: what runs.
	Name // name
	// Option is an argument word that starts with an ASCII '-' (other than
	// "-" alone).
	Option // option
	// Argument is any other word: arguments, words of for loops and case
	// patterns, and text that did not parse.
	Argument // argument
	// Assignment is a variable assignment, name=value, before a command or
	// after declare, export, local and readonly.
	Assignment // assignment
	// Redirect is the target of a redirection: a file name, a descriptor,
	// or the delimiter word of a here-document.
	Redirect // redirect
	// Heredoc is the body of a here-document.
	Heredoc // heredoc
	// Comment is a comment, from # to the end of its line.
	Comment // comment
	// Unread is text of a top-level command that ReadFor did not parse:
	// outside quotes, comments and here-documents, it holds no rune the
	// caller judges.
	Unread // unread

	numRoles
)

var roleNames = [numRoles]string{"syntax", "name", "option", "argument", "assignment", "redirect", "heredoc", "comment", "unread"}

// String returns the stable name of r, such as "name".
func (r Role) String() string {
	if r < numRoles {
		return roleNames[r]
	}
	return "Role(" + strconv.Itoa(int(r)) + ")"
}

// Quote says how the shell quotes a byte of a word.
type Quote uint8

const (
	// Unquoted bytes are subject to word splitting, globbing and every
	// expansion. It is the zero value.
	Unquoted Quote = iota // unquoted
	// Single is inside '...': every byte is literal.
	Single // single
	// Double is inside "...": only $, ` and \ keep a meaning.
	Double // double
	// ANSIC is inside $'...': backslash escapes are decoded.
	ANSIC // ansi-c
)

var quoteNames = [...]string{"unquoted", "single", "double", "ansi-c"}

// String returns the stable name of q, such as "single".
func (q Quote) String() string {
	if int(q) < len(quoteNames) {
		return quoteNames[q]
	}
	return "Quote(" + strconv.Itoa(int(q)) + ")"
}

// Quoted reports whether q is one of the quoting forms.
func (q Quote) Quoted() bool { return q != Unquoted }
