// Package render presents a [plainsight.Result] where people look: styled
// text for terminals and TUIs ([Terminal]) and an HTML fragment for web
// pages ([HTML]).
//
// The core package keeps no markup and no colour; a Result only says where
// its escapes are ([plainsight.Result.Escapes]) and where each warning's
// occurrences are ([plainsight.Warning.Locations]). The presenters here turn
// that into something a person cannot misread: an escape such as \u{202e}
// never looks like the same characters typed, and the tokens a warning is
// about are marked where they stand. A run of whitespace that a padding
// warning locates (a hundred blank lines, eight thousand spaces before the
// part of a command that runs) is folded into a marker with its size,
// ⟨120 blank lines⟩ or ⟨8,000 spaces⟩, so that the text around it stays on
// one screen.
//
// # Getting Started
//
//	r := plainsight.Command(command)
//	fmt.Print(render.Terminal(r, render.TerminalOptions{Color: render.ColorFor(os.Stdout, os.Getenv)}))
//
// or, in an html/template:
//
//	data.Command = render.HTML(r, render.HTMLOptions{ID: "cmd1"})
//	// and render.Stylesheet served as text/css
//
// # Results not made by Sanitize
//
// Both presenters accept any Result. Spans that fall outside Text, overlap
// an earlier escape or split a UTF-8 sequence are ignored, and any control
// character or invalid UTF-8 left in Text or in a warning is written as an
// escape, so a hand-built Result cannot make either presenter emit a control
// sequence or markup.
package render
