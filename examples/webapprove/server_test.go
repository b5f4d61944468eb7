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
	return s, &audit, queue
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
	good := url.Values{"csrf": {s.csrf}, "id": {"1"}, "decision": {"reject"}}
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

	// One audit line, with the hash and the Result's summary, and no raw
	// command in any form.
	lines := strings.Split(strings.TrimSpace(audit.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("audit log has %d lines, want 1:\n%s", len(lines), audit)
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
	r := plainsight.Sanitize(queue[1])
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
var pageElements = []string{"html", "head", "meta", "title", "link", "body", "main", "h1", "h2", "p", "a", "code", "section", "span", "form", "input", "button"}

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
			want = append(want, plainsight.Sanitize(cmd).Text)
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
