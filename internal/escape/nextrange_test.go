package escape

import "testing"

// TestAloneBefore checks AloneBefore against the ranges' definition for
// every next byte: NoNext, EveryNext, and each range lo to hi.
func TestAloneBefore(t *testing.T) {
	check := func(name string, entry uint64, in func(next byte) bool) {
		t.Helper()
		for next := range 256 {
			if got, want := AloneBefore(entry, byte(next)), !in(byte(next)); got != want {
				t.Fatalf("%s: AloneBefore(next %#02x) = %v, want %v", name, next, got, want)
			}
		}
	}
	check("NoNext", NoNext|0xFFFFFFFF, func(byte) bool { return false })
	check("EveryNext", EveryNext, func(byte) bool { return true })
	for lo := range 256 {
		for hi := lo; hi < 256; hi++ {
			check("NextRange", NextRange(byte(lo), byte(hi))|0xFFFFFFFF, func(next byte) bool {
				return int(next) >= lo && int(next) <= hi
			})
		}
	}
}
