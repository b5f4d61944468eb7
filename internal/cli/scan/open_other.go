//go:build !unix

package scan

import (
	"errors"
	"io"
	"os"
)

// openRegular opens name for reading if it is a regular file, checked
// before opening and again on the open file, which must be the same one.
// notRegular is true when name is there but is not a regular file.
func openRegular(name string) (_ io.ReadCloser, size int64, notRegular bool, err error) {
	before, err := os.Lstat(name)
	if err != nil {
		return nil, 0, false, err
	}
	if !before.Mode().IsRegular() {
		return nil, 0, true, &os.PathError{Op: "open", Path: name, Err: errors.New("not a regular file")}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, false, err
	}
	after, err := f.Stat()
	if err != nil || !after.Mode().IsRegular() || !os.SameFile(before, after) {
		f.Close()
		return nil, 0, true, &os.PathError{Op: "open", Path: name, Err: errors.New("changed while opened")}
	}
	return f, after.Size(), false, nil
}
