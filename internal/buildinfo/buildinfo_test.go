package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestInfo(t *testing.T) {
	tests := []struct {
		bi       debug.BuildInfo
		str, sem string
	}{
		{debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"}},
			"plainsight v1.2.3 (go1.26.0)", "1.2.3"},
		{debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201175400-86ddbd3aa0b1"}},
			"plainsight v0.0.0-20261201175400-86ddbd3aa0b1", "0.0.0-20261201175400-86ddbd3aa0b1"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "86ddbd3aa0b1c2d3e4f5"}, {Key: "vcs.time", Value: "2026-12-01T17:54:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			"plainsight (devel) (revision 86ddbd3aa0b1, modified, 2026-12-01T17:54:00Z)", "0.0.0-devel+86ddbd3aa0b1.modified"},
		{debug.BuildInfo{}, "plainsight (devel)", "0.0.0-devel"},
	}
	for _, tt := range tests {
		info := fromBuildInfo(&tt.bi)
		if got := info.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
		if got := info.SemanticVersion(); got != tt.sem {
			t.Errorf("SemanticVersion() = %q, want %q", got, tt.sem)
		}
	}
}
