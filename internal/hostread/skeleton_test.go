package hostread

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestTopDomainTable finds every domain of topdomains/domains.list in the
// generated table by its skeleton, so that a table out of date with the
// list or with Skeleton fails here (go generate ./internal/hostread).
func TestTopDomainTable(t *testing.T) {
	data, err := os.ReadFile("topdomains/domains.list")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		d := strings.TrimSpace(line)
		if d == "" || strings.HasPrefix(d, "#") {
			continue
		}
		n++
		got, ok := topDomainBySkeleton(Skeleton(d))
		if !ok || Skeleton(got) != Skeleton(d) {
			t.Errorf("%s (skeleton %q) not in the table: got %q, %v", d, Skeleton(d), got, ok)
		}
		if _, ok := TopDomain(d); ok {
			t.Errorf("TopDomain(%q) reports the listed domain itself", d)
		}
	}
	if lines := strings.Count(topDomains, "\n"); n != lines {
		t.Errorf("domains.list has %d domains, the table %d", n, lines)
	}
}

func TestSkeleton(t *testing.T) {
	tests := []struct{ host, want string }{
		{"github.com", "github.corn"},
		{"G\u00cdTHUB.com", "github.corn"},
		{"Xn--gthub-zsa.com", "github.corn"},
		{"g\u0131thub\u3002com", "github.corn"},
		{"\u0440\u0430\u0443\u0440\u0430\u04cf.com", "paypal.corn"},
	}
	for _, tt := range tests {
		if got := Skeleton(tt.host); got != tt.want {
			t.Errorf("Skeleton(%+q) = %q, want %q", tt.host, got, tt.want)
		}
	}
}

// TestTopDomainBySkeletonMiss looks up skeletons that fall before the
// first line of the table, between two lines, after the last, and that are
// a prefix or an extension of a listed skeleton: none is a top domain.
func TestTopDomainBySkeletonMiss(t *testing.T) {
	first, _, _ := tableLine(topDomains, 0)
	last := topDomains[strings.LastIndexByte(topDomains[:len(topDomains)-1], '\n')+1:]
	lastSkel, _, _ := strings.Cut(strings.TrimSuffix(last, "\n"), " ")
	for _, skel := range []string{
		"", "!", first[:len(first)-1], first + "x", "github.cor", "github.corn.", "github.corn x",
		lastSkel + "x", "\U0010FFFF", "\xff",
	} {
		if d, ok := topDomainBySkeleton(skel); ok {
			t.Errorf("topDomainBySkeleton(%+q) = %q, want none", skel, d)
		}
	}
	for _, skel := range []string{first, "github.corn", lastSkel} {
		if _, ok := topDomainBySkeleton(skel); !ok {
			t.Errorf("topDomainBySkeleton(%+q) found nothing", skel)
		}
	}
}

// TestProgramTable finds every name of programs/names.list in the
// generated table by its skeleton, so that a table out of date with the
// list or with Skeleton fails here (go generate ./internal/hostread).
func TestProgramTable(t *testing.T) {
	data, err := os.ReadFile("programs/names.list")
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Fields(string(data))
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Error("programs/names.list is not sorted and free of repeats")
	}
	for _, name := range names {
		start, ok := bySkeleton(wellKnownPrograms, Skeleton(name))
		_, got, _ := tableLine(wellKnownPrograms, start)
		if !ok || Skeleton(got) != Skeleton(name) {
			t.Errorf("%s (skeleton %q) not in the table: got %q, %v", name, Skeleton(name), got, ok)
		}
		if _, ok := ProgramReadsAs(name); ok {
			t.Errorf("ProgramReadsAs(%q) reports the listed program itself", name)
		}
	}
	if lines := strings.Count(wellKnownPrograms, "\n"); len(names) != lines {
		t.Errorf("names.list has %d names, the table %d", len(names), lines)
	}
}

func TestProgramReadsAs(t *testing.T) {
	tests := []struct {
		word, want string
	}{
		{"g\u0131t", "git"},
		{"G\u0131t", "git"},
		{"p\u0131p", "pip"},
		{"\u0131p", "ip"},
		{"rn\u0131", "mi"}, // mi and rni share the skeleton rni
		{"kubect\u04cf", "kubectl"},
		{"\u0261it", "git"},
		{"ayg\u0131t", ""}, // Turkish for "device": no program reads so
		{"sh\u0131", ""},   // reads as "shi", which no listed program is
		{"git", ""},        // the program itself
		{"GIT", ""},        // the same name to a case-blind file system
		{"g\u0131t-x", ""}, // no listed git-x
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := ProgramReadsAs(tt.word)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("ProgramReadsAs(%+q) = %q, %v, want %q", tt.word, got, ok, tt.want)
		}
	}
}
