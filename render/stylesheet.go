package render

// Stylesheet styles the fragments [HTML] writes, in light and dark colour
// schemes (prefers-color-scheme). Serve it as text/css, or put it in a
// <style> element the page's Content-Security-Policy allows; the fragments
// themselves need no inline style.
//
// Escapes are white on dark red (dark on light red in the dark scheme) and
// marked tokens have an amber background and a wavy underline, so both
// stand out from the text in colour and in shape; each colour pair has a
// contrast ratio of at least 4.5:1 (WCAG AA). Right-to-left runs shown in
// logical order get a dotted overline. A folded run of padding is white on
// dark purple (dark on light purple in the dark scheme).
const Stylesheet = `.ps-result {
	color: #1b1b1b;
	background: #ffffff;
	direction: ltr;
	unicode-bidi: isolate;
}
.ps-text {
	margin: 0;
	padding: 0.5em;
	white-space: pre-wrap;
	overflow-wrap: anywhere;
	font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
	color: inherit;
	background: inherit;
}
.ps-esc {
	color: #ffffff;
	background: #a4161a;
	border-radius: 2px;
	padding: 0 1px;
}
.ps-mark {
	color: #1b1b1b;
	background: #ffd166;
	text-decoration: underline wavy #a4161a;
	text-decoration-skip-ink: none;
}
.ps-mark.ps-sev-info {
	background: #d7e3fc;
	text-decoration: underline dotted #1d3f8f;
}
.ps-mark .ps-esc {
	color: #ffffff;
	background: #a4161a;
}
.ps-rtl {
	text-decoration: overline dotted;
}
.ps-fold {
	color: #ffffff;
	background: #5a3e8c;
	border-radius: 2px;
	padding: 0 1px;
}
.ps-warnings {
	margin: 0.5em 0 0;
	padding-left: 2em;
}
.ps-warning.ps-sev-warn .ps-severity {
	color: #a4161a;
	font-weight: bold;
}
.ps-warning.ps-sev-info .ps-severity {
	color: #1d3f8f;
}
.ps-kind {
	font-family: ui-monospace, monospace;
}
.ps-where {
	color: #555555;
}
@media (prefers-color-scheme: dark) {
	.ps-result {
		color: #e8e8e8;
		background: #161616;
	}
	.ps-esc, .ps-mark .ps-esc {
		color: #161616;
		background: #ff8a80;
	}
	.ps-fold {
		color: #161616;
		background: #c9b3f0;
	}
	.ps-mark {
		color: #fff3c4;
		background: #5c4400;
		text-decoration-color: #ff8a80;
	}
	.ps-mark.ps-sev-info {
		color: #e8eeff;
		background: #1d3f8f;
		text-decoration-color: #d7e3fc;
	}
	.ps-warning.ps-sev-warn .ps-severity {
		color: #ff8a80;
	}
	.ps-warning.ps-sev-info .ps-severity {
		color: #a9c1ff;
	}
	.ps-where {
		color: #aaaaaa;
	}
}
`
