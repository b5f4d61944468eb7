// Command fpcheck measures false positives: it runs plainsight.Sanitize over
// every line of a benign corpus (by default the tldr pages in
// ../shared/corpus/tldr, one file per language) and prints, per language,
// the lines read and the warnings by kind and severity, separately for
// descriptions and commands, as a Markdown table.
//
// A line that starts with a backquote is a command; every other line is a
// description. With -hits it also lists every warn-level finding as
// file:line: kind: explanation, and the tokens.
//
// With -context command the command lines are read as shell commands
// (plainsight.ContextCommand), without their backquotes, which the shell
// would otherwise take for a command substitution.
//
// Usage:
//
//	go run ./internal/fpcheck [-dir ../shared/corpus/tldr] [-hits] [-info] [-strip] [-context any|command]
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

// counts holds, for one language, lines and warnings per kind.
type counts struct {
	lines [2]int                     // [description, command]
	kinds [2]map[plainsight.Kind]int // occurrences (lines) per kind
	hits  []string                   // warn-level findings, for -hits
	info  []string                   // info-level findings, for -info
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fpcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", filepath.Join("..", "shared", "corpus", "tldr"), "directory of `*.txt` corpus files")
	hits := fs.Bool("hits", false, "list every warn-level finding")
	info := fs.Bool("info", false, "list every info-level finding")
	strip := fs.Bool("strip", false, "strip the Markdown markers (\"- \", \"> \", \"# \", backquotes) before sanitizing")
	var ctx plainsight.Context
	fs.TextVar(&ctx, "context", plainsight.ContextAny, "read command lines in `context` (any or command)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	files, err := filepath.Glob(filepath.Join(*dir, "*.txt"))
	if err != nil || len(files) == 0 {
		fmt.Fprintf(stderr, "fpcheck: no *.txt files in %s\n", *dir)
		return 2
	}
	slices.Sort(files)
	var total counts
	total.init()
	type row struct {
		lang string
		c    counts
	}
	var rows []row
	for _, f := range files {
		c, err := measure(f, *strip, ctx)
		if err != nil {
			fmt.Fprintf(stderr, "fpcheck: %v\n", err)
			return 2
		}
		rows = append(rows, row{strings.TrimSuffix(filepath.Base(f), ".txt"), c})
		total.merge(c)
	}
	fmt.Fprintln(stdout, "| lang | description lines | command lines | descriptions: warn | descriptions: info | commands: warn | commands: info |")
	fmt.Fprintln(stdout, "| --- | ---: | ---: | --- | --- | --- | --- |")
	for _, r := range append(rows, row{"**total**", total}) {
		fmt.Fprintf(stdout, "| %s | %d | %d | %s | %s | %s | %s |\n", r.lang, r.c.lines[0], r.c.lines[1],
			r.c.format(0, plainsight.SeverityWarn), r.c.format(0, plainsight.SeverityInfo),
			r.c.format(1, plainsight.SeverityWarn), r.c.format(1, plainsight.SeverityInfo))
	}
	if *hits {
		fmt.Fprintln(stdout)
		for _, r := range rows {
			for _, h := range r.c.hits {
				fmt.Fprintln(stdout, h)
			}
		}
	}
	if *info {
		fmt.Fprintln(stdout)
		for _, r := range rows {
			for _, h := range r.c.info {
				fmt.Fprintln(stdout, h)
			}
		}
	}
	return 0
}

func (c *counts) init() {
	for i := range c.kinds {
		c.kinds[i] = map[plainsight.Kind]int{}
	}
}

func (c *counts) merge(o counts) {
	for i := range c.lines {
		c.lines[i] += o.lines[i]
		for k, n := range o.kinds[i] {
			c.kinds[i][k] += n
		}
	}
}

// format lists the kinds of severity sev found in lines of type typ, as
// "kind n, kind n", or "0".
func (c *counts) format(typ int, sev plainsight.Severity) string {
	var parts []string
	for _, k := range plainsight.Kinds() {
		if n := c.kinds[typ][k]; n > 0 && k.Severity() == sev {
			parts = append(parts, k.String()+" "+strconv.Itoa(n))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, ", ")
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

// measure sanitizes every line of the file at path, stripped of its
// Markdown markers if strip is set; command lines are read in context ctx.
func measure(path string, strip bool, ctx plainsight.Context) (counts, error) {
	var c counts
	c.init()
	f, err := os.Open(path)
	if err != nil {
		return c, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		typ := 0
		if strings.HasPrefix(line, "`") {
			typ = 1
		}
		c.lines[typ]++
		var p plainsight.Policy
		if strip || typ == 1 && ctx == plainsight.ContextCommand {
			line = stripMarkdown(line)
		}
		if typ == 1 {
			p.Context = ctx
		}
		for _, w := range p.Sanitize(line).Warnings {
			c.kinds[typ][w.Kind]++
			msg := fmt.Sprintf("%s:%d: %s: %s %q", filepath.Base(path), n, w.Kind, w.Explanation, w.Tokens)
			if w.Severity == plainsight.SeverityWarn {
				c.hits = append(c.hits, msg)
			} else {
				c.info = append(c.info, msg)
			}
		}
	}
	return c, sc.Err()
}
