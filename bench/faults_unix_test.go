//go:build unix

package main

import (
	"syscall"
	"testing"
)

// TestMinorFaultsCountFreshPages touches each page of a new mapping: the
// count must grow by about as many pages.
func TestMinorFaultsCountFreshPages(t *testing.T) {
	const pages = 1024
	page := syscall.Getpagesize()
	m, err := syscall.Mmap(-1, 0, pages*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(m)
	before := minorFaults()
	for i := 0; i < len(m); i += page {
		m[i] = 1
	}
	if got := minorFaults() - before; got < pages || got > 2*pages {
		t.Errorf("touching %d fresh pages took %d faults", pages, got)
	}
}
