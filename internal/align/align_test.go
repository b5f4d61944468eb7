package align

import (
	"testing"
	"unsafe"
)

func TestCacheLineCopy(t *testing.T) {
	type vectors struct {
		a [3]byte
		b [64]byte
	}
	var v vectors
	for i := range v.b {
		v.b[i] = byte(i)
	}
	v.a = [3]byte{1, 2, 3}
	// Many copies, so that some fall where the allocator would not
	// have aligned them.
	for range 50 {
		p := CacheLineCopy(v)
		if at := uintptr(unsafe.Pointer(p)); at%CacheLine != 0 {
			t.Fatalf("copy at %#x, not a multiple of %d", at, CacheLine)
		}
		if *p != v {
			t.Fatalf("copy holds %v, want %v", *p, v)
		}
		_ = CacheLineCopy(v.a) // a small one between, to move the next
	}
}
