package filetype

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name, head string
		want       Type
	}{
		{"a/b.sh", "", Type{Reading: Shell}},
		{"run", "#!/usr/bin/env -S bash -e\n", Type{Reading: Shell}},
		{"run", "#!/bin/dash\n", Type{Reading: Shell}},
		{"tool", "#!/usr/bin/python3\n", Type{Source, Python, false}},
		{"README.md", "", Type{Reading: Prose}},
		{"locale/fr/LC_MESSAGES/x.po", "", Type{Reading: Prose}},
		{"main.go", "", Type{Source, CLike, false}},
		{"x.toml", "", Type{Data, INI, false}},
		{"Dockerfile", "", Type{Text, Dockerfile, false}},
		{".github/workflows/ci.yml", "", Type{Data, Workflow, false}},
		{"themes/agnoster.zsh-theme", "", Type{Reading: Shell, Prompt: true}},
		{"themes/x.omp.json", "", Type{Data, JSON, true}},
		// A prompt plugin's documentation shows its glyphs; ps1 names the
		// prompt, but .ps1 is a PowerShell script.
		{"plugins/kube-ps1/README.md", "", Type{Reading: Prose, Prompt: true}},
		{"plugins/kube-ps1/kube-ps1.plugin.zsh", "", Type{Reading: Shell, Prompt: true}},
		{"git_ps1.sh", "", Type{Reading: Shell, Prompt: true}},
		{"tools/setup.ps1", "", Type{Source, Hash, false}},
		{"docs/ps10/README.md", "", Type{Reading: Prose}},
		{"themes/README.md", "", Type{Reading: Prose, Prompt: true}},
		{"data.bin", "", Type{}},
	}
	for _, tt := range tests {
		if got := Of(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("Of(%q, %q) = %+v, want %+v", tt.name, tt.head, got, tt.want)
		}
	}
}

func TestSpans(t *testing.T) {
	tests := []struct {
		syntax Syntax
		text   string
		want   []string // the text of each span, with its reading
	}{
		{CLike, "x := \"a\\\"b\" // c\n/* d */ y := `e\nf` + 'g'", []string{`prose:"a\"b"`, "prose:// c", "prose:/* d */", "prose:`e\nf`", "prose:'g'"}},
		{CLike, "s := \"open\nx", []string{`prose:"open`}},
		{Python, "x = '''a\nb''' # c\n", []string{"prose:'''a\nb'''", "prose:# c"}},
		{Lua, "--[[ a ]] x = [[b]] -- c", []string{"prose:--[[ a ]]", "prose:[[b]]", "prose:-- c"}},
		{Lisp, "(merge-rule \"\\\\IeC {\\\\-}\" \"x\") ; soft hyphen\n#| b |#", []string{"prose:\"\\\\IeC {\\\\-}\"", "prose:\"x\"", "prose:; soft hyphen", "prose:#| b |#"}},
		{JSON, `{"key": "value", "list": ["a"]}`, []string{`prose:"value"`, `prose:"a"`}},
		{PackageJSON, `{"name": "x", "scripts": {"test": "go test"}}`, []string{`prose:"x"`, "shell:go test"}},
		{YAML, "# c\nkey: value text\n- item\n", []string{"prose:# c", "prose:value text", "prose:item"}},
		{Workflow, "steps:\n  - run: make\n  - run: |\n      echo a\n      echo b\n    name: x\n", []string{"shell:make", "shell:echo a", "shell:echo b", "prose:x"}},
		{INI, "[s]\nkey = va lue ; x\n# c\n", []string{"prose:va lue ; x", "prose:# c"}},
		{Dockerfile, "FROM x\nRUN a \\\n  b\n# c\n", []string{"shell:a \\", "shell:  b", "prose:# c"}},
		{Makefile, "all:\n\tgo build\n# c\n", []string{"shell:\tgo build", "prose:# c"}},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range Spans(tt.syntax, tt.text) {
			got = append(got, s.Reading.String()+":"+tt.text[s.Start:s.End])
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Spans(%d, %q) (-want +got):\n%s", tt.syntax, tt.text, diff)
		}
	}
}

// FuzzSpans checks that the spans of any text are in order, inside it and
// without overlap.
func FuzzSpans(f *testing.F) {
	f.Add(uint8(CLike), "x := \"a\" // b\n/* c */")
	f.Add(uint8(YAML), "a: b\n  - c\n")
	f.Add(uint8(PackageJSON), `{"scripts": {"a": "b"}}`)
	f.Fuzz(func(t *testing.T, s uint8, text string) {
		prev := 0
		for _, sp := range Spans(Syntax(s%uint8(PackageJSON+1)), text) {
			if sp.Start < prev || sp.End < sp.Start || sp.End > len(text) {
				t.Fatalf("span [%d, %d) after %d in %d bytes", sp.Start, sp.End, prev, len(text))
			}
			prev = sp.End
		}
	})
}

// TestDocumented checks that the table of docs/scan.md names every
// extension and file name of the tables here, with its reading.
func TestDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/scan.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // the first cell of each table row, by its text
	for line := range strings.Lines(string(data)) {
		if cells := strings.Split(line, " | "); strings.HasPrefix(line, "| ") && len(cells) >= 3 {
			rows[strings.TrimPrefix(cells[0], "| ")] = line
		}
	}
	row := func(t Type) string {
		switch {
		case t.Syntax.EmbedsShell() || t.Syntax == Dockerfile || t.Syntax == Makefile:
			return rows["embedded shell"]
		case t.Reading == Shell:
			return rows["shell"]
		case t.Reading == Prose:
			return rows["prose"]
		case t.Reading == Source:
			return rows["source"]
		case t.Reading == Data:
			return rows["data"]
		}
		return rows["text"]
	}
	for _, e := range byExt {
		ext, typ := e.key, e.typ
		if !strings.Contains(row(typ), "`"+ext+"`") {
			t.Errorf("docs/scan.md: %s is not in the row of its type", ext)
		}
	}
	for _, e := range byName {
		name, typ := e.key, e.typ
		r := row(typ)
		if typ.Syntax == INI && typ.Prompt {
			r = string(data) // named among the prompt files
		}
		if !strings.Contains(r, name) {
			t.Errorf("docs/scan.md: %s is not in the row of its type", name)
		}
	}
}

// TestTableKeysUnique checks what a map literal checked at compile time:
// no extension or name appears twice, so no row hides another.
func TestTableKeysUnique(t *testing.T) {
	for _, table := range [][]typeEntry{byExt[:], byName[:]} {
		seen := map[string]bool{}
		for _, e := range table {
			if seen[e.key] {
				t.Errorf("%q appears twice", e.key)
			}
			seen[e.key] = true
		}
	}
}
