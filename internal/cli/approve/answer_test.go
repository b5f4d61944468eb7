package approve

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestReadAnswer(t *testing.T) {
	tests := []struct {
		name, keys   string
		answer, echo string
		err          error
	}{
		{"y", "y\r", "y", "y\r\n", nil},
		{"yes with a newline", "yes\n", "yes", "yes\r\n", nil},
		{"backspace", "yo\x7fes\r", "yes", "yo\b \bes\r\n", nil},
		{"ctrl-h", "x\by\r", "y", "x\b \by\r\n", nil},
		{"ctrl-u", "no\x15yes\r", "yes", "no\b \b\b \byes\r\n", nil},
		{"cursor keys dropped", "y\x1b[D\x1bOAes\r", "yes", "yes\r\n", nil},
		{"alt key dropped", "\x1byyes\r", "yes", "yes\r\n", nil},
		{"paste", "\x1b[200~yes\r\x1b[201~", "", "", errPasted},
		{"paste after keys", "ye\x1b[200~s\x1b[201~\r", "", "ye", errPasted},
		{"long CSI ending like a paste", "\x1b[1234200~yes\r", "yes", "yes\r\n", nil},
		{"non-ASCII spoils", "y\u0435s\r", "\x00", "ys\r\n", nil},
		{"control spoils", "y\x01\r", "\x00", "y\r\n", nil},
		{"ctrl-u clears spoiling", "\x01\x15y\r", "y", "y\r\n", nil},
		{"too long", strings.Repeat("y", 40) + "\r", "\x00", strings.Repeat("y", maxAnswer) + "\r\n", nil},
		{"ctrl-d", "ye\x04s\r", "", "ye", io.EOF},
		{"end of input", "yes", "", "yes", io.EOF},
		{"end inside a sequence", "\x1b[20", "", "", io.EOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var echo strings.Builder
			answer, err := readAnswer(bufio.NewReader(strings.NewReader(tt.keys)), &echo)
			if diff := cmp.Diff(tt.err, err, cmpopts.EquateErrors()); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
			if answer != tt.answer || echo.String() != tt.echo {
				t.Errorf("readAnswer(%q) = %q, echo %q; want %q, echo %q", tt.keys, answer, echo.String(), tt.answer, tt.echo)
			}
		})
	}
}
