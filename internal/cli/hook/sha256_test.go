package hook

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestSHA256 checks sha256Sum against crypto/sha256 on every length
// around the block and padding boundaries, on a large input, and on the
// examples of FIPS 180-4.
func TestSHA256(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, MaxInput+1)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	lengths := []int{1000, 4095, 4096, MaxInput, MaxInput + 1}
	for n := range 300 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		if got, want := sha256Sum(data[:n]), sha256.Sum256(data[:n]); got != want {
			t.Errorf("sha256Sum of %d bytes = %x, want %x", n, got, want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	} {
		sum := sha256Sum([]byte(c.in))
		if got := hex.EncodeToString(sum[:]); got != c.want {
			t.Errorf("sha256Sum(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
