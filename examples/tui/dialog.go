package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

// confirmWord is what the reviewer types, then Enter, to approve a command
// with warnings: the same deliberate act as the CLI's approve and the web
// page ask, more than the reflex of one key.
const confirmWord = "yes"

// dialog asks whether to run one command. A clean command is approved
// with y; one with warnings only with yes typed and Enter. Anything else
// rejects: a dialog that guards a command denies by default.
type dialog struct {
	result   plainsight.Result
	opts     render.TerminalOptions
	typed    string // what was typed towards confirmWord
	approved bool
	done     bool
}

func (d dialog) Init() tea.Cmd { return nil }

func (d dialog) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if !d.result.HasWarning() {
			return d.finish(msg.String() == "y")
		}
		switch {
		case msg.Code == tea.KeyEnter:
			return d.finish(d.typed == confirmWord)
		case msg.Code == tea.KeyBackspace && d.typed != "":
			d.typed = d.typed[:len(d.typed)-1]
			return d, nil
		}
		// A key that cannot lead to yes rejects at once.
		if t := d.typed + msg.Text; msg.Text != "" && strings.HasPrefix(confirmWord, t) {
			d.typed = t
			return d, nil
		}
		return d.finish(false)
	case tea.PasteMsg:
		// An answer is typed by a person, not pasted.
		return d.finish(false)
	case tea.WindowSizeMsg:
		// Break long lines to the window: a line the terminal cuts would
		// hide the end of the command.
		d.opts.Width = msg.Width
	}
	return d, nil
}

func (d dialog) finish(approved bool) (tea.Model, tea.Cmd) {
	d.approved, d.done = approved, true
	return d, tea.Quit
}

func (d dialog) View() tea.View {
	var b strings.Builder
	b.WriteString("An agent wants to run:\n\n")
	b.WriteString(render.Terminal(d.result, d.opts))
	b.WriteString("\n")
	switch {
	case !d.done && d.result.HasWarning():
		b.WriteString("This command has warnings (" + warningNames(d.result) + ").\n")
		b.WriteString("To run it anyway, type " + confirmWord + " and press Enter; anything else rejects: ")
		b.WriteString(d.typed)
	case !d.done:
		b.WriteString("Run it? [y/n] ")
	case d.approved:
		b.WriteString("Approved.\n")
	default:
		b.WriteString("Rejected.\n")
	}
	return tea.NewView(b.String())
}

// warningNames lists the kinds of the warn-level warnings of r:
// "bidi, mixed_script".
func warningNames(r plainsight.Result) string {
	var names []string
	for _, w := range r.Warnings {
		if w.Severity == plainsight.SeverityWarn {
			names = append(names, w.Kind.String())
		}
	}
	return strings.Join(names, ", ")
}
