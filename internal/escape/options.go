package escape

import "slices"

// Options is what a policy changes in the escaping: the root package's
// Policy fills it without allocating. The zero value escapes the whole
// escaped set and allows nothing.
type Options struct {
	// KeepTab leaves tab characters literal.
	KeepTab bool
	// Allow lists code points shown literally; controls never are.
	Allow []rune
	// Flag lists code points escaped as Flagged; Flag wins over Allow.
	Flag []rune
}

func (o *Options) allows(r rune) bool { return slices.Contains(o.Allow, r) }
func (o *Options) flags(r rune) bool  { return slices.Contains(o.Flag, r) }

// FlagSet returns the ASCII code points of o.Flag as a set.
func (o *Options) FlagSet() ASCIISet {
	var m ASCIISet
	for _, r := range o.Flag {
		if r >= 0 && r < 0x80 {
			m.Add(byte(r))
		}
	}
	return m
}
