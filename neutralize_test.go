package plainsight

import (
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestSanitizeText(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"ls -la\n", "ls -la\n"},
		{"a\tb", `a\tb`},
		{"echo ok\rrm", `echo ok\x0drm`},
		{"\x00\x01\x1b\x7f", `\x00\x01\x1b\x7f`},
		{"a\u0085b\u009f", `a\x85b\x9f`},
		{"x\u202ey", `x\u{202e}y`},
		{"x\U000E0041", `x\u{e0041}`},
		{"\U0010FFFF", `\u{10ffff}`},
		{"\u00a0", `\u{00a0}`},
		{"a\xffb", `a\X{ff}b`},
		{"\xed\xa0\x80", `\X{ed}\X{a0}\X{80}`},
		{"\xc0\xaf", `\X{c0}\X{af}`},
		{"caf\xc3", `caf\X{c3}`},
		{"\x9b", `\X{9b}`},
		// Faithful: a typed backslash escape stays as typed, and only
		// Escapes tells it from a real one.
		{`\u{202e}`, `\u{202e}`},
		{"  two  spaces  ", "  two  spaces  "},
		{"caf\u00e9 \u041f\u0440\u0438\u0432\u0435\u0442", "caf\u00e9 \u041f\u0440\u0438\u0432\u0435\u0442"},
		{"\u2764\ufe0f", "\u2764\ufe0f"},
		{"\u2764\ufe0f\ufe0f", "\u2764\ufe0f\\u{fe0f}"},
		{"\U0001F3F4\U000E0069\U000E007F", `🏴\u{e0069}\u{e007f}`},
	}
	for _, tt := range tests {
		r := Sanitize(tt.in)
		if diff := cmp.Diff(tt.want, r.Text); diff != "" {
			t.Errorf("Sanitize(%+q).Text mismatch (-want +got):\n%s", tt.in, diff)
		}
		checkResultInvariants(t, tt.in, r)
	}
}

func TestSanitizeEscapes(t *testing.T) {
	r := Sanitize("a\u202eb\tc\xff")
	want := []Escape{
		{Start: 1, End: 9, Rune: 0x202E, Class: ClassBidi},
		{Start: 10, End: 12, Rune: '\t', Class: ClassTab},
		{Start: 13, End: 19, Rune: 0xFF, Class: ClassInvalidUTF8},
	}
	if diff := cmp.Diff(want, slices.Collect(r.Escapes.All())); diff != "" {
		t.Errorf("Escapes mismatch (-want +got):\n%s", diff)
	}
	// A run of the same escape is one Escape; a different one starts
	// another.
	r = Sanitize("\x1b\x1b\x1b\x00\xff\xff\xfe")
	want = []Escape{
		{Start: 0, End: 12, Rune: 0x1B, Class: ClassControl, Repeat: 2},
		{Start: 12, End: 16, Rune: 0x00, Class: ClassControl},
		{Start: 16, End: 28, Rune: 0xFF, Class: ClassInvalidUTF8, Repeat: 1},
		{Start: 28, End: 34, Rune: 0xFE, Class: ClassInvalidUTF8},
	}
	if diff := cmp.Diff(want, slices.Collect(r.Escapes.All())); diff != "" {
		t.Errorf("Escapes of runs mismatch (-want +got):\n%s", diff)
	}
	first := slices.Collect(r.Escapes.All())[0]
	if got := first.Original(); got != "\x1b\x1b\x1b" {
		t.Errorf("Original of a run = %+q", got)
	}
	units := slices.Collect(first.Units())
	wantUnits := []Escape{
		{Start: 0, End: 4, Rune: 0x1B, Class: ClassControl},
		{Start: 4, End: 8, Rune: 0x1B, Class: ClassControl},
		{Start: 8, End: 12, Rune: 0x1B, Class: ClassControl},
	}
	if diff := cmp.Diff(wantUnits, units); diff != "" {
		t.Errorf("Units of a run mismatch (-want +got):\n%s", diff)
	}
	// Distinct bytes of invalid UTF-8 in a row are an Escape each, kept
	// in the list as one sequence and read back from Text; through JSON
	// they come back as records of their own, and the lists are equal.
	in := "a\xc0\xf5\xff\xff\xa0" + strings.Repeat("\xfe\xfd", 200) + "b"
	r = Sanitize(in)
	want = []Escape{
		{Start: 1, End: 7, Rune: 0xC0, Class: ClassInvalidUTF8},
		{Start: 7, End: 13, Rune: 0xF5, Class: ClassInvalidUTF8},
		{Start: 13, End: 25, Rune: 0xFF, Class: ClassInvalidUTF8, Repeat: 1},
		{Start: 25, End: 31, Rune: 0xA0, Class: ClassInvalidUTF8},
	}
	for k := range 400 {
		at := 31 + 6*k
		want = append(want, Escape{Start: at, End: at + 6, Rune: 0xFE - rune(k%2), Class: ClassInvalidUTF8})
	}
	if diff := cmp.Diff(want, slices.Collect(r.Escapes.All())); diff != "" {
		t.Errorf("Escapes of distinct invalid bytes mismatch (-want +got):\n%s", diff)
	}
	if r.Escapes.Len() != len(want) {
		t.Errorf("Escapes.Len() = %d, want %d", r.Escapes.Len(), len(want))
	}
	b, err := json.Marshal(r.Escapes)
	if err != nil {
		t.Fatal(err)
	}
	var back EscapeList
	if err := json.Unmarshal(b, &back); err != nil || !back.Equal(r.Escapes) || !r.Escapes.Equal(back) {
		t.Errorf("JSON of distinct invalid bytes decodes to %v, %v", slices.Collect(back.All()), err)
	}
	if r.Original() != in {
		t.Errorf("Original of distinct invalid bytes = %+q", r.Original())
	}
	// Flagged code points keep their class in the packed list, ASCII or
	// not, alone or in a run.
	r = Policy{Flag: []rune{'$', '\u0430'}}.Sanitize("a$$b\u0430")
	want = []Escape{
		{Start: 1, End: 17, Rune: '$', Class: ClassFlagged, Repeat: 1},
		{Start: 18, End: 26, Rune: 0x430, Class: ClassFlagged},
	}
	if diff := cmp.Diff(want, slices.Collect(r.Escapes.All())); diff != "" {
		t.Errorf("Escapes of flagged code points mismatch (-want +got):\n%s", diff)
	}
	// The span is what tells an escape from the same characters typed.
	typed := Sanitize(`a\u{202e}b`)
	if es := slices.Collect(typed.Escapes.All()); len(es) != 0 || typed.Text != `a\u{202e}b` {
		t.Errorf("typed escape: got %+q with escapes %v", typed.Text, es)
	}
}

func TestSanitizeWarnings(t *testing.T) {
	type summary struct {
		Kind    Kind
		Tokens  []string
		Count   int
		Decoded string
	}
	tests := []struct {
		in   string
		want []summary
	}{
		{"ls", nil},
		{"a\rb\rc", []summary{{KindCarriageReturn, []string{`\x0d`}, 2, ""}}},
		{"a\bb", []summary{{KindBackspace, []string{`\x08`}, 1, ""}}},
		{"\x00\x07\x00", []summary{{KindControl, []string{`\x00`, `\x07`}, 3, ""}}},
		{"\u202e\u2066\u202e", []summary{{KindBidi, []string{`\u{202e}`, `\u{2066}`}, 3, ""}}},
		{"ok\U000E0068\U000E0069 x\U000E0021", []summary{{KindHiddenTags, []string{`\u{e0068}\u{e0069}`, `\u{e0021}`}, 3, "hi !"}}},
		{"x\U000E0158\U000E0155\ufe0a", []summary{{KindVariationSelectors, []string{`\u{e0158}\u{e0155}\u{fe0a}`}, 3, `he\x0a`}}},
		// In the order of their first location: the info-level no-break
		// space first.
		{"a\u00a0b\u2028", []summary{{KindWhitespace, []string{`\u{00a0}`}, 1, ""}, {KindWhitespace, []string{`\u{2028}`}, 1, ""}}},
		{"abc\u00a0-b\u2028", []summary{{KindWhitespace, []string{`\u{00a0}`, `\u{2028}`}, 2, ""}}},
		{"\ue000\ufdd0\u0378", []summary{
			{KindPrivateUse, []string{`\u{e000}`}, 1, ""},
			{KindNoncharacter, []string{`\u{fdd0}`}, 1, ""},
			{KindUnassigned, []string{`\u{0378}`}, 1, ""},
		}},
		{"\xff\xfe", []summary{{KindInvalidUTF8, []string{`\X{ff}`, `\X{fe}`}, 2, ""}}},
		{"\t", nil}, // escaped, but a tab is not a warning
	}
	for _, tt := range tests {
		r := Sanitize(tt.in)
		var got []summary
		for _, w := range r.Warnings {
			got = append(got, summary{w.Kind, w.Tokens, w.Count, w.Decoded})
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Sanitize(%+q) warnings mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestExplanationNamesDanger(t *testing.T) {
	r := Sanitize("cat invoice\u202efdp.exe")
	want := "U+202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed"
	if len(r.Warnings) != 1 || r.Warnings[0].Explanation != want {
		t.Fatalf("got %+v, want one bidi warning explained %q", r.Warnings, want)
	}
}

func TestWarningsBounded(t *testing.T) {
	var b strings.Builder
	for r := rune(0xE000); r < 0xE000+10*MaxTokens; r++ {
		b.WriteRune(r)
	}
	r := Sanitize(b.String())
	w := r.Warnings[0]
	if len(w.Tokens) != MaxTokens || w.Count != 10*MaxTokens {
		t.Errorf("got %d tokens, count %d; want %d tokens, count %d", len(w.Tokens), w.Count, MaxTokens, 10*MaxTokens)
	}
	long := "x" + strings.Repeat("\U000E0041", 1000)
	w = Sanitize(long).Warnings[0]
	if len(w.Tokens[0]) > MaxTokenLen+len("…") || len(w.Decoded) > MaxDecodedLen+len("…") {
		t.Errorf("token %d bytes, decoded %d bytes: want at most %d and %d", len(w.Tokens[0]), len(w.Decoded), MaxTokenLen, MaxDecodedLen)
	}
	if !strings.HasSuffix(w.Tokens[0], "}…") {
		t.Errorf("token %q: want it cut after a whole escape", w.Tokens[0])
	}
}

func TestPolicy(t *testing.T) {
	tests := []struct {
		name   string
		policy Policy
		in     string
		want   string
		kinds  []Kind
	}{
		{"default tab", Policy{}, "all:\n\tgo build", "all:\n\\tgo build", nil},
		{"keep tab", Policy{KeepTab: true}, "all:\n\tgo build", "all:\n\tgo build", nil},
		{"allow rlm", Policy{Allow: []rune{0x200F}}, "a\u200fb", "a\u200fb", nil},
		{"allow cannot admit controls", Policy{Allow: []rune{0x1B, 0x85}}, "\x1b\u0085", `\x1b\x85`, []Kind{KindTerminalEscape}},
		{"flag ascii", Policy{Flag: []rune{'$'}}, "echo $HOME", `echo \u{0024}HOME`, []Kind{KindFlagged}},
		{"flag wins over allow", Policy{Allow: []rune{'\u00e9'}, Flag: []rune{'\u00e9'}}, "caf\u00e9", `caf\u{00e9}`, []Kind{KindFlagged}},
		{"flag emoji", Policy{Flag: []rune{0x1F680}}, "go \U0001F680", `go \u{1f680}`, []Kind{KindFlagged}},
	}
	for _, tt := range tests {
		r := tt.policy.Sanitize(tt.in)
		if diff := cmp.Diff(tt.want, r.Text); diff != "" {
			t.Errorf("%s: Text mismatch (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.kinds, kindsOf(r)); diff != "" {
			t.Errorf("%s: kinds mismatch (-want +got):\n%s", tt.name, diff)
		}
		if got := r.Original(); got != tt.in {
			t.Errorf("%s: Original() = %+q, want %+q", tt.name, got, tt.in)
		}
	}
}

func TestCleanASCIIAllocatesNothing(t *testing.T) {
	in := strings.Repeat("go test -race ./... && echo done\n", 100)
	var r Result
	allocs := testing.AllocsPerRun(100, func() { r = Sanitize(in) })
	if allocs != 0 {
		t.Errorf("Sanitize(clean ASCII) allocated %v times per run, want 0", allocs)
	}
	if r.Text != in || r.Warnings != nil || !r.Clean() {
		t.Errorf("Sanitize(clean ASCII) changed the text or warned")
	}
}

// TestCleanProseAllocatesNothing pins that text with nothing to escape or
// report allocates nothing in any script, under every reading but the
// command one (which parses): the sanitizer stays on the stack.
func TestCleanProseAllocatesNothing(t *testing.T) {
	for _, in := range scriptsBenchInputs[:3] {
		for _, ctx := range []Context{ContextAny, ContextProse} {
			p := Policy{Context: ctx}
			if n := testing.AllocsPerRun(20, func() { p.Sanitize(in.text) }); n != 0 {
				t.Errorf("%v Sanitize(%s prose) allocated %v times per run, want 0", ctx, in.name, n)
			}
		}
	}
}

// escapeValues compares EscapeLists by their Escapes, for a diff that
// names them.
var escapeValues = cmp.Transformer("All", func(l EscapeList) []Escape { return slices.Collect(l.All()) })

func TestJSON(t *testing.T) {
	r := Sanitize("x\u202ey")
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"text":"x\\u{202e}y","warnings":[{"kind":"bidi","severity":"warn","tokens":["\\u{202e}"],"count":1,"explanation":"U+202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed","locations":[{"input":{"start":1,"end":4},"text":{"start":1,"end":9}}]}],"escapes":[{"start":1,"end":9,"rune":8238,"class":"bidi"}]}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("json mismatch (-want +got):\n%s", diff)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, back, escapeValues); diff != "" {
		t.Errorf("round trip mismatch (-want +got):\n%s", diff)
	}
}

func TestKindNames(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		name := k.String()
		if name == "" || name == "unknown" || seen[name] {
			t.Errorf("kind %d has bad or duplicate name %q", k, name)
		}
		seen[name] = true
		var back Kind
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", name, back, err, k)
		}
	}
	for c := ClassNone; c < numClasses; c++ {
		var back Class
		if err := back.UnmarshalText([]byte(c.String())); err != nil || back != c {
			t.Errorf("Class UnmarshalText(%q) = %v, %v", c, back, err)
		}
	}
}

func TestLogValue(t *testing.T) {
	var b strings.Builder
	logger := slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	logger.Info("approval", "result", Sanitize("rm\u00a0-rf \x07"))
	got := b.String()
	for _, want := range []string{"result.escapes=2", "result.unusual_whitespace.kind=unusual_whitespace", "result.control_bytes.tokens=[\\x07]"} {
		if !strings.Contains(got, want) {
			t.Errorf("log line %q lacks %q", got, want)
		}
	}
	if strings.ContainsAny(got, "\x07\u00a0") {
		t.Errorf("log line holds raw input: %+q", got)
	}

	b.Reset()
	logger.Info("approval", "result", Command("curl https://p\u0430ypal.com/x | sh"))
	if got, want := b.String(), `code_points=[p\u{0430}ypal]`; !strings.Contains(got, want) {
		t.Errorf("log line %q lacks %q", got, want)
	}
}

func TestConcurrentUse(t *testing.T) {
	in := "p\u0430ypal \u202e \U000E0041 \ufe01 ok"
	want := Sanitize(in)
	done := make(chan Result)
	for range 8 {
		go func() { done <- Sanitize(in) }()
	}
	for range 8 {
		if diff := cmp.Diff(want, <-done); diff != "" {
			t.Errorf("concurrent Sanitize mismatch (-want +got):\n%s", diff)
		}
	}
}

func TestOutputValidUTF8(t *testing.T) {
	for b := range 256 {
		in := "a" + string([]byte{byte(b)}) + "z"
		r := Sanitize(in)
		if !utf8.ValidString(r.Text) {
			t.Errorf("Sanitize(%+q).Text = %+q is not valid UTF-8", in, r.Text)
		}
		checkResultInvariants(t, in, r)
	}
}

// TestSanitizeRuns pins runs of one control, which Sanitize takes in one
// step: each is still an occurrence with its location, an ESC cancelled by
// the next ESC is a terminal sequence of its own, and controls inside a
// sequence belong to it.
func TestSanitizeRuns(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\x1b\x1b\x1b[2K", `{"text":"\\x1b\\x1b\\x1b[2K","warnings":[{"kind":"terminal_escape","severity":"warn","tokens":["\\x1b","\\x1b[2K"],"count":3,"explanation":"on a terminal, escape sequences here would start an escape sequence that never completes; erase the line","locations":[{"input":{"start":0,"end":1},"text":{"start":0,"end":4}},{"input":{"start":1,"end":2},"text":{"start":4,"end":8}},{"input":{"start":2,"end":6},"text":{"start":8,"end":15}}]}],"escapes":[{"start":0,"end":12,"rune":27,"class":"control","repeat":2}]}`},
		{"\x1b[\x00\x00\x00m", `{"text":"\\x1b[\\x00\\x00\\x00m","warnings":[{"kind":"terminal_escape","severity":"warn","tokens":["\\x1b[\\x00\\x00\\x00m"],"count":1,"explanation":"on a terminal, escape sequences here would change the colour or style of the text","locations":[{"input":{"start":0,"end":6},"text":{"start":0,"end":18}}]}],"escapes":[{"start":0,"end":4,"rune":27,"class":"control"},{"start":5,"end":17,"rune":0,"class":"control","repeat":2}]}`},
		{"a\r\r\r\rb", `{"text":"a\\x0d\\x0d\\x0d\\x0db","warnings":[{"kind":"carriage_return","severity":"warn","tokens":["\\x0d"],"count":4,"explanation":"\\x0d (carriage return) moves the cursor to the start of the line, so the text after it can overwrite what came before","locations":[{"input":{"start":1,"end":2},"text":{"start":1,"end":5}},{"input":{"start":2,"end":3},"text":{"start":5,"end":9}},{"input":{"start":3,"end":4},"text":{"start":9,"end":13}},{"input":{"start":4,"end":5},"text":{"start":13,"end":17}}]}],"escapes":[{"start":1,"end":17,"rune":13,"class":"carriage_return","repeat":3}]}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(Sanitize(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, string(got)); diff != "" {
			t.Errorf("Sanitize(%+q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestWarningsOneLine checks that a token or explanation never carries a
// newline of the input, even when the sequence it reports spans one.
func TestWarningsOneLine(t *testing.T) {
	tests := []struct {
		in   string
		want []string // tokens of the first warning
	}{
		{"\x1b]0;a\nb", []string{`\x1b]0;a\x0ab`}},
		{"\u009d0\nabc", []string{`\x9d0\x0aabc`}},
		{"\x9d0\n", []string{`\X{9d}0\x0a`}},
	}
	for _, tt := range tests {
		r := Sanitize(tt.in)
		if len(r.Warnings) == 0 {
			t.Fatalf("Sanitize(%+q): no warning", tt.in)
		}
		if diff := cmp.Diff(tt.want, r.Warnings[0].Tokens); diff != "" {
			t.Errorf("Sanitize(%+q) tokens mismatch (-want +got):\n%s", tt.in, diff)
		}
		checkWarningText(t, tt.in, r)
	}
}

// TestRunsAgree holds the loop over copies of one escaped code point
// (runeRun) to what escaping each copy on its own makes: a policy that
// flags a code point the text does not hold takes every copy alone and
// changes nothing else. Zero-width spaces and direction marks, which the
// typographic rules place as a run, are taken as one; no-break and other
// spaces, which the rules place one by one, are not.
func TestRunsAgree(t *testing.T) {
	var ins []string
	for n := 1; n <= 9; n++ {
		for _, r := range []string{"\u200b", "\u200e", "\u200f", "\u061c", "\u00a0", "\u202f", "\u2009", "\u3000", "\u200c", "\u202e", "\ue000"} {
			run := strings.Repeat(r, n)
			ins = append(ins,
				run,
				"a"+run+"b",
				"word "+run+" word",
				"ภาษา"+run+"ไทย",
				"ภาษา "+run+" ไทย",
				"שלום "+run+"123.",
				"שלום 12"+run+".5 עולם",
				"x\n"+run+"\ny",
				run+"\u200f"+run,
				"Bonjour"+run+": ça va"+run+"?",
				"10"+run+"000"+run+"€",
				"« "+run+"oui"+run+" »",
				"a"+run+"— b",
			)
		}
	}
	unrelated := []rune{'\U0010FFFD'}
	for _, in := range ins {
		for _, p := range []Policy{{}, {Context: ContextProse}, {KeepTab: true}} {
			alone := p
			alone.Flag = unrelated
			if diff := cmp.Diff(alone.Sanitize(in), p.Sanitize(in), escapeValues); diff != "" {
				t.Errorf("%+v Sanitize(%+q): runs differ from copies alone (-alone +runs):\n%s", p, in, diff)
			}
		}
	}
}
