// Command gen generates internal/ucd/tables.go from the Unicode 17.0.0 data
// files.
//
// Usage (from the repository root):
//
//	go run ./internal/gen -ucd ../shared/ucd/17.0.0 -o internal/ucd/tables.go
//
// The data directory must hold a SHA256SUMS file; every input is checked
// against it before it is parsed, so a changed or truncated download fails
// the generation instead of silently producing different tables.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
)

const unicodeVersion = "17.0.0"

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	ucdDir := flag.String("ucd", "../shared/ucd/"+unicodeVersion, "directory holding the Unicode data files and SHA256SUMS")
	out := flag.String("o", "internal/ucd/tables.go", "output Go file")
	flag.Parse()
	if flag.NArg() != 0 {
		log.Fatalf("unexpected arguments %q", flag.Args())
	}
	src, err := Generate(*ucdDir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "gen: wrote %s (%d bytes)\n", *out, len(src))
}
