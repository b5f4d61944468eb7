// Package align places the constants of the vector loops where a vector
// load reads each from one cache line.
package align

import "unsafe"

// CacheLine is the size of a cache line on the processors the vector
// loops run on, and the size of their widest load.
const CacheLine = 64

// CacheLineCopy returns a copy of v at an address that is a multiple of
// CacheLine. A loop that compares 64 bytes at a time with vectors of v
// reads each from one line; at an address that is not such a multiple,
// where the linker happens to place a variable, every load would span
// two. T must hold no pointers: the copy lives in memory the collector
// does not scan.
func CacheLineCopy[T any](v T) *T {
	buf := make([]byte, unsafe.Sizeof(v)+CacheLine-1)
	p := unsafe.Pointer(unsafe.SliceData(buf))
	t := (*T)(unsafe.Add(p, -uintptr(p)&(CacheLine-1)))
	*t = v
	return t
}
