// Package cpuid reports the processor features that the vector loops of
// the scanners and streams need, as CPUID and XGETBV report them on
// amd64. Elsewhere every feature is false.
package cpuid

// AVX2 reports whether the processor has AVX2 and the operating system
// saves the state of its 256-bit registers.
var AVX2 bool

// AVX512 reports whether the processor has the AVX-512 foundation, byte
// and word instructions (BW), byte permutes (VBMI) and byte compression
// (VBMI2), with BMI1, BMI2 and POPCNT, and the operating system saves the
// state of the opmask and 512-bit registers.
var AVX512 bool
