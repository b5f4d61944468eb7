// Package racebuild tells the exhaustive tests whether the race detector
// is built in. Those tests hold a vector loop to its reference case by
// case, in one goroutine: the detector has nothing to find there, and it
// slows the reference, plain Go, more than tenfold, and not the loop it
// checks. Under it they read a sample of their cases (Keep); CI also runs
// their packages whole without it.
package racebuild

// raceStride is the share of its cases an exhaustive test reads under the
// race detector: one in raceStride. It is a prime that divides none of the
// sizes of the tests' nested loops, so that every value of each loop is
// still read, with different values of the others.
const raceStride = 13

// Keep reports whether an exhaustive test reads its case number k: every
// case in a build without the race detector, one in raceStride with it.
func Keep(k int) bool { return !Enabled || k%raceStride == 0 }
