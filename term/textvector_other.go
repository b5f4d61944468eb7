//go:build !amd64 || purego

package term

// textBlocks is never called where there is no vector loop
// (useColourVector is false).
func textBlocks(src []byte) int { return 0 }
