package approve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestAuditParallel appends from many goroutines, each with its own open
// file as separate processes have, and from many processes at once, then
// checks that every record is there, whole, on a line of its own.
func TestAuditParallel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const writers, records = 16, 50
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			a, err := OpenAudit(path)
			if err != nil {
				t.Error(err)
				return
			}
			defer a.Close()
			for r := range records {
				// Records larger than a pipe buffer would show interleaving
				// if writes were split.
				rec := map[string]any{"writer": w, "record": r, "pad": fmt.Sprintf("%08000d", r)}
				if err := a.Append(rec); err != nil {
					t.Error(err)
				}
			}
		})
	}
	const processes = 8
	for range processes {
		wg.Go(func() {
			cmd := prog.Command("-yes", "-audit", path, "--", "true")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("approve: %v\n%s", err, out)
			}
		})
	}
	wg.Wait()

	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := fi.Mode().Perm(); mode != 0o600 {
		t.Errorf("audit file mode = %o, want 600", mode)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[[2]int]bool{}
	decisions := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			Writer   *int   `json:"writer"`
			Record   int    `json:"record"`
			Decision string `json:"decision"`
			Event    string `json:"event"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line is not one whole record: %v: %.80s", err, sc.Text())
		}
		switch {
		case rec.Writer != nil:
			seen[[2]int{*rec.Writer, rec.Record}] = true
		case rec.Decision == approved && (rec.Event == "decision" || rec.Event == "exit"):
			decisions++
		default:
			t.Errorf("unexpected record %s", sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(seen) != writers*records || decisions != 2*processes {
		t.Errorf("got %d distinct records and %d approval records, want %d and %d", len(seen), decisions, writers*records, 2*processes)
	}
}
