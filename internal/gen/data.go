package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

const maxRune = 0x10FFFF

// source is a verified data file: its name, its checksum and its text.
type source struct {
	name   string
	sha256 string
	header string // first comment line, e.g. "# Scripts-17.0.0.txt"
	data   []byte
}

// loader reads data files from one directory, each only after its
// checksum matched SHA256SUMS.
type loader struct {
	dir  string
	sums map[string]string
	used []*source
}

func newLoader(dir string) (*loader, error) {
	b, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return nil, fmt.Errorf("reading checksums: %w", err)
	}
	sums := make(map[string]string)
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || len(f[0]) != 64 {
			return nil, fmt.Errorf("SHA256SUMS:%d: malformed line %q", i+1, line)
		}
		sums[strings.TrimPrefix(f[1], "*")] = strings.ToLower(f[0])
	}
	return &loader{dir: dir, sums: sums}, nil
}

// load returns the verified contents of the named file.
func (l *loader) load(name string) (*source, error) {
	want, ok := l.sums[name]
	if !ok {
		return nil, fmt.Errorf("%s: not listed in SHA256SUMS", name)
	}
	data, err := os.ReadFile(filepath.Join(l.dir, name))
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		return nil, fmt.Errorf("%s: sha256 %s, SHA256SUMS says %s", name, got, want)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	first, _, _ := bytes.Cut(data, []byte("\n"))
	s := &source{name: name, sha256: want, header: strings.TrimSpace(string(first)), data: data}
	l.used = append(l.used, s)
	return s, nil
}

// records calls fn with the semicolon-separated, trimmed fields of every
// data line of the file (comments and blank lines skipped).
func (s *source) records(fn func(line int, f []string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(s.data))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		f := strings.Split(text, ";")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if err := fn(n, f); err != nil {
			return fmt.Errorf("%s:%d: %w", s.name, n, err)
		}
	}
	return sc.Err()
}

// parseCodePoint parses one hexadecimal code point.
func parseCodePoint(s string) (rune, error) {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || v > maxRune || len(s) < 4 {
		return 0, fmt.Errorf("bad code point %q", s)
	}
	return rune(v), nil
}

// parseRange parses "XXXX" or "XXXX..YYYY".
func parseRange(s string) (lo, hi rune, err error) {
	a, b, isRange := strings.Cut(s, "..")
	if lo, err = parseCodePoint(a); err != nil {
		return 0, 0, err
	}
	if !isRange {
		return lo, lo, nil
	}
	if hi, err = parseCodePoint(b); err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	return lo, hi, nil
}

// parseSequence parses space-separated code points.
func parseSequence(s string) ([]rune, error) {
	var seq []rune
	for _, f := range strings.Fields(s) {
		r, err := parseCodePoint(f)
		if err != nil {
			return nil, err
		}
		seq = append(seq, r)
	}
	if len(seq) == 0 {
		return nil, fmt.Errorf("empty code point sequence")
	}
	return seq, nil
}

// rangeProperty calls set for every code point of every record whose
// second field is one of values (all records when values is empty).
func rangeProperty(s *source, values map[string]bool, set func(r rune, value string)) error {
	return s.records(func(_ int, f []string) error {
		if len(f) < 2 {
			return fmt.Errorf("want at least 2 fields, have %d", len(f))
		}
		if len(values) > 0 && !values[f[1]] {
			return nil
		}
		lo, hi, err := parseRange(f[0])
		if err != nil {
			return err
		}
		for r := lo; r <= hi; r++ {
			set(r, f[1])
		}
		return nil
	})
}
