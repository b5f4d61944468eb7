package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// A call is the part of a hook's input that a decision reads.
type call struct {
	tool    string // the tool's name, neutralized; empty for the json agent
	shell   bool   // the tool runs command as shell code
	command string // the shell command, exactly as the agent will run it
	cwd     string // the agent's working directory, neutralized, if given
}

// readCall reads and decodes one hook input from r for agent a. Every way
// the input can be wrong is an error, which denies the call: more than
// MaxInput bytes, bytes that are not UTF-8, anything but one JSON object,
// a tool name or command that is missing or not a string.
func readCall(a *agent, r io.Reader) (call, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	switch {
	case err != nil:
		return call{}, fmt.Errorf("the hook input could not be read: %w", err)
	case len(data) > MaxInput:
		return call{}, fmt.Errorf("the hook input is over the limit of %d bytes", MaxInput)
	case !utf8.Valid(data):
		return call{}, errors.New("the hook input is not UTF-8")
	}
	if c, ok := quickCall(a, data); ok {
		return c, nil
	}
	return decodeCall(a, data)
}

// decodeCall decodes data, the hook input, for agent a with
// encoding/json: what readCall does with every input that quickCall
// leaves to it, and what quickCall must answer as.
func decodeCall(a *agent, data []byte) (call, error) {
	top, err := object(data, "the hook input")
	if err != nil {
		return call{}, err
	}
	var c call
	if raw, ok := top["cwd"]; ok {
		var cwd string
		if json.Unmarshal(raw, &cwd) == nil {
			c.cwd = cli.NeutralizeLine(cwd)
		}
	}
	args := top
	if a.shellTools != nil {
		tool, err := str(top, "tool_name")
		if err != nil {
			return call{}, err
		}
		c.tool = cli.NeutralizeLine(tool)
		if !slices.Contains(a.shellTools, tool) {
			return c, nil
		}
		raw, ok := top["tool_input"]
		if !ok {
			return call{}, errors.New("the hook input has no tool_input")
		}
		if args, err = object(raw, "tool_input"); err != nil {
			return call{}, err
		}
	}
	if c.command, err = str(args, "command"); err != nil {
		return call{}, err
	}
	c.shell = true
	return c, nil
}

// object decodes data, which must be exactly one JSON object, into its
// members.
func object(data []byte, what string) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var m map[string]json.RawMessage
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s is not a JSON object: %w", what, err)
	}
	if m == nil {
		return nil, fmt.Errorf("%s is not a JSON object: null", what)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s has more after its JSON object", what)
	}
	return m, nil
}

// str returns the member name of m, which must be a JSON string.
func str(m map[string]json.RawMessage, name string) (string, error) {
	raw, ok := m[name]
	if !ok {
		return "", fmt.Errorf("the hook input has no %s", name)
	}
	var s string
	// Unmarshal takes null for a string and leaves s empty: only a JSON
	// string is one.
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", fmt.Errorf("%s is not a string", name)
	}
	return s, nil
}
