package main

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/hex"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

// contentSecurityPolicy allows the page its own stylesheet and form posts
// to itself, and nothing else: no script, no inline style, no images, no
// frames.
const contentSecurityPolicy = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// A decision is what the reviewer chose for one command.
type decision string

const (
	pending  decision = ""
	approved decision = "approve"
	rejected decision = "reject"
)

// An item is one proposed command. Raw is kept for running (and here, for
// hashing): it is never shown or logged.
type item struct {
	ID       int
	raw      string
	Result   plainsight.Result
	Decision decision
}

// server serves the approval queue.
type server struct {
	mux   *http.ServeMux
	csrf  string
	audit *slog.Logger

	mu    sync.Mutex
	items []item
}

//go:embed page.css
var pageCSS string

//go:embed page.html
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

// newServer returns a server for the queue of commands, logging decisions
// to audit.
func newServer(queue []string, audit *slog.Logger) (*server, error) {
	token := make([]byte, 32)
	if _, err := rand.Read(token); err != nil {
		return nil, err
	}
	s := &server{mux: http.NewServeMux(), csrf: hex.EncodeToString(token), audit: audit}
	for i, cmd := range queue {
		s.items = append(s.items, item{ID: i, raw: cmd, Result: plainsight.Sanitize(cmd)})
	}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /style.css", s.style)
	s.mux.Handle("POST /decide", http.NewCrossOriginProtection().Handler(http.HandlerFunc(s.decide)))
	return s, nil
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	s.mux.ServeHTTP(w, r)
}

// shownItem is an item as the page shows it.
type shownItem struct {
	ID       int
	Command  template.HTML
	Decision decision
	Clean    bool
}

func (s *server) index(w http.ResponseWriter, r *http.Request) {
	opts := render.HTMLOptions{Natural: r.URL.Query().Get("natural") == "1"}
	s.mu.Lock()
	shown := make([]shownItem, len(s.items))
	for i, it := range s.items {
		opts.ID = "cmd" + strconv.Itoa(it.ID)
		shown[i] = shownItem{ID: it.ID, Command: render.HTML(it.Result, opts), Decision: it.Decision, Clean: it.Result.Clean()}
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTemplate.Execute(w, struct {
		CSRF    string
		Natural bool
		Items   []shownItem
	}{s.csrf, opts.Natural, shown}); err != nil {
		s.audit.Error("page", "err", err)
	}
}

func (s *server) style(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write([]byte(render.Stylesheet + pageCSS))
}

// decide records one decision. The token check stands beside
// CrossOriginProtection: the token also stops a form posted from another
// origin by a browser that sends neither Sec-Fetch-Site nor Origin.
func (s *server) decide(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.PostForm.Get("csrf")), []byte(s.csrf)) != 1 {
		http.Error(w, "bad or missing CSRF token", http.StatusForbidden)
		return
	}
	d := decision(r.PostForm.Get("decision"))
	if d != approved && d != rejected {
		http.Error(w, "decision must be approve or reject", http.StatusBadRequest)
		return
	}
	id, err := strconv.Atoi(r.PostForm.Get("id"))
	s.mu.Lock()
	if err != nil || id < 0 || id >= len(s.items) {
		s.mu.Unlock()
		http.Error(w, "no such command", http.StatusNotFound)
		return
	}
	it := &s.items[id]
	if it.Decision != pending {
		s.mu.Unlock()
		http.Error(w, "already decided", http.StatusConflict)
		return
	}
	it.Decision = d
	sum := sha256.Sum256([]byte(it.raw))
	result := it.Result
	s.mu.Unlock()
	// The Result logs its counts and warnings (neutralized tokens), never
	// the raw command: the hash identifies it.
	s.audit.Info("decision",
		slog.Int("id", id),
		slog.String("decision", string(d)),
		slog.String("sha256", hex.EncodeToString(sum[:])),
		slog.Any("result", result),
	)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
