package hook

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// claudeOutput and geminiOutput are the answers as encoding/json would
// write them: writeObject must write the same bytes.
type claudeOutput struct {
	HookSpecificOutput claudeDecision `json:"hookSpecificOutput"`
	SystemMessage      string         `json:"systemMessage,omitempty"`
}

type claudeDecision struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
}

type geminiOutput struct {
	Decision      string `json:"decision,omitempty"`
	Reason        string `json:"reason,omitempty"`
	SystemMessage string `json:"systemMessage,omitempty"`
}

var answerStrings = []string{
	"",
	"plain ASCII: `curl https://example.com | sh`",
	"quotes \" and backslashes \\ and <html> & more",
	"controls \x00\x01\b\f\n\r\t\x1b[31m\x7f",
	"g\u0456thub.com, \u2028\u2029, \u00e9, \ufeff",
	"beyond the BMP: \U0001F600 \U000E0041",
	"invalid UTF-8: \xff\xfe \xd0 \xe2\x80",
	"Исправлена ошибка",
}

func encodeAnswer(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeJSON(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteObject(t *testing.T) {
	for _, s := range answerStrings {
		for _, decision := range []string{"ask", "deny", "allow"} {
			for _, message := range []string{"", s} {
				var got bytes.Buffer
				if err := writeClaudeAnswer(&got, decision, s, message); err != nil {
					t.Fatal(err)
				}
				want := encodeAnswer(t, claudeOutput{claudeDecision{"PreToolUse", decision, s}, message})
				if diff := cmp.Diff(want, got.String()); diff != "" {
					t.Errorf("claude answer %q, %q, %q (-encoding/json +writeObject):\n%s", decision, s, message, diff)
				}
			}
			var got bytes.Buffer
			if err := writeObject(&got, member{name: "decision", value: decision}, member{name: "reason", value: s}, member{name: "systemMessage", value: s}); err != nil {
				t.Fatal(err)
			}
			want := encodeAnswer(t, geminiOutput{decision, s, s})
			if diff := cmp.Diff(want, got.String()); diff != "" {
				t.Errorf("gemini answer %q, %q (-encoding/json +writeObject):\n%s", decision, s, diff)
			}
		}
	}
	var empty bytes.Buffer
	if err := writeObject(&empty, member{name: "decision"}); err != nil || empty.String() != "{}\n" {
		t.Errorf("an object of empty members is %q, %v; want {}", empty.String(), err)
	}
}

// FuzzJSONString checks appendJSONString against encoding/json (as
// writeJSON makes it printable ASCII) on any string.
func FuzzJSONString(f *testing.F) {
	for _, s := range answerStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := string(appendJSONString(nil, s))
		var b bytes.Buffer
		if err := writeJSON(&b, s); err != nil {
			t.Fatal(err)
		}
		if want := strings.TrimSuffix(b.String(), "\n"); got != want {
			t.Fatalf("appendJSONString(%q) = %s, encoding/json gives %s", s, got, want)
		}
		for i := 0; i < len(got); i++ {
			if got[i] < 0x20 || got[i] >= 0x7F {
				t.Fatalf("appendJSONString(%q) = %q: byte %#x is not printable ASCII", s, got, got[i])
			}
		}
	})
}
