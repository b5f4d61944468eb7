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

// CleanReusing is Clean with c, as Clean runs with a Cleaner that an
// earlier call has used: the tests hold it to a new Cleaner.
func CleanReusing(c *Cleaner, raw []byte, opts Options) (string, Report) {
	defer c.forget()
	return c.clean(raw, opts, false)
}

// Kept returns what c holds on to between calls: the capacity of its line
// buffer, of its Unicode buffer, of its stage and of its text builder, and
// the length of the input it last read.
func Kept(c *Cleaner) (line, ubuf, stage, text, raw int) {
	return cap(c.line), cap(c.ubuf), cap(c.stage), c.sb.Cap(), len(c.raw)
}

// MaxKeptLine and MaxStage are maxKeptLine and maxStage.
const (
	MaxKeptLine = maxKeptLine
	MaxStage    = maxStage
)
