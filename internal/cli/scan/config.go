package scan

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/filetype"
)

// configName is the config file scan reads from the root of the
// repository (configDir), wherever in it scan runs.
const configName = ".plainsight.toml"

// configDir returns the directory whose config file applies to a scan of
// root: the top of the git work tree root is in, or with noGit, or
// outside a work tree, root itself (its directory if root is a file). A
// scan run from a subdirectory, or given only the staged files as
// pre-commit does, so reads the same config file as one run at the top.
func configDir(root string, noGit bool) string {
	dir := root
	if fi, err := os.Stat(root); err == nil && !fi.IsDir() {
		dir = filepath.Dir(root)
	}
	if noGit {
		return dir
	}
	if top, err := gitTop(dir); err == nil {
		return top
	}
	return dir
}

// configFile is the TOML form of the config file (docs/scan.md).
type configFile struct {
	Exclude  []string          `toml:"exclude"`
	Severity map[string]string `toml:"severity"`
	Reading  []struct {
		Paths  []string `toml:"paths"`
		As     string   `toml:"as"`
		Prompt bool     `toml:"prompt"`
	} `toml:"reading"`
	Allow []struct {
		Paths  []string `toml:"paths"`
		Chars  []string `toml:"chars"`
		Reason string   `toml:"reason"`
	} `toml:"allow"`
}

// A config is a config file compiled: its globs once, as regular
// expressions matched against slash-separated paths relative to dir.
type config struct {
	dir      string // absolute
	exclude  []*regexp.Regexp
	severity map[rule]severitySetting
	readings []readingOverride
	allows   []allowRule
}

type severitySetting struct {
	off      bool
	severity plainsight.Severity
}

type readingOverride struct {
	paths   []*regexp.Regexp
	reading filetype.Reading
	prompt  bool
}

type allowRule struct {
	paths []*regexp.Regexp
	chars map[rune]bool
}

// loadConfig reads the config file at name; if name is "", the one in
// dir, if any. A config file that does not parse, or
// says anything scan does not know, is an error: scan fails closed.
func loadConfig(name, dir string) (*config, error) {
	explicit := name != ""
	if !explicit {
		name = filepath.Join(dir, configName)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		if !explicit && errors.Is(err, fs.ErrNotExist) {
			return &config{}, nil
		}
		return nil, err
	}
	var cf configFile
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cf); err != nil {
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) && len(strict.Errors) > 0 {
			return nil, fmt.Errorf("%s: unknown key %s", name, strings.Join(strict.Errors[0].Key(), "."))
		}
		var syntax *toml.DecodeError
		if errors.As(err, &syntax) {
			line, col := syntax.Position()
			return nil, fmt.Errorf("%s:%d:%d: %v", name, line, col, err)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	abs, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return nil, err
	}
	c := &config{dir: abs, severity: map[rule]severitySetting{}}
	if c.exclude, err = compileGlobs(cf.Exclude); err != nil {
		return nil, fmt.Errorf("%s: exclude: %v", name, err)
	}
	for kind, sev := range cf.Severity {
		r, ok := parseRule(kind)
		if !ok {
			return nil, fmt.Errorf("%s: severity: unknown kind %q", name, kind)
		}
		switch sev {
		case "off":
			c.severity[r] = severitySetting{off: true}
		case "warn", "info":
			var s plainsight.Severity
			s.UnmarshalText([]byte(sev))
			c.severity[r] = severitySetting{severity: s}
		default:
			return nil, fmt.Errorf("%s: severity of %s: want warn, info or off, got %q", name, kind, sev)
		}
	}
	for i, ro := range cf.Reading {
		reading, ok := filetype.ParseReading(ro.As)
		if !ok || reading == filetype.Source || reading == filetype.Data {
			return nil, fmt.Errorf("%s: reading %d: as: want shell, prose or text, got %q", name, i+1, ro.As)
		}
		paths, err := compileGlobs(ro.Paths)
		if err != nil || len(paths) == 0 {
			return nil, fmt.Errorf("%s: reading %d: paths: %v", name, i+1, orNone(err))
		}
		c.readings = append(c.readings, readingOverride{paths, reading, ro.Prompt})
	}
	for i, a := range cf.Allow {
		if strings.TrimSpace(a.Reason) == "" {
			return nil, fmt.Errorf("%s: allow %d: every allowed character needs a reason", name, i+1)
		}
		paths, err := compileGlobs(a.Paths)
		if err != nil || len(paths) == 0 {
			return nil, fmt.Errorf("%s: allow %d: paths: %v", name, i+1, orNone(err))
		}
		chars := map[rune]bool{}
		for _, s := range a.Chars {
			r, ok := parseChar(s)
			if !ok {
				return nil, fmt.Errorf("%s: allow %d: %q is not one character or U+XXXX", name, i+1, s)
			}
			chars[r] = true
		}
		c.allows = append(c.allows, allowRule{paths, chars})
	}
	return c, nil
}

func orNone(err error) error {
	if err == nil {
		return errors.New("none given")
	}
	return err
}

// parseChar reads "U+00A0" or a single character.
func parseChar(s string) (rune, bool) {
	if hex, ok := strings.CutPrefix(strings.ToUpper(s), "U+"); ok {
		n, err := strconv.ParseUint(hex, 16, 32)
		return rune(n), err == nil && n <= utf8.MaxRune
	}
	r, n := utf8.DecodeRuneInString(s)
	return r, n == len(s) && n > 0 && r != utf8.RuneError
}

// compileGlobs compiles globs with the syntax of .gitignore patterns:
// "*" within a name, "**" across directories, anchored at the config
// file's directory.
func compileGlobs(globs []string) ([]*regexp.Regexp, error) {
	var out []*regexp.Regexp
	for _, g := range globs {
		expr, ok := globRegexp(strings.TrimPrefix(g, "/"), true)
		if !ok {
			return nil, fmt.Errorf("bad glob %q", g)
		}
		re, err := regexp.Compile("^" + expr + "$")
		if err != nil {
			return nil, fmt.Errorf("bad glob %q: %v", g, err)
		}
		out = append(out, re)
	}
	return out, nil
}

func matchAny(res []*regexp.Regexp, rel string) bool {
	for _, re := range res {
		if re.MatchString(rel) {
			return true
		}
	}
	return false
}

// rel returns name relative to the config's directory, slash-separated,
// or "" if it is outside it.
func (c *config) rel(name string) string {
	if c.dir == "" {
		return filepath.ToSlash(filepath.Clean(name))
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return ""
	}
	r, err := filepath.Rel(c.dir, abs)
	if err != nil || strings.HasPrefix(r, "..") {
		return ""
	}
	return filepath.ToSlash(r)
}

// excluded reports whether the config excludes the file at rel.
func (c *config) excluded(rel string) bool { return rel != "" && matchAny(c.exclude, rel) }

// typeOf applies the reading overrides to t, the type of the file at rel.
func (c *config) typeOf(rel string, t filetype.Type) filetype.Type {
	for _, o := range c.readings {
		if matchAny(o.paths, rel) {
			t = filetype.Type{Reading: o.reading, Prompt: o.prompt}
		}
	}
	return t
}

// apply sets the configured severities of fs, drops the kinds turned off
// and the findings made only of characters allowed at rel.
func (c *config) apply(rel, text string, fs []finding) []finding {
	if len(c.severity) == 0 && len(c.allows) == 0 {
		return fs
	}
	var allowed []map[rune]bool
	for _, a := range c.allows {
		if matchAny(a.paths, rel) {
			allowed = append(allowed, a.chars)
		}
	}
	fs = c.setSeverity(fs)
	kept := fs[:0]
	for _, f := range fs {
		if f.located && len(allowed) > 0 && onlyAllowed(text[f.start:f.end], allowed) {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// setSeverity sets the configured severities of fs and drops the kinds
// turned off.
func (c *config) setSeverity(fs []finding) []finding {
	if len(c.severity) == 0 {
		return fs
	}
	kept := fs[:0]
	for _, f := range fs {
		if s, ok := c.severity[f.Kind]; ok {
			if s.off {
				continue
			}
			f.Severity = s.severity
		}
		kept = append(kept, f)
	}
	return kept
}

// onlyAllowed reports whether every character of s that is not ASCII is
// in one of the allowed sets, and there is one.
func onlyAllowed(s string, allowed []map[rune]bool) bool {
	found := false
	for _, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		ok := false
		for _, set := range allowed {
			ok = ok || set[r]
		}
		if !ok {
			return false
		}
		found = true
	}
	return found
}
