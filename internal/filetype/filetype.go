// Package filetype decides how scan reads a file, from its name and its
// first line, and finds the parts of a file that another reading fits:
// the comments and string literals of source code and the values of data
// files, read as prose, and the shell commands embedded in build and CI
// files, read as commands.
//
// The table of file types is the Types variable; docs/scan.md shows it.
package filetype

import (
	"bytes"
	"path"
	"strings"
)

// A Reading is how a whole file, or a span of it, is read.
type Reading uint8

const (
	// Text is read without knowing what it is (plainsight.ContextAny).
	Text Reading = iota
	// Shell is read as a shell command (plainsight.ContextCommand).
	Shell
	// Prose is read as prose (plainsight.ContextProse).
	Prose
	// Source is code: read as Text, with its comments and string
	// literals read as Prose.
	Source
	// Data is a data or configuration file: read as Text (its keys), with
	// its values and comments read as Prose.
	Data
)

var readingNames = [...]string{Text: "text", Shell: "shell", Prose: "prose", Source: "source", Data: "data"}

// String returns the name of r, as config files write it.
func (r Reading) String() string {
	if int(r) < len(readingNames) {
		return readingNames[r]
	}
	return "text"
}

// ParseReading returns the Reading named s.
func ParseReading(s string) (Reading, bool) {
	for i, n := range readingNames {
		if n == s {
			return Reading(i), true
		}
	}
	return 0, false
}

// A Type is what scan knows of a file: its reading, the syntax that finds
// its spans, and whether it configures a shell prompt or theme.
type Type struct {
	Reading Reading
	Syntax  Syntax
	// Prompt marks a shell theme or prompt configuration, where
	// Powerline and Nerd Font glyphs (private-use characters) are a
	// known convention.
	Prompt bool
}

// A Syntax names the lexer that finds the spans of a file.
type Syntax uint8

const (
	NoSyntax    Syntax = iota
	CLike              // // and /* */ comments; "", '' and `` strings (C, C++, Go, Java, JavaScript, TypeScript, Rust, C#, Swift, Kotlin, Scala, PHP, CSS)
	Python             // # comments; '', "", ''' and """ strings
	Hash               // # comments; '' and "" strings (Perl, R, Ruby, Elixir, Nim, CMake, Tcl, PowerShell, Makefile)
	Lua                // -- and --[[ ]] comments; '', "" and [[ ]] strings
	SQL                // -- and /* */ comments; '' strings
	Lisp               // ; and #| |# comments; "" strings (Lisp, Scheme, Emacs Lisp, xindy style files)
	Markup             // <!-- --> comments and text: the whole file is prose
	JSON               // strings; a string before a colon is a key
	YAML               // key: value lines; # comments
	INI                // key = value lines, [sections]; # and ; comments (TOML, INI, .properties, .editorconfig)
	Dockerfile         // RUN instructions are shell; # comments prose
	Makefile           // recipe lines (after a tab) are shell; # comments prose
	Workflow           // YAML whose run:, script: values are shell (GitHub Actions, GitLab CI)
	PackageJSON        // JSON whose "scripts" values are shell
)

// A typeEntry gives the type of files with one extension or base name.
// The tables are arrays, not maps, so that they are data in the binary
// rather than built at start-up: every hook call is a process that links
// this package.
type typeEntry struct {
	key string
	typ Type
}

// lookup returns the type table gives key.
func lookup(table []typeEntry, key string) (Type, bool) {
	for _, e := range table {
		if e.key == key {
			return e.typ, true
		}
	}
	return Type{}, false
}

// byExt is the table of file types by extension, lower case.
var byExt = [...]typeEntry{
	// Shell: the command reading.
	{".sh", Type{Reading: Shell}}, {".bash", Type{Reading: Shell}}, {".zsh", Type{Reading: Shell}}, {".ksh", Type{Reading: Shell}},
	{".zsh-theme", Type{Reading: Shell, Prompt: true}}, {".fish", Type{Reading: Source, Syntax: Hash, Prompt: true}},
	// Prose.
	{".md", Type{Reading: Prose}}, {".markdown", Type{Reading: Prose}}, {".rst", Type{Reading: Prose}}, {".txt", Type{Reading: Prose}},
	{".adoc", Type{Reading: Prose}}, {".po", Type{Reading: Prose}}, {".pot", Type{Reading: Prose}}, {".strings", Type{Reading: Prose}},
	{".xliff", Type{Reading: Prose}}, {".xlf", Type{Reading: Prose}}, {".html", Type{Reading: Prose}}, {".htm", Type{Reading: Prose}},
	{".tex", Type{Reading: Prose}}, {".mdx", Type{Reading: Prose}}, {".org", Type{Reading: Prose}}, {".1", Type{Reading: Prose}},
	{".5", Type{Reading: Prose}}, {".7", Type{Reading: Prose}}, {".8", Type{Reading: Prose}},
	// Source code.
	{".c", Type{Source, CLike, false}}, {".h", Type{Source, CLike, false}}, {".cc", Type{Source, CLike, false}}, {".cpp", Type{Source, CLike, false}},
	{".hpp", Type{Source, CLike, false}}, {".go", Type{Source, CLike, false}}, {".java", Type{Source, CLike, false}},
	{".js", Type{Source, CLike, false}}, {".mjs", Type{Source, CLike, false}}, {".cjs", Type{Source, CLike, false}}, {".jsx", Type{Source, CLike, false}},
	{".ts", Type{Source, CLike, false}}, {".tsx", Type{Source, CLike, false}}, {".mts", Type{Source, CLike, false}}, {".rs", Type{Source, CLike, false}},
	{".cs", Type{Source, CLike, false}}, {".swift", Type{Source, CLike, false}}, {".kt", Type{Source, CLike, false}}, {".scala", Type{Source, CLike, false}},
	{".php", Type{Source, CLike, false}}, {".css", Type{Source, CLike, false}}, {".scss", Type{Source, CLike, false}}, {".less", Type{Source, CLike, false}},
	{".dart", Type{Source, CLike, false}}, {".m", Type{Source, CLike, false}}, {".vue", Type{Source, CLike, false}}, {".svelte", Type{Source, CLike, false}},
	{".s", Type{Source, CLike, false}}, {".asm", Type{Source, CLike, false}},
	{".py", Type{Source, Python, false}}, {".pyi", Type{Source, Python, false}},
	{".rb", Type{Source, Hash, false}}, {".pl", Type{Source, Hash, false}}, {".pm", Type{Source, Hash, false}}, {".r", Type{Source, Hash, false}},
	{".ex", Type{Source, Hash, false}}, {".exs", Type{Source, Hash, false}}, {".cmake", Type{Source, Hash, false}}, {".tcl", Type{Source, Hash, false}},
	{".ps1", Type{Source, Hash, false}}, {".nim", Type{Source, Hash, false}},
	{".lua", Type{Source, Lua, false}}, {".sql", Type{Source, SQL, false}},
	{".lisp", Type{Source, Lisp, false}}, {".el", Type{Source, Lisp, false}}, {".scm", Type{Source, Lisp, false}}, {".xdy", Type{Source, Lisp, false}},
	{".xml", Type{Source, Markup, false}}, {".svg", Type{Source, Markup, false}},
	// Data and configuration.
	{".json", Type{Data, JSON, false}}, {".jsonc", Type{Data, JSON, false}}, {".json5", Type{Data, JSON, false}},
	{".yaml", Type{Data, YAML, false}}, {".yml", Type{Data, YAML, false}},
	{".toml", Type{Data, INI, false}}, {".ini", Type{Data, INI, false}}, {".cfg", Type{Data, INI, false}}, {".conf", Type{Data, INI, false}},
	{".properties", Type{Data, INI, false}},
}

// byName is the table of file types by whole base name.
var byName = [...]typeEntry{
	{"Dockerfile", Type{Text, Dockerfile, false}}, {"Containerfile", Type{Text, Dockerfile, false}},
	{"Makefile", Type{Text, Makefile, false}}, {"makefile", Type{Text, Makefile, false}}, {"GNUmakefile", Type{Text, Makefile, false}},
	{"package.json", Type{Data, PackageJSON, false}}, {".gitlab-ci.yml", Type{Data, Workflow, false}},
	{".bashrc", Type{Shell, NoSyntax, true}}, {".zshrc", Type{Shell, NoSyntax, true}}, {".bash_profile", Type{Shell, NoSyntax, true}},
	{".profile", Type{Shell, NoSyntax, true}}, {".zprofile", Type{Shell, NoSyntax, true}}, {".p10k.zsh", Type{Shell, NoSyntax, true}},
	{"starship.toml", Type{Data, INI, true}}, {".tmux.conf", Type{Data, INI, true}},
	{"README", Type{Reading: Prose}}, {"LICENSE", Type{Reading: Prose}}, {"COPYING", Type{Reading: Prose}}, {"NOTICE", Type{Reading: Prose}},
	{"AUTHORS", Type{Reading: Prose}}, {"CONTRIBUTORS", Type{Reading: Prose}}, {"CHANGELOG", Type{Reading: Prose}}, {"CHANGES", Type{Reading: Prose}},
}

// shells are the interpreters of a shebang line read as shell.
var shells = []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"}

// Of returns the type of the file at name (slash-separated) whose first
// bytes are head.
func Of(name string, head []byte) Type {
	base := path.Base(name)
	if t, ok := lookup(byName[:], base); ok {
		return t
	}
	if strings.HasPrefix(name, ".github/workflows/") || strings.Contains(name, "/.github/workflows/") {
		if ext := path.Ext(base); ext == ".yml" || ext == ".yaml" {
			return Type{Data, Workflow, false}
		}
	}
	if strings.HasPrefix(base, "Dockerfile.") || strings.HasSuffix(base, ".dockerfile") {
		return Type{Text, Dockerfile, false}
	}
	t, ok := lookup(byExt[:], strings.ToLower(path.Ext(base)))
	if !ok && bytes.HasPrefix(head, []byte("#!")) {
		if shebangShell(head) {
			t = Type{Reading: Shell}
		} else if bytes.Contains(firstLine(head), []byte("python")) {
			t = Type{Source, Python, false}
		}
	}
	if promptPath(name) && (t.Reading == Shell || t.Reading == Data || t.Reading == Prose || t.Syntax != NoSyntax) {
		t.Prompt = true
	}
	return t
}

// promptPath reports whether name is in a theme or prompt directory, or
// names a prompt configuration (oh-my-posh's *.omp.json): a path that
// holds theme, prompt, powerline, p10k, starship or .omp., or the word
// ps1 (the variable that holds a shell's prompt, as in kube-ps1 or
// git-ps1) anywhere but as the extension (.ps1 is a PowerShell script).
func promptPath(name string) bool {
	lower := strings.ToLower(name)
	for _, p := range []string{"theme", "prompt", "powerline", "p10k", "starship", ".omp."} {
		if strings.Contains(lower, p) {
			return true
		}
	}
	stem := strings.TrimSuffix(lower, path.Ext(lower))
	for w := range strings.FieldsFuncSeq(stem, func(r rune) bool { return r == '/' || r == '-' || r == '_' || r == '.' }) {
		if w == "ps1" {
			return true
		}
	}
	return false
}

func firstLine(head []byte) []byte {
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		return head[:i]
	}
	return head
}

// shebangShell reports whether the #! line of head runs a shell: /bin/sh,
// /usr/bin/env bash, /usr/bin/env -S zsh -f and the like.
func shebangShell(head []byte) bool {
	fields := strings.Fields(string(firstLine(head)[2:]))
	for i, f := range fields {
		prog := path.Base(f)
		if i == 0 && prog == "env" {
			continue
		}
		if strings.HasPrefix(f, "-") && i > 0 {
			continue
		}
		for _, s := range shells {
			if prog == s {
				return true
			}
		}
		return false
	}
	return false
}
