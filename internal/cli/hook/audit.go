package hook

import (
	"encoding/hex"
	"os"
	"time"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/audit"
)

// auditRecord is the audit record of one hook decision (docs/agents.md).
// Like approve's, it never holds the raw command: its hash and length
// identify it.
type auditRecord struct {
	Time     string         `json:"time"`
	User     string         `json:"user"`
	UID      int            `json:"uid"`
	Dir      string         `json:"dir,omitempty"`
	Agent    string         `json:"agent"`
	Tool     string         `json:"tool,omitempty"`
	SHA256   string         `json:"sha256,omitempty"`
	Length   int            `json:"length"`
	Decision string         `json:"decision"`
	By       string         `json:"by"`
	Warnings map[string]int `json:"warnings"`
	Error    string         `json:"error,omitempty"`
}

// record appends the record of v, a decision of agent a, to the audit
// file at path.
func record(path string, a *agent, v verdict, getenv func(string) string) error {
	rec := auditRecord{
		Time:     time.Now().UTC().Format(time.RFC3339Nano),
		User:     audit.User(getenv),
		UID:      os.Getuid(),
		Dir:      v.cwd,
		Agent:    a.name,
		Tool:     v.tool,
		Decision: v.decision.String(),
		By:       "hook",
		Warnings: map[string]int{},
	}
	if v.read {
		sum := sha256Sum([]byte(v.command))
		rec.SHA256, rec.Length = hex.EncodeToString(sum[:]), len(v.command)
		for _, w := range v.res.Warnings {
			rec.Warnings[w.Kind.String()] += w.Count
		}
	}
	if v.err != nil {
		rec.Error = cli.NeutralizeLine(v.err.Error())
	}
	return appendRecord(path, rec)
}

// appendRecord appends rec to the audit file at path, on disk before the
// call is answered (package audit says how).
func appendRecord(path string, rec auditRecord) error {
	log, err := audit.Open(path)
	if err != nil {
		return err
	}
	if err := log.Append(rec); err != nil {
		log.Close()
		return err
	}
	return log.Close()
}
