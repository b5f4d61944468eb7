package main

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/hex"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
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

// An item is one proposed command. raw is kept for running (and here, for
// hashing): it is never shown or logged.
type item struct {
	ID       int
	raw      string
	sum      string // hex sha256 of raw, which the approval form carries
	nonce    string // single-use: a decision spends it
	Result   plainsight.Result
	Decision decision
}

// server serves the approval queue.
type server struct {
	mux   *http.ServeMux
	csrf  string
	audit *slog.Logger
	// hosts are the Host headers a request may carry: the address the
	// server listens on. Any other is refused, so that a page of another
	// site whose name was rebound to this address (DNS rebinding) can
	// neither read the token nor post a decision.
	hosts []string

	mu    sync.Mutex
	items []item
}

//go:embed page.css
var pageCSS string

//go:embed page.html
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

// randomHex returns n random bytes in hex.
func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// newServer returns a server for the queue of commands, logging decisions
// to audit. Each command is read as the shell will read it
// (plainsight.Command). It serves no request until allowHost names the
// address it is reached at.
func newServer(queue []string, audit *slog.Logger) (*server, error) {
	token, err := randomHex(32)
	if err != nil {
		return nil, err
	}
	s := &server{mux: http.NewServeMux(), csrf: token, audit: audit}
	for i, cmd := range queue {
		nonce, err := randomHex(16)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256([]byte(cmd))
		s.items = append(s.items, item{ID: i, raw: cmd, sum: hex.EncodeToString(sum[:]), nonce: nonce, Result: plainsight.Command(cmd)})
	}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /style.css", s.style)
	s.mux.Handle("POST /decide", http.NewCrossOriginProtection().Handler(http.HandlerFunc(s.decide)))
	return s, nil
}

// allowHost lets requests whose Host header is hostport in: the address
// the server listens on, such as 127.0.0.1:8080. On a loopback address,
// localhost with the same port is let in too.
func (s *server) allowHost(hostport string) {
	s.hosts = append(s.hosts, strings.ToLower(hostport))
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		s.hosts = append(s.hosts, net.JoinHostPort("localhost", port))
	}
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	if !slices.Contains(s.hosts, strings.ToLower(r.Host)) {
		http.Error(w, "this server answers only to the address it listens on", http.StatusMisdirectedRequest)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// shownItem is an item as the page shows it.
type shownItem struct {
	ID       int
	Command  template.HTML
	Decision decision
	Clean    bool
	// Warned asks for more than a click: the reviewer types yes, in a
	// field whose label names the warnings.
	Warned   bool
	Warnings string
	SHA256   string
	Nonce    string
}

func (s *server) index(w http.ResponseWriter, r *http.Request) {
	opts := render.HTMLOptions{Natural: r.URL.Query().Get("natural") == "1"}
	s.mu.Lock()
	shown := make([]shownItem, len(s.items))
	for i, it := range s.items {
		opts.ID = "cmd" + strconv.Itoa(it.ID)
		shown[i] = shownItem{
			ID: it.ID, Command: render.HTML(it.Result, opts), Decision: it.Decision,
			Clean: it.Result.Clean(), Warned: it.Result.HasWarning(), Warnings: warningNames(it.Result),
			SHA256: it.sum, Nonce: it.nonce,
		}
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

// warningNames lists the kinds of the warn-level warnings of r, for the
// label of the confirmation: "bidi, mixed_script".
func warningNames(r plainsight.Result) string {
	var names []string
	for _, w := range r.Warnings {
		if w.Severity == plainsight.SeverityWarn {
			names = append(names, w.Kind.String())
		}
	}
	return strings.Join(names, ", ")
}

func (s *server) style(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write([]byte(render.Stylesheet + pageCSS))
}

// decide records one decision. The token check stands beside
// CrossOriginProtection: the token also stops a form posted from another
// origin by a browser that sends neither Sec-Fetch-Site nor Origin.
//
// An approval is bound to the bytes shown: the form carries their sha256
// and the item's single-use nonce, and the server refuses an approval for
// other bytes, or one posted again. A command with warnings is approved
// only with confirm=yes, typed by the reviewer; a rejection needs no more
// than a click.
func (s *server) decide(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	form := r.PostForm
	if subtle.ConstantTimeCompare([]byte(form.Get("csrf")), []byte(s.csrf)) != 1 {
		http.Error(w, "bad or missing CSRF token", http.StatusForbidden)
		return
	}
	d := decision(form.Get("decision"))
	if d != approved && d != rejected {
		http.Error(w, "decision must be approve or reject", http.StatusBadRequest)
		return
	}
	id, err := strconv.Atoi(form.Get("id"))
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || id < 0 || id >= len(s.items) {
		http.Error(w, "no such command", http.StatusNotFound)
		return
	}
	it := &s.items[id]
	if it.Decision != pending {
		s.refuse(w, id, "already decided", http.StatusConflict)
		return
	}
	if subtle.ConstantTimeCompare([]byte(form.Get("nonce")), []byte(it.nonce)) != 1 {
		s.refuse(w, id, "this form is not the one shown for the command", http.StatusForbidden)
		return
	}
	if subtle.ConstantTimeCompare([]byte(form.Get("sha256")), []byte(it.sum)) != 1 {
		s.refuse(w, id, "the sha256 does not match the command shown", http.StatusForbidden)
		return
	}
	if d == approved && it.Result.HasWarning() && form.Get("confirm") != "yes" {
		s.refuse(w, id, "the command has warnings: type yes to approve it", http.StatusUnprocessableEntity)
		return
	}
	it.Decision = d
	// The Result logs its counts and warnings (neutralized tokens), never
	// the raw command: the hash identifies it.
	s.audit.Info("decision",
		slog.Int("id", id),
		slog.String("decision", string(d)),
		slog.String("sha256", it.sum),
		slog.Any("result", it.Result),
	)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// refuse answers a decision that is not taken, and logs why.
func (s *server) refuse(w http.ResponseWriter, id int, why string, status int) {
	s.audit.Warn("refused", slog.Int("id", id), slog.String("reason", why))
	http.Error(w, why, status)
}
