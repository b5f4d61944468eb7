package scan

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"
)

// fingerprintKey names scan's fingerprint in SARIF partialFingerprints.
const fingerprintKey = "plainsightFingerprint/v1"

// maxSourceLine is the most bytes of a finding's source line kept, for
// its fingerprint and its display.
const maxSourceLine = 1024

// sourceLine returns the line of text that holds byte off, without its
// line ending, clipped to maxSourceLine bytes around off, and where off
// is in it.
func sourceLine(text string, off int) (string, int) {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += off
	}
	line := strings.TrimSuffix(text[start:end], "\r")
	at := off - start
	if len(line) > maxSourceLine {
		lo := max(at-maxSourceLine/2, 0)
		for lo > 0 && lo < len(line) && !utf8.RuneStart(line[lo]) {
			lo--
		}
		line = line[lo:min(lo+maxSourceLine, len(line))]
		at -= lo
	}
	return strings.Clone(line), min(at, len(line))
}

// fingerprint identifies a finding across commits: a hash of its kind,
// its token and its source line with runs of white space made one space
// and trimmed. It holds no path and no line number, so it stays the same
// when lines move or the file is renamed; it changes when the line does.
func (f *finding) fingerprint() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s", f.Kind, f.Token, strings.Join(strings.Fields(f.src), " "))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// baselineFile is the JSON form of a baseline.
type baselineFile struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

// A baselineEntry is one finding of a baseline. Only the fingerprint
// counts; the rest is for the people who read the file.
type baselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Kind        rule   `json:"kind"`
	Path        string `json:"path"`
	Line        int    `json:"line,omitempty"`
}

// A baseline is the findings a team has accepted: each fingerprint with
// how many times it may occur.
type baseline map[string]int

func loadBaseline(name string) (baseline, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var bf baselineFile
	if err := json.Unmarshal(data, &bf); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if bf.Version != 1 {
		return nil, fmt.Errorf("%s: baseline version %d, want 1", name, bf.Version)
	}
	b := baseline{}
	for _, e := range bf.Findings {
		b[e.Fingerprint]++
	}
	return b, nil
}

// filter drops from fs the findings the baseline accepts, each
// fingerprint as many times as it is listed, and returns how many.
func (b baseline) filter(fs []finding) ([]finding, int) {
	if b == nil {
		return fs, 0
	}
	kept, n := fs[:0], 0
	for _, f := range fs {
		fp := f.fingerprint()
		if b[fp] > 0 {
			b[fp]--
			n++
			continue
		}
		kept = append(kept, f)
	}
	return kept, n
}

// baselineWriter collects every finding into a baseline file.
type baselineWriter struct {
	name string
	bf   baselineFile
}

func (w *baselineWriter) begin() error { return nil }

func (w *baselineWriter) file(r fileResult) error {
	for _, f := range r.findings {
		w.bf.Findings = append(w.bf.Findings, baselineEntry{f.fingerprint(), f.Kind, f.Path, f.Line})
	}
	return nil
}

func (w *baselineWriter) end(*scanStats) error {
	w.bf.Version = 1
	if w.bf.Findings == nil {
		w.bf.Findings = []baselineEntry{}
	}
	data, err := json.MarshalIndent(w.bf, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(w.name, append(data, '\n'), 0o644)
}
