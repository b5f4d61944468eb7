package hostread

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

//go:generate go run ./internal/gentop -i topdomains/domains.list -o topdomains_table.go
//go:generate go run ./internal/gentop -kind program -i programs/names.list -o programs_table.go

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
	return readsAsListed(topDomains, Skeleton(host), host)
}

// topDomainBySkeleton returns the top domain whose skeleton is skel.
func topDomainBySkeleton(skel string) (domain string, ok bool) {
	start, ok := bySkeleton(topDomains, skel)
	if !ok {
		return "", false
	}
	_, domain, _ = tableLine(topDomains, start)
	return domain, true
}

// ProgramReadsAs reports the well-known program (programs/names.list: the
// programs the tldr pages document) that the command name word reads as:
// one whose skeleton is word's, when word is not that program itself. A
// name that reads as no listed program deceives no one about which
// program runs: UTS #39 finds confusables between two strings, and the
// other string of a command name is a program the reader knows.
func ProgramReadsAs(word string) (name string, ok bool) {
	return readsAsListed(wellKnownPrograms, Skeleton(word), word)
}

// readsAsListed returns the first name of table whose skeleton is skel,
// word's, unless word is one of those names itself (letter case aside:
// two names that differ only in case read alike). Two listed names may
// share a skeleton (mi and rni).
func readsAsListed(table, skel, word string) (name string, ok bool) {
	start, ok := bySkeleton(table, skel)
	for ok && start < len(table) {
		s, n, next := tableLine(table, start)
		if s != skel {
			break
		}
		if strings.EqualFold(n, word) {
			return "", false
		}
		if name == "" {
			name = n
		}
		start = next
	}
	return name, name != ""
}

// bySkeleton returns the start of the first line of table whose skeleton
// is skel. table holds lines sorted by skeleton, each "name" when the
// name is its own skeleton, else "skeleton name" (internal/gentop writes
// them).
func bySkeleton(table, skel string) (start int, ok bool) {
	if skel == "" || !utf8.ValidString(skel) {
		return 0, false
	}
	// Binary search by byte offset: lo and hi stay at the starts of
	// lines, every line before lo has a skeleton below skel, and none from
	// hi on has.
	lo, hi := 0, len(table)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		start := lo + strings.LastIndexByte(table[lo:m], '\n') + 1
		s, _, end := tableLine(table, start)
		if s < skel {
			lo = end
		} else {
			hi = start
		}
	}
	if lo == len(table) {
		return 0, false
	}
	s, _, _ := tableLine(table, lo)
	return lo, s == skel
}

// tableLine returns the skeleton and the name of the line of table that
// starts at byte start, and the start of the next line.
func tableLine(table string, start int) (skeleton, name string, next int) {
	line, _, _ := strings.Cut(table[start:], "\n")
	next = start + len(line) + 1
	if s, n, ok := strings.Cut(line, " "); ok {
		return s, n, next
	}
	return line, line, next
}
