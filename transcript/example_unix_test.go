//go:build unix

package transcript_test

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/plainsight-dev/plainsight/transcript"
)

func ExampleRun() {
	cmd := exec.Command("sh", "-c", `printf 'ok \033[32mPASS\033[0m\n'; printf 'warn\033]0;title\a\n' >&2; exit 3`)
	env, err := transcript.Run(context.Background(), cmd, transcript.RunOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("exit %d\nstdout %+q (%d SGR)\nstderr %+q (%d title)\n",
		env.ExitCode, env.Stdout.Text, env.Stdout.Report.Sequences.SGR,
		env.Stderr.Text, env.Stderr.Report.Sequences.OSCTitle)
	// Output:
	// exit 3
	// stdout "ok PASS\n" (2 SGR)
	// stderr "warn\n" (1 title)
}
