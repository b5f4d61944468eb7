package shellread

import (
	"path"
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/names"
	"mvdan.cc/sh/v3/syntax"
)

// A LayerKind says who runs the string of a Layer.
type LayerKind uint8

const (
	// LayerShell is a script for a local shell: the argument of sh -c,
	// eval's words, a trap action, an alias value, a here-document read
	// by a shell, a variable that programs run through a shell.
	LayerShell LayerKind = iota + 1
	// LayerRemote is a script for the shell of a remote host (ssh).
	LayerRemote
	// LayerCode is a program in another language (Layer.Lang).
	LayerCode
)

var layerKindNames = names.Table[LayerKind]{
	LayerShell:  "shell",
	LayerRemote: "remote",
	LayerCode:   "code",
}

// String returns the stable name of k, such as "shell".
func (k LayerKind) String() string { return layerKindNames.String(k, "LayerKind") }

// A Layer is a string of a command that some program will run as code:
// its bytes in the Reading have the roles of that code, not those of a
// quoted string. Layers nest; Span.Layer names the innermost one holding
// a byte.
type Layer struct {
	// Start and End are the bytes of the command that hold the string,
	// its quotes included.
	Start, End int
	Kind       LayerKind
	// Via names what runs the string as the command writes it, such as
	// "bash -c", "ssh prod", "eval", "GIT_SSH_COMMAND".
	Via string
	// Lang is the language of a LayerCode, such as "Python".
	Lang string
	// Parent is the layer that holds this one (an index into
	// Reading.Layers plus one), or 0 at the top level.
	Parent int
}

// MaxDepth is how many layers deep Read reads: a string in a string in a
// string ... more than MaxDepth deep is read as the quoted data the
// layer above sees.
const MaxDepth = 8

// A value is the text a string of the command holds once the shell has
// removed its quotes and escapes, with, for every byte, the bytes of the
// source it comes from.
type value struct {
	text       []byte
	start, end []int // source bytes of text[i]: [start[i], end[i])
}

func (v *value) add(b byte, start, end int) {
	v.text = append(v.text, b)
	v.start = append(v.start, start)
	v.end = append(v.end, end)
}

// slice returns the part of v from byte i on.
func (v value) slice(i int) value {
	return value{text: v.text[i:], start: v.start[i:], end: v.end[i:]}
}

// wordValue returns the value of w, whose source is src: literal parts
// unescaped, quotes removed, ANSI-C escapes decoded; an expansion keeps
// its source text, which stands for what the shell puts there.
func wordValue(src string, w *syntax.Word) value {
	var v value
	if w == nil {
		return v
	}
	for _, p := range w.Parts {
		partValue(&v, src, p, false)
	}
	return v
}

func partValue(v *value, src string, p syntax.WordPart, dq bool) {
	start, end := int(p.Pos().Offset()), int(p.End().Offset())
	if start > end || end > len(src) {
		return
	}
	switch p := p.(type) {
	case *syntax.Lit:
		unescape(v, src, start, end, dq)
	case *syntax.SglQuoted:
		open := start + 1
		if p.Dollar {
			open++
			decodeANSIC(v, src, open, end-1)
			return
		}
		for i := open; i < end-1; i++ {
			v.add(src[i], i, i+1)
		}
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			partValue(v, src, q, true)
		}
	default:
		for i := start; i < end; i++ {
			v.add(src[i], i, i+1)
		}
	}
}

// unescape adds the literal src[start:end], unquoted or in double quotes.
func unescape(v *value, src string, start, end int, dq bool) {
	for i := start; i < end; i++ {
		c := src[i]
		if c == '\\' && i+1 < end {
			n := src[i+1]
			switch {
			case n == '\n':
				i++
				continue
			case !dq || strings.IndexByte("\"\\$`", n) >= 0:
				v.add(n, i, i+2)
				i++
				continue
			}
		}
		v.add(c, i, i+1)
	}
}

// decodeANSIC adds the body src[start:end] of a $'…' string, decoded as
// Bash decodes it.
func decodeANSIC(v *value, src string, start, end int) {
	for i := start; i < end; i++ {
		c := src[i]
		if c != '\\' || i+1 >= end {
			v.add(c, i, i+1)
			continue
		}
		j := i + 1
		var r rune = -1
		switch e := src[j]; e {
		case 'a':
			r = '\a'
		case 'b':
			r = '\b'
		case 'e', 'E':
			r = 0x1b
		case 'f':
			r = '\f'
		case 'n':
			r = '\n'
		case 'r':
			r = '\r'
		case 't':
			r = '\t'
		case 'v':
			r = '\v'
		case '\\', '\'', '"', '?':
			r = rune(e)
		case 'x', 'u', 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			k := j + 1
			r = 0
			for ; k < end && k <= j+max && isHex(src[k]); k++ {
				r = r*16 + hexVal(src[k])
			}
			if k == j+1 {
				r = -1
				break
			}
			j = k - 1
		case 'c':
			if j+1 < end {
				j++
				r = rune(src[j]) & 0x1f
			}
		default:
			if '0' <= e && e <= '7' {
				r = 0
				k := j
				for ; k < end && k < j+3 && '0' <= src[k] && src[k] <= '7'; k++ {
					r = r*8 + rune(src[k]-'0')
				}
				j = k - 1
			}
		}
		if r < 0 {
			v.add(c, i, i+1)
			continue
		}
		var buf [utf8.UTFMax]byte
		n := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:n] {
			v.add(b, i, j+1)
		}
		i = j
	}
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hexVal(c byte) rune {
	switch {
	case c <= '9':
		return rune(c - '0')
	case c >= 'a':
		return rune(c-'a') + 10
	}
	return rune(c-'A') + 10
}

// staticWord returns the value of w when it holds no expansion.
func staticWord(src string, w *syntax.Word) (string, bool) {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return "", false
				}
			}
		default:
			return "", false
		}
	}
	return string(wordValue(src, w).text), true
}

// A found layer, before it is read: the value of its string, what runs
// it, and in which language.
type found struct {
	val   value
	kind  LayerKind
	via   string
	lang  string
	cron  bool // crontab lines: the command follows five time fields
	start int  // source bytes of the whole string, quotes included
	end   int
}

// A finder collects the layers of one parsed command.
type finder struct {
	src   string
	found []found
	// names holds the name of each command a wrapper runs (sudo's,
	// timeout's, find -exec's): a command name like the first word.
	names []*syntax.Word
}

// joinWords returns the values of ws joined by single spaces, as ssh,
// eval and watch join their words.
func (f *finder) joinWords(ws []*syntax.Word) value {
	var v value
	for k, w := range ws {
		if k > 0 {
			at := int(w.Pos().Offset())
			v.add(' ', at, at)
		}
		wv := wordValue(f.src, w)
		v.text = append(v.text, wv.text...)
		v.start = append(v.start, wv.start...)
		v.end = append(v.end, wv.end...)
	}
	return v
}

func (f *finder) add(v value, kind LayerKind, via, lang string, ws ...*syntax.Word) {
	if len(v.text) == 0 || len(ws) == 0 {
		return
	}
	f.found = append(f.found, found{val: v, kind: kind, via: via, lang: lang,
		start: int(ws[0].Pos().Offset()), end: int(ws[len(ws)-1].End().Offset())})
}

// stdin is what reads a command's standard input as code.
type stdin struct {
	kind LayerKind
	via  string
	lang string
	cron bool
}

// stmt finds the layers of one statement: those of its command's words,
// and its here-documents and here-strings when the command reads its
// input as code.
func (f *finder) stmt(s *syntax.Stmt) {
	if s == nil {
		return
	}
	var in *stdin
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		f.assigns(c.Assigns)
		in = f.call(c.Args)
	case *syntax.DeclClause:
		for _, a := range c.Args {
			if a.Name != nil && !a.Naked {
				f.assign(a.Name.Value, a.Value)
			}
		}
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			if r := f.reader(c.Y); r != nil {
				f.echoed(c.X, r)
			}
		}
	}
	if in == nil {
		return
	}
	for _, r := range s.Redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc != nil && r.Hdoc.Pos().IsValid() {
				var v value
				start, end := int(r.Hdoc.Pos().Offset()), int(r.Hdoc.End().Offset())
				for i := start; i < end && i < len(f.src); i++ {
					v.add(f.src[i], i, i+1)
				}
				f.addIn(v, in, r.Hdoc)
			}
		case syntax.WordHdoc:
			f.addIn(wordValue(f.src, r.Word), in, r.Word)
		}
	}
}

func (f *finder) addIn(v value, in *stdin, w *syntax.Word) {
	n := len(f.found)
	f.add(v, in.kind, in.via, in.lang, w)
	if len(f.found) > n {
		f.found[n].cron = in.cron
	}
}

// reader returns what reads the standard input of s as code, if anything.
func (f *finder) reader(s *syntax.Stmt) *stdin {
	if s == nil {
		return nil
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		sub := finder{src: f.src}
		return sub.call(c.Args)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			return f.reader(c.X)
		}
	}
	return nil
}

// echoed adds the text that echo or printf in s writes, when r reads it
// as code.
func (f *finder) echoed(s *syntax.Stmt, r *stdin) {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) < 2 {
		return
	}
	name, _ := staticWord(f.src, c.Args[0])
	args := c.Args[1:]
	switch name {
	case "echo":
		for len(args) > 1 {
			if a, _ := staticWord(f.src, args[0]); a == "-n" || a == "-e" || a == "-E" || a == "-ne" || a == "-en" {
				args = args[1:]
				continue
			}
			break
		}
	case "printf":
		args = args[:1]
	default:
		return
	}
	n := len(f.found)
	f.add(f.joinWords(args), r.kind, r.via, r.lang, args...)
	if len(f.found) > n {
		f.found[n].cron = r.cron
	}
}

func (f *finder) assigns(as []*syntax.Assign) {
	for _, a := range as {
		if a.Name != nil {
			f.assign(a.Name.Value, a.Value)
		}
	}
}

// assign adds the value of a variable that programs run through a shell.
func (f *finder) assign(name string, w *syntax.Word) {
	if isShellVariable(name) && w != nil {
		f.add(varValue(name, wordValue(f.src, w)), LayerShell, name, "", w)
	}
}

// varValue returns the script in v, the value of the variable name: all
// of it but for LESSOPEN's leading "|" or "||" and a "-" after them,
// which are less's own syntax (less(1), INPUT PREPROCESSOR).
func varValue(name string, v value) value {
	if name != "LESSOPEN" {
		return v
	}
	k := 0
	for k < 2 && k < len(v.text) && v.text[k] == '|' {
		k++
	}
	if k > 0 && k < len(v.text) && v.text[k] == '-' {
		k++
	}
	return v.slice(k)
}

// call finds the layers of a simple command's words: through the chain of
// wrappers, the string that the last program runs as code. It returns
// what reads the command's standard input as code, if anything.
func (f *finder) call(ws []*syntax.Word) *stdin {
	for hops := 0; len(ws) > 0 && hops < 32; hops++ {
		name, ok := staticWord(f.src, ws[0])
		if !ok {
			return nil
		}
		// env's and sudo's NAME=value words.
		for strings.Contains(name, "=") && isName(name[:strings.IndexByte(name, '=')]) {
			eq := strings.IndexByte(name, '=')
			if isShellVariable(name[:eq]) {
				v := wordValue(f.src, ws[0])
				if k := indexByte(v.text, '='); k >= 0 {
					f.add(varValue(name[:eq], v.slice(k+1)), LayerShell, name[:eq], "", ws[0])
				}
			}
			ws = ws[1:]
			if len(ws) == 0 {
				return nil
			}
			if name, ok = staticWord(f.src, ws[0]); !ok {
				return nil
			}
		}
		if hops > 0 {
			f.names = append(f.names, ws[0])
		}
		p, ok := lookupProgram(path.Base(name))
		if !ok {
			return nil
		}
		via := path.Base(name)
		args := ws[1:]
		switch p.kind {
		case progWrapper:
			ws = f.skip(args, p, p.npos)
		case progShell:
			i, code := f.shellOptions(args, p)
			switch {
			case code && i < len(args):
				f.add(wordValue(f.src, args[i]), LayerShell, via+" -c", "", args[i])
				return nil
			case code:
				return nil
			case i == len(args):
				return &stdin{kind: LayerShell, via: via}
			}
			if a, _ := staticWord(f.src, args[i]); a == "-" || a == "-s" {
				return &stdin{kind: LayerShell, via: via}
			}
			f.procSubst(args[i], via)
			return nil
		case progRemote:
			rest := f.skip(args, p, 0)
			if len(rest) == 0 {
				return nil
			}
			host, _ := staticWord(f.src, rest[0])
			via := "ssh " + host
			if len(rest) == 1 {
				return &stdin{kind: LayerRemote, via: via}
			}
			f.add(f.joinWords(rest[1:]), LayerRemote, via, "", rest[1:]...)
			return nil
		case progCode:
			for i := 0; i < len(args); i++ {
				a, _ := staticWord(f.src, args[i])
				if a == "-" {
					return &stdin{kind: LayerCode, via: via, lang: p.lang}
				}
				for _, c := range p.code {
					switch {
					case a == c && i+1 < len(args):
						f.add(wordValue(f.src, args[i+1]), LayerCode, via+" "+c, p.lang, args[i+1])
						return nil
					case strings.HasPrefix(c, "--") && strings.HasPrefix(a, c+"="):
						v := wordValue(f.src, args[i])
						f.add(v.slice(len(c)+1), LayerCode, via+" "+c, p.lang, args[i])
						return nil
					}
				}
				if !strings.HasPrefix(a, "-") {
					return nil // a script file
				}
			}
			if len(args) == 0 {
				return &stdin{kind: LayerCode, via: via, lang: p.lang}
			}
			return nil
		case progAwk:
			rest := f.skip(args, p, 0)
			for _, a := range args[:len(args)-len(rest)] {
				if s, _ := staticWord(f.src, a); s == "-f" || strings.HasPrefix(s, "--file") {
					return nil
				}
			}
			if len(rest) > 0 {
				f.add(wordValue(f.src, rest[0]), LayerCode, via, p.lang, rest[0])
			}
			return nil
		case progJoin:
			rest := f.skip(args, p, 0)
			if p.runs == "parallel" {
				for k, w := range rest {
					if s, _ := staticWord(f.src, w); strings.HasPrefix(s, ":::") {
						rest = rest[:k]
						break
					}
				}
			}
			if len(rest) > 0 {
				f.add(f.joinWords(rest), LayerShell, via, "", rest...)
			}
			return nil
		case progCodeOpt:
			for i := 0; i < len(args); i++ {
				a, _ := staticWord(f.src, args[i])
				for _, c := range p.code {
					if a == c && i+1 < len(args) {
						f.add(wordValue(f.src, args[i+1]), LayerShell, via+" "+c, "", args[i+1])
						return nil
					}
				}
			}
			if p.runs == "flock" {
				ws = f.skip(args, p, p.npos)
				continue
			}
			return nil
		case progTrap:
			rest := f.skip(args, p, 0)
			if len(rest) > 1 { // trap ACTION SIGNAL...
				f.add(wordValue(f.src, rest[0]), LayerShell, via, "", rest[0])
			}
			return nil
		case progAlias:
			for _, w := range args {
				v := wordValue(f.src, w)
				if k := indexByte(v.text, '='); k > 0 {
					f.add(v.slice(k+1), LayerShell, "alias "+string(v.text[:k]), "", w)
				}
			}
			return nil
		case progGit:
			f.git(args)
			return nil
		case progCrontab:
			rest := f.skip(args, p, 0)
			if len(rest) == 0 {
				return &stdin{kind: LayerShell, via: via, cron: true}
			}
			if s, _ := staticWord(f.src, rest[len(rest)-1]); s == "-" {
				return &stdin{kind: LayerShell, via: via, cron: true}
			}
			return nil
		case progSource:
			if len(args) > 0 {
				f.procSubst(args[0], via)
			}
			return nil
		case progFind:
			ws = nil
			for i, w := range args {
				if s, _ := staticWord(f.src, w); s == "-exec" || s == "-execdir" || s == "-ok" || s == "-okdir" {
					rest := args[i+1:]
					for k, w := range rest {
						if s, _ := staticWord(f.src, w); s == ";" || s == "+" {
							rest = rest[:k]
							break
						}
					}
					ws = rest
					break
				}
			}
		case progAfterDashes:
			ws = nil
			for i, w := range args {
				if s, _ := staticWord(f.src, w); s == "--" {
					ws = args[i+1:]
					break
				}
			}
		case progContainer:
			ws = nil
			for i, w := range args {
				s, _ := staticWord(f.src, w)
				if s == "run" || s == "exec" {
					ws = f.skip(args[i+1:], p, 1)
					break
				}
				if !strings.HasPrefix(s, "-") && s != "container" {
					break
				}
			}
		default:
			return nil
		}
	}
	return nil
}

// shellOptions skips a shell's options: it returns the index of the first
// operand and whether a -c was among them.
func (f *finder) shellOptions(args []*syntax.Word, p program) (int, bool) {
	code := false
	for i := 0; i < len(args); i++ {
		a, ok := staticWord(f.src, args[i])
		switch {
		case !ok:
			return i, code
		case a == "--" || a == "-":
			if a == "--" {
				return i + 1, code
			}
			return i, code
		case strings.HasPrefix(a, "--"):
			if a == "--rcfile" || a == "--init-file" {
				i++
			}
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			for _, c := range a[1:] {
				switch c {
				case 'c':
					code = true
				case 'o', 'O':
					i++
				}
			}
		default:
			return i, code
		}
	}
	return len(args), code
}

// skip skips the options of p at the start of args (and the values of
// those that take one), then npos positional words.
func (f *finder) skip(args []*syntax.Word, p program, npos int) []*syntax.Word {
	for len(args) > 0 {
		a, ok := staticWord(f.src, args[0])
		if !ok || !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		args = args[1:]
		if a == "--" {
			break
		}
		for _, o := range p.args {
			if a == o {
				if len(args) > 0 {
					args = args[1:]
				}
				break
			}
		}
	}
	for ; npos > 0 && len(args) > 0; npos-- {
		args = args[1:]
	}
	return args
}

// git adds the alias.* values that start with "!", given with -c or to
// git config.
func (f *finder) git(args []*syntax.Word) {
	for i := 0; i < len(args); i++ {
		a, _ := staticWord(f.src, args[i])
		switch {
		case a == "-c" && i+1 < len(args):
			i++
			v := wordValue(f.src, args[i])
			if k := indexByte(v.text, '='); k > 0 && strings.HasPrefix(string(v.text[:k]), "alias.") && k+1 < len(v.text) && v.text[k+1] == '!' {
				f.add(v.slice(k+2), LayerShell, "git alias "+string(v.text[6:k]), "", args[i])
			}
		case a == "config":
			for k := i + 1; k+1 < len(args); k++ {
				name, _ := staticWord(f.src, args[k])
				if !strings.HasPrefix(name, "alias.") {
					continue
				}
				v := wordValue(f.src, args[k+1])
				if len(v.text) > 1 && v.text[0] == '!' {
					f.add(v.slice(1), LayerShell, "git alias "+name[6:], "", args[k+1])
				}
				return
			}
			return
		case !strings.HasPrefix(a, "-"):
			return
		}
	}
}

// procSubst adds, for a word that is a process substitution <(…) whose
// last command is echo or printf, the text it writes: a script the shell
// runs.
func (f *finder) procSubst(w *syntax.Word, via string) {
	if len(w.Parts) != 1 {
		return
	}
	ps, ok := w.Parts[0].(*syntax.ProcSubst)
	if !ok || ps.Op != syntax.CmdIn || len(ps.Stmts) == 0 {
		return
	}
	f.echoed(ps.Stmts[len(ps.Stmts)-1], &stdin{kind: LayerShell, via: via})
}

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}
