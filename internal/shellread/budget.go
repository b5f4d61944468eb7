package shellread

import (
	"errors"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ParseBudget is how many bytes of a command (its layers included) Read
// parses: the parse tree costs a few hundred bytes per byte of source.
// The top-level commands past the budget are read as unquoted text, the
// strictest reading, with Err set to ErrTooLong. No command a person
// approves comes near it.
const ParseBudget = 256 << 10

// ErrTooLong is the Err of a Reading whose command is longer than
// ParseBudget: the rest is read as unquoted text.
var ErrTooLong = errors.New("shellread: command too long to parse in full")

// A reader reads one command and the layers in it, within one budget.
type reader struct {
	p      *syntax.Parser
	budget int
	judged func(rune) bool // see ReadFor
}

func read(src string, skip bool, judged func(rune) bool) Reading {
	rd := reader{budget: ParseBudget, judged: judged}
	return rd.read(src, skip, 0)
}

// read reads src, the text of a layer depth layers deep (0: the command).
func (rd *reader) read(src string, skip bool, depth int) Reading {
	var r Reading
	var l lexed
	if skip {
		l = lex(src, rd.judged)
	} else {
		l = lexed{starts: segments(src)}
	}
	runs := l.runs
	for k, start := range l.starts {
		end := len(src)
		if k+1 < len(l.starts) {
			end = l.starts[k+1]
		}
		seg := src[start:end]
		for len(runs) > 0 && runs[0].start < start {
			runs = runs[1:]
		}
		switch {
		case skip && !l.wide[k]:
			// Nothing in it for a judge of non-ASCII text.
			r.Spans = appendSpan(r.Spans, Span{End: end, Role: Unread})
		case skip && !l.code[k] && !mayHoldLayer(seg):
			// The quick path: no non-ASCII byte in code and no program
			// that runs a string: the lexer's quoting is the parser's
			// (FuzzQuickPath checks it), and places the non-ASCII runs.
			for ; len(runs) > 0 && runs[0].start < end; runs = runs[1:] {
				r.Spans = appendSpan(r.Spans, Span{End: runs[0].start, Role: Unread})
				r.Spans = appendSpan(r.Spans, Span{End: runs[0].end, Role: runs[0].role, Quote: runs[0].quote})
			}
			r.Spans = appendSpan(r.Spans, Span{End: end, Role: Unread})
		case len(seg) > rd.budget:
			if r.Err == nil {
				r.Err = ErrTooLong
			}
			r.unparsed(start, end)
		default:
			rd.budget -= len(seg)
			rd.segment(&r, seg, start, depth)
		}
	}
	return r
}

// mayHoldLayer reports whether seg names a program or variable of the
// layers table that runs a string as code: a word that is such a
// program's name (git with an alias., source and . with a process
// substitution), or such a variable followed by =. Wrappers alone are
// not: they run a command, whose words are code already.
func mayHoldLayer(seg string) bool {
	var buf [32]byte
	for i := 0; i < len(seg); {
		if wordBytes[seg[i]]&(wordName|wordQuoting) == 0 {
			// Between words, or a slash.
			for i++; i < len(seg) && wordBytes[seg[i]]&(wordName|wordQuoting) == 0; i++ {
			}
			continue
		}
		// A name runs from the start of a word or a slash to the next
		// slash or the end of the word; only the last of a word (its
		// base name) names a program. Most start with a byte no row
		// starts with: they are skipped with a look at each byte.
		j := i + 1
		if wordBytes[seg[i]] == wordName && !layerNames.first[seg[i]] {
			for j < len(seg) && wordBytes[seg[j]]&(wordName|wordQuoting) != 0 {
				j++
			}
			i = j
			continue
		}
		// With its quotes and backslashes left out as the shell
		// removes them: py"thon3" names python3. Only a name that holds
		// quoting is copied.
		seen := wordBytes[seg[i]]
		for j < len(seg) && wordBytes[seg[j]]&(wordName|wordQuoting) != 0 {
			seen |= wordBytes[seg[j]]
			j++
		}
		name := seg[i:j]
		i = j
		if j < len(seg) && seg[j] == '/' {
			continue // not the base name
		}
		if seen&wordQuoting != 0 {
			n := 0
			for k := range len(name) {
				if c := name[k]; !isQuoting(c) {
					if n == len(buf) {
						n = len(buf) + 1 // too long for any row
						break
					}
					buf[n] = c
					n++
				}
			}
			if n > len(buf) {
				continue
			}
			name = string(buf[:n])
		}
		// Most words are no name in the table: a hash of their bytes
		// and length says so before any lookup.
		n := len(name)
		if n == 0 || n > len(buf) {
			continue
		}
		h := layerHash(name)
		isProgram := layerNames.programs[h/64]&(1<<(h%64)) != 0
		isVariable := layerNames.variables[h/64]&(1<<(h%64)) != 0 && j < len(seg) && seg[j] == '='
		if !isProgram && !isVariable {
			continue
		}
		if p, ok := lookupProgram(name); ok && isProgram {
			switch p.kind {
			case progWrapper, progFind, progAfterDashes, progContainer:
				// They run a command, whose words are code already.
			case progGit:
				if strings.Contains(seg, "alias.") {
					return true
				}
			case progSource:
				if strings.Contains(seg, "<(") {
					return true
				}
			default:
				return true
			}
		}
		if isVariable {
			if isShellVariable(name) {
				return true
			}
		}
	}
	return false
}

//go:generate go test -run TestGeneratedTables -gentable

// The lookup tables of this package are generated into tables_gen.go from
// the functions that build them, so that none is built at start-up;
// TestGeneratedTables keeps the two in step.

// buildWordBytes makes wordBytes, which classes the bytes mayHoldLayer
// reads as part of a word: 0 for none, wordName for isNameByte but '/',
// and the two below.
func buildWordBytes() (t [256]uint8) {
	for c := range 256 {
		switch {
		case isQuoting(byte(c)):
			t[c] = wordQuoting
		case c == '/':
			t[c] = wordSlash
		case isNameByte(byte(c)):
			t[c] = wordName
		}
	}
	return t
}

const (
	wordName = 1 << iota
	wordQuoting
	wordSlash
)

func isQuoting(c byte) bool { return c == '\'' || c == '"' || c == '\\' }

// A layerNameSet holds what mayHoldLayer looks at first: the first bytes
// of the names of programs and variables in the table, and a set of the
// layerHash of the names of each.
type layerNameSet struct {
	first               [256]bool
	programs, variables [layerHashSize / 64]uint64
}

// buildLayerNames makes layerNames from the layers table.
func buildLayerNames() (t layerNameSet) {
	for _, p := range programs {
		t.first[p.name[0]] = true
		h := layerHash(p.name)
		t.programs[h/64] |= 1 << (h % 64)
	}
	for _, v := range shellVariables {
		t.first[v.name[0]] = true
		h := layerHash(v.name)
		t.variables[h/64] |= 1 << (h % 64)
	}
	return t
}

const layerHashSize = 4096

// layerHash mixes the length and the first, middle and last bytes of
// name, which is not empty, into [0, layerHashSize).
func layerHash(name string) uint {
	n := uint(len(name))
	return (n*0x9E + uint(name[0])*0x3B1 + uint(name[n/2])*0x61 + uint(name[n-1])*0x1F3) % layerHashSize
}

// isNameByte reports whether c may be part of a program's name or path
// as the layers table spells them.
func isNameByte(c byte) bool {
	return c == '_' || c == '.' || c == '/' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// unparsed reads src[start:end] as unquoted text.
func (r *Reading) unparsed(start, end int) {
	r.Spans = appendSpan(r.Spans, Span{End: end, Role: Argument})
	if k := len(r.Unparsed) - 1; k >= 0 && r.Unparsed[k].End == start {
		r.Unparsed[k].End = end
		return
	}
	r.Unparsed = append(r.Unparsed, Range{start, end})
}

// segment reads one top-level command seg, found at offset off, with the
// layers in it.
func (rd *reader) segment(r *Reading, seg string, off, depth int) {
	if nesting(seg) > maxNesting {
		if r.Err == nil {
			r.Err = ErrTooDeep
		}
		r.unparsed(off, off+len(seg))
		return
	}
	if rd.p == nil {
		rd.p = syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash))
	}
	f, err := parseGlobs(rd.p, seg)
	parsed := len(seg)
	if err != nil {
		if r.Err == nil {
			r.Err = err
		}
		// Read as far as the parser could: up to the error, or else up to
		// the start of its line.
		parsed = 0
		if at, ok := errorOffset(err, len(seg)); ok {
			for _, end := range []int{at, strings.LastIndexByte(seg[:at], '\n') + 1} {
				if end <= 0 {
					continue // (a retry costs at most twice the segment, already counted)
				}
				if pf, perr := parseGlobs(rd.p, seg[:end]); perr == nil {
					f, parsed = pf, end
					break
				}
			}
		}
	}
	var sr Reading
	if parsed > 0 {
		fd := finder{src: seg[:parsed]}
		syntax.Walk(f, func(n syntax.Node) bool {
			if s, ok := n.(*syntax.Stmt); ok {
				fd.stmt(s)
			}
			return true
		})
		// Room for about one mark per word, allocated once (sweep says
		// why); a command with more grows it.
		m := marker{src: seg[:parsed], names: fd.names, marks: make([]mark, 0, parsed/8+8)}
		m.file(f)
		sr.Spans = m.sweep(parsed)
		if depth < MaxDepth {
			rd.layers(&sr, fd.found, depth)
		}
	}
	r.append(sr, off)
	if parsed < len(seg) {
		r.unparsed(off+parsed, off+len(seg))
	}
}

// append appends the reading in, of the text at offset off, to r.
func (r *Reading) append(in Reading, off int) {
	base := int32(len(r.Layers))
	for _, l := range in.Layers {
		l.Start += off
		l.End += off
		if l.Parent != 0 {
			l.Parent += int(base)
		}
		r.Layers = append(r.Layers, l)
	}
	r.Spans = slices.Grow(r.Spans, len(in.Spans))
	for _, s := range in.Spans {
		s.End += off
		if s.Layer != 0 {
			s.Layer += base
		}
		r.Spans = appendSpan(r.Spans, s)
	}
	for _, u := range in.Unparsed {
		r.Unparsed = append(r.Unparsed, Range{u.Start + off, u.End + off})
	}
}

// A piece gives the bytes [start, end) the role, quoting and layer of sp.
type piece struct {
	start, end int
	sp         Span
}

// layers reads each found layer of the text that r reads, depth layers
// deep, and lays the roles of its code over those of r.
func (rd *reader) layers(r *Reading, list []found, depth int) {
	if len(list) == 0 {
		return
	}
	slices.SortStableFunc(list, func(a, b found) int { return a.start - b.start })
	var pieces []piece
	last := 0
	for _, fl := range list {
		if fl.start < last || len(fl.val.text) == 0 {
			continue // inside a layer read already
		}
		last = fl.end
		idx := int32(len(r.Layers) + 1)
		r.Layers = append(r.Layers, Layer{Start: fl.start, End: fl.end, Kind: fl.kind, Via: fl.via, Lang: fl.lang})
		text := string(fl.val.text)
		var in Reading
		switch {
		case fl.kind == LayerCode:
			in = rd.readCode(text, fl.lang, depth+1)
		case fl.cron:
			in = rd.readCron(text, depth+1)
		default:
			in = rd.read(text, false, depth+1)
		}
		v := fl.val
		at := func(i int) int { return v.start[min(i, len(v.start)-1)] }
		end := func(i int) int { return v.end[min(max(i-1, 0), len(v.end)-1)] }
		base := int32(len(r.Layers))
		for _, l := range in.Layers {
			l.Start, l.End = at(l.Start), end(l.End)
			if l.Parent == 0 {
				l.Parent = int(idx)
			} else {
				l.Parent += int(base)
			}
			r.Layers = append(r.Layers, l)
		}
		prev := fl.start
		for k, s := range in.Spans {
			a, b := in.Start(k), s.End
			if a >= b {
				continue
			}
			ps, pe := max(at(a), prev), end(b)
			if pe <= ps {
				continue
			}
			prev = pe
			if s.Layer == 0 {
				s.Layer = idx
			} else {
				s.Layer += base
			}
			pieces = append(pieces, piece{ps, pe, s})
		}
		for _, u := range in.Unparsed {
			if u.End > u.Start {
				r.Unparsed = append(r.Unparsed, Range{at(u.Start), end(u.End)})
			}
		}
	}
	slices.SortFunc(r.Unparsed, func(a, b Range) int { return a.Start - b.Start })
	r.Spans = overlay(r.Spans, pieces)
}

// overlay lays pieces, in order and apart, over spans. Where the
// command itself reads a byte as code and the layer does not (a quote or
// a comment of the layer's code), that reading stays: the outer shell
// interprets it before any layer sees it. Where both read it as code
// (an unquoted word of ssh's remote command, eval's words, an unquoted
// EDITOR=value), the layer's role is what the program runs: a command
// name or an option of the layer.
func overlay(spans []Span, pieces []piece) []Span {
	if len(pieces) == 0 {
		return spans
	}
	out := make([]Span, 0, len(spans)+2*len(pieces))
	at, pi := 0, 0
	for _, s := range spans {
		for at < s.End {
			for pi < len(pieces) && pieces[pi].end <= at {
				pi++
			}
			next, use := s.End, s
			switch {
			case pi < len(pieces) && pieces[pi].start <= at:
				next = min(pieces[pi].end, s.End)
				if !isCode(s) || isCode(pieces[pi].sp) {
					use = pieces[pi].sp
				}
			case pi < len(pieces) && pieces[pi].start < next:
				next = pieces[pi].start
			}
			use.End = next
			out = appendSpan(out, use)
			at = next
		}
	}
	return out
}

// isCode reports whether the shell interprets the bytes of s: unquoted,
// and not a comment or a here-document body.
func isCode(s Span) bool {
	return s.Quote == Unquoted && s.Role != Comment && s.Role != Heredoc
}

// readCron reads crontab lines: each line's five time fields (or one
// @keyword) are data, the rest a shell script.
func (rd *reader) readCron(src string, depth int) Reading {
	var r Reading
	for start := 0; start < len(src); {
		end := strings.IndexByte(src[start:], '\n') + 1
		if end == 0 {
			end = len(src) - start
		}
		line := src[start : start+end]
		cmd := cronCommand(line)
		r.Spans = appendSpan(r.Spans, Span{End: start + cmd, Role: Argument, Quote: Single})
		if t := strings.TrimLeft(line, " \t"); strings.HasPrefix(t, "#") {
			r.Spans = appendSpan(r.Spans, Span{End: start + end, Role: Comment})
		} else if cmd < len(line) {
			r.append(rd.read(line[cmd:], false, depth), start+cmd)
		}
		start += end
	}
	return r
}

// cronCommand returns where the command of a crontab line starts: after
// five time fields, or after an @keyword; a variable setting has none.
func cronCommand(line string) int {
	fields := 5
	t := strings.TrimLeft(line, " \t")
	switch {
	case strings.HasPrefix(t, "@"):
		fields = 1
	case strings.HasPrefix(t, "#"):
		return 0
	case strings.Contains(strings.SplitN(t, " ", 2)[0], "="):
		return len(line)
	}
	i := 0
	for ; fields > 0; fields-- {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		for i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '\n' {
			i++
		}
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}
