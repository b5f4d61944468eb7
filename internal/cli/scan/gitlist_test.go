package scan

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gitInit makes dir a git repository with files committed, then writes
// untracked files over it.
func gitInit(t *testing.T, dir string, tracked, untracked map[string]string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no git")
		}
		t.Skip("no git")
	}
	for name, data := range tracked {
		writeFile(t, filepath.Join(dir, name), data)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-f", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "t"}} {
		git := exec.Command("git", args...)
		git.Dir = dir
		if out, err := git.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for name, data := range untracked {
		writeFile(t, filepath.Join(dir, name), data)
	}
}

// TestGitList checks that a directory in a git work tree is listed as git
// would ship it: tracked files whatever .gitignore says, untracked files
// unless ignored, never .git.
func TestGitList(t *testing.T) {
	dir := t.TempDir()
	gitInit(t, dir, map[string]string{
		".gitignore":     "*.gen.go\nbuild/\n",
		"tracked.gen.go": "x\n", // tracked, though .gitignore lists it
		"build/out.sh":   "x\n", // the same, in an ignored directory
		"main.go":        "x\n",
	}, map[string]string{
		"new.go":       "x\n",
		"other.gen.go": "x\n", // untracked and ignored
		"build/new.sh": "x\n",
	})
	var got []string
	w := walker{emit: func(f scanFile) {
		if f.err != nil {
			t.Errorf("list: %v", f.err)
		}
		rel, _ := filepath.Rel(dir, f.path)
		got = append(got, filepath.ToSlash(rel))
	}}
	w.root(dir)
	slices.Sort(got)
	want := []string{".gitignore", "build/out.sh", "main.go", "new.go", "tracked.gen.go"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("git listing (-want +got):\n%s", diff)
	}
	if w.counts.git != 1 {
		t.Errorf("counts.git = %d, want 1", w.counts.git)
	}

	// -no-git walks and applies .gitignore.
	got = nil
	w = walker{noGit: true, emit: w.emit}
	w.root(dir)
	slices.Sort(got)
	want = []string{".gitignore", "main.go", "new.go"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("-no-git walk (-want +got):\n%s", diff)
	}
}

// TestOutsideGit checks that git is spared only where it would find no
// repository: a directory in a work tree, reached directly or through a
// symbolic link, or in a bare repository, is left to git.
func TestOutsideGit(t *testing.T) {
	top := t.TempDir()
	if !outsideGit(top) {
		t.Skipf("%s is under a directory that holds .git or HEAD", top)
	}
	repo := filepath.Join(top, "repo")
	bare := filepath.Join(top, "bare.git")
	plain := filepath.Join(top, "plain")
	for _, d := range []string{filepath.Join(repo, ".git"), filepath.Join(repo, "sub"), filepath.Join(bare, "objects"), plain} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(bare, "HEAD"), "ref: refs/heads/main\n")
	link := filepath.Join(plain, "link")
	if err := os.Symlink(filepath.Join(repo, "sub"), link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		dir  string
		want bool
	}{
		{plain, true},
		{repo, false},
		{filepath.Join(repo, "sub"), false},
		{link, false},
		{filepath.Join(bare, "objects"), false},
		{filepath.Join(top, "missing"), false},
	} {
		if got := outsideGit(tt.dir); got != tt.want {
			t.Errorf("outsideGit(%s) = %v, want %v", tt.dir, got, tt.want)
		}
	}
	t.Setenv("GIT_DIR", filepath.Join(repo, ".git"))
	if outsideGit(plain) {
		t.Errorf("outsideGit(%s) with GIT_DIR set = true, want false", plain)
	}
}
