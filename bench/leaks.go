package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// An escapeCase is one input of the escape corpus.
type escapeCase struct {
	name    string
	payload string // bytes inside a sequence that must not be shown; "" if none
	in      string
}

// readEscapes reads testdata/escapes.txt.
func readEscapes(path string) ([]escapeCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []escapeCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		name, rest, ok1 := strings.Cut(text, " ")
		payload, quoted, ok2 := strings.Cut(rest, " ")
		in, err := strconv.Unquote(quoted)
		if !ok1 || !ok2 || err != nil {
			return nil, fmt.Errorf("%s:%d: want <name> <payload> <Go-quoted input>", path, line)
		}
		if payload == "-" {
			payload = ""
		}
		payload, err = strconv.Unquote(`"` + payload + `"`)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: payload: %v", path, line, err)
		}
		cases = append(cases, escapeCase{name: name, payload: payload, in: in})
	}
	return cases, sc.Err()
}

// A leak is what a tool let through for one case.
type leak struct {
	esc, c1, cr, bs, payload bool
}

func (l leak) any() bool { return l.esc || l.c1 || l.cr || l.bs || l.payload }

// plainSGR matches an SGR as term writes it: colour is what a stripper
// that keeps colours may leave.
var plainSGR = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// leaks says what out, a tool's output for c, leaks. Payload leaks count
// only for strippers: a neutralizer shows the payload as visible text by
// design.
func leaks(c escapeCase, out string, stripper bool) leak {
	var l leak
	l.esc = strings.IndexByte(plainSGR.ReplaceAllString(out, ""), 0x1B) >= 0
	l.cr = strings.IndexByte(out, '\r') >= 0
	l.bs = strings.IndexByte(out, '\b') >= 0
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		if r >= 0x80 && r <= 0x9F || r == utf8.RuneError && size == 1 && out[i] >= 0x80 && out[i] <= 0x9F {
			l.c1 = true
		}
		i += size
	}
	l.payload = stripper && c.payload != "" && strings.Contains(out, c.payload)
	return l
}

// leakCount is the correctness column of one tool.
type leakCount struct {
	esc, c1, cr, bs, payload, cases int
	names                           []string
}

func (n *leakCount) add(c escapeCase, l leak) {
	for _, f := range []struct {
		hit bool
		n   *int
	}{{l.esc, &n.esc}, {l.c1, &n.c1}, {l.cr, &n.cr}, {l.bs, &n.bs}, {l.payload, &n.payload}} {
		if f.hit {
			*f.n++
		}
	}
	if l.any() {
		n.cases++
		n.names = append(n.names, c.name)
	}
}
