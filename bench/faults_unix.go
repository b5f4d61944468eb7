//go:build unix

package main

import (
	"fmt"
	"os"
	"slices"
	"syscall"
	"time"
)

// minorFaults returns the page faults the process has taken so far that
// the kernel served without reading a file: above all, the first touch of
// each page of fresh memory. -1 if the kernel does not say.
func minorFaults() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return int64(ru.Minflt)
}

// faultCost returns what the kernel takes to give the process one page of
// fresh memory: the median of five rounds, each writing one byte to every
// page of a new anonymous mapping of faultProbe bytes. 0 if it cannot map.
func faultCost() time.Duration {
	page := syscall.Getpagesize()
	var rounds []time.Duration
	for range 5 {
		m, err := syscall.Mmap(-1, 0, faultProbe, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			return 0
		}
		start := time.Now()
		for i := 0; i < len(m); i += page {
			m[i] = 1
		}
		rounds = append(rounds, time.Since(start)/time.Duration(len(m)/page))
		if err := syscall.Munmap(m); err != nil {
			return 0
		}
	}
	slices.Sort(rounds)
	return rounds[len(rounds)/2]
}

// freeLazily executes the harness again with lazyFree added to GODEBUG,
// unless the process already runs with it; it returns only on failure.
func freeLazily() error {
	env := os.Environ()
	if hasGODEBUG(env, lazyFree) {
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding the harness to run it with %s: %w", lazyFree, err)
	}
	return syscall.Exec(exe, os.Args, withGODEBUG(env, lazyFree))
}
