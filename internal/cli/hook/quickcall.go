package hook

import (
	"bytes"
	"encoding/json"
	"slices"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// quickCall reads the call of a well-formed hook input, data (UTF-8, at
// most MaxInput bytes), without encoding/json's reflection: it checks
// data with json.Valid, then walks its members. Decoding into a map
// through reflection is a good part of what a hook call does in a process
// of its own, touching type descriptors, code and heap spans nothing else
// needs (docs/performance.md, "Hook latency"). It answers only when every
// member it reads has the type the call needs (ok false otherwise, for
// decodeCall to answer and word the error); what it answers is then
// decodeCall's, which FuzzQuickCall checks.
func quickCall(a *agent, data []byte) (c call, ok bool) {
	if !json.Valid(data) {
		return call{}, false
	}
	top, ok := findMembers(data, skipSpace(data, 0), "cwd", "tool_name", "tool_input", "command")
	if !ok {
		return call{}, false
	}
	if top[0] != nil {
		cwd, ok := jsonString(top[0])
		if !ok {
			return call{}, false
		}
		c.cwd = cli.NeutralizeLine(cwd)
	}
	command := top[3]
	if a.shellTools != nil {
		tool, ok := jsonString(top[1])
		if !ok {
			return call{}, false
		}
		c.tool = cli.NeutralizeLine(tool)
		if !slices.Contains(a.shellTools, tool) {
			return c, true
		}
		args, ok := findMembers(top[2], 0, "command")
		if !ok {
			return call{}, false
		}
		command = args[0]
	}
	if c.command, ok = jsonString(command); !ok {
		return call{}, false
	}
	c.shell = true
	return c, true
}

// findMembers finds the members named keys (at most four) of the JSON
// object that starts at data[i], in data, which is valid JSON, and returns
// the value of each as it is written, nil for a key with no member; of
// members of the same name, the last, which is the one encoding/json
// keeps. ok is false if no object starts at data[i].
func findMembers(data []byte, i int, keys ...string) (vals [4][]byte, ok bool) {
	if i >= len(data) || data[i] != '{' {
		return vals, false
	}
	i = skipSpace(data, i+1)
	for i < len(data) && data[i] == '"' {
		end := skipString(data, i)
		key := data[i:end]
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return vals, false
		}
		i = skipSpace(data, i+1)
		end = skipValue(data, i)
		if end <= i {
			return vals, false
		}
		for k, name := range keys {
			if keyIs(key, name) {
				vals[k] = data[i:end]
			}
		}
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return vals, i < len(data) && data[i] == '}'
}

// keyIs reports whether key, a JSON string as it is written, holds name.
func keyIs(key []byte, name string) bool {
	if len(key) == len(name)+2 && string(key[1:len(key)-1]) == name {
		return true
	}
	if bytes.IndexByte(key, '\\') < 0 {
		return false
	}
	s, ok := jsonString(key)
	return ok && s == name
}

// skipSpace returns where the JSON whitespace at data[i] ends.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the end of the JSON string that starts at data[i].
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(data)
}

// skipValue returns the end of the JSON value that starts at data[i]:
// a string, an object or array with all it nests, or a number or literal.
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = skipString(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(data) && !isValueEnd(data[i]) {
		i++
	}
	return i
}

// isValueEnd reports whether c ends a number or literal.
func isValueEnd(c byte) bool {
	return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// jsonString returns the string that raw, a valid JSON value, holds, as
// encoding/json decodes it, or ok false if raw is not a string: escapes
// unescaped, a \u escape of a lone surrogate read as U+FFFD.
func jsonString(raw []byte) (s string, ok bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	raw = raw[1 : len(raw)-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw), true
	}
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			b = append(b, raw[i])
			i++
			continue
		}
		if i+1 >= len(raw) {
			return "", false
		}
		switch c := raw[i+1]; c {
		case '"', '\\', '/':
			b = append(b, c)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r := hex4(raw[i:])
			if r < 0 {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if r2 := utf16.DecodeRune(r, hex4(raw[i:])); r2 != utf8.RuneError {
					b = utf8.AppendRune(b, r2)
					i += 6
					continue
				}
				r = utf8.RuneError
			}
			b = utf8.AppendRune(b, r)
			continue
		default:
			return "", false
		}
		i += 2
	}
	return string(b), true
}

// hex4 returns the code unit of the \uXXXX escape at the start of s, or
// -1 if s does not start with one.
func hex4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}
