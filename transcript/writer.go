package transcript

import "io"

// Writer is the io.Writer form of a [Cleaner]: it cleans what is written to
// it and writes the text to an underlying writer, a line at a time. Close
// writes the rest. A Writer is not safe for concurrent use.
type Writer struct {
	w   io.Writer
	c   Cleaner
	err error
}

// NewWriter returns a Writer that cleans into w with the given options.
func NewWriter(w io.Writer, opts Options) *Writer {
	return &Writer{w: w, c: Cleaner{opts: opts}}
}

// Write cleans p. It consumes all of p; the error, if any, is the first
// error of the underlying writer, after which every call fails.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.c.write(p)
	return len(p), w.flush()
}

// Close settles the end of the input (an open sequence, a pending CR, the
// last line) and writes the rest of the text. It does not close the
// underlying writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	w.c.finish()
	return w.flush()
}

// Report returns the counts so far.
func (w *Writer) Report() Report { return w.c.Report() }

func (w *Writer) flush() error {
	if len(w.c.out) > 0 {
		_, w.err = w.w.Write(w.c.out)
		w.c.out = w.c.out[:0]
	}
	return w.err
}
