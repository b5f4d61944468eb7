package shellread

// maxNesting bounds how deeply a command may nest before Read gives up on
// parsing it. The parser descends recursively, a few kilobytes of stack
// per level, and a goroutine that exceeds its maximum stack is a fatal
// error, not a panic: one mebibyte of "$(" would end the program. No
// command a person reads nests a thousand levels deep.
const maxNesting = 1000

// nesting returns an upper bound of the nesting depth of src as the
// parser will see it: every (, {, [ and backquote opens a level and every
// ), } and ] closes one, as do the compound-command keywords (if, while,
// until, for, select, case against fi, done, esac) at the start of a word.
// Quotes are ignored, so the bound can only be too high, which costs a
// parse, never the program.
func nesting(src string) int {
	depth, max := 0, 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '(', '{', '[', '`':
			depth++
		case ')', '}', ']':
			if depth > 0 {
				depth--
			}
		case 'i', 'w', 'u', 'f', 's', 'c', 'd', 'e':
			if i > 0 && isWordByte(src[i-1]) {
				continue
			}
			n := keywordLen(src[i:])
			if n == 0 {
				continue
			}
			switch src[i : i+n] {
			case "fi", "done", "esac":
				if depth > 0 {
					depth--
				}
			default:
				depth++
			}
			i += n - 1
		default:
			continue
		}
		if depth > max {
			max = depth
		}
	}
	return max
}

// keywordLen returns the length of the compound-command keyword that s
// starts with as a whole word, or 0. The first byte picks the keyword to
// compare (f picks by the second).
func keywordLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	var kw string
	switch s[0] {
	case 'i':
		kw = "if"
	case 'f':
		kw = "for"
		if s[1] == 'i' {
			kw = "fi"
		}
	case 'c':
		kw = "case"
	case 'd':
		kw = "done"
	case 'e':
		kw = "esac"
	case 'w':
		kw = "while"
	case 'u':
		kw = "until"
	case 's':
		kw = "select"
	default:
		return 0
	}
	n := len(kw)
	if s[1] != kw[1] || len(s) < n || s[:n] != kw || len(s) > n && isWordByte(s[n]) {
		return 0
	}
	return n
}

// isWordByte reports whether c may be part of a keyword's word: a letter,
// a digit, '_' or a byte of a non-ASCII character.
func isWordByte(c byte) bool { return wordByte[c] }

// buildWordByte makes wordByte, which marks the bytes of isWordByte.
func buildWordByte() (t [256]bool) {
	for c := range 256 {
		t[c] = c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
	}
	return t
}
