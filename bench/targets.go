package main

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// A verdict is one performance target checked against a run: the worst
// value over the inputs it covers, and where.
type verdict struct {
	target string
	worst  float64
	at     string
	met    bool
	unit   string // how worst reads: "×" for a speed ratio, or a word
	// misses says, for a target missed by an entry point that returns
	// a new string, which part of it misses on each input (missShares).
	misses string
}

// worstRatio returns the smallest within-round speed ratio of entry to
// other over the inputs that keep returns true for.
func (r *results) worstRatio(entry, other string, keep func(*input) bool) (float64, string) {
	worst, at := math.Inf(1), ""
	for _, in := range r.ins {
		if !keep(in) || r.cells[in.name][other] == nil {
			continue
		}
		if x := r.ratio(in.name, entry, other); x < worst {
			worst, at = x, in.name
		}
	}
	return worst, at
}

func all(*input) bool            { return true }
func clean(in *input) bool       { return in.group == "clean" }
func adversarial(in *input) bool { return in.group == "adversarial" }

// cleanASCII and cleanProse split the clean inputs: ASCII shell commands,
// which a stream can cross near memory speed, and multilingual prose, in
// which each code point must be decoded and looked up.
func cleanASCII(in *input) bool { return clean(in) && strings.HasPrefix(in.name, "commands-") }
func cleanProse(in *input) bool { return clean(in) && strings.HasPrefix(in.name, "prose-") }

// invalidUTF8 is the flood of bytes that no valid UTF-8 holds.
func invalidUTF8(in *input) bool { return strings.HasPrefix(in.name, "invalid-flood") }

// hasAll reports whether the run measured e, its stream and its floor.
func (r *results) hasAll(e stringEntry) bool {
	return r.has(e.name) && r.has(e.stream) && r.has(e.floor)
}

// floorRatio is the median within-round speed ratio of e's floor to
// other on in, t(other)/t(floor), from the ratios of the rounds to e's
// stream. Both lists start at the first round; a list that a large
// input's later rounds leave short (fastTools) is read as far as both go.
func (r *results) floorRatio(in string, e stringEntry, other string) float64 {
	to := r.ratios[in][e.stream]
	a, b := to[other], to[e.floor]
	xs := make([]float64, min(len(a), len(b)))
	for i := range xs {
		xs[i] = a[i] / b[i]
	}
	return median(xs)
}

// missShares says which part of e misses the target "speed ratio to
// other ≥ k" on each input that keep covers and e misses: its stream,
// which misses it too; the string it returns, when the stream meets it
// and the floor (the stream, then one string of its output) does not,
// so that the string alone takes it under; or e's own
// cost above its floor, when the floor meets it; or none of them, where
// the run has no round of the floor. show formats a ratio as
// the target reads it. Each input is given with the ratios of e, its
// floor and its stream (but where other is the stream). It returns ""
// when e misses nowhere.
func (r *results) missShares(e stringEntry, other string, k float64, keep func(*input) bool, show func(float64) string) string {
	var stream, str, own, unknown []string
	for _, in := range r.ins {
		if !keep(in) || r.cells[in.name][other] == nil {
			continue
		}
		x := r.ratio(in.name, e.name, other)
		if x >= k {
			continue
		}
		s, f := r.ratio(in.name, e.stream, other), r.floorRatio(in.name, e, other)
		figures := fmt.Sprintf("%s (%s %s; %s %s", in.name, e.name, show(x), e.floor, show(f))
		if other != e.stream {
			figures += fmt.Sprintf("; %s %s", e.stream, show(s))
		}
		figures += ")"
		switch {
		case s < k:
			stream = append(stream, figures)
		case f == 0:
			// No round timed the floor beside the stream: which of
			// the two others it is, the run cannot tell.
			unknown = append(unknown, figures)
		case f < k:
			str = append(str, figures)
		default:
			own = append(own, figures)
		}
	}
	var parts []string
	if len(stream) > 0 {
		parts = append(parts, e.stream+" itself on "+strings.Join(stream, ", "))
	}
	if len(str) > 0 {
		parts = append(parts, "the string on "+strings.Join(str, ", "))
	}
	if len(own) > 0 {
		parts = append(parts, e.name+" above its floor on "+strings.Join(own, ", "))
	}
	if len(unknown) > 0 {
		parts = append(parts, "its floor not measured on "+strings.Join(unknown, ", "))
	}
	return strings.Join(parts, "; ")
}

// stringEntryOf returns the entry point named name among stringEntries,
// if the run measured it, its stream and its floor.
func (r *results) stringEntryOf(name string) (stringEntry, bool) {
	for _, e := range stringEntries {
		if e.name == name && r.hasAll(e) {
			return e, true
		}
	}
	return stringEntry{}, false
}

func (r *results) has(t string) bool {
	for _, c := range r.tools {
		if c.name == t {
			return true
		}
	}
	return false
}

// verdicts checks every target that the harness can measure.
func verdicts(res *results, osc oscPush) []verdict {
	var vs []verdict
	atLeast := func(target, entry, other string, floor float64, keep func(*input) bool) {
		if !res.has(other) {
			return
		}
		x, at := res.worstRatio(entry, other, keep)
		if at == "" {
			return
		}
		v := verdict{target: target, worst: x, at: at, met: x >= floor, unit: "×"}
		if e, ok := res.stringEntryOf(entry); ok && !v.met {
			v.misses = res.missShares(e, other, floor, keep, ratioString)
		}
		vs = append(vs, v)
	}
	for _, e := range []string{"term Transform", "term Push"} {
		atLeast(e+" ≥ 5× charm Strip, every input", e, "charm Strip", 5, all)
	}
	for _, e := range []string{"transcript Clean", "transcript Cleaner"} {
		atLeast(e+" ≥ 3× charm Strip, every input", e, "charm Strip", 3, all)
	}
	for _, e := range []string{"term Transform", "term Push", "transcript Cleaner"} {
		atLeast(e+" ≥ 0.25× memmove on clean ASCII", e, "memmove", 0.25, cleanASCII)
		atLeast(e+" ≥ 1× ValidString on multilingual prose", e, "ValidString", 1, cleanProse)
	}
	// Invalid UTF-8 replaced as fast as text is copied: the clean-ASCII
	// bar, 0.25× memmove, per byte written, since U+FFFD writes three
	// bytes for each invalid one. The threshold per byte read follows
	// from the entry point's output on the input.
	for _, in := range res.ins {
		if !invalidUTF8(in) {
			continue
		}
		for _, e := range []string{"term Transform", "term Push", "transcript Cleaner"} {
			if c := res.cell(in.name, e); c != nil && c.written > 0 {
				k := 0.25 * float64(inputSize(in)) / float64(c.written)
				atLeast(fmt.Sprintf("%s ≥ 0.25× memmove per byte written on invalid UTF-8 (%.3g× per byte read)", e, k),
					e, "memmove", k, func(x *input) bool { return x == in })
			}
		}
	}
	// transcript Clean on clean text returns its input: what it allocates
	// is its state, not a copy of the text.
	if res.has("transcript Clean") {
		worst, at := 0.0, ""
		for _, in := range res.ins {
			if !clean(in) {
				continue
			}
			if x := float64(res.cell(in.name, "transcript Clean").byts) / float64(inputSize(in)); x > worst || at == "" {
				worst, at = x, in.name
			}
		}
		if at != "" {
			vs = append(vs, verdict{target: "transcript Clean returns clean text without a copy (bytes allocated ≤ 1/16 of the input)",
				worst: worst, at: at, met: worst <= 1.0/16, unit: "× input allocated"})
		}
	}
	atLeast("Sanitize ≥ 1× strconv.Quote, every input", "Sanitize", "strconv.Quote", 1, all)
	atLeast("Sanitize ≥ 10× Pikuri regexp, every input", "Sanitize", "Pikuri regexp", 10, all)

	// Bytes allocated per byte of input, adversarial inputs.
	amp := func(target, t string, limit float64) {
		worst, at := 0.0, ""
		for _, in := range res.ins {
			if !adversarial(in) {
				continue
			}
			if x := float64(res.cell(in.name, t).byts) / float64(inputSize(in)); x > worst || at == "" {
				worst, at = x, in.name
			}
		}
		if at != "" {
			vs = append(vs, verdict{target: target, worst: worst, at: at, met: worst <= limit, unit: "× input allocated"})
		}
	}
	amp("Sanitize allocates ≤ 8× the input, adversarial inputs", "Sanitize", 8)

	// Allocation counts: a constant, not per line or per chunk.
	maxAllocs := func(target, t string, limit uint64) {
		var worst uint64
		at := ""
		for _, in := range res.ins {
			c := res.cell(in.name, t)
			if c == nil {
				continue // not measured
			}
			if n := c.allocs; n > worst || at == "" {
				worst, at = n, in.name
			}
		}
		if at != "" {
			vs = append(vs, verdict{target: target, worst: float64(worst), at: at, met: worst <= limit, unit: " allocations per call"})
		}
	}
	maxAllocs(fmt.Sprintf("transcript Clean: allocations per call bounded by a constant, none per line (≤ %d)", fewAllocs), "transcript Clean", fewAllocs)
	maxAllocs("transcript Cleaner: 0 allocations per call of Transform", "transcript Cleaner", 0)
	maxAllocs("term Transform: 0 allocations per call of Transform", "term Transform", 0)

	// Push against Transform: the smallest t(Transform)/t(Push) is the
	// largest t(Push)/t(Transform).
	if x, at := res.worstRatio("term Push", "term Transform", all); at != "" {
		v := verdict{target: "term Push costs ≤ 1.2× Transform, every input", worst: 1 / x, at: at, met: 1/x <= 1.2, unit: "× Transform's time"}
		if e, ok := res.stringEntryOf("term Push"); ok && !v.met {
			// The same target as a speed ratio to Transform of at
			// least 1/1.2, shown as the target reads: a time over
			// Transform's.
			v.misses = res.missShares(e, e.stream, 1/1.2, all, func(x float64) string {
				if x == 0 {
					return ratioString(x) // not measured
				}
				return ratioString(1/x) + " Transform's time"
			})
		}
		vs = append(vs, v)
	}
	vs = append(vs, verdict{target: "term Push: 64 MiB unterminated OSC in 64 KiB chunks allocates < 1 MiB",
		worst: float64(osc.bytes) / mib, at: fmt.Sprintf("%d allocations", osc.allocs), met: osc.bytes < mib, unit: " MiB"})

	// Scaling: time on 16 MiB over time on 1 MiB, within a round, at most
	// 20 or memmove's own ratio on the same shape, where the caches make
	// 20 impossible. The worst is the shape with the most excess over its
	// limit.
	for _, t := range res.tools {
		if t.kind != kindPlainsight {
			continue
		}
		worst, limit, at := 0.0, 20.0, ""
		for _, sh := range shapes {
			x := median(res.scale[sh.name][t.name])
			l := max(20, median(res.scale[sh.name]["memmove"]))
			if x > 0 && (at == "" || x/l > worst/limit) {
				worst, limit, at = x, l, sh.name
			}
		}
		if at != "" {
			vs = append(vs, verdict{target: t.name + ": time 16 MiB / 1 MiB ≤ 20 (or memmove's ratio)", worst: worst,
				at: fmt.Sprintf("%s (limit %.1f)", at, limit), met: worst <= limit, unit: ""})
		}
	}

	// Keep: clean ASCII and prose against ValidString (time ratios).
	keep := func(target, input string, limit float64) {
		if res.cells[input] == nil {
			return
		}
		x := 1 / res.ratio(input, "Sanitize", "ValidString")
		vs = append(vs, verdict{target: target, worst: x, at: input, met: x <= limit, unit: "× ValidString's time"})
	}
	keep("Sanitize on clean ASCII ≤ 8× ValidString", "commands-1M", 8)
	keep("Sanitize on multilingual prose ≤ 6× ValidString", "prose-1M", 6)
	if c := res.cells["commands-1M"]; c != nil {
		n := c["Sanitize"].allocs
		vs = append(vs, verdict{target: "Sanitize on clean ASCII: 0 allocations", worst: float64(n), at: "commands-1M", met: n == 0, unit: " allocations"})
	}
	return vs
}

// targets writes the verdicts.
func targets(w io.Writer, res *results, _ map[string]*leakCount, osc oscPush) {
	fmt.Fprintf(w, "## Targets\n\nFor a target missed by an entry point that returns a new string (Push, CleanString), the last column says which part of it misses on each input it misses: its stream itself; the string, where the stream meets the target and its floor does not (the stream into a buffer the caller keeps, then one string of its output; see Returned strings), so that the string alone takes it under; or its own cost above its floor. Each input comes with the figures of the entry point, its floor and its stream.\n\n| target | worst | on | | what misses |\n|---|---:|---|---|---|\n")
	for _, v := range verdicts(res, osc) {
		mark := "missed"
		if v.met {
			mark = "met"
		}
		val := fmt.Sprintf("%.2f%s", v.worst, v.unit)
		if v.unit == "×" {
			val = ratioString(v.worst)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", v.target, val, v.at, mark, v.misses)
	}
	fmt.Fprintln(w)
}
