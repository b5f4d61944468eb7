//go:build unix

package scan

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/plainsight-dev/plainsight"
)

// scanOne scans path as the workers do, and checks that the read buffer
// stayed one chunk at most.
func scanOne(t *testing.T, f scanFile) fileResult {
	t.Helper()
	sc := &scanner{}
	r := sc.scan(f)
	if len(sc.buf) > chunkLen {
		t.Errorf("the read buffer grew to %d bytes, past one chunk of %d", len(sc.buf), chunkLen)
	}
	return r
}

// scanNoHang scans a file that a blocking open or read would wait on
// forever (a FIFO with no writer), failing the test if the scan has not
// returned after a minute: a bound for a hang, not a speed.
func scanNoHang(t *testing.T, f scanFile) fileResult {
	t.Helper()
	done := make(chan fileResult, 1)
	go func() { done <- (&scanner{}).scan(f) }()
	select {
	case r := <-done:
		return r
	case <-time.After(time.Minute):
		t.Fatalf("scanning %s hangs", f.path)
	}
	return fileResult{}
}

// kindsAt lists the findings of r as "line:col kind".
func kindsAt(r fileResult) []string {
	var out []string
	for _, f := range r.findings {
		out = append(out, fmt.Sprintf("%d:%d:%s", f.Line, f.Column, f.Kind))
	}
	return out
}

// TestNULDoesNotSkip: a NUL byte in a script does not take it out of the
// gate.
func TestNULDoesNotSkip(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "evil.sh")
	writeFile(t, name, "#!/bin/sh\n\x00\necho 'ok\u202e'\n")
	r := scanOne(t, scanFile{path: name, listed: true})
	if r.skip != scanned || r.err != nil {
		t.Fatalf("skip %v, err %v: want the file scanned", r.skip, r.err)
	}
	var kinds []plainsight.Kind
	for _, f := range r.findings {
		if k, ok := f.Kind.kind(); ok {
			kinds = append(kinds, k)
		}
	}
	if !containsKind(kinds, plainsight.KindBidi) || !containsKind(kinds, plainsight.KindControl) {
		t.Errorf("findings %v: want bidi and control_bytes", kindsAt(r))
	}
}

func containsKind(ks []plainsight.Kind, k plainsight.Kind) bool {
	for _, v := range ks {
		if v == k {
			return true
		}
	}
	return false
}

// TestNotText: a file that is not text and not a known format is a
// finding, or with -allow-binary a counted skip; a known format is
// skipped.
func TestNotText(t *testing.T) {
	dir := t.TempDir()
	blob := filepath.Join(dir, "blob")
	writeFile(t, blob, strings.Repeat("\x00\x01\x02\x03", 100))
	if r := scanOne(t, scanFile{path: blob}); len(r.findings) != 1 || r.findings[0].Kind != ruleNotText {
		t.Errorf("blob: findings %v, want one not_text", kindsAt(r))
	}
	sc := scanner{allowBinary: true}
	if r := sc.scan(scanFile{path: blob}); r.skip != skippedBinary || len(r.findings) != 0 {
		t.Errorf("blob with -allow-binary: skip %v findings %v, want skipped as binary", r.skip, kindsAt(r))
	}
	png := filepath.Join(dir, "x.png")
	writeFile(t, png, "\x89PNG\r\n\x1a\n"+strings.Repeat("\x00\u202e", 100))
	if r := scanOne(t, scanFile{path: png}); r.skip != skippedBinary {
		t.Errorf("x.png: skip %v, findings %v: want skipped as binary", r.skip, kindsAt(r))
	}
	// A script whose first line spells a signature is still a script.
	fake := filepath.Join(dir, "run.sh")
	writeFile(t, fake, "%PDF-1.4\necho \u202e\n")
	if r := scanOne(t, scanFile{path: fake}); r.skip != scanned || len(r.findings) == 0 {
		t.Errorf("run.sh: skip %v, findings %v: want it scanned", r.skip, kindsAt(r))
	}
}

// TestLargeFile: a file of 20 MiB is read whole, in chunks, with its
// findings placed on the right lines.
func TestLargeFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "big.sh")
	line := strings.Repeat("x", 99) + "\n"
	n := (20 << 20) / len(line)
	var b strings.Builder
	b.Grow(n*len(line) + 100)
	for i := range n {
		if i == n/2 {
			b.WriteString("a\u202eb\n")
			continue
		}
		b.WriteString(line)
	}
	b.WriteString("\u200bend")
	writeFile(t, name, b.String())
	r := scanOne(t, scanFile{path: name})
	if r.err != nil || r.skip != scanned {
		t.Fatalf("err %v skip %v", r.err, r.skip)
	}
	if r.size != int64(b.Len()) {
		t.Errorf("read %d bytes of %d", r.size, b.Len())
	}
	type at struct{ line, col int }
	var got []at
	for _, f := range r.findings {
		got = append(got, at{f.Line, f.Column})
	}
	want := []at{{n/2 + 1, 2}, {n + 1, 1}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("findings at %v, want %v", got, want)
	}
}

// TestSwaps: a file swapped for a FIFO or a symbolic link after it was
// listed is neither waited on nor followed.
func TestSwaps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.txt")
	writeFile(t, target, "x\u202e\n")
	fifo := filepath.Join(dir, "fifo.sh")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.sh")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	for _, listed := range []bool{true, false} {
		for _, name := range []string{fifo, link} {
			r := scanNoHang(t, scanFile{path: name, listed: listed})
			if r.skip != skippedSpecial || len(r.findings) != 0 || r.err != nil {
				t.Errorf("%s (listed %v): skip %v, findings %v, err %v: want it skipped as special", filepath.Base(name), listed, r.skip, kindsAt(r), r.err)
			}
		}
	}
	// A listed file that is gone (deleted from the work tree, still in
	// git's index) is counted; a named one is an error.
	gone := filepath.Join(dir, "gone.txt")
	if r := scanOne(t, scanFile{path: gone, listed: true}); r.skip != skippedGone || r.err != nil {
		t.Errorf("gone listed: skip %v err %v", r.skip, r.err)
	}
	if r := scanOne(t, scanFile{path: gone}); r.err == nil {
		t.Errorf("gone named: no error")
	}
}
