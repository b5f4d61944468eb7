// Package scan is the scan command: a CI gate that walks a tree as git
// would list it, scans each file with plainsight, and prints the findings
// as text, JSON Lines or SARIF.
package scan

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

// binarySniffLen is how much of a file is searched for a NUL byte to call
// it binary, as git does.
const binarySniffLen = 8 << 10

// skipReason says why a file was not scanned.
type skipReason uint8

const (
	scanned skipReason = iota
	skippedBinary
	skippedSize
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
}

// scanStats are the totals of a scan, for the summary line.
type scanStats struct {
	files, unreadable, binary, tooLarge int
	bytes                               int64
	byKind                              map[plainsight.Kind]int
	findings                            int
	failing                             bool
	walk                                walkCounts
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
	fs.Var(&format, "format", "output `format`: text, json (JSON Lines) or sarif (SARIF 2.1.0)")
	jsonOut := fs.Bool("json", false, "short for -format json")
	fs.Var(&fail, "fail-on", "exit 1 on findings of this `severity` or above: warn, info or never")
	maxSize := fs.Int64("max-size", 16<<20, "skip, and count, files larger than this many `bytes`")
	noIgnore := fs.Bool("no-ignore", false, "with -no-git, scan what .gitignore files exclude too")
	noGit := fs.Bool("no-git", false, "walk directories instead of listing what git tracks and would add")
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
	var out findingWriter
	switch format.value {
	case "json":
		out = &jsonLinesWriter{w: stdout}
	case "sarif":
		out = &sarifWriter{w: stdout}
	default:
		out = &textWriter{w: stdout}
	}
	start := time.Now()
	st := scanStats{byKind: map[plainsight.Kind]int{}}
	err := scanTree(roots, walker{noIgnore: *noIgnore, noGit: *noGit}, *maxSize, max(*workers, 1), failOn(fail.value), out, stderr, &st)
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	fmt.Fprintln(stderr, summaryLine(&st, time.Since(start)))
	switch {
	case st.unreadable > 0:
		return cli.ExitError
	case st.failing:
		return cli.ExitWarnings
	}
	return cli.ExitClean
}

// scanTree walks roots in one goroutine, scans files in workers, and hands
// the results to out in walk order. At most window files are in flight, so
// memory does not grow with the size of the tree.
func scanTree(roots []string, w walker, maxSize int64, workers int, fail failOn, out findingWriter, stderr io.Writer, st *scanStats) error {
	window := 4 * workers
	jobs := make(chan scanFile, window)
	results := make(chan fileResult, window)
	slots := make(chan struct{}, window)
	walked := make(chan walkCounts, 1)
	go func() {
		w.emit = func(f scanFile) {
			slots <- struct{}{}
			jobs <- f
		}
		for _, r := range roots {
			w.root(r)
		}
		close(jobs)
		walked <- w.counts
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			sc := scanner{maxSize: maxSize}
			for f := range jobs {
				results <- sc.scan(f)
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
	pending := map[int]fileResult{}
	next := 0
	for r := range results {
		pending[r.seq] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			st.add(r, fail)
			if r.err != nil {
				fmt.Fprintf(stderr, "plainsight: %s\n", cli.NeutralizeLine(r.err.Error()))
			}
			if outErr == nil {
				outErr = out.file(r)
			}
			<-slots
		}
	}
	st.walk = <-walked
	if err := out.end(st); outErr == nil {
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
	case r.skip == skippedSize:
		st.tooLarge++
		return
	}
	st.files++
	st.bytes += r.size
	for _, f := range r.findings {
		st.findings++
		st.byKind[f.Kind]++
		st.failing = st.failing || fail.fails(f.Severity)
	}
}

// A scanner reads and scans files, one at a time. It keeps its read
// buffer between files, so a worker allocates as much as its largest file,
// not the sum of them.
type scanner struct {
	maxSize int64
	buf     []byte
}

// scan reads and scans one file.
func (sc *scanner) scan(f scanFile) fileResult {
	r := fileResult{seq: f.seq, path: cli.DisplayName(f.path), uri: pathURI(f.path), err: f.err}
	if r.err != nil {
		return r
	}
	file, err := os.Open(f.path)
	if err != nil {
		r.err = err
		return r
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		r.err = err
		return r
	}
	if fi.Size() > sc.maxSize {
		r.size, r.skip = fi.Size(), skippedSize
		return r
	}
	// The sniff first, so that a large binary file is not read whole. Then
	// the rest, up to one byte past the limit, which catches a file that
	// grew since Stat.
	data, err := sc.read(file, 0, binarySniffLen)
	if err == nil && bytes.IndexByte(data, 0) >= 0 {
		r.size, r.skip = fi.Size(), skippedBinary
		return r
	}
	if err == nil && len(data) == binarySniffLen {
		data, err = sc.read(file, len(data), max(int(fi.Size()), binarySniffLen)+1)
	}
	if err != nil {
		r.err = err
		return r
	}
	r.size = int64(len(data))
	if r.size > sc.maxSize {
		r.skip = skippedSize
		return r
	}
	text := string(data)
	r.findings = findings(r.path, r.uri, text, scanPolicy.Sanitize(text))
	return r
}

// read reads from file into sc.buf after the first have bytes, until end
// of file or until it holds want bytes or sc.maxSize+1, whichever is less.
func (sc *scanner) read(file *os.File, have, want int) ([]byte, error) {
	want = int(min(int64(want), sc.maxSize+1))
	if cap(sc.buf) < want {
		sc.buf = slices.Grow(sc.buf[:have], want-have)
	}
	buf := sc.buf[:want]
	n, err := io.ReadFull(file, buf[have:])
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	return buf[:have+n], err
}
