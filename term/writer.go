package term

import (
	"io"

	"golang.org/x/text/transform"
)

// NewWriter returns a writer that filters everything written to it with a
// [Sanitizer] for opts and writes the result to w.
//
// Close settles held-back input and any sequence left open (the end of the
// stream), closes a style left in effect (ESC [ 0 m), and writes the last
// output; it does not close w. Each Write
// passes on all output it can, so text is not held back waiting for a
// newline. The writer buffers at most a few kilobytes and holds O(1) state
// however long an unterminated sequence runs.
func NewWriter(w io.Writer, opts Options) io.WriteCloser {
	return transform.NewWriter(w, New(opts))
}
