package scan

import "github.com/plainsight-dev/plainsight"

// docsURL is where the warning kinds are documented; a kind's section is
// the anchor kindAnchor names.
const docsURL = "https://github.com/plainsight-dev/plainsight/blob/main/docs/warnings.md"

// kindSummary is one sentence per warning kind, the short description of
// its SARIF rule; docs/warnings.md holds the full text. TestKindSummaries
// checks that every kind has one and a section in docs/warnings.md.
var kindSummary = map[plainsight.Kind]string{
	plainsight.KindCarriageReturn:        "A carriage return moves the cursor to the start of the line, so what follows overwrites what came before.",
	plainsight.KindBackspace:             "A backspace moves the cursor back, so later characters overwrite earlier ones.",
	plainsight.KindTerminalEscape:        "An escape sequence would act on a terminal: clear, move the cursor, retitle, link, write the clipboard or hide text.",
	plainsight.KindControl:               "A control character (C0, DEL or C1) that has an effect on a terminal or is invisible.",
	plainsight.KindBidi:                  "A bidirectional control reorders how the text around it is displayed (Trojan Source).",
	plainsight.KindZeroWidth:             "A zero-width character splits or joins text invisibly.",
	plainsight.KindHiddenTags:            "Tag characters are invisible but spell ASCII text that a language model reads.",
	plainsight.KindVariationSelectors:    "Variation selectors that modify nothing; a run of them carries hidden bytes.",
	plainsight.KindInvisible:             "A default-ignorable or blank character that draws nothing.",
	plainsight.KindWhitespace:            "A non-ASCII space or line separator looks like a space or line break but is not one to a shell or parser.",
	plainsight.KindPrivateUse:            "A private-use code point has no standard glyph.",
	plainsight.KindNoncharacter:          "A Unicode noncharacter, never meant for interchange.",
	plainsight.KindUnassigned:            "A code point not assigned in Unicode 17.0.0.",
	plainsight.KindInvalidUTF8:           "A byte that is not part of valid UTF-8.",
	plainsight.KindFlagged:               "A code point the policy flags.",
	plainsight.KindMixedScript:           "A token mixes scripts in a way that lets it pass for another word (UTS #39).",
	plainsight.KindMixedNumbers:          "A number mixes digits of different numbering systems.",
	plainsight.KindLookalike:             "A non-ASCII character passes for ASCII punctuation, a digit or a space in an otherwise ASCII word.",
	plainsight.KindWholeScriptConfusable: "A word written wholly in one script that reads as a word of another.",
	plainsight.KindUncommonCharacter:     "A character that UTS #39 restricts, inside a token that also holds ordinary letters.",
	plainsight.KindBidiReorder:           "Right-to-left words around the shell's syntax, which a terminal applying the bidi algorithm shows out of order.",
	plainsight.KindCombiningMarks:        "More than four combining marks on one base, or the same mark twice, which draws over text or hides a repeat.",
}

// kindAnchor is the fragment of the section of docs/warnings.md for k, as
// GitHub derives it from the heading "### bidi (warn)".
func kindAnchor(k plainsight.Kind) string {
	return k.String() + "-" + k.Severity().String()
}
