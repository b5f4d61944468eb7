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

// byExt is the table of file types by extension, lower case.
var byExt = map[string]Type{
	// Shell: the command reading.
	".sh": {Reading: Shell}, ".bash": {Reading: Shell}, ".zsh": {Reading: Shell}, ".ksh": {Reading: Shell},
	".zsh-theme": {Reading: Shell, Prompt: true}, ".fish": {Reading: Source, Syntax: Hash, Prompt: true},
	// Prose.
	".md": {Reading: Prose}, ".markdown": {Reading: Prose}, ".rst": {Reading: Prose}, ".txt": {Reading: Prose},
	".adoc": {Reading: Prose}, ".po": {Reading: Prose}, ".pot": {Reading: Prose}, ".strings": {Reading: Prose},
	".xliff": {Reading: Prose}, ".xlf": {Reading: Prose}, ".html": {Reading: Prose}, ".htm": {Reading: Prose},
	".tex": {Reading: Prose}, ".mdx": {Reading: Prose}, ".org": {Reading: Prose}, ".1": {Reading: Prose},
	".5": {Reading: Prose}, ".7": {Reading: Prose}, ".8": {Reading: Prose},
	// Source code.
	".c": {Source, CLike, false}, ".h": {Source, CLike, false}, ".cc": {Source, CLike, false}, ".cpp": {Source, CLike, false},
	".hpp": {Source, CLike, false}, ".go": {Source, CLike, false}, ".java": {Source, CLike, false},
	".js": {Source, CLike, false}, ".mjs": {Source, CLike, false}, ".cjs": {Source, CLike, false}, ".jsx": {Source, CLike, false},
	".ts": {Source, CLike, false}, ".tsx": {Source, CLike, false}, ".mts": {Source, CLike, false}, ".rs": {Source, CLike, false},
	".cs": {Source, CLike, false}, ".swift": {Source, CLike, false}, ".kt": {Source, CLike, false}, ".scala": {Source, CLike, false},
	".php": {Source, CLike, false}, ".css": {Source, CLike, false}, ".scss": {Source, CLike, false}, ".less": {Source, CLike, false},
	".dart": {Source, CLike, false}, ".m": {Source, CLike, false}, ".vue": {Source, CLike, false}, ".svelte": {Source, CLike, false},
	".s": {Source, CLike, false}, ".asm": {Source, CLike, false},
	".py": {Source, Python, false}, ".pyi": {Source, Python, false},
	".rb": {Source, Hash, false}, ".pl": {Source, Hash, false}, ".pm": {Source, Hash, false}, ".r": {Source, Hash, false},
	".ex": {Source, Hash, false}, ".exs": {Source, Hash, false}, ".cmake": {Source, Hash, false}, ".tcl": {Source, Hash, false},
	".ps1": {Source, Hash, false}, ".nim": {Source, Hash, false},
	".lua": {Source, Lua, false}, ".sql": {Source, SQL, false},
	".lisp": {Source, Lisp, false}, ".el": {Source, Lisp, false}, ".scm": {Source, Lisp, false}, ".xdy": {Source, Lisp, false},
	".xml": {Source, Markup, false}, ".svg": {Source, Markup, false},
	// Data and configuration.
	".json": {Data, JSON, false}, ".jsonc": {Data, JSON, false}, ".json5": {Data, JSON, false},
	".yaml": {Data, YAML, false}, ".yml": {Data, YAML, false},
	".toml": {Data, INI, false}, ".ini": {Data, INI, false}, ".cfg": {Data, INI, false}, ".conf": {Data, INI, false},
	".properties": {Data, INI, false},
}

// byName is the table of file types by whole base name.
var byName = map[string]Type{
	"Dockerfile": {Text, Dockerfile, false}, "Containerfile": {Text, Dockerfile, false},
	"Makefile": {Text, Makefile, false}, "makefile": {Text, Makefile, false}, "GNUmakefile": {Text, Makefile, false},
	"package.json": {Data, PackageJSON, false}, ".gitlab-ci.yml": {Data, Workflow, false},
	".bashrc": {Shell, NoSyntax, true}, ".zshrc": {Shell, NoSyntax, true}, ".bash_profile": {Shell, NoSyntax, true},
	".profile": {Shell, NoSyntax, true}, ".zprofile": {Shell, NoSyntax, true}, ".p10k.zsh": {Shell, NoSyntax, true},
	"starship.toml": {Data, INI, true}, ".tmux.conf": {Data, INI, true},
	"README": {Reading: Prose}, "LICENSE": {Reading: Prose}, "COPYING": {Reading: Prose}, "NOTICE": {Reading: Prose},
	"AUTHORS": {Reading: Prose}, "CONTRIBUTORS": {Reading: Prose}, "CHANGELOG": {Reading: Prose}, "CHANGES": {Reading: Prose},
}

// shells are the interpreters of a shebang line read as shell.
var shells = []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"}

// Of returns the type of the file at name (slash-separated) whose first
// bytes are head.
func Of(name string, head []byte) Type {
	base := path.Base(name)
	if t, ok := byName[base]; ok {
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
	t, ok := byExt[strings.ToLower(path.Ext(base))]
	if !ok && bytes.HasPrefix(head, []byte("#!")) {
		if shebangShell(head) {
			t = Type{Reading: Shell}
		} else if bytes.Contains(firstLine(head), []byte("python")) {
			t = Type{Source, Python, false}
		}
	}
	if promptPath(name) && (t.Reading == Shell || t.Reading == Data || t.Syntax != NoSyntax) {
		t.Prompt = true
	}
	return t
}

// promptPath reports whether name is in a theme or prompt directory, or
// names a prompt configuration (oh-my-posh's *.omp.json).
func promptPath(name string) bool {
	lower := strings.ToLower(name)
	for _, p := range []string{"theme", "prompt", "powerline", "p10k", "starship", ".omp."} {
		if strings.Contains(lower, p) {
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
