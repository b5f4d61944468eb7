package utf8lead

import (
	"testing"
	"unicode/utf8"
)

// TestLeadsAgreeWithUTF8 compares buildLeads, which TestGeneratedTables
// holds Leads to, with unicode/utf8: b and c start a valid character
// exactly when the Lead of b says that c continues it, and that character
// is Need+1 bytes long.
func TestLeadsAgreeWithUTF8(t *testing.T) {
	leads := buildLeads()
	for b := range 256 {
		l := leads[b]
		for c := range 256 {
			p := []byte{byte(b), byte(c), 0x80, 0x80}
			want := b >= 0x80 && (utf8.Valid(p[:2]) || utf8.Valid(p[:3]) || utf8.Valid(p[:4]))
			if got := l.Need > 0 && l.Lo <= byte(c) && byte(c) <= l.Hi; got != want {
				t.Fatalf("%#x %#x: buildLeads says %v, utf8 %v", b, c, got, want)
			}
			if want && !utf8.Valid(p[:l.Need+1]) {
				t.Fatalf("%#x %#x: Need %d, but utf8 reads no character of %d bytes", b, c, l.Need, l.Need+1)
			}
		}
	}
}
