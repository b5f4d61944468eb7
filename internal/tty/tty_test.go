package tty

import (
	"os"
	"testing"
)

func TestNotTerminal(t *testing.T) {
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	if IsTerminal(devNull) {
		t.Errorf("IsTerminal(%s) = true", os.DevNull)
	}
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Errorf("IsTerminal(regular file) = true")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if IsTerminal(w) {
		t.Errorf("IsTerminal(pipe) = true")
	}
	if IsTerminal(nil) {
		t.Errorf("IsTerminal(nil) = true")
	}
}
