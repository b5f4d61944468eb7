package transcript_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/plainsight-dev/plainsight/transcript"
	"golang.org/x/text/transform"
)

func ExampleClean() {
	raw := "build: \x1b[31mFAIL\x1b[0m\nnotice\x1b[1A\x1b]8;;https://example.invalid\x1b\\open\x1b]8;;\x1b\\\rPASS\n"
	text, rep := transcript.Clean([]byte(raw), transcript.Options{})
	fmt.Printf("%+q\n", text)
	fmt.Println("sgr", rep.Sequences.SGR, "csi", rep.Sequences.CSI,
		"hyperlinks", rep.Sequences.OSCHyperlink, "CR", rep.Controls['\r'])
	// Output:
	// "build: FAIL\nnoticeopen\nPASS\n"
	// sgr 2 csi 1 hyperlinks 2 CR 1
}

func ExampleClean_overwrite() {
	raw := "working 10%\rworking 20%\rfailure\n"
	text, rep := transcript.Clean([]byte(raw), transcript.Options{CR: transcript.CROverwrite})
	fmt.Printf("%+q, %d bytes overwritten\n", text, rep.Overwritten)
	text, _ = transcript.Clean([]byte(raw), transcript.Options{})
	fmt.Printf("%+q\n", text)
	// Output:
	// "failure\n", 22 bytes overwritten
	// "working 10%\nworking 20%\nfailure\n"
}

func ExampleClean_tags() {
	// An instruction spelled in invisible tag characters.
	raw := "ok \U000E0072\U000E006D\n"
	text, rep := transcript.Clean([]byte(raw), transcript.Options{})
	fmt.Printf("%+q %v\n", text, rep.Unicode.Escapes)
	// Output:
	// "ok \\u{e0072}\\u{e006d}\n" map[tag:2]
}

func ExampleCleaner() {
	c := transcript.NewCleaner(transcript.Options{})
	r := transform.NewReader(strings.NewReader("\x1b]0;title\atext\x1b[K\n"), c)
	io.Copy(os.Stdout, r)
	fmt.Println(c.Report().Removed(), "removed")
	// Output:
	// text
	// 2 removed
}

func ExampleWriter() {
	w := transcript.NewWriter(os.Stdout, transcript.Options{})
	w.Write([]byte("half an escape: \x1b"))
	w.Write([]byte("[1mbold\x1b[0m\n"))
	w.Close()
	fmt.Println(w.Report().Sequences.SGR, "SGR")
	// Output:
	// half an escape: bold
	// 2 SGR
}

func ExampleDump() {
	fmt.Print(transcript.Dump([]byte("ok\x1b]0;\x9b\xe9\x7f\n")))
	// Output:
	// 00000000  6f 6b 1b 5d 30 3b 9b e9  7f 0a                    ok^[]0;M-^[M-i^?^J
	// 0000000a
}
