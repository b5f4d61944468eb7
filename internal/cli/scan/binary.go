package scan

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// sniffLen is how much of the start of a file decides whether it is text.
const sniffLen = 8 << 10

// A fileClass says how scan treats a file by its first bytes.
type fileClass uint8

const (
	// classText is read as text, whatever NUL or invalid bytes it holds.
	classText fileClass = iota
	// classBinary is a known binary format: counted, not read.
	classBinary
	// classNotText is neither: reported by name (ruleNotText).
	classNotText
)

// A signature is the first bytes of a binary format, at an offset, with
// the extensions its files take.
type signature struct {
	at    int
	magic string
	exts  []string
}

// signatures are the binary formats scan recognises by their first bytes.
// A file whose start is text is taken as binary only if its extension is
// one of its format's too: a script whose first line spells "%PDF-" is
// still a script.
var signatures = []signature{
	{0, "\x89PNG\r\n\x1a\n", []string{".png"}},
	{0, "\xff\xd8\xff", []string{".jpg", ".jpeg"}},
	{0, "GIF87a", []string{".gif"}}, {0, "GIF89a", []string{".gif"}},
	{0, "RIFF", []string{".webp", ".wav", ".avi"}},
	{0, "II*\x00", []string{".tif", ".tiff"}}, {0, "MM\x00*", []string{".tif", ".tiff"}},
	{0, "\x00\x00\x01\x00", []string{".ico"}}, {0, "\x00\x00\x02\x00", []string{".cur"}},
	{0, "8BPS", []string{".psd"}},
	{4, "ftyp", []string{".mp4", ".m4a", ".mov", ".heic", ".avif"}},
	{0, "\x1aE\xdf\xa3", []string{".webm", ".mkv"}},
	{0, "OggS", []string{".ogg", ".oga", ".ogv", ".opus"}}, {0, "fLaC", []string{".flac"}}, {0, "ID3", []string{".mp3"}},
	{0, "%PDF-", []string{".pdf", ".ai"}},
	{0, "wOFF", []string{".woff"}}, {0, "wOF2", []string{".woff2"}},
	{0, "\x00\x01\x00\x00", []string{".ttf"}}, {0, "OTTO", []string{".otf"}}, {0, "true", []string{".ttf"}},
	{0, "PK\x03\x04", []string{".zip", ".jar", ".docx", ".xlsx", ".pptx", ".odt", ".apk", ".whl", ".epub"}},
	{0, "PK\x05\x06", []string{".zip"}},
	{0, "\x1f\x8b", []string{".gz", ".tgz"}}, {0, "BZh", []string{".bz2"}},
	{0, "\xfd7zXZ\x00", []string{".xz"}}, {0, "(\xb5/\xfd", []string{".zst"}},
	{0, "7z\xbc\xaf\x27\x1c", []string{".7z"}},
	{257, "ustar", []string{".tar"}},
	{0, "!<arch>\n", []string{".a", ".deb"}},
	{0, "\x7fELF", []string{".so", ".o"}},
	{0, "\xfe\xed\xfa\xce", nil}, {0, "\xfe\xed\xfa\xcf", nil}, {0, "\xce\xfa\xed\xfe", nil}, {0, "\xcf\xfa\xed\xfe", nil},
	{0, "\xca\xfe\xba\xbe", []string{".class"}},
	{0, "MZ", []string{".exe", ".dll"}},
	{0, "\x00asm", []string{".wasm"}},
	{0, "SQLite format 3\x00", []string{".db", ".sqlite", ".sqlite3"}},
	{0, "\xde\x12\x04\x95", []string{".mo"}}, {0, "\x95\x04\x12\xde", []string{".mo"}},
	{0, "PACK", []string{".pack"}},
	{0, "\x00\x00\x00\x01Bud1", nil},
}

// binaryExts are extensions of formats with no fixed signature scan
// checks; a file with one of them whose start is not text is binary.
// Certificates and keys in DER form, archives and objects without their
// format's signature (v7 tar, a ZIP with a prefix) are among them.
var binaryExts = []string{".pyc", ".pyo", ".eot", ".bin", ".dat", ".idx", ".dylib", ".lib", ".obj", ".bmp", ".icns", ".snap",
	".crt", ".cer", ".der", ".p12", ".pfx", ".jks", ".keystore", ".syso", ".tar", ".zip", ".jar", ".a", ".o", ".so", ".exe", ".dll"}

// classify decides from head, the first bytes of the file named name,
// whether it is read as text.
func classify(name string, head []byte) fileClass {
	ext := strings.ToLower(filepath.Ext(name))
	for _, s := range signatures {
		// A known format under its own extension is binary whatever
		// its head looks like: no need to read that.
		if hasMagic(head, s) && slices.Contains(s.exts, ext) {
			return classBinary
		}
	}
	text := looksText(head)
	for _, s := range signatures {
		if hasMagic(head, s) {
			if !text || slices.Contains(s.exts, ext) {
				return classBinary
			}
		}
	}
	switch {
	case text:
		return classText
	case slices.Contains(binaryExts, ext):
		return classBinary
	}
	return classNotText
}

// hasMagic reports whether head holds the magic bytes of signature s.
func hasMagic(head []byte, s signature) bool {
	return len(head) >= s.at+len(s.magic) && string(head[s.at:s.at+len(s.magic)]) == s.magic
}

// looksText reports whether head reads as text. A byte is bad if it is a
// NUL, another control byte that text files do not hold, or not UTF-8;
// head is not text if more than one byte in ten is bad and one is a NUL,
// or more than three in ten are bad. A stray NUL in a script keeps it
// text, so that it is scanned, and so do the bytes of a Latin-1 file. A
// text file in UTF-16 is not text by this test: half its bytes are NUL.
func looksText(head []byte) bool {
	nul := bytes.IndexByte(head, 0) >= 0
	if !nul && utf8.Valid(head) {
		// Control bytes alone, in valid UTF-8, do not make a file
		// binary: they are findings of its text.
		return true
	}
	bad := 0
	for i := 0; i < len(head); {
		c := head[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			if c < 0x20 && !strings.ContainsRune("\t\n\r\f\v\b\x1b", rune(c)) || c == 0x7f {
				bad++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(head[i:])
		// A character cut at the end of the sniff is not a full rune,
		// and not bad.
		if r == utf8.RuneError && n == 1 && utf8.FullRune(head[i:]) {
			bad++
		}
		i += n
	}
	return bad*10 <= len(head) || !nul && bad*10 <= 3*len(head)
}
