package hostread

import (
	"slices"
	"strings"

	"golang.org/x/net/idna"
)

//go:generate go run ./internal/gentld -o tld_table.go

// isTLD reports whether label, the last label of a name as written, is a
// top-level domain of the ICANN section of the Public Suffix List
// (golang.org/x/net/publicsuffix, generated into icannTLDs): "com", "de", "\u0440\u0444", "XN--P1AI",
// also in lookalike or compatibility letters that IDNA maps to one
// ("\uff43\uff4f\uff4d"). "jpg", "txt" and "pdf" are none, so a file name
// is not a host.
func isTLD(label string) bool {
	if label == "" || len(label) > 63 {
		return false
	}
	ascii, err := idna.Lookup.ToASCII(label)
	if err != nil || ascii == "" || strings.IndexByte(ascii, '.') >= 0 {
		return false
	}
	_, ok := slices.BinarySearch(icannTLDs[:], strings.ToLower(ascii))
	return ok
}
