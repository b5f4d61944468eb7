package transcript

// CleanParserOnly is Clean with every fast path turned off, so that each
// byte goes through the ansi parser: the oracle of the fast paths.
func CleanParserOnly(raw []byte, opts Options) (string, Report) {
	c := NewCleaner(opts)
	c.parserOnly = true
	c.write(raw)
	c.finish()
	return string(c.out), c.Report()
}
