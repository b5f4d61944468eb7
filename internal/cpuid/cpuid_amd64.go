package cpuid

// cpuid returns the registers the CPUID instruction sets for leaf and
// subleaf.
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns the low half of XCR0, the register state the operating
// system saves.
func xgetbv() (eax uint32)

// The feature bits, from the Intel SDM's CPUID and XCR0 tables.
const (
	// Leaf 1, ECX.
	leaf1POPCNT  = 1 << 23
	leaf1OSXSAVE = 1 << 27
	leaf1AVX     = 1 << 28

	// XCR0.
	xcr0YMM = 1<<1 | 1<<2        // SSE and AVX state
	xcr0ZMM = 1<<5 | 1<<6 | 1<<7 // opmask, ZMM_Hi256 and Hi16_ZMM state

	// Leaf 7, subleaf 0, EBX.
	leaf7BMI1     = 1 << 3
	leaf7AVX2     = 1 << 5
	leaf7BMI2     = 1 << 8
	leaf7AVX512F  = 1 << 16
	leaf7AVX512BW = 1 << 30

	// Leaf 7, subleaf 0, ECX.
	leaf7AVX512VBMI  = 1 << 1
	leaf7AVX512VBMI2 = 1 << 6
)

func init() {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&(leaf1OSXSAVE|leaf1AVX) != leaf1OSXSAVE|leaf1AVX {
		return // no XGETBV, or no AVX
	}
	xcr0 := xgetbv()
	_, ebx7, ecx7, _ := cpuid(7, 0)
	has := func(reg, bits uint32) bool { return reg&bits == bits }
	AVX2 = has(xcr0, xcr0YMM) && has(ebx7, leaf7AVX2)
	AVX512 = AVX2 && has(xcr0, xcr0ZMM) && has(ecx1, leaf1POPCNT) &&
		has(ebx7, leaf7BMI1|leaf7BMI2|leaf7AVX512F|leaf7AVX512BW) &&
		has(ecx7, leaf7AVX512VBMI|leaf7AVX512VBMI2)
}
