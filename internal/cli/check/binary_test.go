package check

import (
	"strings"
	"testing"
)

func TestMostlyBinary(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"short and all control", strings.Repeat("\x1b", binaryMinLen-1), false},
		{"long text", strings.Repeat("caf\u00e9 \u202e\t\n", binaryMinLen/8), false},
		{"long, one in four bad", strings.Repeat("\x00abc", binaryMinLen/4), false},
		{"long, more than one in four bad", strings.Repeat("\x00\xffab", binaryMinLen/4), true},
		{"ESC flood", strings.Repeat("\x1b", binaryMinLen), true},
	}
	for _, tt := range tests {
		if got := mostlyBinary([]byte(tt.in)); got != tt.want {
			t.Errorf("%s: mostlyBinary = %v, want %v", tt.name, got, tt.want)
		}
	}
}
