package cpuid

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestAgreesWithKernel holds the features to the flags Linux reports for
// the first processor, where /proc/cpuinfo exists: the kernel reads the
// same CPUID bits, and clears a flag whose register state it does not
// save.
func TestAgreesWithKernel(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil || runtime.GOARCH != "amd64" {
		t.Skip("no /proc/cpuinfo on amd64 here")
	}
	var flags map[string]bool
	for line := range strings.Lines(string(info)) {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = map[string]bool{}
			for _, f := range strings.Fields(value) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	all := func(names ...string) bool {
		for _, n := range names {
			if !flags[n] {
				return false
			}
		}
		return true
	}
	if want := all("avx2"); AVX2 != want {
		t.Errorf("AVX2 = %v, /proc/cpuinfo says %v", AVX2, want)
	}
	if want := all("avx2", "popcnt", "bmi1", "bmi2", "avx512f", "avx512bw", "avx512vbmi", "avx512_vbmi2"); AVX512 != want {
		t.Errorf("AVX512 = %v, /proc/cpuinfo says %v", AVX512, want)
	}
}
