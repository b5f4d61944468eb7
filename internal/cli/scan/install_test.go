package scan

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// need returns the path of tool, skipping the test without it, or
// failing it under CI=true.
func need(t *testing.T, tool string, args ...string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err == nil && len(args) > 0 {
		err = exec.Command(p, args...).Run()
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s %v: %v", tool, args, err)
		}
		t.Skipf("%s %v: %v", tool, args, err)
	}
	return p
}

// yamlJSON reads a YAML file as JSON with python3's yaml module.
func yamlJSON(t *testing.T, name string, v any) {
	t.Helper()
	python := need(t, "python3", "-c", "import yaml")
	out, err := exec.Command(python, "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", name).Output()
	if err != nil {
		t.Fatalf("%s does not parse as YAML: %v", name, err)
	}
	if err := json.Unmarshal(out, v); err != nil {
		t.Fatal(err)
	}
}

// TestPreCommitManifest parses .pre-commit-hooks.yaml as pre-commit does
// and runs its hook's entry on staged files, as pre-commit passes them.
func TestPreCommitManifest(t *testing.T) {
	var hooks []map[string]any
	yamlJSON(t, "../../../.pre-commit-hooks.yaml", &hooks)
	if len(hooks) != 1 {
		t.Fatalf("%d hooks, want 1", len(hooks))
	}
	h := hooks[0]
	for _, key := range []string{"id", "name", "entry", "language"} {
		if s, _ := h[key].(string); s == "" {
			t.Errorf("hook without %s", key)
		}
	}
	if h["id"] != "plainsight-scan" || h["language"] != "golang" {
		t.Errorf("hook id %v language %v, want plainsight-scan golang", h["id"], h["language"])
	}
	entry, _ := h["entry"].(string)
	args, ok := strings.CutPrefix(entry, "plainsight scan")
	if !ok {
		t.Fatalf("entry %q does not run plainsight scan", entry)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "ok.go"), "package ok\n")
	writeFile(t, filepath.Join(dir, "bad.go"), "package bad\n\n// \u202e\n")
	for _, tt := range []struct {
		files []string
		want  int
	}{{[]string{"ok.go"}, 0}, {[]string{"ok.go", "bad.go"}, 1}} {
		cmd := prog.Command(append(strings.Fields(args), tt.files...)...)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		if got := cmd.ProcessState.ExitCode(); got != tt.want {
			t.Errorf("hook on %v: exit %d, want %d\n%s", tt.files, got, tt.want, out)
		}
	}
}

// actionStep is one step of action.yml.
type actionStep struct {
	Name string            `json:"name"`
	If   string            `json:"if"`
	Uses string            `json:"uses"`
	Run  string            `json:"run"`
	Env  map[string]string `json:"env"`
}

// TestAction runs the scripts of the composite action as a runner would,
// with the runner's files in a temporary directory: the install step
// builds this checkout (a local action has no ref), the scan step fails
// on a Trojan Source file and writes SARIF, and the upload step runs
// whatever the scan's status.
func TestAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plainsight")
	}
	bash := need(t, "bash")
	var action struct {
		Runs struct {
			Using string       `json:"using"`
			Steps []actionStep `json:"steps"`
		} `json:"runs"`
	}
	yamlJSON(t, "../../../action.yml", &action)
	if action.Runs.Using != "composite" {
		t.Fatalf("runs.using %q", action.Runs.Using)
	}
	steps := map[string]actionStep{}
	for _, s := range action.Runs.Steps {
		steps[s.Name] = s
	}
	upload := steps["Upload to code scanning"]
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") || !strings.Contains(upload.If, "always()") {
		t.Errorf("upload step: uses %q if %q, want upload-sarif under always()", upload.Uses, upload.If)
	}
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	runner := t.TempDir()
	ghPath := filepath.Join(runner, "github_path")
	run := func(step string, dir string, env map[string]string) (int, string) {
		s, ok := steps[step]
		if !ok || s.Run == "" {
			t.Fatalf("no step %q with a script", step)
		}
		cmd := exec.Command(bash, "-c", s.Run)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "RUNNER_TEMP="+runner, "GITHUB_PATH="+ghPath)
		if data, err := os.ReadFile(ghPath); err == nil {
			cmd.Env = append(cmd.Env, "PATH="+strings.TrimSpace(string(data))+string(os.PathListSeparator)+os.Getenv("PATH"))
		}
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	if status, out := run("Install plainsight", repo, map[string]string{"ACTION_REF": "", "ACTION_PATH": repo}); status != 0 || !strings.HasPrefix(out, "plainsight ") {
		t.Fatalf("install: exit %d\n%s", status, out)
	}
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "trojan.go"), scanTreeFiles["trojan.go"])
	env := map[string]string{"SCAN_PATH": ".", "FAIL_ON": "warn", "SCAN_ARGS": "-no-git\n-allow-binary\n", "SARIF_FILE": "out.sarif"}
	status, out := run("Scan", work, env)
	if status != 1 || !strings.Contains(out, "trojan.go:5:20: warn bidi") {
		t.Errorf("scan of a Trojan Source file: exit %d, want 1\n%s", status, out)
	}
	var log githubSARIF
	data, _ := os.ReadFile(filepath.Join(work, "out.sarif"))
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) != 4 {
		t.Errorf("out.sarif: %v, want one run with 4 results\n%s", err, data)
	}
	os.Remove(filepath.Join(work, "trojan.go"))
	writeFile(t, filepath.Join(work, "ok.go"), "package ok\n")
	if status, out := run("Scan", work, env); status != 0 {
		t.Errorf("scan of a clean tree: exit %d\n%s", status, out)
	}
}
