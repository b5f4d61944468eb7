package transcript_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/transcript"
)

var (
	hostileOnce sync.Once
	hostileBin  string
	hostileErr  error
)

// hostile builds testdata/hostile once per test binary and returns its path.
func hostile(t *testing.T) string {
	t.Helper()
	hostileOnce.Do(func() {
		goBin, err := exec.LookPath("go")
		if err != nil {
			hostileErr = err
			return
		}
		dir, err := os.MkdirTemp("", "transcript-hostile-")
		if err != nil {
			hostileErr = err
			return
		}
		hostileBin = filepath.Join(dir, "hostile")
		out, err := exec.Command(goBin, "build", "-o", hostileBin, "./testdata/hostile").CombinedOutput()
		if err != nil {
			hostileErr = errors.New(string(out))
		}
	})
	if hostileErr != nil {
		t.Skipf("cannot build the hostile helper: %v", hostileErr)
	}
	return hostileBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if hostileBin != "" {
		os.RemoveAll(filepath.Dir(hostileBin))
	}
	os.Exit(code)
}

func hostileCmd(t *testing.T, code string) (*exec.Cmd, []byte, []byte) {
	bin := hostile(t)
	outPath, errPath := filepath.Join("testdata", "hostile", "stdout.bin"), filepath.Join("testdata", "hostile", "stderr.bin")
	out, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	errb, err := os.ReadFile(errPath)
	if err != nil {
		t.Fatal(err)
	}
	return exec.Command(bin, outPath, errPath, code), out, errb
}

func sha(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestRun(t *testing.T) {
	cmd, rawOut, rawErr := hostileCmd(t, "3")
	dir := filepath.Join(t.TempDir(), "raw")
	env, err := transcript.Run(context.Background(), cmd, transcript.RunOptions{RawDir: dir})
	if err != nil {
		t.Fatal(err)
	}

	wantOut := "build: FAIL\n" +
		"title set\n" +
		"clip done\n" +
		`tags: \u{e0049}\u{e0047}\u{e004e}\u{e004f}\u{e0052}\u{e0045}!` + "\n" +
		"bad \ufffd\ufffd utf8\n" +
		"end\n" +
		"tail"
	wantErr := "error: red\n" +
		"progress 10%\nprogress 20%\ndone\n" +
		"link\n" +
		"bell "
	want := transcript.Envelope{
		Command:  []string{cmd.Path, cmd.Args[1], cmd.Args[2], "3"},
		Path:     cmd.Path,
		ExitCode: 3,
		Stdout: transcript.Output{
			Text: wantOut,
			Report: transcript.Report{
				BytesIn:  int64(len(rawOut)),
				BytesOut: int64(len(wantOut)),
				Sequences: transcript.Sequences{
					SGR: 2, OSCTitle: 1, OSCClipboard: 1, DCS: 1, APC: 1,
				},
				CRLF:        1,
				InvalidUTF8: 2,
				Unicode: transcript.Unicode{
					Escapes:  map[plainsight.Class]int64{plainsight.ClassTag: 6},
					Warnings: map[plainsight.Kind]int64{plainsight.KindHiddenTags: 6},
				},
			},
			Raw: transcript.Raw{SHA256: "sha256:" + sha(rawOut), Bytes: int64(len(rawOut))},
		},
		Stderr: transcript.Output{
			Text: wantErr,
			Report: transcript.Report{
				BytesIn:      int64(len(rawErr)),
				BytesOut:     int64(len(wantErr)),
				Sequences:    transcript.Sequences{SGR: 2, OSCHyperlink: 2, OSCTitle: 1},
				Controls:     controls(byte('\r'), 2, byte(7), 1),
				Unterminated: 1,
			},
			Raw: transcript.Raw{SHA256: "sha256:" + sha(rawErr), Bytes: int64(len(rawErr))},
		},
		Options: transcript.RunOptions{
			Options:   transcript.Options{Limits: transcript.Limits{}.Effective()},
			RawDir:    dir,
			MaxRaw:    transcript.DefaultMaxRaw,
			MaxEvents: transcript.DefaultMaxEvents,
		},
	}
	opt := cmpopts.IgnoreFields(transcript.Envelope{}, "DurationMS", "Events")
	if diff := cmp.Diff(want, env, opt); diff != "" {
		t.Errorf("Run envelope mismatch (-want +got):\n%s", diff)
	}
	if env.DurationMS < 0 {
		t.Errorf("DurationMS = %d", env.DurationMS)
	}
	checkEvents(t, env)

	// The raw artifacts: named by hash, mode 0600, the exact bytes.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", e.Name(), info.Mode().Perm())
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if sha(b) != e.Name() {
			t.Errorf("file %s holds bytes with hash %s", e.Name(), sha(b))
		}
	}
	wantNames := []string{sha(rawOut), sha(rawErr)}
	if diff := cmp.Diff(wantNames, names, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("raw files mismatch (-want +got):\n%s", diff)
	}

	// The JSON form holds no payload, no control byte, and round-trips.
	b, err := json.Marshal(env)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"PAYLOAD", "UEFZTE9BRC", "example.invalid", dir} {
		if strings.Contains(string(b), m) {
			t.Errorf("envelope JSON holds %q", m)
		}
	}
	if !utf8.Valid(b) {
		t.Error("envelope JSON is not valid UTF-8")
	}
	for _, r := range string(b) {
		if r < 0x20 || r >= 0x7F && r <= 0x9F {
			t.Fatalf("envelope JSON holds control %U", r)
		}
	}
	var back transcript.Envelope
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	env.Options.RawDir = ""
	if diff := cmp.Diff(env, back); diff != "" {
		t.Errorf("envelope JSON round trip mismatch (-want +got):\n%s", diff)
	}
}

// checkEvents checks that the events of each stream spell its text, in
// increasing sequence order.
func checkEvents(t *testing.T, env transcript.Envelope) {
	t.Helper()
	var text [3]strings.Builder
	var last int64
	for _, e := range env.Events {
		if e.Seq <= last {
			t.Errorf("event seq %d after %d", e.Seq, last)
		}
		last = e.Seq
		if e.Text == "" {
			t.Errorf("event %d has no text", e.Seq)
		}
		if e.Stream != transcript.Stdout && e.Stream != transcript.Stderr {
			t.Fatalf("event %d on stream %v", e.Seq, e.Stream)
		}
		text[e.Stream].WriteString(e.Text)
	}
	if env.EventsTruncated {
		return
	}
	if got := text[transcript.Stdout].String(); got != env.Stdout.Text {
		t.Errorf("stdout events spell %+q, text is %+q", got, env.Stdout.Text)
	}
	if got := text[transcript.Stderr].String(); got != env.Stderr.Text {
		t.Errorf("stderr events spell %+q, text is %+q", got, env.Stderr.Text)
	}
}

func TestRunLimits(t *testing.T) {
	cmd, rawOut, _ := hostileCmd(t, "0")
	opts := transcript.RunOptions{
		Options:   transcript.Options{Limits: transcript.Limits{MaxOutput: 64}},
		MaxRaw:    10,
		MaxEvents: 1,
	}
	env, err := transcript.Run(context.Background(), cmd, opts)
	if err != nil {
		t.Fatal(err)
	}
	if env.ExitCode != 0 || !env.Truncated || !env.EventsTruncated || len(env.Events) != 1 {
		t.Errorf("exit %d truncated %v events %d (truncated %v)", env.ExitCode, env.Truncated, len(env.Events), env.EventsTruncated)
	}
	wantRaw := transcript.Raw{SHA256: "sha256:" + sha(rawOut[:10]), Bytes: 10, Truncated: true}
	if diff := cmp.Diff(wantRaw, env.Stdout.Raw); diff != "" {
		t.Errorf("capped raw mismatch (-want +got):\n%s", diff)
	}
	if r := env.Stdout.Report; !r.Truncated || r.BytesOut > 64 || r.BytesIn != int64(len(rawOut)) {
		t.Errorf("stdout report %+v", r)
	}
	if len(env.Stdout.Text) > 64 || !strings.HasSuffix(env.Stdout.Text, transcript.TruncationMarker) {
		t.Errorf("stdout text %+q", env.Stdout.Text)
	}
}

func TestRunErrors(t *testing.T) {
	cmd := exec.Command("true")
	cmd.Stdout = os.Stdout
	if _, err := transcript.Run(context.Background(), cmd, transcript.RunOptions{}); !errors.Is(err, transcript.ErrOutputSet) {
		t.Errorf("Run with Stdout set: err %v", err)
	}

	rawDir := t.TempDir()
	env, err := transcript.Run(context.Background(), exec.Command(filepath.Join(t.TempDir(), "missing")), transcript.RunOptions{RawDir: rawDir})
	if err == nil || env.ExitCode != -1 {
		t.Errorf("Run of a missing program: exit %d, err %v", env.ExitCode, err)
	}
	if left, _ := os.ReadDir(rawDir); len(left) != 0 {
		t.Errorf("Run of a missing program left %d files in the raw directory", len(left))
	}

	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	env, err = transcript.Run(ctx, exec.Command(sleep, "10"), transcript.RunOptions{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Run past its deadline: err %v", err)
	}
	if env.ExitCode != -1 || time.Since(start) > 5*time.Second {
		t.Errorf("Run past its deadline: exit %d after %v", env.ExitCode, time.Since(start))
	}
}

func TestRunQuiet(t *testing.T) {
	bin, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true command")
	}
	env, err := transcript.Run(context.Background(), exec.Command(bin), transcript.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(env)
	if err != nil {
		t.Fatal(err)
	}
	empty := "sha256:" + sha(nil)
	if env.ExitCode != 0 || env.Truncated || env.Stdout.Raw.SHA256 != empty || !strings.Contains(string(b), `"events":[]`) {
		t.Errorf("quiet command envelope: %s", b)
	}
}
