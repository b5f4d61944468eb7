// Package spoof detects homoglyph spoofs in text after UTS #39, Unicode
// Security Mechanisms, revision for Unicode 17.0.0. Each file implements one
// part of it:
//
//   - restriction.go: resolved script sets (section 5.1) and restriction
//     levels (section 5.2), giving the mixed-script check per letter token;
//   - numbers.go: mixed numbers (section 5.3) per run of digits and ASCII;
//   - confusable.go: confusable skeletons (section 4) and whole-script
//     confusables;
//   - lookalike.go: lookalike punctuation, non-ASCII characters that NFKC
//     or confusables.txt turn into ASCII punctuation or digits, in a word
//     that is otherwise ASCII;
//   - uncommon.go: uncommon characters (section 5.4 with
//     IdentifierStatus.txt) and combining-mark overflow (section 5.4).
//
// A [Scanner] reads a text once, in order, and keeps its own cursor. Its
// caller, the sanitizer's loop, decodes the text and looks each rune up
// once, and hands the scanner what it has: a run of ASCII ([Scanner.ASCII]),
// a run of ordinary letters ([Scanner.Letters]), one rune with its
// properties ([Scanner.Rune]), an invalid byte ([Scanner.Invalid]). Bytes the
// caller skips are caught up by the next call, so the caller keeps no state
// of the scanner's.
//
// Findings leave the scanner as raw spans of the input with a [Kind]
// ([Finding]); the caller neutralizes and explains them. [Scripts],
// [SkeletonReading] and [LookalikeReading] give what the explanations need.
//
// A token is a maximal run of letters, marks, decimal digits and the
// joiners ZWJ and ZWNJ: punctuation such as '.', '/', '-' and '_' splits
// tokens, so "~/<Cyrillic>/<Cyrillic>.pdf" and "Toys-<Cyrillic>-Us" hold only
// single-script tokens. A word is a maximal run of characters other than
// white space (ASCII spaces and controls, and Zs, Zl, Zp): the unit a shell
// sees.
//
// docs/warnings.md states the rules for users; docs/false-positives.md
// measures them on real multilingual text.
package spoof
