// Command fpcheck measures false positives: it runs plainsight.Sanitize over
// every line of a benign corpus and prints, per language, the lines read and
// the warnings by kind and severity, as a Markdown table.
//
// By default the corpus is the tldr pages in ../shared/corpus/tldr, one
// file per language. A line that starts with a backquote is a command;
// every other line is a description, and the two are counted apart.
//
// With -mo it reads GNU gettext catalogs instead, such as the ones under
// /usr/share/locale/<language>/LC_MESSAGES/: every line of every
// translation (each plural form), in the language named by the directory
// above LC_MESSAGES. Its table gives, per language, the lines, the lines
// with a warn-level warning, the lines holding an escape, and the lines
// with each kind of warning by severity.
//
// With -hits it also lists every warn-level finding as
// where: kind: explanation, and the tokens; -info lists the info-level ones.
//
// With -project it adds, for the catalogs, the lines that would keep a
// warn-level finding once the typography rules of docs/typography.md (T1,
// T2, T4 to T7: package internal/typography) make each code point in a
// typographic place an info finding, and counts those places by rule;
// -hits then lists only the findings of such lines. With -prose the rules
// read the text as prose, as plainsight.ContextProse will.
//
// Usage:
//
//	go run ./internal/fpcheck [-dir ../shared/corpus/tldr] [-hits] [-info] [-strip]
//	go run ./internal/fpcheck -mo '/usr/share/locale/*/LC_MESSAGES/*.mo' [-project [-prose]] [-hits] [-info]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/typography"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// Line types of the tldr corpus; catalogs have descriptions only.
const (
	description = iota
	command
)

// finding is a kind at one severity: since a kind can be reported at both,
// lines are counted per pair.
type finding struct {
	kind plainsight.Kind
	sev  plainsight.Severity
}

// counts holds, for one language, lines and warnings per kind.
type counts struct {
	files   int                // catalogs read
	lines   [2]int             // [description, command]
	warned  [2]int             // lines with a warn-level warning
	escaped [2]int             // lines with at least one escape
	kinds   [2]map[finding]int // lines per kind and severity
	// With -project: lines that keep a warn-level finding under the
	// typography rules, and the typographic places found, by rule.
	kept   [2]int
	byRule map[typography.Rule]int
	hits   []string // warn-level findings, for -hits
	info   []string // info-level findings, for -info
}

func newCounts() counts {
	return counts{kinds: [2]map[finding]int{{}, {}}, byRule: map[typography.Rule]int{}}
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fpcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", filepath.Join("..", "shared", "corpus", "tldr"), "directory of `*.txt` corpus files")
	mo := fs.String("mo", "", "read the gettext catalogs matching this `glob` instead, such as '/usr/share/locale/*/LC_MESSAGES/*.mo'")
	hits := fs.Bool("hits", false, "list every warn-level finding")
	info := fs.Bool("info", false, "list every info-level finding")
	prose := fs.Bool("prose", false, "with -project, read the text as prose: a no-break space between words is a word space (T12)")
	proj := fs.Bool("project", false, "add the lines that would keep a warn-level finding once the typography rules (docs/typography.md) make typographic places info")
	strip := fs.Bool("strip", false, "strip the Markdown markers (\"- \", \"> \", \"# \", backquotes) before sanitizing")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var (
		rows []row
		err  error
	)
	m := measurer{project: *proj}
	m.judge.Prose = *prose
	if *mo != "" {
		rows, err = m.catalogs(*mo, stderr)
	} else {
		rows, err = m.tldr(*dir, *strip)
	}
	if err != nil {
		fmt.Fprintf(stderr, "fpcheck: %v\n", err)
		return 2
	}
	total := newCounts()
	for _, r := range rows {
		total.merge(r.c)
	}
	rows = append(rows, row{"**total**", total})
	if *mo != "" {
		printCatalogTable(stdout, rows, *proj)
	} else {
		printTLDRTable(stdout, rows)
	}
	if *proj {
		fmt.Fprintln(stdout)
		for r := typography.None + 1; r.String() != fmt.Sprintf("Rule(%d)", uint8(r)); r++ {
			fmt.Fprintf(stdout, "%s: %d\n", r, total.byRule[r])
		}
	}
	last := rows[len(rows)-1]
	if *hits {
		fmt.Fprintln(stdout)
		for _, h := range last.c.hits {
			fmt.Fprintln(stdout, h)
		}
	}
	if *info {
		fmt.Fprintln(stdout)
		for _, h := range last.c.info {
			fmt.Fprintln(stdout, h)
		}
	}
	return 0
}

// row is one language of a table.
type row struct {
	lang string
	c    counts
}

func printTLDRTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| lang | description lines | command lines | descriptions: warn | descriptions: info | commands: warn | commands: info |")
	fmt.Fprintln(w, "| --- | ---: | ---: | --- | --- | --- | --- |")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s | %s | %s |\n", r.lang, r.c.lines[description], r.c.lines[command],
			r.c.format(description, plainsight.SeverityWarn), r.c.format(description, plainsight.SeverityInfo),
			r.c.format(command, plainsight.SeverityWarn), r.c.format(command, plainsight.SeverityInfo))
	}
}

func printCatalogTable(w io.Writer, rows []row, project bool) {
	if project {
		fmt.Fprintln(w, "| lang | catalogs | lines | warn-level lines | under the rules | escaped lines | warn | info |")
		fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |")
	} else {
		fmt.Fprintln(w, "| lang | catalogs | lines | warn-level lines | escaped lines | warn | info |")
		fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | --- | --- |")
	}
	for _, r := range rows {
		lines := r.c.lines[description]
		fmt.Fprintf(w, "| %s | %d | %d | %d (%s) |", r.lang, r.c.files, lines,
			r.c.warned[description], percent(r.c.warned[description], lines))
		if project {
			fmt.Fprintf(w, " %d (%s) |", r.c.kept[description], percent(r.c.kept[description], lines))
		}
		fmt.Fprintf(w, " %d (%s) | %s | %s |\n",
			r.c.escaped[description], percent(r.c.escaped[description], lines),
			r.c.format(description, plainsight.SeverityWarn), r.c.format(description, plainsight.SeverityInfo))
	}
}

// percent formats n/of as a percentage with two decimals.
func percent(n, of int) string {
	if of == 0 {
		return "0%"
	}
	return strconv.FormatFloat(100*float64(n)/float64(of), 'f', 2, 64) + "%"
}

func (c *counts) merge(o counts) {
	c.files += o.files
	for i := range c.lines {
		c.lines[i] += o.lines[i]
		c.warned[i] += o.warned[i]
		c.escaped[i] += o.escaped[i]
		c.kept[i] += o.kept[i]
		for k, n := range o.kinds[i] {
			c.kinds[i][k] += n
		}
	}
	for r, n := range o.byRule {
		c.byRule[r] += n
	}
	c.hits = append(c.hits, o.hits...)
	c.info = append(c.info, o.info...)
}

// format lists the kinds of severity sev found in lines of type typ, as
// "kind n, kind n", or "0".
func (c *counts) format(typ int, sev plainsight.Severity) string {
	var parts []string
	for _, k := range plainsight.Kinds() {
		if n := c.kinds[typ][finding{k, sev}]; n > 0 {
			parts = append(parts, k.String()+" "+strconv.Itoa(n))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, ", ")
}

// measurer reads a corpus and sanitizes its lines.
type measurer struct {
	project bool // also project the typography rules
	judge   typography.Judge
}

// add sanitizes one line of type typ, found at where, and counts what it
// raises into c.
func (m *measurer) add(c *counts, typ int, line, where string) {
	c.lines[typ]++
	r := plainsight.Sanitize(line)
	kept := true
	if r.HasWarning() {
		c.warned[typ]++
		if m.project {
			if kept = project(line, r, &m.judge, c.byRule); kept {
				c.kept[typ]++
			}
		}
	}
	if len(r.Escapes) > 0 {
		c.escaped[typ]++
	}
	for _, w := range r.Warnings {
		c.kinds[typ][finding{w.Kind, w.Severity}]++
		msg := fmt.Sprintf("%s: %s: %s %q", where, w.Kind, w.Explanation, w.Tokens)
		if w.Severity == plainsight.SeverityWarn {
			if kept {
				c.hits = append(c.hits, msg)
			}
		} else {
			c.info = append(c.info, msg)
		}
	}
}

// tldr measures every *.txt file in dir, one row per file.
func (m *measurer) tldr(dir string, strip bool) ([]row, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no *.txt files in %s", dir)
	}
	slices.Sort(files)
	var rows []row
	for _, f := range files {
		c, err := m.tldrFile(f, strip)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{strings.TrimSuffix(filepath.Base(f), ".txt"), c})
	}
	return rows, nil
}

// stripMarkdown removes the tldr page markers, leaving the bare sentence
// or command, so that the detector is measured without their help.
func stripMarkdown(line string) string {
	for _, p := range []string{"- ", "> ", "# "} {
		if s, ok := strings.CutPrefix(line, p); ok {
			return s
		}
	}
	return strings.Trim(line, "`")
}

// tldrFile sanitizes every line of the file at path, stripped of its
// Markdown markers if strip is set.
func (m *measurer) tldrFile(path string, strip bool) (counts, error) {
	c := newCounts()
	f, err := os.Open(path)
	if err != nil {
		return c, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		typ := description
		if strings.HasPrefix(line, "`") {
			typ = command
		}
		if strip {
			line = stripMarkdown(line)
		}
		m.add(&c, typ, line, filepath.Base(path)+":"+strconv.Itoa(n))
	}
	return c, sc.Err()
}
