package plainsight

import (
	"strings"
	"testing"
	"unicode"

	"mvdan.cc/sh/v3/syntax"
)

// layerWraps are the known layers (docs/commands.md) as functions from a
// command to a command that runs it in that layer: q is the command
// quoted with mvdan.cc/sh's own quoting, so that the wrapped command is
// valid Bash.
var layerWraps = []struct {
	name string
	wrap func(cmd, q string) string
}{
	{"bash -c", func(_, q string) string { return "bash -c " + q }},
	{"sh -l -e -c", func(_, q string) string { return "sh -l -e -c " + q }},
	{"zsh -o errexit -c", func(_, q string) string { return "zsh -o errexit -c " + q }},
	{"busybox sh -c", func(_, q string) string { return "busybox sh -c " + q }},
	{"sudo sh -c", func(_, q string) string { return "sudo -u deploy sh -c " + q }},
	{"doas timeout", func(_, q string) string { return "doas timeout 30 bash -c " + q }},
	{"env nohup nice", func(_, q string) string { return "env -i HOME=/root nohup nice -n 5 sh -c " + q }},
	{"setsid flock", func(_, q string) string { return "setsid flock /tmp/lock -c " + q }},
	{"ssh", func(_, q string) string { return "ssh prod " + q }},
	{"ssh options", func(_, q string) string { return "ssh -p 2222 -o BatchMode=yes deploy@prod " + q }},
	{"docker exec", func(_, q string) string { return "docker exec -it -e A=1 web sh -c " + q }},
	{"podman run", func(_, q string) string { return "podman run --rm -v /a:/b alpine sh -c " + q }},
	{"kubectl exec", func(_, q string) string { return "kubectl exec -n prod api-0 -- sh -c " + q }},
	{"find -exec", func(_, q string) string { return "find . -name '*.log' -exec sh -c " + q + " \\;" }},
	{"xargs", func(_, q string) string { return "ls | xargs -n1 sh -c " + q }},
	{"eval", func(_, q string) string { return "eval " + q }},
	{"watch", func(_, q string) string { return "watch -n 5 " + q }},
	{"trap", func(_, q string) string { return "trap " + q + " EXIT" }},
	{"su -c", func(_, q string) string { return "su -c " + q + " root" }},
	{"script -c", func(_, q string) string { return "script -q -c " + q + " /dev/null" }},
	{"here-string", func(_, q string) string { return "bash <<< " + q }},
	{"here-document", func(cmd, _ string) string { return "bash <<'PLAINSIGHT_EOF'\n" + cmd + "\nPLAINSIGHT_EOF" }},
	{"ssh here-document", func(cmd, _ string) string { return "ssh prod <<'PLAINSIGHT_EOF'\n" + cmd + "\nPLAINSIGHT_EOF" }},
	{"echo | sh", func(_, q string) string { return "echo " + q + " | sh" }},
	{"source <(echo)", func(_, q string) string { return "source <(echo " + q + ")" }},
	{"GIT_SSH_COMMAND", func(_, q string) string { return "GIT_SSH_COMMAND=" + q + " git fetch" }},
	{"export PROMPT_COMMAND", func(_, q string) string { return "export PROMPT_COMMAND=" + q }},
}

// wrapLayer wraps cmd in layer w, or reports false when the wrapped
// command would not show cmd's characters: mvdan.cc/sh quotes a
// non-printable character as an escape ($'\u202e'), which shows as ASCII.
func wrapLayer(cmd string, w int) (string, bool) {
	for _, r := range cmd {
		if !unicode.IsPrint(r) && r != '\n' || r == '\t' {
			return "", false
		}
	}
	if strings.Contains(cmd, "PLAINSIGHT_EOF") {
		return "", false
	}
	q, err := syntax.Quote(cmd, syntax.LangBash)
	if err != nil {
		return "", false
	}
	return layerWraps[w].wrap(cmd, q), true
}

// warnKinds returns the kinds r warns of.
func warnKinds(r Result) map[Kind]bool {
	k := map[Kind]bool{}
	for _, w := range r.Warnings {
		if w.Severity == SeverityWarn {
			k[w.Kind] = true
		}
	}
	return k
}

// checkWrapped is the metamorphic property of the layers: an attack
// wrapped in a layer keeps every warn-level kind it had, and a benign
// command wrapped in one stays without a warn-level warning.
func checkWrapped(t *testing.T, c corpusCase, w int) {
	in, ok := wrapLayer(c.input, w)
	if !ok {
		return
	}
	p := Policy{Context: ContextCommand}
	got := warnKinds(p.Sanitize(in))
	if !c.attack {
		if len(got) > 0 {
			t.Errorf("benign %s wrapped in %s: %q warns of %v", c.name, layerWraps[w].name, in, got)
		}
		return
	}
	for k := range warnKinds(p.Sanitize(c.input)) {
		if !got[k] {
			t.Errorf("attack %s wrapped in %s: %q loses %v; has %v", c.name, layerWraps[w].name, in, k, got)
		}
	}
}

// TestLayersMetamorphic checks the property for every case of
// corpus/commands.txt in every known layer.
func TestLayersMetamorphic(t *testing.T) {
	for _, c := range readCorpus(t, "corpus/commands.txt") {
		for w := range layerWraps {
			checkWrapped(t, c, w)
		}
	}
}

// FuzzLayers checks the property on the corpus case and the layer the
// fuzzer picks, and on the layer around a layer.
func FuzzLayers(f *testing.F) {
	cases := readCorpus(f, "corpus/commands.txt")
	f.Add(uint(0), uint(0), uint(0))
	f.Add(uint(7), uint(8), uint(3))
	f.Fuzz(func(t *testing.T, k, w, outer uint) {
		c := cases[k%uint(len(cases))]
		checkWrapped(t, c, int(w%uint(len(layerWraps))))
		// Two layers deep: the wrapped command wrapped again.
		if in, ok := wrapLayer(c.input, int(w%uint(len(layerWraps)))); ok {
			c.input = in
			checkWrapped(t, c, int(outer%uint(len(layerWraps))))
		}
	})
}
