package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/typography"
)

// corpusLine is one case of a corpus file under ../../corpus, with the
// group ("T1", ...) named by the last "# Tn" comment above it.
type corpusLine struct {
	where, verdict, group, input string
}

func readCorpusFile(t *testing.T, path string) []corpusLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []corpusLine
	group := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if g, ok := strings.CutPrefix(line, "# T"); ok {
			group = "T" + strings.Fields(g)[0]
			continue
		}
		fields := strings.SplitN(line, " ", 4)
		if len(fields) != 4 || (fields[0] != "attack" && fields[0] != "benign") {
			continue
		}
		in, err := strconv.Unquote(fields[3])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		cases = append(cases, corpusLine{path + ":" + strconv.Itoa(n) + " " + fields[1], fields[0], group, in})
	}
	return cases
}

// TestProjectKeepsAttacks checks the typography rules against every attack
// of the corpus: each one must keep a warn-level finding once the code
// points the rules place become info.
func TestProjectKeepsAttacks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "corpus", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var j typography.Judge
	byRule := map[typography.Rule]int{}
	for _, file := range files {
		for _, c := range readCorpusFile(t, file) {
			if c.verdict != "attack" {
				continue
			}
			r := plainsight.Sanitize(c.input)
			if r.HasWarning() && !project(c.input, r, &j, byRule) {
				t.Errorf("%s: %+q loses its warn level under the typography rules", c.where, c.input)
			}
		}
	}
}

// TestProjectQuietsTypography checks that the benign cases of the rules
// that package typography implements (groups T1, T2, T4 to T7 and T11 of
// corpus/pending/typography.txt) keep no warn-level finding once the code
// points the rules place become info.
func TestProjectQuietsTypography(t *testing.T) {
	implemented := map[string]bool{"T1": true, "T2": true, "T3": true, "T4": true, "T5": true, "T6": true, "T7": true, "T8": true, "T9": true, "T10": true, "T11": true}
	var j typography.Judge
	byRule := map[typography.Rule]int{}
	n := 0
	for _, c := range readCorpusFile(t, filepath.Join("..", "..", "corpus", "pending", "typography.txt")) {
		if !implemented[c.group] {
			continue
		}
		n++
		r := plainsight.Sanitize(c.input)
		if r.HasWarning() && project(c.input, r, &j, byRule) {
			t.Errorf("%s (%s): %+q keeps a warn-level finding under the typography rules", c.where, c.group, c.input)
		}
	}
	if n == 0 {
		t.Error("no benign case of an implemented group")
	}
}
