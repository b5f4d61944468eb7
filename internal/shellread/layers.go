package shellread

// This file is the one table of the programs, flags and variables whose
// strings are code: every layer the command reading knows. docs/commands.md
// documents it; layers_test.go tests every row. To teach the reading a new
// program, add its row here and a test case there.

// How a program treats the words after its name.
type progKind uint8

const (
	// progWrapper runs the command its remaining words name, after its
	// options (args: the options that take a value) and npos positional
	// words (a duration, a lock file, a new root).
	progWrapper progKind = iota + 1
	// progShell is a shell: the first operand after a -c among its
	// options is a script; with no operand (or "-s"), it reads its
	// script from standard input.
	progShell
	// progRemote is ssh: the words after the host, joined by spaces,
	// are a script for the remote shell; with none, standard input is.
	progRemote
	// progCode is another language's interpreter: the value of one of
	// the code options is a program in lang; "-" or no operand reads
	// one from standard input.
	progCode
	// progAwk is awk: its first operand is an awk program, unless -f
	// names a file.
	progAwk
	// progJoin runs its words, joined by spaces, through a shell: eval,
	// watch, parallel (up to :::).
	progJoin
	// progCodeOpt runs the value of one of its code options through a
	// shell and otherwise wraps a command: su -c, script -c, flock -c.
	progCodeOpt
	// progTrap runs its first operand, the action, as shell code.
	progTrap
	// progAlias gives names to shell code: name=value operands.
	progAlias
	// progFind runs the command between -exec, -execdir, -ok or -okdir
	// and ; or +.
	progFind
	// progAfterDashes runs the command after a "--" (kubectl exec).
	progAfterDashes
	// progContainer runs, for the subcommands run and exec, the
	// command after the options and the image or container.
	progContainer
	// progGit runs an alias.* value that starts with ! through a shell,
	// set with -c or with git config.
	progGit
	// progCrontab installs the crontab it reads from standard input
	// when its operand is "-": each line's command is a shell script.
	progCrontab
	// progSource runs a file as shell code in the current shell: a
	// process substitution <(…) names one whose text is a script.
	progSource
)

// A program is one row of the table.
type program struct {
	kind progKind
	// args lists the options that take a value in the next word
	// (short ones as "-u", long ones as "--user"); a short option's
	// value may also be glued to it.
	args []string
	// code lists the options whose value is code (progShell: letters
	// in a cluster, "c"; progCode and progCodeOpt: whole options).
	code []string
	npos int    // positional words before the command (progWrapper, progRemote)
	lang string // the language of progCode and progAwk, a key of languages
	// runs says who runs the layer, as its explanation names it.
	runs string
}

var (
	sudoArgs   = []string{"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "--user", "--group", "--chdir", "--prompt", "--role", "--type", "--other-user", "--command-timeout", "--close-from", "--host"}
	dockerArgs = []string{"-e", "--env", "-v", "--volume", "-w", "--workdir", "-u", "--user", "--name", "-p", "--publish", "--network", "--net", "--entrypoint", "--mount", "-l", "--label", "--platform", "--env-file", "-h", "--hostname", "--add-host", "--device", "--cap-add", "--cap-drop", "--security-opt", "--ulimit", "--restart", "-m", "--memory", "--cpus", "--pull", "--detach-keys", "--ipc", "--pid", "--tmpfs", "--log-driver", "--log-opt", "--shm-size", "--gpus", "--runtime", "--group-add", "--dns"}
	sshArgs    = []string{"-B", "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-P", "-p", "-Q", "-R", "-S", "-W", "-w"}
	shellCode  = []string{"c"}
	shellArgs  = []string{"-o", "+o", "-O", "+O", "--rcfile", "--init-file"}
)

// programs is the table, by the base name of the command, sorted by name
// (byte order) so that lookupProgram finds a row by binary search. It is
// a list the compiler lays out in the binary, not a map, which package
// initialisation would build in every process (a hook call is one). A
// row's kind says what it is: a shell, a wrapper that runs the command
// after it, a program that runs a string (its code option, its words, a
// remote shell), or another language's interpreter.
var programs = []namedProgram{
	{".", program{kind: progSource, runs: "."}},
	{"alias", program{kind: progAlias, runs: "alias"}},
	{"ash", program{kind: progShell, code: shellCode, args: shellArgs, runs: "ash"}},
	{"awk", program{kind: progAwk, args: []string{"-F", "-v", "--field-separator", "--assign"}, lang: "awk"}},
	{"bash", program{kind: progShell, code: shellCode, args: shellArgs, runs: "bash"}},
	{"builtin", program{kind: progWrapper}},
	{"bun", program{kind: progCode, code: []string{"-e", "--eval", "-p", "--print"}, lang: "JavaScript"}},
	{"busybox", program{kind: progWrapper}},
	{"chroot", program{kind: progWrapper, args: []string{"--userspec", "--groups"}, npos: 1}},
	{"command", program{kind: progWrapper}},
	{"crontab", program{kind: progCrontab, runs: "crontab"}},
	{"dash", program{kind: progShell, code: shellCode, args: shellArgs, runs: "dash"}},
	{"deno", program{kind: progCode, code: []string{"eval"}, lang: "JavaScript"}},
	{"doas", program{kind: progWrapper, args: []string{"-u", "-C"}}},
	{"docker", program{kind: progContainer, args: dockerArgs}},
	{"env", program{kind: progWrapper, args: []string{"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}}},
	{"eval", program{kind: progJoin, runs: "eval"}},
	{"exec", program{kind: progWrapper, args: []string{"-a"}}},
	{"find", program{kind: progFind}},
	{"flock", program{kind: progCodeOpt, args: []string{"-w", "--timeout", "-E", "--conflict-exit-code"}, code: []string{"-c", "--command"}, npos: 1, runs: "flock"}},
	{"gawk", program{kind: progAwk, args: []string{"-F", "-v", "--field-separator", "--assign"}, lang: "awk"}},
	{"git", program{kind: progGit, runs: "git"}},
	{"ionice", program{kind: progWrapper, args: []string{"-c", "--class", "-n", "--classdata", "-p", "--pid", "-P", "--pgid", "-u", "--uid"}}},
	{"ksh", program{kind: progShell, code: shellCode, args: shellArgs, runs: "ksh"}},
	{"kubectl", program{kind: progAfterDashes}},
	{"lua", program{kind: progCode, code: []string{"-e"}, lang: "Lua"}},
	{"luajit", program{kind: progCode, code: []string{"-e"}, lang: "Lua"}},
	{"mawk", program{kind: progAwk, args: []string{"-F", "-v"}, lang: "awk"}},
	{"mksh", program{kind: progShell, code: shellCode, args: shellArgs, runs: "mksh"}},
	{"nawk", program{kind: progAwk, args: []string{"-F", "-v"}, lang: "awk"}},
	{"nerdctl", program{kind: progContainer, args: dockerArgs}},
	{"nice", program{kind: progWrapper, args: []string{"-n", "--adjustment"}}},
	{"node", program{kind: progCode, code: []string{"-e", "--eval", "-p", "--print"}, lang: "JavaScript"}},
	{"nodejs", program{kind: progCode, code: []string{"-e", "--eval", "-p", "--print"}, lang: "JavaScript"}},
	{"nohup", program{kind: progWrapper}},
	{"nsenter", program{kind: progWrapper, args: []string{"-t", "--target", "-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd"}}},
	{"oc", program{kind: progAfterDashes}},
	{"osascript", program{kind: progCode, code: []string{"-e"}, lang: "AppleScript"}},
	{"parallel", program{kind: progJoin, args: []string{"-j", "--jobs", "-S", "--sshlogin", "--joblog", "-N", "--max-args", "--delay", "--timeout", "--results", "--tmpdir", "--colsep"}, runs: "parallel"}},
	{"perl", program{kind: progCode, code: []string{"-e", "-E"}, lang: "Perl"}},
	{"php", program{kind: progCode, code: []string{"-r"}, lang: "PHP"}},
	{"podman", program{kind: progContainer, args: dockerArgs}},
	{"powershell", program{kind: progCode, code: []string{"-Command", "-command", "-c", "-C"}, lang: "PowerShell"}},
	{"pwsh", program{kind: progCode, code: []string{"-Command", "-command", "-c", "-C"}, lang: "PowerShell"}},
	{"pypy3", program{kind: progCode, code: []string{"-c"}, lang: "Python"}},
	{"python", program{kind: progCode, code: []string{"-c"}, lang: "Python"}},
	{"python2", program{kind: progCode, code: []string{"-c"}, lang: "Python"}},
	{"python3", program{kind: progCode, code: []string{"-c"}, lang: "Python"}},
	{"ruby", program{kind: progCode, code: []string{"-e"}, lang: "Ruby"}},
	{"script", program{kind: progCodeOpt, args: []string{"-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format", "-o", "--output-limit"}, code: []string{"-c", "--command"}, runs: "script"}},
	{"setsid", program{kind: progWrapper}},
	{"sh", program{kind: progShell, code: shellCode, args: shellArgs, runs: "sh"}},
	{"source", program{kind: progSource, runs: "source"}},
	{"ssh", program{kind: progRemote, args: sshArgs, npos: 1, runs: "ssh"}},
	{"stdbuf", program{kind: progWrapper, args: []string{"-i", "-o", "-e", "--input", "--output", "--error"}}},
	{"su", program{kind: progCodeOpt, args: []string{"-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment"}, code: []string{"-c", "--command", "-C", "--session-command"}, runs: "su"}},
	{"sudo", program{kind: progWrapper, args: sudoArgs}},
	{"time", program{kind: progWrapper, args: []string{"-f", "--format", "-o", "--output"}}},
	{"timeout", program{kind: progWrapper, args: []string{"-s", "--signal", "-k", "--kill-after"}, npos: 1}},
	{"trap", program{kind: progTrap, runs: "trap"}},
	{"unshare", program{kind: progWrapper, args: []string{"-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd"}}},
	{"watch", program{kind: progJoin, args: []string{"-n", "--interval", "-d", "-q", "--equexit", "-s", "--shotsdir"}, runs: "watch"}},
	{"xargs", program{kind: progWrapper, args: []string{"-I", "-i", "-n", "-P", "-L", "-l", "-d", "-E", "-e", "-s", "-a", "--arg-file", "--delimiter", "--max-args", "--max-procs", "--replace", "--max-lines", "--max-chars", "--eof"}}},
	{"zsh", program{kind: progShell, code: shellCode, args: shellArgs, runs: "zsh"}},
}

// shellVariables are the variables whose values programs run through a
// shell, each with who runs it. (SHELLOPTS is a list of options, not a
// command.) isShellVariable searches it.
var shellVariables = []struct{ name, runs string }{
	{"PROMPT_COMMAND", "bash before each prompt"},
	{"GIT_SSH_COMMAND", "git"},
	{"GIT_EDITOR", "git"},
	{"GIT_SEQUENCE_EDITOR", "git"},
	{"GIT_PAGER", "git"},
	{"EDITOR", "programs that open an editor"},
	{"VISUAL", "programs that open an editor"},
	{"PAGER", "programs that page their output"},
	{"MANPAGER", "man"},
	{"LESSOPEN", "less"},
	{"BASH_ENV", "bash"},
	{"ENV", "sh"},
}

// languages holds what the command reading knows of each language that
// LayerCode strings are written in: how its comments start, which of its
// quotes delimit strings, and the calls that hand a string literal to a
// shell (the literal that follows one of these names, after an optional
// parenthesis, is a shell layer; those in shellIf only with shell=True in
// the same call). backquote says whether `…` runs a shell command.
var languages = []namedLanguage{
	{"Python", language{comments: []string{"#"}, quotes: "'\"", keepEscapes: true, calls: []string{"system", "popen", "getoutput", "getstatusoutput"},
		shellIf: []string{"run", "call", "check_call", "check_output", "Popen"}}},
	{"JavaScript", language{comments: []string{"//", "/*"}, quotes: "'\"`", calls: []string{"exec", "execSync"}}},
	{"Perl", language{comments: []string{"#"}, quotes: "'\"", backquote: true, calls: []string{"system", "exec", "qx"}}},
	{"Ruby", language{comments: []string{"#"}, quotes: "'\"", backquote: true, calls: []string{"system", "exec", "spawn"}}},
	{"PHP", language{comments: []string{"#", "//", "/*"}, quotes: "'\"", backquote: true, calls: []string{"system", "exec", "shell_exec", "passthru", "popen", "proc_open"}}},
	{"Lua", language{comments: []string{"--"}, quotes: "'\"", calls: []string{"execute", "popen"}}},
	{"AppleScript", language{comments: []string{"--", "#"}, quotes: "\"", calls: []string{"do shell script"}}},
	{"PowerShell", language{comments: []string{"#"}, quotes: "'\""}},
	{"awk", language{comments: []string{"#"}, quotes: "\"", calls: []string{"system"}, pipes: true}},
}

// A namedProgram is one row of programs.
type namedProgram struct {
	name string
	program
}

// lookupProgram returns the row of programs for the command name. The
// table is short and mayHoldLayer asks only for names whose first byte
// and length are a row's (layerNames), so a scan is as quick as a map.
func lookupProgram(name string) (program, bool) {
	lo, hi := 0, len(programs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if programs[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(programs) && programs[lo].name == name {
		return programs[lo].program, true
	}
	return program{}, false
}

// isShellVariable reports whether name is one of shellVariables.
func isShellVariable(name string) bool {
	for _, v := range shellVariables {
		if v.name == name {
			return true
		}
	}
	return false
}

// A namedLanguage is one row of languages.
type namedLanguage struct {
	name string
	language
}

// lookupLanguage returns the row of languages for lang.
func lookupLanguage(lang string) (language, bool) {
	for i := range languages {
		if languages[i].name == lang {
			return languages[i].language, true
		}
	}
	return language{}, false
}

// A language is one row of languages.
type language struct {
	comments  []string
	quotes    string
	backquote bool
	calls     []string
	shellIf   []string
	pipes     bool // "cmd" | getline and print | "cmd" run cmd through a shell
	// keepEscapes says that a backslash before a character with no
	// escape meaning stays in the string (Python's "\$").
	keepEscapes bool
}
