// Command webapprove is an approval page for proposed shell commands, the
// kind a coding agent asks a person to run.
//
// Each command is read as the shell will read it (plainsight.Command) and
// shown with render.HTML: escapes stand out from typed text, suspicious
// tokens are marked, and right-to-left letters are shown in the order the
// shell reads them. Approve and Reject are POST forms with a CSRF token,
// under a strict Content-Security-Policy, and answer only to the address
// the server listens on (no DNS rebinding). A clean command is approved
// with one click; one with warnings only with yes typed in a field that
// names them. Each form carries the sha256 of the command shown and a
// single-use nonce: an approval for other bytes, or posted twice, is
// refused. Each decision is appended to an audit log as one JSON line
// through log/slog, with the command's sha256 and its Result's summary,
// never the raw command.
//
// Usage:
//
//	go run . [-addr 127.0.0.1:8080] [-audit file]
//
// from examples/webapprove, or go -C examples/webapprove run . from the
// repository root. It prints the URL to open.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	audit := flag.String("audit", "", "file the decisions are appended to (default: standard error)")
	flag.Parse()
	if err := run(*addr, *audit); err != nil {
		fmt.Fprintln(os.Stderr, "webapprove:", err)
		os.Exit(1)
	}
}

func run(addr, auditPath string) error {
	queue, err := samples()
	if err != nil {
		return err
	}
	audit, name := os.Stderr, "standard error"
	if auditPath != "" {
		f, err := os.OpenFile(auditPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		audit, name = f, auditPath
	}
	s, err := newServer(queue, slog.New(slog.NewJSONHandler(audit, nil)))
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s.allowHost(ln.Addr().String())
	fmt.Printf("webapprove: open http://%s/ (audit log: %s)\n", ln.Addr(), name)
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second}
	return srv.Serve(ln)
}
