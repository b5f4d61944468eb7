package main

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// buildMO compiles pairs of original and translated strings into a .mo
// catalog in the given byte order, laid out as GNU msgfmt does: header,
// original table, translation table, then the strings, each followed by a
// NUL that its length does not count.
func buildMO(order binary.ByteOrder, revision uint32, pairs [][2]string) []byte {
	n := uint32(len(pairs))
	origTable := uint32(moHeaderLen + 8) // room for the hash table words
	transTable := origTable + 8*n
	b := make([]byte, transTable+8*n)
	order.PutUint32(b[0:], moMagic)
	order.PutUint32(b[4:], revision)
	order.PutUint32(b[8:], n)
	order.PutUint32(b[12:], origTable)
	order.PutUint32(b[16:], transTable)
	// Hash table size and offset: zero, no hash table.
	for i, p := range pairs {
		for j, table := range []uint32{origTable, transTable} {
			d := table + 8*uint32(i)
			order.PutUint32(b[d:], uint32(len(p[j])))
			order.PutUint32(b[d+4:], uint32(len(b)))
			b = append(b, p[j]...)
			b = append(b, 0)
		}
	}
	return b
}

func TestReadMO(t *testing.T) {
	header := "Project-Id-Version: x 1.0\nContent-Type: text/plain; charset=ISO-8859-2\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
	pairs := [][2]string{
		{"", header},
		{"File", "Fichier"},
		{"%d file\x00%d files", "%d\u00a0fichier\x00%d\u00a0fichiers"},
		{"menu\x04Open", "Ouvrir"},
		{"Empty", ""},
	}
	want := moCatalog{
		Header: header,
		Messages: []moMessage{
			{ID: "File", Translations: []string{"Fichier"}},
			{ID: "%d file\x00%d files", Translations: []string{"%d\u00a0fichier", "%d\u00a0fichiers"}},
			{ID: "menu\x04Open", Translations: []string{"Ouvrir"}},
			{ID: "Empty", Translations: []string{""}},
		},
	}
	for _, tc := range []struct {
		name     string
		order    binary.ByteOrder
		revision uint32
	}{
		{"little-endian", binary.LittleEndian, 0},
		{"big-endian", binary.BigEndian, 0},
		{"revision 1.1", binary.LittleEndian, 1<<16 | 1},
	} {
		got, err := readMO(buildMO(tc.order, tc.revision, pairs))
		if err != nil {
			t.Fatalf("%s: readMO: %v", tc.name, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: readMO mismatch (-want +got):\n%s", tc.name, diff)
		}
		if cs := got.Charset(); cs != "ISO-8859-2" {
			t.Errorf("%s: Charset() = %q, want ISO-8859-2", tc.name, cs)
		}
	}
}

func TestReadMOBad(t *testing.T) {
	good := buildMO(binary.LittleEndian, 0, [][2]string{{"a", "b"}})
	patch := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	origTable := int(binary.LittleEndian.Uint32(good[12:]))
	transTable := int(binary.LittleEndian.Uint32(good[16:]))
	for _, tc := range []struct {
		name      string
		in        []byte
		truncated bool // want errMOTruncated
	}{
		{"empty", nil, false},
		{"short header", good[:moHeaderLen-1], false},
		{"bad magic", patch(0, 0x12345678), false},
		{"major revision 2", patch(4, 2<<16), false},
		{"count past the end", patch(8, 1<<31), true},
		{"count at uint32 max", patch(8, 0xFFFFFFFF), true},
		{"original table past the end", patch(12, 0xFFFFFFF0), true},
		{"translation table past the end", patch(16, uint32(len(good))), true},
		{"string length past the end", patch(origTable, uint32(len(good))), true},
		{"string offset past the end", patch(origTable+4, 0xFFFFFFFF), true},
		{"translation offset plus length wraps uint32", func() []byte {
			b := patch(transTable, 0xFFFFFFFF)
			binary.LittleEndian.PutUint32(b[transTable+4:], 2)
			return b
		}(), true},
		{"cut in the strings", good[:len(good)-3], true},
	} {
		_, err := readMO(tc.in)
		if err == nil {
			t.Errorf("%s: readMO succeeded, want an error", tc.name)
			continue
		}
		if got := errors.Is(err, errMOTruncated); got != tc.truncated {
			t.Errorf("%s: readMO error %q, errors.Is(err, errMOTruncated) = %v, want %v", tc.name, err, got, tc.truncated)
		}
	}
}

func TestCharset(t *testing.T) {
	for _, tc := range []struct{ header, want string }{
		{"", ""},
		{"Content-Type: text/plain; charset=UTF-8\n", "UTF-8"},
		{"Language: fr\ncontent-type: text/plain; charset=EUC-JP ; x=y\nPlural-Forms: x\n", "EUC-JP"},
		{"Content-Type: text/plain\n", ""},
		{"Content-Transfer-Encoding: 8bit\n", ""},
	} {
		if got := (moCatalog{Header: tc.header}).Charset(); got != tc.want {
			t.Errorf("Charset of %q = %q, want %q", tc.header, got, tc.want)
		}
	}
}

func TestCatalogLanguage(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/share/locale/pt_BR/LC_MESSAGES/tar.mo":     "pt_BR",
		"/usr/share/locale/sr@latin/LC_MESSAGES/apt.mo":  "sr@latin",
		"/usr/share/locale-langpack/fr/LC_MESSAGES/x.mo": "fr",
		"testdata/de/y.mo": "de",
	} {
		if got := catalogLanguage(in); got != want {
			t.Errorf("catalogLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzReadMO checks that readMO never panics and, when it accepts a
// catalog, returns strings that rebuild into a catalog it reads back the
// same: nothing is invented, dropped or cut.
func FuzzReadMO(f *testing.F) {
	f.Add(buildMO(binary.LittleEndian, 0, [][2]string{{"", "Content-Type: text/plain; charset=UTF-8\n"}, {"a", "b"}}))
	f.Add(buildMO(binary.BigEndian, 0, [][2]string{{"x\x00xs", "y\x00ys\x00yss"}}))
	f.Add(buildMO(binary.LittleEndian, 1, nil))
	f.Add([]byte{0xde, 0x12, 0x04, 0x95})
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := readMO(b)
		if err != nil {
			return
		}
		pairs := [][2]string{{"", c.Header}}
		size := len(c.Header)
		for _, m := range c.Messages {
			if m.ID == "" {
				t.Fatalf("readMO(%q) returned a message with an empty ID", b)
			}
			tr := m.Translations[0]
			for _, p := range m.Translations[1:] {
				tr += "\x00" + p
			}
			size += len(m.ID) + len(tr)
			pairs = append(pairs, [2]string{m.ID, tr})
		}
		if size > len(b)*len(b) {
			t.Fatalf("readMO(%d bytes) returned %d bytes of strings", len(b), size)
		}
		again, err := readMO(buildMO(binary.LittleEndian, 0, pairs))
		if err != nil {
			t.Fatalf("rebuilt catalog: %v", err)
		}
		if diff := cmp.Diff(c, again); diff != "" {
			t.Errorf("rebuilt catalog mismatch (-first +rebuilt):\n%s", diff)
		}
	})
}
