package typography

import "strings"

// This file holds T13 of docs/typography.md: a no-break space between two
// words of ASCII letters, which keeps a name, an abbreviation or a
// designation with its number ("GNU\u202fGPL", "HTTP\u202fserverem",
// "System\u00a0V", "RFC\u00a04648") as the typography of Czech, Slovak,
// Polish, French and German prescribes, and which a command writes only
// to hide where its words split ("git\u00a0push", "sudo\u00a0rm -rf /").

// maxClauseWords bounds how many words after a no-break space T13 reads
// for a shell signal, and maxClauseBytes how far.
const (
	maxClauseWords = 3
	maxClauseBytes = 256
)

// asciiWordSpace reports whether the no-break space at text[i:i+size],
// between a word of ASCII letters and a word of ASCII letters or a number,
// separates two words of a sentence (T13). It does not when the words
// read as a command: the line reads as one (unless the text is prose), or
// the word before is a lowercase command name and one of the next words
// holds a shell signal ("run sudo\u00a0rm -rf /"). Otherwise it separates
// words when one of them is a name, an abbreviation or a number (the word
// before starts with a capital; the word after with a capital or a digit),
// or when the line holds letters outside ASCII, as the languages that
// write no-break word spaces do. Two lowercase words in an ASCII line
// ("pass\u00a0word") may be one word split, and keep their warning in
// every reading.
func (j *Judge) asciiWordSpace(i, size int) bool {
	if j.commandAround(i, size) {
		return false
	}
	next, _ := j.after(i + size)
	if isUpperASCII(next) || '0' <= next && next <= '9' || isUpperASCII(j.wordStartBefore(i)) {
		return true
	}
	return j.line(i).nonASCII
}

// commandAround reports whether the words around the no-break space at
// text[i:i+size] read as a command: the line reads as one (unless the
// text is prose), or the clause that starts with the word before it does.
func (j *Judge) commandAround(i, size int) bool {
	return !j.Prose && j.lineReadsAsCommand(i) || j.clauseReadsAsCommand(i, size)
}

// wordStartBefore returns the first letter of the word of ASCII letters
// that ends at text[i], or boundary if it is longer than maxWordScan or
// follows a control, whose escape would end in more letters (isControl).
func (j *Judge) wordStartBefore(i int) rune {
	for n := 0; n < maxWordScan && i-n > 0; n++ {
		if c := j.text[i-n-1]; !isASCIILetter(c) {
			if r, _ := j.before(i - n); isControl(r) {
				return boundary
			}
			return rune(j.text[i-n])
		}
	}
	if i <= maxWordScan {
		return rune(j.text[0])
	}
	return boundary
}

// clauseReadsAsCommand reports whether the no-break space at
// text[i:i+size] stands in a command named in a sentence: one of the two
// words before it is a lowercase ASCII word (a command name), and one of
// the next maxClauseWords words after it holds a shell signal (a word that
// starts with '-', or one of | > < & ; $ = and the backquote: the signals
// of ReadsAsCommand). Words are split at spaces only, as asWords glues
// them, so that Sanitize's output reads the same.
func (j *Judge) clauseReadsAsCommand(i, size int) bool {
	j.line(i) // sets lineStart and lineEnd
	if !j.lowercaseWordBefore(i) {
		return false
	}
	rest := j.text[i+size : min(j.lineEnd, i+size+maxClauseBytes)]
	words, inWord := 0, false
	for k := 0; k < len(rest); k++ {
		c := rest[k]
		if c == ' ' {
			if inWord {
				if words++; words == maxClauseWords {
					return false
				}
			}
			inWord = false
			continue
		}
		if !inWord && c == '-' && k+1 < len(rest) && rest[k+1] != ' ' || strings.IndexByte("|><&;$=`", c) >= 0 {
			return true
		}
		inWord = true
	}
	return false
}

// lowercaseWordBefore reports whether one of the two words before
// text[i], split at spaces on the line, starts with a lowercase ASCII
// letter.
func (j *Judge) lowercaseWordBefore(i int) bool {
	k, lo := i, max(j.lineStart, i-maxClauseBytes)
	for range 2 {
		for k > lo && j.text[k-1] == ' ' {
			k--
		}
		end := k
		for k > lo && j.text[k-1] != ' ' {
			k--
		}
		if k < end && 'a' <= j.text[k] && j.text[k] <= 'z' {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isUpperASCII(r rune) bool { return 'A' <= r && r <= 'Z' }
