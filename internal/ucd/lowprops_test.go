package ucd

import "testing"

// TestLowProps checks that the generated lowProps, the fast path of
// U+0000..U+07FF, agrees with the trie that holds every code point.
func TestLowProps(t *testing.T) {
	for c := range uint32(len(lowProps)) {
		if got, want := lowProps[c], trieLookup(c); got != want {
			t.Errorf("lowProps[%U] = %#x, trie has %#x", c, got, want)
		}
	}
}
