package main

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/acarl005/stripansi"
	charm "github.com/charmbracelet/x/ansi"
	"github.com/mtibben/confusables"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/term"
	"github.com/plainsight-dev/plainsight/transcript"
	"golang.org/x/text/transform"
)

// A tool is one way to make text safe, or a floor that does less than any.
type tool struct {
	name string
	kind string // "plainsight", "neutralizer", "stripper", "floor" or "return"
	// run processes one input and returns a number that depends on the
	// output, so that the work cannot be optimized away.
	run func(s string, b []byte) int
	// out returns the output for the escape corpus; nil for floors.
	out func(s string) string
	// neutralizes says that the tool shows sequences as visible escapes
	// rather than removing them: their payloads stay, by design.
	neutralizes bool
	// node names the strip-ansi mode ("string" or "bytes") of a tool timed
	// by the Node bridge instead of run.
	node string
}

const (
	kindPlainsight  = "plainsight"
	kindNeutralizer = "neutralizer"
	kindStripper    = "stripper"
	kindFloor       = "floor"
	// kindReturn is the floor of an entry point that returns its output
	// as a new string: the stream under it, writing to a buffer that the
	// caller keeps, and then a copy of as many bytes to a new string.
	// Only the section on returned strings shows it.
	kindReturn = "return"
)

// The floors of term's Push and transcript's CleanString.
const (
	pushFloor  = "Transform + string"
	cleanFloor = "Cleaner + string"
)

// A stringEntry is an entry point that returns its output as a new
// string, with the stream under it and its floor: the stream into a
// buffer the caller keeps, then one string of its output.
type stringEntry struct{ name, stream, floor string }

// stringEntries are the entry points that return new strings.
var stringEntries = []stringEntry{
	{"term Push", "term Transform", pushFloor},
	{"transcript Clean", "transcript Cleaner", cleanFloor},
}

// returnFloor returns the floor of an entry point that returns a new
// string on the stream t: t's run over the input into a buffer that it
// keeps, as the stream's own tool runs, with each bufferful written to a
// new string as it fills. The string is grown at once to the length of
// the output of the call before, which the floor knows and an entry point
// must guess: the same input each call.
func returnFloor(name string, t transform.Transformer) *tool {
	dst := make([]byte, pushChunk)
	last := 0
	return &tool{name: name, kind: kindReturn, run: func(_ string, b []byte) int {
		var out strings.Builder
		out.Grow(last)
		t.Reset()
		for {
			nDst, nSrc, err := t.Transform(dst, b, true)
			out.Write(dst[:nDst])
			b = b[nSrc:]
			if err != transform.ErrShortDst {
				break
			}
		}
		last = out.Len()
		return last
	}}
}

// unlimited lets the transcript write all its output, as every peer does.
var unlimited = transcript.Options{Limits: transcript.Limits{MaxOutput: -1}}

// pushChunk is the size of the chunks term.Push and the Transformers get,
// as a terminal reader would hand them over.
const pushChunk = 64 * kib

// transformLen runs t over b into a reused buffer and returns the output
// length: the cost of the Transformer itself, with no allocation of its
// own output.
func transformLen(t transform.Transformer, dst, b []byte) int {
	t.Reset()
	n := 0
	for {
		nDst, nSrc, err := t.Transform(dst, b, true)
		n += nDst
		b = b[nSrc:]
		if err != transform.ErrShortDst {
			return n
		}
	}
}

// tools returns every tool, plainsight entry points first. The Node tools
// are included only when node is true.
func tools(node bool) []*tool {
	// The streams are made once and reused, as a caller that filters
	// many outputs would: Transform's caller resets its Transformer,
	// Push's caller ends each stream with Finish, which resets it.
	termT := term.New(term.Options{})
	termDst := make([]byte, pushChunk)
	termPush := term.New(term.Options{})
	cleaner := transcript.NewCleaner(unlimited)
	cleanerDst := make([]byte, pushChunk)
	var copyDst []byte
	grow := func(n int) []byte {
		if cap(copyDst) < n {
			copyDst = make([]byte, n)
		}
		return copyDst[:n]
	}
	ts := []*tool{
		{name: "Sanitize", kind: kindPlainsight, neutralizes: true,
			run: func(s string, _ []byte) int { r := plainsight.Sanitize(s); return len(r.Text) + len(r.Warnings) },
			out: func(s string) string { return plainsight.Sanitize(s).Text }},
		{name: "term Transform", kind: kindPlainsight,
			run: func(_ string, b []byte) int { return transformLen(termT, termDst, b) },
			out: func(s string) string { out, _, _ := transform.String(term.New(term.Options{}), s); return out }},
		{name: "term Push", kind: kindPlainsight,
			run: func(s string, _ []byte) int {
				n := 0
				for len(s) > 0 {
					k := min(len(s), pushChunk)
					n += len(termPush.Push(s[:k]))
					s = s[k:]
				}
				return n + len(termPush.Finish())
			},
			out: func(s string) string { t := term.New(term.Options{}); return t.Push(s) + t.Finish() }},
		{name: "transcript Clean", kind: kindPlainsight,
			// The string form, as the peers and Push are given: a
			// caller holding bytes calls Clean, which copies.
			run: func(s string, _ []byte) int {
				text, rep := transcript.CleanString(s, unlimited)
				return len(text) + int(rep.BytesIn)
			},
			out: func(s string) string { text, _ := transcript.CleanString(s, unlimited); return text }},
		{name: "transcript Cleaner", kind: kindPlainsight,
			run: func(_ string, b []byte) int { return transformLen(cleaner, cleanerDst, b) },
			out: func(s string) string { out, _, _ := transform.String(transcript.NewCleaner(unlimited), s); return out }},

		{name: "strconv.Quote", kind: kindNeutralizer, neutralizes: true,
			run: func(s string, _ []byte) int { return len(strconv.Quote(s)) },
			out: strconv.Quote},
		{name: "Pikuri regexp", kind: kindNeutralizer, neutralizes: true,
			run: func(s string, _ []byte) int { r := pikuriSanitize(s); return len(r.text) + len(r.tokens) },
			out: func(s string) string { return pikuriSanitize(s).text }},
		{name: "confusables", kind: kindNeutralizer, neutralizes: true,
			run: func(s string, _ []byte) int {
				n := 0
				for tok := range strings.FieldsSeq(s) {
					n += len(confusables.Skeleton(tok))
				}
				return n
			}},

		{name: "charm Strip", kind: kindStripper,
			run: func(s string, _ []byte) int { return len(charm.Strip(s)) },
			out: charm.Strip},
		{name: "stripansi", kind: kindStripper,
			run: func(s string, _ []byte) int { return len(stripansi.Strip(s)) },
			out: stripansi.Strip},
	}
	if node {
		ts = append(ts,
			&tool{name: "strip-ansi (string)", kind: kindStripper, node: "string"},
			&tool{name: "strip-ansi (bytes)", kind: kindStripper, node: "bytes"},
		)
	}
	ts = append(ts,
		&tool{name: "memmove", kind: kindFloor,
			run: func(_ string, b []byte) int { return copy(grow(len(b)), b) }},
		&tool{name: "byte loop", kind: kindFloor,
			run: func(_ string, b []byte) int {
				dst := grow(len(b))
				//lint:ignore S1001 this loop is the floor being measured
				for i, c := range b {
					dst[i] = c
				}
				return len(dst)
			}},
		&tool{name: "ValidString", kind: kindFloor,
			run: func(s string, _ []byte) int {
				if utf8.ValidString(s) {
					return 1
				}
				return 0
			}},
		returnFloor(pushFloor, term.New(term.Options{})),
		returnFloor(cleanFloor, transcript.NewCleaner(unlimited)),
	)
	return ts
}
