package scan

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// errNotGit says that a directory is not in a git work tree, or that git
// is not installed: the walk lists it instead.
var errNotGit = errors.New("not a git work tree")

// gitList hands emit every file git would ship from dir, relative to it:
// every tracked file (from git's index, whatever .gitignore says) and
// every untracked file that no ignore rule excludes, in git's order. It is
// "git ls-files --cached --others --exclude-standard": git reads its own
// index and ignore rules, including .git/info/exclude and core.excludesFile,
// so scan gates exactly what a commit can hold. It returns errNotGit
// when dir is not in a work tree or git is missing, and any other failure
// of git as an error, so that the scan fails closed rather than falling
// back to a different list.
func gitList(dir string, emit func(rel string)) error {
	gitPath, err := exec.LookPath("git")
	if err != nil || outsideGit(dir) {
		return errNotGit
	}
	cmd := exec.Command(gitPath, "-C", dir, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--deduplicate")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return errNotGit
	}
	r := bufio.NewReaderSize(out, 64<<10)
	n := 0
	for {
		rel, err := r.ReadString(0)
		if err == io.EOF {
			break
		}
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			return err
		}
		emit(filepath.FromSlash(strings.TrimSuffix(rel, "\x00")))
		n++
	}
	if err := cmd.Wait(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if n == 0 && strings.Contains(msg, "not a git repository") {
			return errNotGit
		}
		return fmt.Errorf("git ls-files in %s: %v: %s", dir, err, msg)
	}
	return nil
}

// gitTop returns the top directory of the git work tree dir is in, or
// errNotGit.
func gitTop(dir string) (string, error) {
	gitPath, err := exec.LookPath("git")
	if err != nil || outsideGit(dir) {
		return "", errNotGit
	}
	out, err := exec.Command(gitPath, "-C", dir, "rev-parse", "--show-toplevel").Output()
	top := strings.TrimSuffix(string(out), "\n")
	if err != nil || top == "" {
		return "", errNotGit
	}
	return filepath.FromSlash(top), nil
}

// outsideGit reports whether git would find no repository from dir, so
// that scan need not start git to hear it say "not a git repository":
// GIT_DIR is not set, and neither dir nor any directory above it, as the
// file system links them (git starts from the real path), holds a .git
// entry or a HEAD entry (a bare repository's). Anything else, an error
// included, is left to git.
func outsideGit(dir string) bool {
	if os.Getenv("GIT_DIR") != "" {
		return false
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return false
	}
	for d := abs; ; d = filepath.Dir(d) {
		for _, name := range []string{".git", "HEAD"} {
			if _, err := os.Lstat(filepath.Join(d, name)); !errors.Is(err, fs.ErrNotExist) {
				return false
			}
		}
		if filepath.Dir(d) == d {
			return true
		}
	}
}
