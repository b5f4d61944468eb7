package check

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

func TestJSONRoundTrip(t *testing.T) {
	in := "x\u202ey\xff"
	var stdout, stderr bytes.Buffer
	Main([]string{"-json"}, cli.IO{Stdin: strings.NewReader(in), Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }})
	var got checkRecord
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(plainsight.Policy{Context: plainsight.ContextCommand}.Sanitize(in), got.Result); diff != "" {
		t.Errorf("JSON result mismatch (-want +got):\n%s", diff)
	}
	if got.Result.Original() != in {
		t.Errorf("Original() from JSON = %+q, want %+q", got.Result.Original(), in)
	}
}
