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
// where: kind: explanation, and the tokens; -info lists the info-level ones;
// -line adds the line that raised it, quoted in ASCII.
//
// With -commands it measures the command reading instead on the distinct
// command lines, each as written and as a person types it (its {{…}}
// placeholders unwrapped, one alternative of each): the lines with a
// warn-level warning, and with -hits each of them.
//
// With -context prose (or command) it sanitizes under that reading of the
// text instead of the default one (docs/typography.md).
//
// Usage:
//
//	go run ./internal/fpcheck [-dir ../shared/corpus/tldr] [-context any|prose|command] [-hits] [-info] [-line] [-strip]
//	go run ./internal/fpcheck -commands [-dir ../shared/corpus/tldr] [-hits]
//	go run ./internal/fpcheck -mo '/usr/share/locale/*/LC_MESSAGES/*.mo' [-context any|prose|command] [-hits] [-info] [-line]
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
	hits    []string           // warn-level findings, for -hits
	info    []string           // info-level findings, for -info
}

func newCounts() counts {
	return counts{kinds: [2]map[finding]int{{}, {}}}
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fpcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", filepath.Join("..", "shared", "corpus", "tldr"), "directory of `*.txt` corpus files")
	mo := fs.String("mo", "", "read the gettext catalogs matching this `glob` instead, such as '/usr/share/locale/*/LC_MESSAGES/*.mo'")
	hits := fs.Bool("hits", false, "list every warn-level finding")
	info := fs.Bool("info", false, "list every info-level finding")
	var m measurer
	fs.BoolVar(&m.quote, "line", false, "with -hits or -info, show each finding's line, quoted in ASCII")
	fs.TextVar(&m.policy.Context, "context", plainsight.ContextAny, "read the text as `any`, prose or command")
	commands := fs.Bool("commands", false, "measure the command reading on the distinct command lines, as written and as typed ({{…}} unwrapped, one alternative each)")
	strip := fs.Bool("strip", false, "strip the Markdown markers (\"- \", \"> \", \"# \", backquotes) before sanitizing")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *commands {
		if err := commandLines(*dir, *hits, stdout); err != nil {
			fmt.Fprintf(stderr, "fpcheck: %v\n", err)
			return 2
		}
		return 0
	}
	var (
		rows []row
		err  error
	)
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
		printCatalogTable(stdout, rows)
	} else {
		printTLDRTable(stdout, rows)
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

func printCatalogTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| lang | catalogs | lines | warn-level lines | escaped lines | warn | info |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | --- | --- |")
	for _, r := range rows {
		lines := r.c.lines[description]
		fmt.Fprintf(w, "| %s | %d | %d | %d (%s) | %d (%s) | %s | %s |\n", r.lang, r.c.files, lines,
			r.c.warned[description], percent(r.c.warned[description], lines),
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
		for k, n := range o.kinds[i] {
			c.kinds[i][k] += n
		}
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

// measurer reads a corpus and sanitizes its lines under policy.
type measurer struct {
	policy plainsight.Policy
	quote  bool // add the line to each listed finding
}

// add sanitizes one line of type typ, found at where, and counts what it
// raises into c.
func (m *measurer) add(c *counts, typ int, line, where string) {
	c.lines[typ]++
	r := m.policy.Sanitize(line)
	if r.HasWarning() {
		c.warned[typ]++
	}
	for range r.Escapes.All() {
		c.escaped[typ]++
		break
	}
	for _, w := range r.Warnings {
		c.kinds[typ][finding{w.Kind, w.Severity}]++
		msg := fmt.Sprintf("%s: %s: %s %q", where, w.Kind, w.Explanation, w.Tokens)
		if m.quote {
			msg += " in " + strconv.QuoteToASCII(line)
		}
		if w.Severity == plainsight.SeverityWarn {
			c.hits = append(c.hits, msg)
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
