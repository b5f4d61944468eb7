package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/plainsight-dev/plainsight"
)

// commandLines measures the command reading (ContextCommand) on the
// command lines of the tldr pages, as a person would type them: each
// line without its backquotes, as written and as typed (typedLines). It
// counts distinct lines, and the distinct page lines (the line as the page
// writes it) of which any form warns, and lists every warn-level line
// with -hits.
func commandLines(dir string, hits bool, stdout io.Writer) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no *.txt files in %s", dir)
	}
	slices.Sort(files)
	index := map[string]int{} // a distinct line's index in lines
	var lines, where []string
	var forms [][]int // per distinct page line, the indexes of its forms
	page := map[string]bool{}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if !strings.HasPrefix(line, "`") {
				continue
			}
			line = strings.Trim(line, "`")
			if page[line] {
				continue
			}
			page[line] = true
			var these []int
			for _, l := range append([]string{line}, typedLines(line)...) {
				k, ok := index[l]
				if !ok {
					k = len(lines)
					index[l] = k
					lines = append(lines, l)
					where = append(where, filepath.Base(path)+":"+strconv.Itoa(n))
				}
				these = append(these, k)
			}
			forms = append(forms, these)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return err
		}
	}
	p := plainsight.Policy{Context: plainsight.ContextCommand}
	warned := 0
	warns := make([]bool, len(lines))
	var list []string
	for k, l := range lines {
		r := p.Sanitize(l)
		if !r.HasWarning() {
			continue
		}
		warned++
		warns[k] = true
		for _, w := range r.Warnings {
			if w.Severity == plainsight.SeverityWarn {
				list = append(list, fmt.Sprintf("%s: %s: %s in %s", where[k], w.Kind, w.Explanation, strconv.QuoteToASCII(l)))
			}
		}
	}
	pageWarned := 0
	for _, these := range forms {
		if slices.ContainsFunc(these, func(k int) bool { return warns[k] }) {
			pageWarned++
		}
	}
	fmt.Fprintf(stdout, "| counted | lines | warn-level lines | share |\n| --- | ---: | ---: | ---: |\n")
	fmt.Fprintf(stdout, "| distinct command lines (as written and as typed) | %d | %d | %s |\n", len(lines), warned, share(warned, len(lines)))
	fmt.Fprintf(stdout, "| distinct page lines (warned if any form warns) | %d | %d | %s |\n", len(forms), pageWarned, share(pageWarned, len(forms)))
	if hits {
		fmt.Fprintln(stdout)
		for _, h := range list {
			fmt.Fprintln(stdout, h)
		}
	}
	return nil
}

// share is n of total as a percentage with four decimals.
func share(n, total int) string {
	return strconv.FormatFloat(100*float64(n)/float64(max(total, 1)), 'f', 4, 64) + "%"
}

// typedLines returns line as a person types it: each {{…}} placeholder
// unwrapped ({{path/to/file}} becomes path/to/file), and a placeholder
// that offers alternatives ({{on|off}}, {{[-v|--verbose]}}; tldr's
// syntax, not a pipe) replaced by one of them. The k-th line takes the
// k-th alternative of every placeholder (the last where it has fewer),
// so that each alternative is typed in some line.
func typedLines(line string) []string {
	type part struct {
		text string
		alts []string
	}
	var parts []part
	n := 1
	for {
		i := strings.Index(line, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(line[i+2:], "}}")
		if j < 0 {
			break
		}
		inner := line[i+2 : i+2+j]
		// {{{a b}}}: the extra braces are text, as in the pages.
		for strings.HasPrefix(line[i+2+j+2:], "}") {
			j++
			inner = line[i+2 : i+2+j]
		}
		parts = append(parts, part{text: line[:i]})
		alts := []string{inner}
		if in, ok := strings.CutPrefix(inner, "["); ok && strings.HasSuffix(in, "]") && strings.Contains(in, "|") {
			alts = strings.Split(strings.TrimSuffix(in, "]"), "|")
		} else if strings.Contains(inner, "|") && !strings.Contains(inner, " ") {
			alts = strings.Split(inner, "|")
		}
		parts = append(parts, part{alts: alts})
		n = max(n, len(alts))
		line = line[i+2+j+2:]
	}
	parts = append(parts, part{text: line})
	out := make([]string, n)
	for k := range out {
		var b strings.Builder
		for _, p := range parts {
			if p.alts == nil {
				b.WriteString(p.text)
			} else {
				b.WriteString(p.alts[min(k, len(p.alts)-1)])
			}
		}
		out[k] = b.String()
	}
	return out
}
