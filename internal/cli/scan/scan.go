// Package scan is the scan command: a CI gate that walks a tree as git
// would list it, scans each file with plainsight, and prints the findings
// as text, JSON Lines or SARIF.
package scan

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/filetype"
)

// chunkLen is the most of a file scan reads and sanitizes at once: files
// of any size are streamed in pieces cut after a newline, so that a
// worker's memory stays bounded.
const chunkLen = 4 << 20

// minBufLen is the smallest read buffer a worker starts with.
const minBufLen = 64 << 10

// skipReason says why a file was not scanned.
type skipReason uint8

const (
	scanned skipReason = iota
	skippedBinary
	// skippedSpecial: not a regular file when opened (a symbolic link, a
	// FIFO, a device): never followed nor read.
	skippedSpecial
	// skippedGone: listed, then gone when opened (a tracked file deleted
	// from the work tree).
	skippedGone
	// skippedExcluded: excluded by the config file.
	skippedExcluded
)

// A fileResult is what scanning one file produced.
type fileResult struct {
	seq      int
	path     string // displayable: neutralized
	uri      string
	size     int64
	skip     skipReason
	err      error
	findings []finding
	// suppressed counts the findings inline markers silenced.
	suppressed int
}

// scanStats are the totals of a scan, for the summary line.
type scanStats struct {
	files, unreadable, binary, special, gone, excluded int
	bytes                                              int64
	byKind                                             map[rule]int
	findings, suppressed, baselined                    int
	baseline                                           baseline
	failing                                            bool
	walk                                               walkCounts
}

// A choice is a flag value that must be one of a fixed list of words.
type choice struct {
	value   string
	allowed []string
}

func (c *choice) String() string { return c.value }

func (c *choice) Set(s string) error {
	if !slices.Contains(c.allowed, s) {
		return fmt.Errorf("want %s, got %q", strings.Join(c.allowed, ", "), s)
	}
	c.value = s
	return nil
}

// failOn is the lowest severity that makes scan exit 1: warn, info or
// never.
type failOn string

// fails reports whether a finding of severity s fails the scan.
func (f failOn) fails(s plainsight.Severity) bool {
	switch f {
	case "info":
		return true
	case "never":
		return false
	}
	return s == plainsight.SeverityWarn
}

// A findingWriter prints findings in one output format.
type findingWriter interface {
	begin() error
	file(r fileResult) error
	end(st *scanStats) error
}

// Main runs scan with args, the arguments after "scan", and returns its
// exit status: 1 for findings at or above -fail-on, 2 for an error or an
// unreadable file.
func Main(args []string, s cli.IO) int {
	stdout, stderr := s.Stdout, s.Stderr
	fs := cli.NewFlags("scan", s)
	format := choice{"text", []string{"text", "json", "sarif"}}
	fail := choice{"warn", []string{"warn", "info", "never"}}
	source := choice{"auto", []string{"auto", "always", "never"}}
	fs.Var(&source, "source", "text output: show each finding's source line with a caret under it: auto (on a terminal), always or never")
	fs.Var(&format, "format", "output `format`: text, json (JSON Lines) or sarif (SARIF 2.1.0)")
	jsonOut := fs.Bool("json", false, "short for -format json")
	fs.Var(&fail, "fail-on", "exit 1 on findings of this `severity` or above: warn, info or never")
	allowBinary := fs.Bool("allow-binary", false, "pass, and count, files that are not text and not a known binary format")
	noIgnore := fs.Bool("no-ignore", false, "with -no-git, scan what .gitignore files exclude too")
	noGit := fs.Bool("no-git", false, "walk directories instead of listing what git tracks and would add")
	writeBaseline := fs.String("write-baseline", "", "write every finding to this baseline `file` and exit 0")
	baselinePath := fs.String("baseline", "", "pass the findings this baseline `file` lists: only new ones fail")
	configPath := fs.String("config", "", "read this config `file` instead of "+configName+" at the repository root (docs/scan.md)")
	workers := fs.Int("j", runtime.GOMAXPROCS(0), "scan this many files at once")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	if *jsonOut {
		format.value = "json"
	}
	roots := fs.Args()
	if len(roots) == 0 {
		roots = []string{"."}
	}
	// The findings are written a file at a time, not a line at a time:
	// scanTree flushes buf after each file.
	buf := bufio.NewWriter(stdout)
	var out findingWriter
	switch format.value {
	case "json":
		out = &jsonLinesWriter{w: buf}
	case "sarif":
		out = &sarifWriter{w: buf}
	default:
		show := source.value == "always" || source.value == "auto" && isTerminal(stdout, s.Getenv)
		out = &textWriter{w: buf, source: show}
	}
	if *writeBaseline != "" {
		out = &baselineWriter{name: *writeBaseline}
	}
	start := time.Now()
	st := scanStats{byKind: map[rule]int{}}
	cfg, err := loadConfig(*configPath, configDir(roots[0], *noGit))
	if err == nil && *baselinePath != "" {
		st.baseline, err = loadBaseline(*baselinePath)
	}
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", cli.NeutralizeLine(err.Error()))
		return cli.ExitError
	}
	err = scanTree(roots, walker{noIgnore: *noIgnore, noGit: *noGit}, cfg, *allowBinary, max(*workers, 1), failOn(fail.value), out, buf.Flush, stderr, &st)
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	fmt.Fprintln(stderr, summaryLine(&st, time.Since(start)))
	if *writeBaseline != "" {
		return cli.ExitClean
	}
	switch {
	case st.unreadable > 0:
		return cli.ExitError
	case st.failing:
		return cli.ExitWarnings
	}
	return cli.ExitClean
}

// batchLen is how many files the walk hands a worker at once, and a
// worker hands back: one hand-over per file would cost more than reading
// a small file does.
const batchLen = 16

// scanTree walks roots in one goroutine, scans files in workers, and hands
// the results to out in walk order. At most window files are in flight, so
// memory does not grow with the size of the tree. The window is wide: a
// result waiting for its turn holds only its findings, and while one
// worker reads a large file, the others go on with the files after it
// instead of waiting for it to leave the window.
func scanTree(roots []string, w walker, cfg *config, allowBinary bool, workers int, fail failOn, out findingWriter, flush func() error, stderr io.Writer, st *scanStats) error {
	window := 16 * workers // batches
	jobs := make(chan []scanFile, window)
	results := make(chan []fileResult, window)
	slots := make(chan struct{}, window)
	walked := make(chan walkCounts, 1)
	go func() {
		var b []scanFile
		send := func() {
			slots <- struct{}{}
			jobs <- b
			b = nil
		}
		w.emit = func(f scanFile) {
			if b == nil {
				b = make([]scanFile, 0, batchLen)
			}
			if b = append(b, f); len(b) == batchLen {
				send()
			}
		}
		for _, r := range roots {
			w.root(r)
		}
		if len(b) > 0 {
			send()
		}
		close(jobs)
		walked <- w.counts
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			sc := scanner{allowBinary: allowBinary, cfg: cfg}
			for b := range jobs {
				rs := make([]fileResult, len(b))
				for i, f := range b {
					rs[i] = sc.scan(f)
				}
				results <- rs
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var outErr error
	if err := out.begin(); err != nil {
		outErr = err
	}
	pending := map[int][]fileResult{} // by the seq of their first file
	next := 0
	for rs := range results {
		pending[rs[0].seq] = rs
		for {
			rs, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next += len(rs)
			for _, r := range rs {
				var n int
				r.findings, n = st.baseline.filter(r.findings)
				st.baselined += n
				st.add(r, fail)
				if r.err != nil {
					fmt.Fprintf(stderr, "plainsight: %s\n", cli.NeutralizeLine(r.err.Error()))
				}
				if outErr == nil {
					outErr = out.file(r)
				}
				if outErr == nil && len(r.findings) > 0 {
					outErr = flush()
				}
			}
			<-slots
		}
	}
	st.walk = <-walked
	if err := out.end(st); outErr == nil {
		outErr = err
	}
	if err := flush(); outErr == nil {
		outErr = err
	}
	return outErr
}

func (st *scanStats) add(r fileResult, fail failOn) {
	switch {
	case r.err != nil:
		st.unreadable++
		return
	case r.skip == skippedBinary:
		st.binary++
		return
	case r.skip == skippedSpecial:
		st.special++
		return
	case r.skip == skippedGone:
		st.gone++
		return
	case r.skip == skippedExcluded:
		st.excluded++
		return
	}
	st.files++
	st.bytes += r.size
	st.suppressed += r.suppressed
	for _, f := range r.findings {
		st.findings++
		st.byKind[f.Kind]++
		st.failing = st.failing || fail.fails(f.Severity)
	}
}

// A scanner reads and scans files, one at a time. It keeps its read
// buffer between files, so a worker holds one chunk, whatever the files.
type scanner struct {
	allowBinary bool
	cfg         *config
	buf         []byte
}

// scan reads and scans one file. The file's URI, which only SARIF shows,
// is made for the files that have something to show.
func (sc *scanner) scan(f scanFile) fileResult {
	r := sc.scanFile(f)
	if r.err != nil || len(r.findings) > 0 {
		r.uri = pathURI(f.path)
		for i := range r.findings {
			r.findings[i].uri = r.uri
		}
	}
	return r
}

// scanFile reads and scans one file, chunk by chunk.
func (sc *scanner) scanFile(f scanFile) fileResult {
	r := fileResult{seq: f.seq, path: cli.DisplayName(f.path), err: f.err}
	if r.err != nil {
		return r
	}
	if sc.cfg == nil {
		sc.cfg = &config{}
	}
	rel := sc.cfg.rel(f.path)
	if sc.cfg.excluded(rel) {
		r.skip = skippedExcluded
		return r
	}
	file, size, notRegular, err := openRegular(f.path)
	switch {
	case notRegular:
		r.skip = skippedSpecial
		return r
	case err != nil && f.listed && errors.Is(err, fs.ErrNotExist):
		r.skip = skippedGone
		return r
	case err != nil:
		r.err = err
		return r
	}
	defer file.Close()
	// The buffer grows with the files, to a chunk at most: one that is
	// read whole has a byte to spare, where the end of the file shows.
	if want := int(min(max(size+1, minBufLen), chunkLen)); len(sc.buf) < want {
		sc.buf = make([]byte, want)
	}
	var (
		carry int // bytes after the last chunk's cut, moved to the front
		at    = position{line: 1, col: 1, col16: 1}
		first = true
		typ   filetype.Type
		marks []marker
	)
	for {
		n, err := io.ReadFull(file, sc.buf[carry:])
		eof := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !eof {
			r.err = err
			return r
		}
		if !eof && len(sc.buf) < chunkLen {
			// The file holds more than its size said: read on into
			// a whole chunk before cutting.
			grown := make([]byte, chunkLen)
			carry = copy(grown, sc.buf[:carry+n])
			sc.buf = grown
			continue
		}
		data := sc.buf[:carry+n]
		if first {
			first = false
			head := data[:min(len(data), sniffLen)]
			name := rel
			if name == "" {
				name = filepath.ToSlash(f.path)
			}
			typ = sc.cfg.typeOf(rel, filetype.Of(name, head))
			switch classify(f.path, head) {
			case classBinary:
				r.skip = skippedBinary
				return r
			case classNotText:
				if sc.allowBinary {
					r.skip = skippedBinary
					return r
				}
				r.findings = []finding{{Path: r.path, uri: r.uri, Kind: ruleNotText, Severity: ruleNotText.Severity(), Explanation: ruleNotText.Summary()}}
				return r
			}
		}
		cut := len(data)
		if !eof {
			cut = chunkCut(data)
		}
		// The text is the buffer itself, which the next chunk or file
		// overwrites: what the findings and markers keep of it is
		// copied out (detach) before then.
		text := unsafe.String(unsafe.SliceData(data), cut)
		r.size += int64(cut)
		nf, nm := len(r.findings), len(marks)
		r.findings = append(r.findings, sc.cfg.apply(rel, text, read(r.path, r.uri, text, typ, at))...)
		marks = append(marks, findMarkers(r.path, r.uri, text, at)...)
		for i := range r.findings[nf:] {
			r.findings[nf+i].detach()
		}
		for i := range marks[nm:] {
			m := &marks[nm+i]
			m.bad = strings.Clone(m.bad)
			m.at.detach()
		}
		if eof {
			r.findings, r.suppressed = suppress(r.findings, marks)
			// The findings about markers take the configured severity too.
			r.findings = sc.cfg.setSeverity(r.findings)
			return r
		}
		at = at.after(text)
		carry = copy(sc.buf, data[cut:])
	}
}

// detach copies the strings of f that may share memory with the text
// scanned out of it.
func (f *finding) detach() {
	f.Explanation = strings.Clone(f.Explanation)
	f.Token = strings.Clone(f.Token)
	f.Decoded = strings.Clone(f.Decoded)
	f.Fingerprint = strings.Clone(f.Fingerprint)
	f.src = strings.Clone(f.src)
}

// chunkCut returns where a full buffer is cut: after its last newline, or
// if it holds none, before the last character that may be incomplete.
// A line longer than a chunk is read in pieces, each on its own.
func chunkCut(data []byte) int {
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		return i + 1
	}
	for i := len(data) - 1; i >= max(len(data)-utf8.UTFMax, 0); i-- {
		if utf8.RuneStart(data[i]) {
			if utf8.FullRune(data[i:]) {
				return len(data)
			}
			return i
		}
	}
	return len(data)
}

// isTerminal reports whether w is a terminal that is not TERM=dumb.
func isTerminal(w io.Writer, getenv func(string) string) bool {
	f, ok := w.(*os.File)
	if !ok || getenv == nil || getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
