package term

import (
	"io"
	"runtime"
	"testing"
)

// TestBoundedMemory pushes adversarial streams through NewWriter in 64 KiB
// chunks into io.Discard and checks the bytes allocated, not the time: a
// 64 MiB unterminated OSC, a CSI with a million parameters, and a million
// ESC bytes. The chunks are generated on the fly into one reused buffer.
func TestBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes 64 MiB")
	}
	const (
		chunkSize = 64 << 10
		limit     = 1 << 20
	)
	tests := []struct {
		name  string
		total int
		fill  func(chunk []byte, off int) // fill chunk with the bytes at stream offset off
	}{
		{"unterminated OSC 64 MiB", 64 << 20, func(chunk []byte, off int) {
			for i := range chunk {
				chunk[i] = 'A'
			}
			if off == 0 {
				copy(chunk, "\x1b]0;")
			}
		}},
		{"CSI with 1M parameters", 2 + 2<<20 + 1, func(chunk []byte, off int) {
			for i := range chunk {
				switch p := off + i; {
				case p == 0:
					chunk[i] = 0x1b
				case p == 1:
					chunk[i] = '['
				case p == 2+2<<20:
					chunk[i] = 'm'
				case p%2 == 0:
					chunk[i] = '1'
				default:
					chunk[i] = ';'
				}
			}
		}},
		{"1M ESC", 1 << 20, func(chunk []byte, off int) {
			for i := range chunk {
				chunk[i] = 0x1b
			}
		}},
	}
	buf := make([]byte, chunkSize)
	for _, tc := range tests {
		for _, opts := range []Options{{}, {Mode: Visualize}} {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			w := NewWriter(io.Discard, opts) // its buffers count too
			for off := 0; off < tc.total; off += chunkSize {
				chunk := buf[:min(chunkSize, tc.total-off)]
				tc.fill(chunk, off)
				if _, err := w.Write(chunk); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > limit {
				t.Errorf("%s (%s): allocated %d bytes, want <= %d", tc.name, opts.Mode, got, limit)
			} else {
				t.Logf("%s (%s): allocated %d bytes for %d input bytes", tc.name, opts.Mode, got, tc.total)
			}
		}
	}
}
