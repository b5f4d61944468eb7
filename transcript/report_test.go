package transcript_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/transcript"
)

func TestReportJSON(t *testing.T) {
	in := "a\r\x07\x7f" + tags("X") + "\x1b]52;c;SECRET\a\r\n\xff"
	text, rep := transcript.Clean([]byte(in), transcript.Options{})
	if want := "a\n\\u{e0058}\n\ufffd"; text != want {
		t.Errorf("text %+q, want %+q", text, want)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`{"bytes_in":%d,"bytes_out":%d,"truncated":false,`, len(in), len(text)) +
		`"sequences":{"sgr":0,"csi":0,"osc_title":0,"osc_hyperlink":0,"osc_clipboard":1,"osc_other":0,"dcs":0,"sos":0,"pm":0,"apc":0,"esc":0},` +
		`"controls":{"BEL":1,"CR":1,"DEL":1},"crlf":1,"c1":0,"invalid_utf8":1,"unterminated":0,"over_limit":0,` +
		`"malformed":0,"overwritten":0,"long_lines":0,` +
		`"unicode":{"escapes":{"tag":1},"warnings":{"hidden_tags":1}}}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("Report JSON mismatch (-want +got):\n%s", diff)
	}
	var back transcript.Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rep, back); diff != "" {
		t.Errorf("Report JSON round trip mismatch (-want +got):\n%s", diff)
	}

	var c transcript.Controls
	if err := json.Unmarshal([]byte(`{"BEEP":1}`), &c); err == nil {
		t.Error("Controls accepted an unknown name")
	}
	if err := json.Unmarshal([]byte(`{}`), &c); err != nil || c.Total() != 0 {
		t.Errorf("Controls from {}: %v, %v", c, err)
	}
}

func TestControlName(t *testing.T) {
	for b, want := range map[byte]string{0: "NUL", 7: "BEL", 8: "BS", '\r': "CR", 0x1b: "ESC", 0x1f: "US", 0x7f: "DEL", 'a': "", 0x9b: ""} {
		if got := transcript.ControlName(b); got != want {
			t.Errorf("ControlName(%#x) = %q, want %q", b, got, want)
		}
	}
}

// TestReportHoldsNoPayload logs and marshals the report of hostile input
// and looks for the payloads in the result.
func TestReportHoldsNoPayload(t *testing.T) {
	in := "\x1b]0;MARK-TITLE\a\x1bP$qMARK-DCS\x1b\\\x1b]52;c;MARK-CLIP\a" + tags("MARK") + "\x1b_MARK-APC"
	_, rep := transcript.Clean([]byte(in), transcript.Options{})
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("clean", "report", rep)
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{buf.String(), string(b)} {
		if strings.Contains(out, "MARK") || strings.Contains(out, "\U000E004D") {
			t.Errorf("report holds a payload: %s", out)
		}
	}
	if !strings.Contains(buf.String(), `"osc_title":1`) || !strings.Contains(buf.String(), `"unterminated":1`) {
		t.Errorf("log lacks counts: %s", buf.String())
	}
	if rep.Clean() || rep.Removed() != 4 {
		t.Errorf("Clean() = %v, Removed() = %d", rep.Clean(), rep.Removed())
	}
	if _, rep := transcript.Clean([]byte("plain\r\n"), transcript.Options{}); !rep.Clean() {
		t.Errorf("plain text report not clean: %+v", rep)
	}
}
