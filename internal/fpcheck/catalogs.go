package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
)

// catalogs measures every gettext catalog matching glob, one row per
// language. A catalog that cannot be read or parsed is reported on stderr
// and skipped, so that one damaged file does not hide the rest.
func (m *measurer) catalogs(glob string, stderr io.Writer) ([]row, error) {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no catalogs match %s", glob)
	}
	slices.Sort(files)
	byLang := map[string]*counts{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "fpcheck: %v\n", err)
			continue
		}
		cat, err := readMO(b)
		if err != nil {
			fmt.Fprintf(stderr, "fpcheck: %s: %v\n", f, err)
			continue
		}
		dec, err := decoder(cat.Charset())
		if err != nil {
			fmt.Fprintf(stderr, "fpcheck: %s: %v\n", f, err)
			continue
		}
		lang := catalogLanguage(f)
		c := byLang[lang]
		if c == nil {
			nc := newCounts()
			c = &nc
			byLang[lang] = c
		}
		c.files++
		name := lang + "/" + filepath.Base(f)
		for i, msg := range cat.Messages {
			for p, tr := range msg.Translations {
				if dec != nil {
					// Bytes the charset cannot map become U+FFFD: the
					// measure is of the text, not of its encoding.
					if tr, err = dec.String(tr); err != nil {
						fmt.Fprintf(stderr, "fpcheck: %s: message %d: %v\n", f, i+1, err)
						continue
					}
				}
				for l, line := range strings.Split(tr, "\n") {
					if line == "" {
						continue
					}
					m.add(c, description, line, name+":"+strconv.Itoa(i+1)+"."+strconv.Itoa(p)+"."+strconv.Itoa(l+1))
				}
			}
		}
	}
	langs := make([]string, 0, len(byLang))
	for l := range byLang {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	rows := make([]row, 0, len(langs))
	for _, l := range langs {
		rows = append(rows, row{l, *byLang[l]})
	}
	return rows, nil
}

// decoder returns a decoder from the named charset to UTF-8, or nil when
// the text is UTF-8 already (or ASCII, or the charset is not named, in
// which case invalid bytes stay and are reported as such).
func decoder(charset string) (*encoding.Decoder, error) {
	switch strings.ToUpper(charset) {
	case "", "UTF-8", "ASCII", "US-ASCII", "CHARSET":
		return nil, nil
	}
	e, err := ianaindex.IANA.Encoding(charset)
	if err != nil {
		return nil, err
	}
	if e == nil {
		return nil, fmt.Errorf("charset %s: no decoder", charset)
	}
	return e.NewDecoder(), nil
}

// catalogLanguage returns the locale name of a catalog at
// <locale>/LC_MESSAGES/<domain>.mo, or the name of its directory if the
// path has another shape.
func catalogLanguage(path string) string {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "LC_MESSAGES" {
		dir = filepath.Dir(dir)
	}
	return filepath.Base(dir)
}
