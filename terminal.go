package plainsight

// terminalSequence reports the terminal escape sequence that starts at
// text[i] (ESC, or a C1 introducer), if one does, and marks its bytes so
// that they are reported once, as a sequence.
func (s *sanitizer) terminalSequence(i int) {}
