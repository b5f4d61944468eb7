package transcript

import "github.com/plainsight-dev/plainsight/internal/names"

// Envelope is the record of one command run by [Run]: provenance, the cleaned
// text of each stream with its report, references to the raw bytes, and the
// interleaving of reads. Nothing the command printed can change its
// structure: every string in it is cleaned or neutralized text, and its JSON
// form, documented in docs/transcript.md, is stable.
type Envelope struct {
	// Command is the argument vector (cmd.Args), each argument neutralized
	// by plainsight.Sanitize so that no control or invisible character
	// survives in it.
	Command []string `json:"command"`
	// Path is the executable that ran (cmd.Path), neutralized.
	Path string `json:"path"`
	// Dir is the working directory (cmd.Dir), neutralized; "" means the
	// caller's.
	Dir string `json:"dir"`
	// ExitCode is the exit status, or -1 if the command did not exit
	// normally (killed by a signal, not started).
	ExitCode int `json:"exit_code"`
	// DurationMS is the wall time from start to exit, in milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// Stdout and Stderr are the two streams, cleaned separately.
	Stdout Output `json:"stdout"`
	Stderr Output `json:"stderr"`
	// Events interleaves the streams: one event per read that produced
	// text, in the order the collector received the reads.
	Events []Event `json:"events"`
	// EventsTruncated reports that Events stopped at RunOptions.MaxEvents;
	// the text of both streams is still complete in Stdout and Stderr.
	EventsTruncated bool `json:"events_truncated"`
	// Truncated reports that some limit cut something: the text of a
	// stream, a raw artifact, or the event list.
	Truncated bool `json:"truncated"`
	// Options are the policies and limits in force (defaults applied).
	Options RunOptions `json:"options"`
}

// Output is one cleaned stream of a command.
type Output struct {
	// Text is the cleaned text, for the agent.
	Text string `json:"text"`
	// Report counts what cleaning removed.
	Report Report `json:"report"`
	// Raw identifies the raw bytes, kept for investigators only.
	Raw Raw `json:"raw"`
}

// Raw identifies the raw bytes of a stream. The bytes are stored, when
// RunOptions.RawDir is set, in a file of that directory named by the hex
// SHA-256 of its content, with mode 0600.
type Raw struct {
	// SHA256 is "sha256:" and the hex SHA-256 of the stored bytes.
	SHA256 string `json:"sha256"`
	// Bytes is the number of bytes stored (and hashed).
	Bytes int64 `json:"bytes"`
	// Truncated reports that the stream was longer than RunOptions.MaxRaw:
	// only its first Bytes bytes are stored and hashed. Report.BytesIn
	// holds the full length.
	Truncated bool `json:"truncated"`
}

// Event is the cleaned text of one read from a stream.
type Event struct {
	// Stream is the stream read.
	Stream Stream `json:"stream"`
	// Seq is the number the collector gave the read, counting from 1 over
	// both streams. Reads that produced no text have no event, so numbers
	// may skip; the last event of each stream may come from the end of
	// input rather than from a read.
	Seq int64 `json:"seq"`
	// Text is the cleaned text that the read completed. The cleaner
	// releases text a line at a time, so a read's text can include bytes
	// from earlier reads of the same stream.
	Text string `json:"text"`
}

// Stream names an output stream of a command.
type Stream uint8

const (
	StreamUnknown Stream = iota
	Stdout
	Stderr
)

var streamNames = names.Table[Stream]{
	StreamUnknown: "unknown",
	Stdout:        "stdout",
	Stderr:        "stderr",
}

// String returns "stdout" or "stderr".
func (s Stream) String() string { return policyName(streamNames, s) }

// MarshalText encodes s as its name.
func (s Stream) MarshalText() ([]byte, error) { return marshalPolicy(streamNames, s) }

// UnmarshalText decodes a name; unknown names are an error.
func (s *Stream) UnmarshalText(b []byte) (err error) {
	*s, err = unmarshalPolicy(streamNames, "stream", b)
	return err
}
