package shellread

import (
	"strings"
	"testing"
)

// layerCase is a command with one ‘ (U+2018) that a layer reads as code,
// what runs that layer, and its kind.
type layerCase struct {
	cmd  string
	via  string
	kind LayerKind
}

// programCases holds a case for every row of programs.
var programCases = map[string]layerCase{
	"sh":         {"sh -c 'echo ‘x'", "sh -c", LayerShell},
	"bash":       {"bash --login -e -o pipefail -c 'echo ‘x'", "bash -c", LayerShell},
	"dash":       {"dash -ec 'echo ‘x'", "dash -c", LayerShell},
	"zsh":        {"zsh -x -c 'echo ‘x'", "zsh -c", LayerShell},
	"ksh":        {"ksh -c 'echo ‘x' name arg", "ksh -c", LayerShell},
	"mksh":       {"mksh -c 'echo ‘x'", "mksh -c", LayerShell},
	"ash":        {"ash -c 'echo ‘x'", "ash -c", LayerShell},
	"busybox":    {"busybox sh -c 'echo ‘x'", "sh -c", LayerShell},
	"sudo":       {"sudo -u root -E sh -c 'echo ‘x'", "sh -c", LayerShell},
	"doas":       {"doas -u root sh -c 'echo ‘x'", "sh -c", LayerShell},
	"env":        {"env -i A=1 PATH=/bin sh -c 'echo ‘x'", "sh -c", LayerShell},
	"nohup":      {"nohup sh -c 'echo ‘x'", "sh -c", LayerShell},
	"timeout":    {"timeout -s KILL 5 sh -c 'echo ‘x'", "sh -c", LayerShell},
	"nice":       {"nice -n 10 sh -c 'echo ‘x'", "sh -c", LayerShell},
	"ionice":     {"ionice -c 3 sh -c 'echo ‘x'", "sh -c", LayerShell},
	"stdbuf":     {"stdbuf -oL sh -c 'echo ‘x'", "sh -c", LayerShell},
	"time":       {"time sh -c 'echo ‘x'", "sh -c", LayerShell},
	"command":    {"command sh -c 'echo ‘x'", "sh -c", LayerShell},
	"builtin":    {"builtin eval 'echo ‘x'", "eval", LayerShell},
	"exec":       {"exec sh -c 'echo ‘x'", "sh -c", LayerShell},
	"setsid":     {"setsid sh -c 'echo ‘x'", "sh -c", LayerShell},
	"chroot":     {"chroot /srv/root sh -c 'echo ‘x'", "sh -c", LayerShell},
	"unshare":    {"unshare -r sh -c 'echo ‘x'", "sh -c", LayerShell},
	"nsenter":    {"nsenter -t 1 -m sh -c 'echo ‘x'", "sh -c", LayerShell},
	"xargs":      {"ls | xargs -I{} sh -c 'echo ‘x {}'", "sh -c", LayerShell},
	"flock":      {"flock /tmp/lock -c 'echo ‘x'", "flock -c", LayerShell},
	"su":         {"su -c 'echo ‘x' root", "su -c", LayerShell},
	"script":     {"script -q -c 'echo ‘x' /dev/null", "script -c", LayerShell},
	"find":       {"find . -name '*.go' -exec sh -c 'echo ‘x' {} \\;", "sh -c", LayerShell},
	"kubectl":    {"kubectl exec -it pod -- sh -c 'echo ‘x'", "sh -c", LayerShell},
	"oc":         {"oc exec pod -- sh -c 'echo ‘x'", "sh -c", LayerShell},
	"docker":     {"docker exec -it -e A=1 web sh -c 'echo ‘x'", "sh -c", LayerShell},
	"podman":     {"podman run --rm -v /a:/b alpine sh -c 'echo ‘x'", "sh -c", LayerShell},
	"nerdctl":    {"nerdctl run --rm alpine sh -c 'echo ‘x'", "sh -c", LayerShell},
	"ssh":        {"ssh -p 22 prod 'echo ‘x'", "ssh prod", LayerRemote},
	"eval":       {"eval 'echo ‘x'", "eval", LayerShell},
	"watch":      {"watch -n 1 'echo ‘x'", "watch", LayerShell},
	"parallel":   {"parallel 'echo ‘x {}' ::: a b", "parallel", LayerShell},
	"trap":       {"trap 'echo ‘x' EXIT", "trap", LayerShell},
	"alias":      {"alias ll='ls ‘x'", "alias ll", LayerShell},
	"git":        {"git config --global alias.up '!git pull ‘x'", "git alias up", LayerShell},
	"crontab":    {"echo '* * * * * echo ‘x' | crontab -", "crontab", LayerShell},
	"source":     {"source <(echo 'echo ‘x')", "source", LayerShell},
	".":          {". <(printf 'echo ‘x')", ".", LayerShell},
	"python":     {"python -c 'print(‘x)'", "python -c", LayerCode},
	"python2":    {"python2 -c 'print(‘x)'", "python2 -c", LayerCode},
	"python3":    {"python3 -c 'print(‘x)'", "python3 -c", LayerCode},
	"pypy3":      {"pypy3 -c 'print(‘x)'", "pypy3 -c", LayerCode},
	"node":       {"node -e 'console.log(‘x)'", "node -e", LayerCode},
	"nodejs":     {"nodejs --eval 'console.log(‘x)'", "nodejs --eval", LayerCode},
	"bun":        {"bun -e 'console.log(‘x)'", "bun -e", LayerCode},
	"deno":       {"deno eval 'console.log(‘x)'", "deno eval", LayerCode},
	"perl":       {"perl -e 'print ‘x'", "perl -e", LayerCode},
	"ruby":       {"ruby -e 'puts ‘x'", "ruby -e", LayerCode},
	"php":        {"php -r 'echo ‘x;'", "php -r", LayerCode},
	"lua":        {"lua -e 'print(‘x)'", "lua -e", LayerCode},
	"luajit":     {"luajit -e 'print(‘x)'", "luajit -e", LayerCode},
	"osascript":  {"osascript -e 'display dialog ‘x'", "osascript -e", LayerCode},
	"pwsh":       {"pwsh -Command 'Write-Output ‘x'", "pwsh -Command", LayerCode},
	"powershell": {"powershell -c 'Write-Output ‘x'", "powershell -c", LayerCode},
	"awk":        {"awk '{ print ‘x }' f", "awk", LayerCode},
	"gawk":       {"gawk -F: '{ print ‘x }' f", "gawk", LayerCode},
	"mawk":       {"mawk '{ print ‘x }' f", "mawk", LayerCode},
	"nawk":       {"nawk '{ print ‘x }' f", "nawk", LayerCode},
}

// moreCases are the other ways into a layer: variables, here-documents,
// here-strings, pipes, the shell calls of other languages, nesting.
var moreCases = map[string]layerCase{
	"heredoc-bash":      {"bash <<'EOF'\necho ‘x\nEOF", "bash", LayerShell},
	"heredoc-ssh":       {"ssh prod <<EOF\necho ‘x\nEOF", "ssh prod", LayerRemote},
	"herestring-sh":     {"sh <<< 'echo ‘x'", "sh", LayerShell},
	"heredoc-python":    {"python3 - <<'EOF'\nprint(‘x)\nEOF", "python3", LayerCode},
	"pipe-sh":           {"echo 'echo ‘x' | sh", "sh", LayerShell},
	"pipe-ssh":          {"printf 'echo ‘x' | ssh prod", "ssh prod", LayerRemote},
	"git-c-alias":       {"git -c 'alias.x=!echo ‘x' x", "git alias x", LayerShell},
	"python-system":     {"python3 -c 'import os; os.system(\"echo ‘x\")'", "Python system", LayerShell},
	"python-subprocess": {"python3 -c 'import subprocess; subprocess.run(\"echo ‘x\", shell=True)'", "Python run", LayerShell},
	"node-exec":         {"node -e 'require(\"child_process\").execSync(\"echo ‘x\")'", "JavaScript execSync", LayerShell},
	"perl-backquote":    {"perl -e 'print `echo ‘x`'", "Perl ", LayerShell},
	"ruby-system":       {"ruby -e 'system(\"echo ‘x\")'", "Ruby system", LayerShell},
	"awk-system":        {"awk 'BEGIN { system(\"echo ‘x\") }'", "awk system", LayerShell},
	"nested-ssh-bash":   {"ssh prod 'sudo bash -c \"echo ‘x\"'", "bash -c", LayerShell},
	"ssh-words":         {"ssh prod echo \\‘x", "ssh prod", LayerRemote},
	"eval-words":        {"eval echo \\‘x", "eval", LayerShell},
	"assign-unquoted":   {"EDITOR=vim\\‘x crontab -e", "EDITOR", LayerShell},
	"ansi-c":            {"bash -c $'echo \\u2018x'", "", 0},
	"double-quoted":     {"sh -c \"echo \\\"a\\\" ‘x\"", "sh -c", LayerShell},
	"env-assign":        {"env GIT_SSH_COMMAND='ssh ‘x' git fetch", "GIT_SSH_COMMAND", LayerShell},
	"sudo-docker-sh":    {"sudo docker run --rm -it alpine sh -c 'echo ‘x'", "sh -c", LayerShell},
	"timeout-ssh-bash":  {"timeout 10 ssh -o BatchMode=yes prod bash -c 'echo ‘x'", "ssh prod", LayerRemote},
}

func TestLayers(t *testing.T) {
	seen := map[string]bool{}
	for i, p := range programs {
		if i > 0 && programs[i-1].name >= p.name {
			t.Errorf("programs: %q after %q: rows must be sorted by name for lookupProgram", p.name, programs[i-1].name)
		}
		if got, ok := lookupProgram(p.name); !ok || got.kind != p.kind {
			t.Errorf("lookupProgram(%q) = %v, %v; want its row", p.name, got.kind, ok)
		}
		if seen[p.name] {
			t.Errorf("programs has two rows for %q", p.name)
		}
		seen[p.name] = true
		if _, ok := programCases[p.name]; !ok {
			t.Errorf("programs[%q] has no case in programCases", p.name)
		}
	}
	for _, sv := range shellVariables {
		v := sv.name
		if seen[v] {
			t.Errorf("shellVariables has two rows for %q", v)
		}
		seen[v] = true
		moreCases["var-"+v] = layerCase{v + "='echo ‘x' cmd", v, LayerShell}
		moreCases["export-"+v] = layerCase{"export " + v + "='echo ‘x'", v, LayerShell}
	}
	all := map[string]layerCase{}
	for k, c := range programCases {
		all[k] = c
	}
	for k, c := range moreCases {
		all[k] = c
	}
	for name, c := range all {
		i := strings.Index(c.cmd, "‘")
		if c.kind == 0 {
			// A layer that shows no raw ‘: a $'…' escape.
			r := Read(c.cmd)
			if i >= 0 && !isCode(r.At(i)) {
				t.Errorf("%s: Read(%q): byte %d read as %v/%v, want code", name, c.cmd, i, r.At(i).Role, r.At(i).Quote)
			}
			continue
		}
		for _, r := range []Reading{Read(c.cmd), ReadFor(c.cmd, nil)} {
			s := r.At(i)
			if !isCode(s) || s.Layer == 0 {
				t.Errorf("%s: Read(%q): ‘ read as %v/%v in layer %d, want code in a layer", name, c.cmd, s.Role, s.Quote, s.Layer)
				continue
			}
			l := r.Layers[s.Layer-1]
			if l.Kind != c.kind || !strings.HasPrefix(l.Via, c.via) {
				t.Errorf("%s: Read(%q): layer %+v, want %v via %q", name, c.cmd, l, c.kind, c.via)
			}
		}
	}
}

// TestLayersQuiet checks the strings that no program runs as code: they
// stay quoted data.
func TestLayersQuiet(t *testing.T) {
	for _, cmd := range []string{
		"echo 'bash -c ‘x'",
		"git commit -m 'run sh -c ‘x'",
		"grep -r 'eval ‘x' .",
		"SHELLOPTS='‘x' cmd",
		"python3 script.py '‘x'",
		"python3 -c 'print(\"‘x\")'",
		"git config alias.st 'status ‘x'",
		"ssh prod ls '‘x'", // ssh joins the words: the remote shell reads ‘x unquoted
		"cat <<'EOF'\necho ‘x\nEOF",
		"awk -f prog.awk '‘x'",
		"echo '* * * * * echo ‘x' > cron.txt",
		"export LESSOPEN='||-lesspipe %s # ‘x'", // less's prefix is no pipe: the comment stays one
	} {
		r := Read(cmd)
		i := strings.Index(cmd, "‘")
		s := r.At(i)
		want := cmd == "ssh prod ls '‘x'"
		if isCode(s) != want {
			t.Errorf("Read(%q): ‘ read as %v/%v in layer %d; code: %v, want %v", cmd, s.Role, s.Quote, s.Layer, isCode(s), want)
		}
	}
}

// TestMayHoldLayer checks the quick path's test for a layer on names the
// shell assembles from quoted pieces.
func TestMayHoldLayer(t *testing.T) {
	for cmd, want := range map[string]bool{
		"py\"thon3\" -c 'print(‘x)'":    true,
		"b\\ash -c 'echo ‘x'":           true,
		"/usr/bin/'env' 'ba'sh -c 'x'":  true,
		"GIT_SSH_COMMAND='x' git fetch": true,
		"git commit -m 'é'":             false,
		"git config alias.x '!é'":       true,
		"cat notes.txt # bash":          true,
		"ls -la 'é'":                    false,
	} {
		if got := mayHoldLayer(cmd); got != want {
			t.Errorf("mayHoldLayer(%q) = %v, want %v", cmd, got, want)
		}
	}
}
