package tty

import (
	"os"
	"testing"
)

// TestTerminal opens a pseudo-terminal: its master side answers the
// terminal ioctl as any terminal does.
func TestTerminal(t *testing.T) {
	f, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer f.Close()
	if !IsTerminal(f) {
		t.Errorf("IsTerminal(/dev/ptmx) = false")
	}
}
