// Command plainsight-hook is `plainsight hook` on its own: the pre-tool
// hook of coding agents (docs/agents.md), in a binary that links nothing
// else. An agent starts the hook before every shell command it runs, so
// the hook's start-up is latency the person feels, and a smaller binary
// starts faster (docs/performance.md, "Hook latency").
//
// Usage:
//
//	plainsight-hook claude-code|gemini|codex|json [-allow-clean] [-deny-warnings] [-audit FILE] [-timeout D] [-print-config]
//
// It answers exactly as `plainsight hook` does; -print-config prints the
// settings snippet that runs plainsight-hook.
package main

import (
	"os"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/hook"
	_ "github.com/plainsight-dev/plainsight/internal/cli/hookstack" // one stack growth, before the rest initialises
)

func main() {
	os.Exit(hook.Standalone(os.Args[1:], cli.IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
}
