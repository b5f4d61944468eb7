package main

import (
	"fmt"
	"regexp"
	"unicode/utf8"
)

// The Pikuri port is the regexp way to do Sanitize's job, as Pikuri's
// Sanitizer does it (prior-art notes §1): one pass of ReplaceAllStringFunc
// over the SUSPECT class, then the text split on /\s+/ and each distinct
// token matched against \p{Latin}, \p{Cyrillic} and \p{Greek}, reported
// when two of them match.
var (
	pikuriSuspect = regexp.MustCompile("[\x00-\x09\x0b-\x1f\x7f-\u009f\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]")
	pikuriSpace   = regexp.MustCompile(`\s+`)
	pikuriScripts = []*regexp.Regexp{
		regexp.MustCompile(`\p{Latin}`),
		regexp.MustCompile(`\p{Cyrillic}`),
		regexp.MustCompile(`\p{Greek}`),
	}
)

// pikuriResult is what the port returns: the neutralized text, the
// warning kinds raised and the mixed-script tokens.
type pikuriResult struct {
	text   string
	kinds  []string
	tokens []string
}

// pikuriSanitize escapes what SUSPECT matches the way Pikuri does and runs
// its mixed-script check.
func pikuriSanitize(s string) pikuriResult {
	var res pikuriResult
	seen := map[string]bool{}
	flag := func(kind string) {
		if !seen[kind] {
			seen[kind] = true
			res.kinds = append(res.kinds, kind)
		}
	}
	res.text = pikuriSuspect.ReplaceAllStringFunc(s, func(m string) string {
		r, _ := utf8.DecodeRuneInString(m)
		switch {
		case r == '\t':
			return `\t`
		case r == '\b':
			flag("backspace")
			return `\x08`
		case r >= 0x200B && r <= 0x200D || r == 0xFEFF:
			flag("zero_width")
			return fmt.Sprintf(`\u{%04x}`, r)
		case r >= 0x202A:
			flag("bidi")
			return fmt.Sprintf(`\u{%04x}`, r)
		}
		flag("control_bytes")
		return fmt.Sprintf(`\x%02x`, r)
	})
	distinct := map[string]bool{}
	for _, tok := range pikuriSpace.Split(s, -1) {
		if tok == "" || distinct[tok] {
			continue
		}
		distinct[tok] = true
		n := 0
		for _, re := range pikuriScripts {
			if re.MatchString(tok) {
				n++
			}
		}
		if n >= 2 {
			res.tokens = append(res.tokens, tok)
		}
	}
	if len(res.tokens) > 0 {
		flag("mixed_script")
	}
	return res
}
