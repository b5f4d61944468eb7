package hostread

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

//go:generate go run ./internal/gentop -i topdomains/domains.list -o topdomains_table.go

// Skeleton returns the skeleton of host that the top-domain comparison
// reads, after UTS #39 section 4 as Chromium's skeleton generator applies
// it to a host: each label decoded from punycode, lowercased, NFD,
// Default_Ignorable characters and combining marks dropped (a diacritic
// does not tell two hosts apart at a glance), every character mapped by
// confusables.txt, lowercased again; labels joined by '.' at every
// character that reads as a dot. Two hosts with one skeleton read alike.
func Skeleton(host string) string {
	var b strings.Builder
	b.Grow(len(host))
	for i, label := range labels(host, nil) {
		if i > 0 {
			b.WriteByte('.')
		}
		label = decodeLabel(label)
		for _, r := range norm.NFD.String(strings.ToLower(label)) {
			p := ucd.Lookup(r)
			switch {
			case p.DefaultIgnorable() || p.Category().IsMark():
			case p.HasConfusable():
				proto, _ := ucd.Confusable(r)
				for _, c := range norm.NFD.String(proto) {
					if !ucd.Lookup(c).Category().IsMark() {
						b.WriteRune(unicode.ToLower(c))
					}
				}
			default:
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// TopDomain reports the top domain (Chromium's list,
// topdomains/domains.list) that host reads as: one whose skeleton is
// host's, when host is not that domain itself. A host that is ASCII
// throughout is a domain of its own, however it reads.
func TopDomain(host string) (domain string, ok bool) {
	if isASCII(host) && !strings.Contains(strings.ToLower(host), "xn--") {
		return "", false
	}
	d, ok := topDomainBySkeleton(Skeleton(host))
	if !ok || strings.EqualFold(d, host) {
		return "", false
	}
	return d, true
}

// topDomainBySkeleton returns the top domain whose skeleton is skel.
func topDomainBySkeleton(skel string) (domain string, ok bool) {
	if skel == "" || !utf8.ValidString(skel) {
		return "", false
	}
	// topDomains holds lines sorted by skeleton. Binary search by byte
	// offset: lo and hi stay at the starts of lines, every line before lo
	// has a skeleton below skel, and none from hi on has.
	lo, hi := 0, len(topDomains)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		start := lo + strings.LastIndexByte(topDomains[lo:m], '\n') + 1
		s, _, end := topDomainLine(start)
		if s < skel {
			lo = end
		} else {
			hi = start
		}
	}
	if lo == len(topDomains) {
		return "", false
	}
	s, d, _ := topDomainLine(lo)
	return d, s == skel
}

// topDomainLine returns the skeleton and the domain of the line of
// topDomains that starts at byte start, and the start of the next line:
// the line is "domain" when the two are equal, else "skeleton domain".
func topDomainLine(start int) (skeleton, domain string, next int) {
	line, _, _ := strings.Cut(topDomains[start:], "\n")
	next = start + len(line) + 1
	if s, d, ok := strings.Cut(line, " "); ok {
		return s, d, next
	}
	return line, line, next
}
