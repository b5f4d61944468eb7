package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"golang.org/x/net/html"
)

func newTestServer(t *testing.T) (*server, *bytes.Buffer, []string) {
	t.Helper()
	queue, err := samples()
	if err != nil {
		t.Fatal(err)
	}
	var audit bytes.Buffer
	s, err := newServer(queue, slog.New(slog.NewJSONHandler(&audit, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s.allowHost("example.com") // httptest.NewRequest's Host
	return s, &audit, queue
}

// formFor returns the form the page posts to decide item id.
func formFor(s *server, id int, d decision) url.Values {
	it := s.items[id]
	return url.Values{"csrf": {s.csrf}, "id": {strconv.Itoa(id)}, "nonce": {it.nonce}, "sha256": {it.sum}, "decision": {string(d)}}
}

// with returns form with key set to value, leaving form as it was.
func with(form url.Values, key, value string) url.Values {
	out := url.Values{}
	for k, v := range form {
		out[k] = slices.Clone(v)
	}
	out.Set(key, value)
	return out
}

func post(s *server, form url.Values, header http.Header) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/decide", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

func TestDecide(t *testing.T) {
	s, audit, queue := newTestServer(t)
	good := formFor(s, 1, rejected)
	tests := []struct {
		name   string
		form   url.Values
		header http.Header
		want   int
	}{
		{"no token", url.Values{"id": {"1"}, "decision": {"reject"}}, nil, http.StatusForbidden},
		{"wrong token", url.Values{"csrf": {"x"}, "id": {"1"}, "decision": {"reject"}}, nil, http.StatusForbidden},
		{"cross-site", good, http.Header{"Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden},
		{"bad decision", url.Values{"csrf": {s.csrf}, "id": {"1"}, "decision": {"run"}}, nil, http.StatusBadRequest},
		{"no such id", url.Values{"csrf": {s.csrf}, "id": {"99"}, "decision": {"reject"}}, nil, http.StatusNotFound},
		{"reject", good, http.Header{"Sec-Fetch-Site": {"same-origin"}}, http.StatusSeeOther},
		{"twice", good, nil, http.StatusConflict},
	}
	for _, tt := range tests {
		if got := post(s, tt.form, tt.header).Code; got != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.want)
		}
	}
	if got := s.items[1].Decision; got != rejected {
		t.Errorf("decision of item 1 = %q, want %q", got, rejected)
	}

	// One decision in the audit log, with the hash and the Result's
	// summary, and no raw command in any form.
	var lines []string
	for l := range strings.SplitSeq(strings.TrimSpace(audit.String()), "\n") {
		if strings.Contains(l, `"msg":"decision"`) {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 {
		t.Fatalf("audit log has %d decisions, want 1:\n%s", len(lines), audit)
	}
	var entry struct {
		Msg      string         `json:"msg"`
		ID       int            `json:"id"`
		Decision string         `json:"decision"`
		SHA256   string         `json:"sha256"`
		Result   map[string]any `json:"result"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &entry); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(queue[1]))
	r := plainsight.Command(queue[1])
	if diff := cmp.Diff([]any{"decision", 1, "reject", hex.EncodeToString(sum[:]), float64(len(r.Warnings))},
		[]any{entry.Msg, entry.ID, entry.Decision, entry.SHA256, entry.Result["warnings"]}); diff != "" {
		t.Errorf("audit entry mismatch (-want +got):\n%s", diff)
	}
	for _, leak := range []string{queue[1], strconv.Quote(queue[1]), strings.Trim(strconv.Quote(queue[1]), `"`), r.Text} {
		if strings.Contains(audit.String(), leak) {
			t.Errorf("audit log holds the command (%+q):\n%s", leak, audit)
		}
	}
}

func TestHeaders(t *testing.T) {
	s, _, _ := newTestServer(t)
	for _, path := range []string{"/", "/style.css"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: status %d", path, rec.Code)
		}
		if got := rec.Header().Get("Content-Security-Policy"); got != contentSecurityPolicy {
			t.Errorf("GET %s: CSP %q, want %q", path, got, contentSecurityPolicy)
		}
	}
}

// pageElements are the elements the page itself writes, around the
// fragments.
var pageElements = []string{"html", "head", "meta", "title", "link", "body", "main", "h1", "h2", "p", "a", "code", "section", "span", "form", "input", "button", "label"}

// fragmentElements are the elements render.HTML writes.
var fragmentElements = []string{"div", "pre", "bdo", "span", "mark", "ol", "li", "code"}

// TestPage parses the page with an HTML5 parser and checks that each
// command's text is its Result.Text, that nothing but the page's own and
// render.HTML's elements appear, and that no attribute can run script.
func TestPage(t *testing.T) {
	s, _, queue := newTestServer(t)
	for _, query := range []string{"", "?natural=1"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/"+query, nil))
		doc, err := html.Parse(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		var walk func(n *html.Node, inFragment bool)
		walk = func(n *html.Node, inFragment bool) {
			if n.Type == html.ElementNode {
				allowed := pageElements
				if inFragment || hasClass(n, "ps-result") {
					inFragment, allowed = true, fragmentElements
				}
				if !slices.Contains(allowed, n.Data) {
					t.Errorf("GET /%s: element <%s> (in fragment: %v)", query, n.Data, inFragment)
				}
				for _, a := range n.Attr {
					if strings.HasPrefix(a.Key, "on") || a.Key == "style" || a.Key == "src" ||
						(a.Key == "href" && a.Val != "/" && a.Val != "/style.css") {
						t.Errorf("GET /%s: attribute %s=%q on <%s>", query, a.Key, a.Val, n.Data)
					}
				}
				if n.Data == "pre" {
					texts = append(texts, textOf(n))
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c, inFragment)
			}
		}
		walk(doc, false)
		var want []string
		for _, cmd := range queue {
			want = append(want, plainsight.Command(cmd).Text)
		}
		if diff := cmp.Diff(want, texts); diff != "" {
			t.Errorf("GET /%s: command texts mismatch (-want +got):\n%s", query, diff)
		}
	}
}

func hasClass(n *html.Node, class string) bool {
	for _, a := range n.Attr {
		if a.Key == "class" && slices.Contains(strings.Fields(a.Val), class) {
			return true
		}
	}
	return false
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// indexWhere returns the index of the first command of queue whose
// Result satisfies f.
func indexWhere(t *testing.T, queue []string, f func(plainsight.Result) bool) int {
	t.Helper()
	for i, cmd := range queue {
		if f(plainsight.Command(cmd)) {
			return i
		}
	}
	t.Fatal("no such sample")
	return -1
}

func isClean(r plainsight.Result) bool { return r.Clean() }

// TestApprovalBinding checks that an approval takes the same deliberate
// act as on the CLI (one click for a clean command, yes typed for one with
// warnings) and is bound to the bytes shown: another hash, another nonce
// or a second post is refused, and only what was accepted is logged.
func TestApprovalBinding(t *testing.T) {
	s, audit, queue := newTestServer(t)
	warned := indexWhere(t, queue, plainsight.Result.HasWarning)
	clean := indexWhere(t, queue, isClean)
	tampered := sha256.Sum256([]byte("rm -rf ~"))
	steps := []struct {
		name string
		id   int
		form url.Values
		want int
	}{
		{"warned, one click", warned, formFor(s, warned, approved), http.StatusUnprocessableEntity},
		{"warned, confirm y", warned, with(formFor(s, warned, approved), "confirm", "y"), http.StatusUnprocessableEntity},
		{"warned, confirm YES", warned, with(formFor(s, warned, approved), "confirm", "YES"), http.StatusUnprocessableEntity},
		{"warned, other hash", warned, with(with(formFor(s, warned, approved), "confirm", "yes"), "sha256", hex.EncodeToString(tampered[:])), http.StatusForbidden},
		{"warned, hash of another command", warned, with(with(formFor(s, warned, approved), "confirm", "yes"), "sha256", s.items[clean].sum), http.StatusForbidden},
		{"warned, no hash", warned, with(with(formFor(s, warned, approved), "confirm", "yes"), "sha256", ""), http.StatusForbidden},
		{"warned, other nonce", warned, with(with(formFor(s, warned, approved), "confirm", "yes"), "nonce", s.items[clean].nonce), http.StatusForbidden},
		{"warned, yes typed", warned, with(formFor(s, warned, approved), "confirm", "yes"), http.StatusSeeOther},
		{"warned, replayed", warned, with(formFor(s, warned, approved), "confirm", "yes"), http.StatusConflict},
		{"clean, other hash", clean, with(formFor(s, clean, approved), "sha256", hex.EncodeToString(tampered[:])), http.StatusForbidden},
		{"clean, one click", clean, formFor(s, clean, approved), http.StatusSeeOther},
		{"clean, replayed", clean, formFor(s, clean, approved), http.StatusConflict},
	}
	for _, st := range steps {
		if got := post(s, st.form, nil).Code; got != st.want {
			t.Errorf("%s: status %d, want %d", st.name, got, st.want)
		}
	}
	for _, id := range []int{warned, clean} {
		if got := s.items[id].Decision; got != approved {
			t.Errorf("decision of item %d = %q, want %q", id, got, approved)
		}
	}
	// A rejection of a warned command takes one click.
	other := indexWhere(t, queue[warned+1:], plainsight.Result.HasWarning) + warned + 1
	if got := post(s, formFor(s, other, rejected), nil).Code; got != http.StatusSeeOther {
		t.Errorf("reject warned: status %d, want %d", got, http.StatusSeeOther)
	}
	if n := strings.Count(audit.String(), `"msg":"decision"`); n != 3 {
		t.Errorf("audit log has %d decisions, want 3:\n%s", n, audit)
	}
	if n := strings.Count(audit.String(), `"msg":"refused"`); n != 10 {
		t.Errorf("audit log has %d refusals, want 10:\n%s", n, audit)
	}
}

// TestHost checks that the server answers only to the address it listens
// on, so that a rebound name cannot read its token.
func TestHost(t *testing.T) {
	queue, err := samples()
	if err != nil {
		t.Fatal(err)
	}
	s, err := newServer(queue, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	s.allowHost("127.0.0.1:8080")
	tests := []struct {
		host string
		want int
	}{
		{"127.0.0.1:8080", http.StatusOK},
		{"localhost:8080", http.StatusOK},
		{"LOCALHOST:8080", http.StatusOK},
		{"127.0.0.1:8081", http.StatusMisdirectedRequest},
		{"127.0.0.1", http.StatusMisdirectedRequest},
		{"attacker.example:8080", http.StatusMisdirectedRequest},
		{"attacker.example", http.StatusMisdirectedRequest},
		{"", http.StatusMisdirectedRequest},
	}
	for _, tt := range tests {
		for _, method := range []string{"GET", "POST"} {
			path := "/"
			if method == "POST" {
				path = "/decide"
			}
			req := httptest.NewRequest(method, path, nil)
			req.Host = tt.host
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			want := tt.want
			if method == "POST" && want == http.StatusOK {
				want = http.StatusForbidden // reached the handler: no token
			}
			if rec.Code != want {
				t.Errorf("%s %s with Host %q: status %d, want %d", method, path, tt.host, rec.Code, want)
			}
			if want == http.StatusMisdirectedRequest && strings.Contains(rec.Body.String(), s.csrf) {
				t.Errorf("%s with Host %q: the token leaks", method, tt.host)
			}
		}
	}
	// With no address given, nothing is served.
	bare, err := newServer(queue, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	bare.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusMisdirectedRequest {
		t.Errorf("GET / on a server with no address: status %d", rec.Code)
	}
}
