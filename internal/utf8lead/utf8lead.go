// Package utf8lead holds, for each byte, how many continuation bytes a
// UTF-8 lead byte takes and the range of the first (RFC 3629, as
// unicode/utf8's accept ranges): the table by which package ansi's parser
// tracks characters byte by byte, and the readers that must agree with it
// (internal/c1string) track them too.
package utf8lead

// A Lead gives, for a UTF-8 lead byte, how many continuation bytes follow
// it and the valid range of the first (E0 A0-BF, ED 80-9F, F0 90-BF, F4
// 80-8F, 80-BF for the others). Need is 0 for a byte that cannot start a
// multi-byte character (00-C1, F5-FF).
type Lead struct {
	Need   uint8
	Lo, Hi byte
}

//go:generate go test -run TestGeneratedTables -gentable

// buildLeads makes Leads, the Lead of each byte.
func buildLeads() (t [256]Lead) {
	for b := 0xC2; b <= 0xDF; b++ {
		t[b] = Lead{1, 0x80, 0xBF}
	}
	for b := 0xE0; b <= 0xEF; b++ {
		t[b] = Lead{2, 0x80, 0xBF}
	}
	t[0xE0].Lo = 0xA0
	t[0xED].Hi = 0x9F
	for b := 0xF0; b <= 0xF4; b++ {
		t[b] = Lead{3, 0x80, 0xBF}
	}
	t[0xF0].Lo = 0x90
	t[0xF4].Hi = 0x8F
	return t
}
