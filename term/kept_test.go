package term

import "testing"

// FuzzKeptRun checks keptRun against a plain byte loop.
func FuzzKeptRun(f *testing.F) {
	f.Add([]byte("hello, world\n\tand more text than one word\x7f"))
	f.Add([]byte("0123456789abcdef\x1f\x20\x7e\x7f\x80\xff\n\t\x0b\x08"))
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x00\x00 ok"))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := 0
		for want < len(data) && (data[want] >= 0x20 && data[want] < 0x7f || data[want] == '\n' || data[want] == '\t') {
			want++
		}
		if got := keptRun(data); got != want {
			t.Fatalf("keptRun(%+q) = %d, want %d", data, got, want)
		}
	})
}

// TestKeptRunEveryByte puts each byte value at each position of a
// sixteen-byte window of text.
func TestKeptRunEveryByte(t *testing.T) {
	for c := range 256 {
		kept := c >= 0x20 && c < 0x7f || c == '\n' || c == '\t'
		for pos := range 16 {
			buf := []byte("abcdefghijklmnopqrstuvwxyz")
			buf[pos] = byte(c)
			want := len(buf)
			if !kept {
				want = pos
			}
			if got := keptRun(buf); got != want {
				t.Errorf("byte %#x at %d: keptRun = %d, want %d", c, pos, got, want)
			}
		}
	}
}
