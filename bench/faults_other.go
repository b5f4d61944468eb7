//go:build !unix

package main

import "time"

// minorFaults returns -1: the system does not count page faults for the
// harness.
func minorFaults() int64 { return -1 }

// faultCost returns 0: not measured on this system.
func faultCost() time.Duration { return 0 }

// freeLazily does nothing: lazyFree is a setting of Unix systems.
func freeLazily() error { return nil }
