package hostread

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// TestICANNTLDsFollowPublicsuffix checks the generated table against the
// package it was generated from: sorted, each entry an ICANN suffix of one
// label or the parent of ICANN suffixes, and, for a sample of labels that
// are no top-level domain, none of them in it.
func TestICANNTLDsFollowPublicsuffix(t *testing.T) {
	if !slices.IsSorted(icannTLDs[:]) {
		t.Fatal("icannTLDs is not sorted")
	}
	for _, tld := range icannTLDs {
		suffix, icann := publicsuffix.PublicSuffix(tld)
		child, childICANN := publicsuffix.PublicSuffix("a." + tld)
		if !(icann && suffix == tld) && !(childICANN && child == "a."+tld) {
			t.Errorf("%q is in icannTLDs but publicsuffix gives (%q, %v) and (%q, %v)", tld, suffix, icann, child, childICANN)
		}
	}
	for _, label := range []string{"jpg", "txt", "pdf", "exe", "sh", "tar", "gz"} {
		suffix, icann := publicsuffix.PublicSuffix(label)
		if got := isTLD(label); got != (icann && suffix == label) {
			t.Errorf("isTLD(%q) = %v, publicsuffix says (%q, %v)", label, got, suffix, icann)
		}
	}
	for _, label := range []string{"com", "COM", "ck", "\u0440\u0444", "XN--P1AI", "\uff43\uff4f\uff4d"} {
		if !isTLD(label) {
			t.Errorf("isTLD(%q) = false, want true", label)
		}
	}
	if strings.Contains(strings.Join(icannTLDs[:], ""), ".") {
		t.Error("an entry of icannTLDs has more than one label")
	}
}
