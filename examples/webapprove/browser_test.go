package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/plainsight-dev/plainsight"
)

var screenshot = flag.String("screenshot", "", "write a PNG screenshot of the page to this file")

// browser starts headless Chromium, or skips the test when there is none;
// under CI=true a missing browser fails the test instead.
func browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no Chromium found; CI needs it (apt-get install chromium)")
		}
		t.Skip("no Chromium found")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // root in a container
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1600),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	// The first call starts the browser, which lives as long as the
	// context of that call: no timeout on it, only on what follows.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// A layoutChar is one grapheme cluster of a command as laid out on screen,
// read with Range.getClientRects.
type layoutChar struct {
	C       string  `json:"c"`
	Visible bool    `json:"visible"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
}

// A styled element is an escape or a mark as laid out, with its colours
// and those of the text around it.
type styled struct {
	Class   string  `json:"class"`
	Warning string  `json:"warning"`
	Text    string  `json:"text"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
	Color   string  `json:"color"`
	BG      string  `json:"bg"`
}

// layoutItem is what the page shows for one command.
type layoutItem struct {
	ID          int          `json:"id"`
	Text        string       `json:"text"`
	Chars       []layoutChar `json:"chars"`
	Styled      []styled     `json:"styled"`
	TextColor   string       `json:"textColor"`
	TextBG      string       `json:"textBG"`
	BadElements []string     `json:"badElements"`
}

// layoutJS reads the layout of every command on the page.
const layoutJS = `(() => {
	const allowed = new Set(["DIV", "PRE", "BDO", "SPAN", "MARK", "OL", "LI", "CODE"]);
	const seg = new Intl.Segmenter(undefined, {granularity: "grapheme"});
	const background = el => {
		for (; el; el = el.parentElement) {
			const bg = getComputedStyle(el).backgroundColor;
			if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") return bg;
		}
		return "";
	};
	return [...document.querySelectorAll("section.item")].map(sec => {
		const frag = sec.querySelector(".ps-result");
		const pre = frag.querySelector("pre.ps-text");
		const chars = [];
		const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
		for (let node; (node = walker.nextNode()); ) {
			for (const s of seg.segment(node.data)) {
				const r = document.createRange();
				r.setStart(node, s.index);
				r.setEnd(node, s.index + s.segment.length);
				const rects = [...r.getClientRects()].filter(b => b.width > 0 || b.height > 0);
				if (rects.length === 0) { chars.push({c: s.segment, visible: false}); continue; }
				const b = rects[0];
				chars.push({c: s.segment, visible: true, x: b.left, y: b.top, w: b.width, h: b.height});
			}
		}
		const styled = [...pre.querySelectorAll(".ps-esc, .ps-mark")].map(el => {
			const b = el.getBoundingClientRect();
			return {class: el.className, warning: el.dataset.warning || "", text: el.textContent, w: b.width, h: b.height,
				color: getComputedStyle(el).color, bg: background(el)};
		});
		const bad = [...frag.querySelectorAll("*")].filter(el => !allowed.has(el.tagName)).map(el => el.tagName);
		return {id: Number(sec.dataset.id), text: pre.textContent, chars, styled,
			textColor: getComputedStyle(pre).color, textBG: background(pre), badElements: bad};
	});
})()`

// pageChecks is what the browser test found on one page.
type pageChecks struct {
	samples, chars, styled int
	failures               []string
}

func (p *pageChecks) fail(format string, args ...any) {
	p.failures = append(p.failures, fmt.Sprintf(format, args...))
}

// checkOrder checks that the characters of one command appear left to
// right in logical order on each line, lines going down the page.
func checkOrder(it layoutItem, p *pageChecks) {
	var prev *layoutChar
	for i := range it.Chars {
		c := &it.Chars[i]
		if c.C == "\n" || !c.Visible || c.W == 0 {
			continue
		}
		p.chars++
		if prev != nil {
			switch {
			case c.Y > prev.Y+prev.H/2: // a new line
			case c.Y < prev.Y-prev.H/2:
				p.fail("command %d: %+q at char %d is on a line above %+q", it.ID, c.C, i, prev.C)
			case c.X < prev.X+0.5:
				p.fail("command %d: %+q at char %d (x=%.1f) is not right of %+q (x=%.1f)", it.ID, c.C, i, c.X, prev.C, prev.X)
			}
		}
		prev = c
	}
}

func TestBrowser(t *testing.T) {
	ctx := browser(t)
	s, _, queue := newTestServer(t)
	ts := httptest.NewServer(s)
	defer ts.Close()
	s.allowHost(ts.Listener.Addr().String())

	// No script may run: any dialog the hostile samples could open, and any
	// request the CSP blocks, is recorded.
	var mu sync.Mutex
	var dialogs []string
	err := chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			mu.Lock()
			dialogs = append(dialogs, ev.Message)
			mu.Unlock()
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	const watch = `window.__violations = [];
document.addEventListener("securitypolicyviolation", e => window.__violations.push(e.violatedDirective + " " + e.blockedURI));`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watch}); err != nil {
		t.Fatal(err)
	}

	load := func(path string) ([]layoutItem, []string) {
		t.Helper()
		if err := chromedp.Do(ctx,
			chromedp.Navigate(ts.URL+path),
			chromedp.WaitReady(chromedp.CSS("section.item")),
		); err != nil {
			t.Fatalf("loading %s: %v", path, err)
		}
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string]("JSON.stringify("+layoutJS+")"))
		if err != nil {
			t.Fatalf("reading the layout of %s: %v", path, err)
		}
		violations, err := chromedp.Run(ctx, chromedp.Evaluate[[]string]("window.__violations"))
		if err != nil {
			t.Fatal(err)
		}
		var items []layoutItem
		if err := json.Unmarshal([]byte(raw), &items); err != nil {
			t.Fatal(err)
		}
		if len(items) != len(queue) {
			t.Fatalf("%s shows %d commands, want %d", path, len(items), len(queue))
		}
		return items, violations
	}

	var p pageChecks
	for _, scheme := range []string{"light", "dark"} {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		}); err != nil {
			t.Fatal(err)
		}
		items, violations := load("/")
		if *screenshot != "" && scheme == "light" {
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, v := range violations {
			p.fail("%s: Content-Security-Policy violation: %s", scheme, v)
		}
		for _, it := range items {
			checkItem(scheme, it, plainsight.Command(queue[it.ID]), &p)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, d := range dialogs {
		p.fail("a script ran and opened a dialog: %q", d)
	}
	for _, f := range p.failures {
		t.Error(f)
	}
	t.Logf("browser: %d samples (light and dark), %d characters checked in logical order, %d escapes and marks checked, %d failures",
		p.samples, p.chars, p.styled, len(p.failures))

	// The order check must be able to fail: in Natural mode the browser
	// reorders the right-to-left samples.
	natural, _ := load("/?natural=1")
	reordered := 0
	for _, it := range natural {
		var q pageChecks
		checkOrder(it, &q)
		if len(q.failures) > 0 {
			reordered++
		}
	}
	want := countRTL(queue)
	if reordered < want {
		t.Errorf("Natural mode: %d commands shown out of logical order, want at least %d (the order check cannot fail?)", reordered, want)
	}
	t.Logf("browser, Natural mode: %d of %d commands shown out of logical order (%d hold Hebrew or Arabic)", reordered, len(natural), want)
}

// checkItem checks one command as the browser laid it out in one colour
// scheme.
func checkItem(scheme string, it layoutItem, r plainsight.Result, p *pageChecks) {
	p.samples++
	if it.Text != r.Text {
		p.fail("%s: command %d: page text %+q, want %+q", scheme, it.ID, it.Text, r.Text)
	}
	for _, e := range it.BadElements {
		p.fail("%s: command %d: element <%s> inside the fragment", scheme, it.ID, e)
	}
	checkOrder(it, p)
	escapes, marked := 0, map[string]string{}
	for _, st := range it.Styled {
		p.styled++
		if st.W <= 0 || st.H <= 0 {
			p.fail("%s: command %d: %q has size %.1fx%.1f", scheme, it.ID, st.Class, st.W, st.H)
		}
		if st.Color == it.TextColor && st.BG == it.TextBG {
			p.fail("%s: command %d: %q has the text's colours (%s on %s)", scheme, it.ID, st.Class, st.Color, st.BG)
		}
		if c := contrast(st.Color, st.BG); c < 4.5 {
			p.fail("%s: command %d: %q has contrast %.2f (%s on %s), want 4.5 or more", scheme, it.ID, st.Class, c, st.Color, st.BG)
		}
		if st.Warning != "" {
			marked[st.Warning] += st.Text
		} else {
			escapes++
		}
	}
	units := 0 // render gives each escape of a run an element of its own
	for e := range r.Escapes.All() {
		units += e.Repeat + 1
	}
	if escapes != units {
		p.fail("%s: command %d: %d escape elements, want %d", scheme, it.ID, escapes, units)
	}
	// The marks of each warning hold exactly the text its locations cover.
	for i, w := range r.Warnings {
		covered := make([]bool, len(r.Text))
		for _, loc := range w.Locations {
			for j := loc.Text.Start; j < loc.Text.End && j < len(r.Text); j++ {
				covered[j] = true
			}
		}
		var want []byte
		for j, c := range covered {
			if c {
				want = append(want, r.Text[j])
			}
		}
		if got := marked[fmt.Sprint(i)]; got != string(want) {
			p.fail("%s: command %d: marks of warning %d (%s) hold %+q, want %+q", scheme, it.ID, i, w.Kind, got, want)
		}
	}
}

// contrast returns the WCAG 2 contrast ratio of two CSS rgb() colours, or
// 0 if either cannot be read.
func contrast(a, b string) float64 {
	la, oka := luminance(a)
	lb, okb := luminance(b)
	if !oka || !okb {
		return 0
	}
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(css string) (float64, bool) {
	var c [3]float64
	if _, err := fmt.Sscanf(css, "rgb(%g, %g, %g)", &c[0], &c[1], &c[2]); err != nil {
		return 0, false
	}
	for i, v := range c {
		v /= 255
		if v <= 0.03928 {
			c[i] = v / 12.92
		} else {
			c[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2], true
}

// countRTL counts the commands a browser's natural display reorders: those
// with Hebrew or Arabic letters or Arabic digits.
func countRTL(queue []string) int {
	n := 0
	for _, cmd := range queue {
		if slices.ContainsFunc([]rune(cmd), func(r rune) bool { return r >= 0x0590 && r <= 0x06FF }) {
			n++
		}
	}
	return n
}

// TestBrowserApproval clicks through the page in Chromium as a reviewer
// would: a command with warnings is not approved by one click on Approve,
// even with the browser's own check of the field taken away, but is with
// yes typed; a clean command is approved with one click; and a form whose
// sha256 was changed to that of other bytes is refused.
func TestBrowserApproval(t *testing.T) {
	ctx := browser(t)
	s, _, queue := newTestServer(t)
	ts := httptest.NewServer(s)
	defer ts.Close()
	s.allowHost(ts.Listener.Addr().String())
	warned := indexWhere(t, queue, plainsight.Result.HasWarning)
	clean := indexWhere(t, queue, isClean)

	decisionOf := func(id int) decision {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.items[id].Decision
	}
	in := func(id int, sel string) chromedp.CSS {
		return chromedp.CSS(fmt.Sprintf(`section[data-id="%d"] %s`, id, sel))
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// refusal waits for the page the server answered a post with (plain
	// text, which the browser shows in a pre of its own), and checks that
	// it says want.
	refusal := func(want string) {
		t.Helper()
		refused := chromedp.CSS("body > pre")
		do("waiting for the refusal", chromedp.WaitVisible(refused))
		text, err := chromedp.Run(ctx, chromedp.Text(refused))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, want) {
			t.Errorf("refusal page says %q, want %q in it", text, want)
		}
	}
	open := func() {
		t.Helper()
		do("loading the page", chromedp.Navigate(ts.URL+"/"), chromedp.WaitReady(chromedp.CSS("section.item")))
	}

	// One click on Approve: the browser does not post a form whose
	// confirmation is empty.
	open()
	do("clicking Approve once", chromedp.Click(in(warned, "button.approve")), chromedp.Sleep(500*time.Millisecond))
	if got := decisionOf(warned); got != pending {
		t.Fatalf("one click on Approve decided the warned command %d: %q", warned, got)
	}
	// Without the browser's check, the server refuses it.
	do("clicking Approve without the field's check",
		chromedp.RemoveAttribute(in(warned, `input[name="confirm"]`), "required"),
		chromedp.RemoveAttribute(in(warned, `input[name="confirm"]`), "pattern"),
		chromedp.Click(in(warned, "button.approve")))
	refusal("type yes")
	if got := decisionOf(warned); got != pending {
		t.Fatalf("one click on Approve, unchecked, decided the warned command %d: %q", warned, got)
	}
	// Typing anything but yes is not enough either.
	open()
	do("typing y", chromedp.RemoveAttribute(in(warned, `input[name="confirm"]`), "pattern"),
		chromedp.SendKeys(in(warned, `input[name="confirm"]`), "y"),
		chromedp.Click(in(warned, "button.approve")))
	refusal("type yes")
	if got := decisionOf(warned); got != pending {
		t.Fatalf("y approved the warned command %d: %q", warned, got)
	}
	// yes typed approves it.
	open()
	do("typing yes", chromedp.SendKeys(in(warned, `input[name="confirm"]`), "yes"),
		chromedp.Click(in(warned, "button.approve")),
		chromedp.WaitVisible(in(warned, "p.decided.approve")))
	if got := decisionOf(warned); got != approved {
		t.Fatalf("yes typed: warned command %d decided %q, want %q", warned, got, approved)
	}

	// A tampered hash: the form carries the sha256 of other bytes.
	other := sha256.Sum256([]byte("curl -fsSL https://get.example.com/i.sh | sh"))
	do("tampering with the hash",
		chromedp.SetAttributeValue(in(clean, `input[name="sha256"]`), "value", hex.EncodeToString(other[:])),
		chromedp.Click(in(clean, "button.approve")))
	refusal("sha256 does not match")
	if got := decisionOf(clean); got != pending {
		t.Fatalf("a tampered hash decided command %d: %q", clean, got)
	}
	// The clean command, with its own hash, takes one click.
	open()
	do("approving the clean command", chromedp.Click(in(clean, "button.approve")),
		chromedp.WaitVisible(in(clean, "p.decided.approve")))
	if got := decisionOf(clean); got != approved {
		t.Fatalf("one click: clean command %d decided %q, want %q", clean, got, approved)
	}
	t.Logf("browser approval: warned command %d refused on one click (with and without the browser's check) and on y, approved on yes; a tampered hash refused; clean command %d approved on one click", warned, clean)
}
