package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

// dialog asks whether to run one command.
type dialog struct {
	result   plainsight.Result
	opts     render.TerminalOptions
	approved bool
	done     bool
}

func (d dialog) Init() tea.Cmd { return nil }

// Update takes y as approval and every other key as rejection: a dialog
// that guards a command denies by default.
func (d dialog) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		d.approved = msg.String() == "y"
		d.done = true
		return d, tea.Quit
	case tea.WindowSizeMsg:
		// Break long lines to the window: a line the terminal cuts would
		// hide the end of the command.
		d.opts.Width = msg.Width
	}
	return d, nil
}

func (d dialog) View() tea.View {
	var b strings.Builder
	b.WriteString("An agent wants to run:\n\n")
	b.WriteString(render.Terminal(d.result, d.opts))
	b.WriteString("\n")
	switch {
	case !d.done:
		if d.result.HasWarning() {
			b.WriteString("This command hides something. ")
		}
		b.WriteString("Run it? [y/n] ")
	case d.approved:
		b.WriteString("Approved.\n")
	default:
		b.WriteString("Rejected.\n")
	}
	return tea.NewView(b.String())
}
