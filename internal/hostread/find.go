// Package hostread finds the hosts in a word of a command (URLs, user@host,
// scp's host:path, bare domain names) and judges them label by label, as
// browsers judge internationalized domain names before they show one in
// Unicode (Chromium's IDN spoof checker, after UTS #39 and UTS #46).
package hostread

import (
	"strings"
	"unicode/utf8"
)

// A Span is the byte range [Start, End) of a host in a word.
type Span struct {
	Start, End int
}

// Find returns the hosts in word, a word of a command with its quotes, in
// order:
//
//   - the host of every URL, scheme://[userinfo@]host[:port][/...];
//   - the host of user@host and user@host:path (ssh, git, scp);
//   - the host of host:path when host holds a dot (scp);
//   - a bare domain name, the word itself or followed by a path or a
//     query (name.tld/x.sh, which curl and git take for a URL): two or
//     more labels separated by dots, the last one a top-level domain.
//
// Dots, slashes, colons and at signs are recognized in their lookalike
// forms too (U+3002 IDEOGRAPHIC FULL STOP, U+2044 FRACTION SLASH, U+00B7
// MIDDLE DOT...), since the host they build is the one a person reads.
func Find(word string) []Span {
	if !mayHoldHost(word) {
		return nil
	}
	var hosts []Span
	w := strings.Trim(word, "'\"`")
	off := strings.Index(word, w)
	for w != "" {
		start, end, rest, ok := next(w)
		if !ok {
			break
		}
		hosts = append(hosts, Span{off + start, off + end})
		off += len(w) - len(rest)
		w = rest
	}
	return hosts
}

// mayHoldHost reports whether word holds something that reads as a dot
// or a colon, without which no form of host above can stand in it.
func mayHoldHost(word string) bool {
	for i := 0; i < len(word); {
		if c := word[i]; c < utf8.RuneSelf {
			// readsAs of an ASCII byte, without the call.
			if c == '.' || c == ':' {
				return true
			}
			i++
			continue
		}
		c, n := readsAs(word[i:])
		if c == '.' || c == ':' {
			return true
		}
		if n == 0 {
			break
		}
		i += n
	}
	return false
}

// next finds the first host in w and returns its range, and what follows
// it.
func next(w string) (start, end int, rest string, ok bool) {
	if i := indexScheme(w); i >= 0 {
		start = i
		end = hostEnd(w, start, true)
		if at := lastAt(w[start:end]); at >= 0 {
			start += at
		}
		return start, end, w[end:], end > start
	}
	if strings.ContainsAny(w, " \t\n") {
		return 0, 0, "", false
	}
	if at := lastAt(w[:pathStart(w)]); at >= 0 {
		end = hostEnd(w, at, false)
		return at, end, "", end > at && hasDot(w[at:end])
	}
	end = hostEnd(w, 0, false)
	if end < len(w) {
		switch c, _ := readsAs(w[end:]); {
		case c == ':' && hasDot(w[:end]):
			return 0, end, "", true
		case c == '/' || c == '?' || c == '#':
			// A host without a scheme, followed by a path or a query:
			// curl, wget, git, pip, go and docker take it for a URL.
			return 0, end, "", isBareDomain(w[:end])
		}
		return 0, 0, "", false
	}
	return 0, end, "", isBareDomain(w[:end])
}

// indexScheme returns where the authority of the first URL in w starts,
// after "://", or -1. The scheme is one or more ASCII letters.
func indexScheme(w string) int {
	for i := 0; i < len(w); {
		c, n := readsAs(w[i:])
		if c == ':' {
			c2, n2 := readsAs(w[i+n:])
			c3, n3 := readsAs(w[i+n+n2:])
			if c2 == '/' && c3 == '/' && i > 0 && isASCIILetter(w[i-1]) {
				return i + n + n2 + n3
			}
		}
		i += n
	}
	return -1
}

// hostEnd returns where the host starting at i ends: at a slash, question
// mark, hash, quote or blank, or at a colon (a port, or scp's path). In an
// authority (url true) an at sign does not end it: the userinfo is cut
// later.
func hostEnd(w string, i int, url bool) int {
	for i < len(w) {
		c, n := readsAs(w[i:])
		switch c {
		case '/', '?', '#', '\'', '"', '`', ' ', '\t', '\n', '(', ')', '<', '>', ',', ';', '|', '&', '\\', '[', ']', '{', '}', '$', '*':
			return i
		case ':':
			if !url || !strings.Contains(w[i:min(len(w), i+64)], "@") {
				return i
			}
		}
		i += n
	}
	return i
}

// pathStart returns where the first slash of w, or what reads as one,
// starts: an at sign after it belongs to the path ("host/mod@v1"), not
// to a user@host.
func pathStart(w string) int {
	for i := 0; i < len(w); {
		c, n := readsAs(w[i:])
		if c == '/' || n == 0 {
			return i
		}
		i += n
	}
	return len(w)
}

// lastAt returns the index just after the last at sign of s, or -1.
func lastAt(s string) int {
	at := -1
	for i := 0; i < len(s); {
		c, n := readsAs(s[i:])
		i += n
		if c == '@' {
			at = i
		}
	}
	return at
}

func hasDot(s string) bool {
	for i := 0; i < len(s); {
		c, n := readsAs(s[i:])
		if c == '.' && i > 0 && i+n < len(s) {
			return true
		}
		i += n
	}
	return false
}

// isBareDomain reports whether s reads as a domain name: two or more
// non-empty labels of letters, marks, digits and hyphens between dots, the
// last one a top-level domain of the ICANN section of the Public Suffix
// List (isTLD). A file name is not one: "\u043e\u0442\u0447\u0435\u0442.jpg"
// ends in no top-level domain.
func isBareDomain(s string) bool {
	labels, letters, other, last := 0, 0, 0, 0
	for i := 0; i <= len(s); {
		c, n := readsAs(s[i:])
		if i == len(s) || c == '.' {
			if letters+other == 0 {
				return false
			}
			labels++
			if i == len(s) {
				return labels >= 2 && other == 0 && letters >= 2 && isTLD(s[last:])
			}
			letters, other = 0, 0
			i += n
			last = i
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[i:])
		switch {
		case isLetterRune(r):
			letters++
		case c == '-' || isLabelRune(r) || r == 0xB7:
			other++
		default:
			return false
		}
		i += n
	}
	return false
}
