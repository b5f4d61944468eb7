// Package buildinfo reads what the Go toolchain recorded of the plainsight
// build: the module version and the VCS revision, for --version and for
// the driver of a SARIF log.
package buildinfo

import (
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
)

// Info is what is known of the running build.
type Info struct {
	// Version is the module version, such as "v1.2.0" or a pseudo-version
	// for "go install …@commit"; "(devel)" for a build from a checkout.
	Version string
	// Revision and Time are the VCS revision and commit time recorded in
	// a build from a checkout; Modified says the tree had changes.
	Revision, Time string
	Modified       bool
	// GoVersion is the toolchain that built it.
	GoVersion string
}

// Read returns the Info of the running binary.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: "(unknown)"}
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) Info {
	info := Info{Version: bi.Main.Version, GoVersion: bi.GoVersion}
	if info.Version == "" {
		info.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Revision = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// semver matches a semantic version 2.0.0, as Go module versions are
// after their "v". It is compiled on first use, not at start-up, which
// every command, the hook among them, would pay.
var semver = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
})

// SemanticVersion returns the version as a semantic version: the module
// version without its "v", or for a build from a checkout 0.0.0-devel
// with the revision as build metadata.
func (i Info) SemanticVersion() string {
	if v := strings.TrimPrefix(i.Version, "v"); semver().MatchString(v) {
		return v
	}
	v := "0.0.0-devel"
	if i.Revision != "" {
		v += "+" + short(i.Revision)
		if i.Modified {
			v += ".modified"
		}
	}
	return v
}

// String is the line --version prints.
func (i Info) String() string {
	s := "plainsight " + i.Version
	var extra []string
	if i.Revision != "" {
		r := "revision " + short(i.Revision)
		if i.Modified {
			r += ", modified"
		}
		extra = append(extra, r)
	}
	if i.Time != "" {
		extra = append(extra, i.Time)
	}
	if i.GoVersion != "" {
		extra = append(extra, i.GoVersion)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
