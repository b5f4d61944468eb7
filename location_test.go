package plainsight

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLineColumn(t *testing.T) {
	type pos struct{ Line, Column int }
	tests := []struct {
		text string
		off  int
		want pos
	}{
		{"", 0, pos{1, 1}},
		{"abc", 2, pos{1, 3}},
		{"ab\ncd", 3, pos{2, 1}},
		{"ab\ncd", 4, pos{2, 2}},
		{"\u00e9\u00e9x", 4, pos{1, 3}}, // two-byte letters are one column each
		{"a\u202eb", 4, pos{1, 3}},      // after a three-byte control
		{"\xff\xfex", 2, pos{1, 3}},     // each invalid byte is a column
		{"\U0001F600!", 4, pos{1, 2}},   // four bytes, one column
		{"a\r\nb", 3, pos{2, 1}},        // CR counts as a column, LF ends the line
		{"abc", 99, pos{1, 4}},          // past the end: the end
		{"abc", -5, pos{1, 1}},          // before the start: the start
		{"x\n\n\ny", 4, pos{4, 1}},
	}
	for _, tt := range tests {
		l, c := LineColumn(tt.text, tt.off)
		if diff := cmp.Diff(tt.want, pos{l, c}); diff != "" {
			t.Errorf("LineColumn(%+q, %d) mismatch (-want +got):\n%s", tt.text, tt.off, diff)
		}
	}
}
