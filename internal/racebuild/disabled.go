//go:build !race

package racebuild

// Enabled reports whether the race detector is built in.
const Enabled = false
