// Package hookstack grows the stack of the main goroutine once, to 32 KiB,
// before the other packages of a hook binary initialise.
//
// A hook call is a process of its own, so the pages it touches for the
// first time are most of what it costs (docs/performance.md, "Hook
// latency"). The main goroutine starts on a 2 KiB stack; left alone,
// package initialisation and the reading double it to 4, 8 and 16 KiB,
// and each of those sizes is first taken from a fresh 32 KiB span whose
// every stack the runtime threads onto a free list (a write to each, so
// up to eight pages for the 4 KiB size alone); each copy also walks every
// frame on the stack through the function tables of the binary, more
// pages. Grown here, at the bottom of the stack and before anything else
// runs on it, the stack is copied once with two frames, comes straight
// from the heap (32 KiB is past the sizes with free lists), and has its
// pages touched only as the calls go deep.
//
// A package with no imports is initialised as soon as no package before it
// by import path is ready, which makes this one among the first of the
// program's; importing it for its side effect is all a command does.
package hookstack

func init() { grow(-1) }

// frame is the size of grow's frame: large enough that the runtime, which
// doubles a stack until the frame fits, goes from 2 KiB to 32 KiB in one
// step, and small enough that it goes no further.
const frame = 24 << 10

// grow has a frame of frame bytes, which its prologue checks against the
// stack before anything else runs: that check grows the stack. The array
// is used only for an index i >= 0, so that with i < 0 no page of it is
// zeroed or touched; the index keeps the compiler from folding it away.
//
//go:noinline
func grow(i int) byte {
	if i >= 0 {
		var pad [frame]byte
		pad[i%frame] = 1
		return pad[(i*7)%frame]
	}
	return 0
}
