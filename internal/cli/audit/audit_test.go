package audit

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestUser(t *testing.T) {
	uid := strconv.Itoa(os.Getuid())
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"USER": "ada", "LOGNAME": "lovelace"}, "ada"},
		{map[string]string{"LOGNAME": "lovelace"}, "lovelace"},
		{map[string]string{"USER": "ev\x1bil"}, `ev\x1bil`},
		{map[string]string{}, uid},
	}
	for _, tt := range tests {
		if got := User(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("User(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}

// TestOpenRefuses checks that Open refuses, without creating anything,
// what is not a regular file or is reached through a symbolic link.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "target"), link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{dir, link, "/dev/null"} {
		if log, err := Open(path); err == nil {
			log.Close()
			t.Errorf("Open(%q) succeeded", path)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "target")); !os.IsNotExist(err) {
		t.Errorf("a dangling link's target was created: %v", err)
	}
	path := filepath.Join(dir, "audit.jsonl")
	log, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := log.Append(map[string]int{"n": 1}); err != nil {
		t.Fatal(err)
	}
	log.Close()
	if data, _ := os.ReadFile(path); string(data) != "{\"n\":1}\n" {
		t.Errorf("file holds %q", data)
	}
}
