//go:build !amd64 || purego

package term

// useColourVector is false where there is no vector loop.
var useColourVector = false

// colourVectorBuilt reports whether this build has a vector loop over
// colour logs, used or not.
const colourVectorBuilt = false

// colourBlocks is never called where there is no vector loop (colourAhead
// is false): colourRun reads the whole colour log.
func colourBlocks(dst, src []byte, c *colours, strip bool) (n, w int) { return 0, 0 }
