package transcript

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/plainsight-dev/plainsight"
)

// Defaults for the zero value of [RunOptions].
const (
	// DefaultMaxRaw is the default cap on the raw bytes stored per stream.
	DefaultMaxRaw = 64 << 20
	// DefaultMaxEvents is the default cap on Envelope.Events.
	DefaultMaxEvents = 4096
	// DefaultWaitDelay is the cmd.WaitDelay that Run sets when the caller
	// left it zero: how long Run waits, after the command exits, for other
	// processes that inherited its pipes to close them.
	DefaultWaitDelay = 2 * time.Second
)

// RunOptions configures [Run]. The zero value means the documented defaults
// and stores no raw bytes.
type RunOptions struct {
	// Options are the cleaning policies and limits, applied to each stream
	// separately.
	Options
	// RawDir is the directory that receives the raw bytes of each stream,
	// in a file named by the hex SHA-256 of its content, mode 0600. It is
	// created (mode 0700) if missing. Empty means the raw bytes are hashed
	// and counted but not stored. It is not part of the JSON form: an
	// envelope names its artifacts by hash only.
	RawDir string `json:"-"`
	// MaxRaw caps the raw bytes stored and hashed per stream; the rest is
	// read, cleaned and counted, and Raw.Truncated is set. Zero means
	// DefaultMaxRaw; a negative value means no limit.
	MaxRaw int64 `json:"max_raw"`
	// MaxEvents caps Envelope.Events. Zero means DefaultMaxEvents.
	MaxEvents int `json:"max_events"`
}

func (o RunOptions) effective() RunOptions {
	o.Limits = o.Limits.Effective()
	switch {
	case o.MaxRaw == 0:
		o.MaxRaw = DefaultMaxRaw
	case o.MaxRaw < 0:
		o.MaxRaw = -1
	}
	if o.MaxEvents <= 0 {
		o.MaxEvents = DefaultMaxEvents
	}
	return o
}

// ErrOutputSet is returned by Run when the command already has a Stdout or
// Stderr: Run needs both.
var ErrOutputSet = errors.New("transcript: cmd.Stdout or cmd.Stderr already set")

// Run runs cmd, which must not have been started, and returns its
// [Envelope]. It connects stdout and stderr to pipes, never a terminal, so
// that well-behaved programs leave out colour and progress redraws; stdin
// is left as the caller set it (nil reads from the null device). Each
// stream is cleaned by its own [Cleaner], and each read gets a sequence
// number in Envelope.Events.
//
// A non-zero exit status is not an error: it is in Envelope.ExitCode. Run
// returns an error if the command could not start, if ctx ended it (the
// process is killed; the error is ctx's), if its output pipes stayed open
// past cmd.WaitDelay (exec.ErrWaitDelay), or if a raw artifact could not be
// stored. In every case but the first, the Envelope holds what was captured.
func Run(ctx context.Context, cmd *exec.Cmd, opts RunOptions) (Envelope, error) {
	opts = opts.effective()
	env := Envelope{
		Command:  neutralizeAll(cmd.Args),
		Path:     plainsight.Sanitize(cmd.Path).Text,
		Dir:      plainsight.Sanitize(cmd.Dir).Text,
		ExitCode: -1,
		Events:   []Event{},
		Options:  opts,
	}
	if cmd.Stdout != nil || cmd.Stderr != nil {
		return env, ErrOutputSet
	}
	if err := ctx.Err(); err != nil {
		return env, err
	}
	col := &collector{opts: opts, events: []Event{}}
	col.streams[0] = newCapture(col, Stdout)
	col.streams[1] = newCapture(col, Stderr)
	if opts.RawDir != "" {
		if err := os.MkdirAll(opts.RawDir, 0o700); err != nil {
			return env, err
		}
		for _, s := range col.streams {
			if err := s.raw.create(opts.RawDir); err != nil {
				col.discard()
				return env, err
			}
		}
	}
	cmd.Stdout = col.streams[0]
	cmd.Stderr = col.streams[1]
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = DefaultWaitDelay
	}

	start := time.Now()
	if err := cmd.Start(); err != nil {
		col.discard()
		return env, err
	}
	stop := context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() })
	waitErr := cmd.Wait()
	stop()
	env.DurationMS = time.Since(start).Milliseconds()
	env.ExitCode = cmd.ProcessState.ExitCode()

	rawErr := col.finish()
	env.Stdout = col.streams[0].output()
	env.Stderr = col.streams[1].output()
	env.Events = col.events
	env.EventsTruncated = col.eventsTruncated
	env.Truncated = env.EventsTruncated ||
		env.Stdout.Report.Truncated || env.Stdout.Raw.Truncated ||
		env.Stderr.Report.Truncated || env.Stderr.Raw.Truncated

	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return env, ctx.Err()
	case waitErr != nil && !errors.As(waitErr, &exitErr):
		return env, waitErr
	}
	return env, rawErr
}

func neutralizeAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = plainsight.Sanitize(a).Text
	}
	return out
}

// collector receives the reads of both streams and numbers them. The exec
// package copies each stream in its own goroutine, so everything is under mu.
type collector struct {
	opts    RunOptions
	mu      sync.Mutex
	seq     int64
	streams [2]*capture

	events          []Event
	eventsTruncated bool
}

// record assigns the next sequence number and keeps text as an event.
func (col *collector) record(s Stream, text []byte) {
	col.seq++
	if len(text) == 0 {
		return
	}
	if len(col.events) >= col.opts.MaxEvents {
		col.eventsTruncated = true
		return
	}
	col.events = append(col.events, Event{Stream: s, Seq: col.seq, Text: string(text)})
}

// finish settles both streams after the command's pipes are closed, stdout
// first, and stores the raw artifacts.
func (col *collector) finish() error {
	col.mu.Lock()
	defer col.mu.Unlock()
	var errs []error
	for _, s := range col.streams {
		s.c.finish()
		s.take()
		errs = append(errs, s.raw.close())
	}
	return errors.Join(errs...)
}

// discard removes temporary raw files after a failed start.
func (col *collector) discard() {
	for _, s := range col.streams {
		s.raw.abort()
	}
}

// capture is the io.Writer that receives one stream.
type capture struct {
	col    *collector
	stream Stream
	c      Cleaner
	text   strings.Builder
	raw    rawSink
}

func newCapture(col *collector, s Stream) *capture {
	return &capture{
		col:    col,
		stream: s,
		c:      Cleaner{opts: col.opts.Options},
		raw:    rawSink{max: col.opts.MaxRaw, h: sha256.New()},
	}
}

// Write receives one read of the stream. It never fails: a raw storage
// error is reported by Run at the end, and the command's output is still
// drained and cleaned.
func (s *capture) Write(p []byte) (int, error) {
	s.col.mu.Lock()
	defer s.col.mu.Unlock()
	s.raw.write(p)
	s.c.write(p)
	s.take()
	return len(p), nil
}

// take moves the cleaner's output into the stream text and an event.
func (s *capture) take() {
	s.col.record(s.stream, s.c.out)
	s.text.Write(s.c.out)
	s.c.out = s.c.out[:0]
}

func (s *capture) output() Output {
	return Output{Text: s.text.String(), Report: s.c.Report(), Raw: s.raw.info()}
}

// rawSink hashes the raw bytes of a stream and, given a directory, stores
// them in a temporary file renamed by hash at the end.
type rawSink struct {
	max       int64 // -1: no limit
	h         hash.Hash
	n         int64
	truncated bool
	dir       string
	f         *os.File
	err       error
}

func (r *rawSink) create(dir string) error {
	f, err := os.CreateTemp(dir, ".raw-*.tmp")
	if err != nil {
		return err
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	r.dir, r.f = dir, f
	return nil
}

func (r *rawSink) write(p []byte) {
	if r.max >= 0 && r.n+int64(len(p)) > r.max {
		p = p[:r.max-r.n]
		r.truncated = true
	}
	if len(p) == 0 {
		return
	}
	r.h.Write(p)
	r.n += int64(len(p))
	if r.f != nil && r.err == nil {
		_, r.err = r.f.Write(p)
	}
}

// close stores the artifact under its hash, or removes it after an error.
func (r *rawSink) close() error {
	if r.f == nil {
		return nil
	}
	f := r.f
	r.f = nil
	if err := f.Close(); r.err == nil {
		r.err = err
	}
	if r.err == nil {
		r.err = os.Rename(f.Name(), filepath.Join(r.dir, hex.EncodeToString(r.h.Sum(nil))))
	}
	if r.err != nil {
		os.Remove(f.Name())
	}
	return r.err
}

func (r *rawSink) abort() {
	if r.f != nil {
		r.f.Close()
		os.Remove(r.f.Name())
		r.f = nil
	}
}

func (r *rawSink) info() Raw {
	return Raw{SHA256: "sha256:" + hex.EncodeToString(r.h.Sum(nil)), Bytes: r.n, Truncated: r.truncated}
}
