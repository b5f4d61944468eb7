// Package ucdtest reads the Unicode data files for tests, with a parser
// simpler than the generator's, so that the two check each other. Only
// tests import it.
package ucdtest

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Each calls fn with every code point that the data file dir/name lists,
// and the second field of its line. It skips the test when the data files
// are missing (they are not part of the repository).
func Each(t testing.TB, dir, name string, fn func(r rune, value string)) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Skipf("Unicode data not available: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Split(line, ";")
		if len(fields) < 2 {
			continue
		}
		cps, value := strings.TrimSpace(fields[0]), strings.TrimSpace(fields[1])
		a, b, ok := strings.Cut(cps, "..")
		if !ok {
			b = a
		}
		lo, err1 := strconv.ParseUint(a, 16, 32)
		hi, err2 := strconv.ParseUint(b, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		for r := rune(lo); r <= rune(hi); r++ {
			fn(r, value)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// Values returns the second field of the line of every code point that
// the data file dir/name lists; where a file lists a code point twice, the
// last line wins.
func Values(t testing.TB, dir, name string) map[rune]string {
	t.Helper()
	values := make(map[rune]string)
	Each(t, dir, name, func(r rune, v string) { values[r] = v })
	return values
}

// Property returns, for each of values, the code points that the data
// file dir/name lists with that value, as PropList.txt lists the code
// points of each binary property.
func Property(t testing.TB, dir, name string, values ...string) map[string]map[rune]bool {
	t.Helper()
	sets := make(map[string]map[rune]bool)
	for _, v := range values {
		sets[v] = make(map[rune]bool)
	}
	Each(t, dir, name, func(r rune, v string) {
		if set := sets[v]; set != nil {
			set[r] = true
		}
	})
	return sets
}
