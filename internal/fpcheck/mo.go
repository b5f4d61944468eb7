package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// moMagic is the first word of a GNU gettext message catalog, written in
// the byte order of the machine that compiled it.
const moMagic = 0x950412de

// moHeaderLen is the size of the fixed part of the header that readMO
// uses: magic, revision, number of strings, offset of the original table,
// offset of the translation table (the hash table that follows is
// optional and not needed to list the strings).
const moHeaderLen = 20

// errMOTruncated reports a catalog whose header or tables point past its end.
var errMOTruncated = errors.New("mo: offset or length past the end of the catalog")

// moCatalog is the content of a .mo file.
type moCatalog struct {
	// Header is the translation of the empty string: the catalog's
	// metadata, such as "Content-Type: text/plain; charset=UTF-8".
	Header   string
	Messages []moMessage
}

// moMessage is one entry of a catalog: the original string (with its
// context, if any, before a U+0004 separator) and the translations, one per
// plural form.
type moMessage struct {
	ID           string
	Translations []string
}

// readMO parses a GNU gettext .mo catalog ("The Format of GNU MO Files" in
// the gettext manual) and returns its messages in table order. The header
// entry (the one whose original string is empty) is returned apart, as
// Header. Plural forms, separated by NUL in the file, become separate
// translations. Strings are returned as stored, in the catalog's charset.
//
// The catalog is untrusted: every offset and length is checked against its
// size, and a bad one is an error, never a panic. Revisions with a major
// number above 1 are rejected, as GNU gettext does; the system-dependent
// strings of revision 1 are not read.
func readMO(b []byte) (moCatalog, error) {
	if len(b) < moHeaderLen {
		return moCatalog{}, fmt.Errorf("mo: %d bytes, shorter than the header", len(b))
	}
	var order binary.ByteOrder
	switch {
	case binary.LittleEndian.Uint32(b) == moMagic:
		order = binary.LittleEndian
	case binary.BigEndian.Uint32(b) == moMagic:
		order = binary.BigEndian
	default:
		return moCatalog{}, fmt.Errorf("mo: bad magic %#08x", binary.LittleEndian.Uint32(b))
	}
	if major := order.Uint32(b[4:]) >> 16; major > 1 {
		return moCatalog{}, fmt.Errorf("mo: unsupported major revision %d", major)
	}
	n := uint64(order.Uint32(b[8:]))
	origTable := uint64(order.Uint32(b[12:]))
	transTable := uint64(order.Uint32(b[16:]))
	size := uint64(len(b))
	// Each table holds n pairs of 32-bit words; n is at most 2^32-1, so the
	// sums below cannot overflow a uint64.
	if origTable+8*n > size || transTable+8*n > size {
		return moCatalog{}, errMOTruncated
	}
	c := moCatalog{Messages: make([]moMessage, 0, min(n, size/16))}
	for i := range n {
		id, err := moString(b, order, origTable+8*i)
		if err != nil {
			return moCatalog{}, fmt.Errorf("mo: original string %d: %w", i, err)
		}
		tr, err := moString(b, order, transTable+8*i)
		if err != nil {
			return moCatalog{}, fmt.Errorf("mo: translation %d: %w", i, err)
		}
		if id == "" {
			c.Header = tr // metadata, not a message
			continue
		}
		c.Messages = append(c.Messages, moMessage{ID: id, Translations: strings.Split(tr, "\x00")})
	}
	return c, nil
}

// moString reads the string described by the length and offset words at
// descriptor.
func moString(b []byte, order binary.ByteOrder, descriptor uint64) (string, error) {
	length := uint64(order.Uint32(b[descriptor:]))
	offset := uint64(order.Uint32(b[descriptor+4:]))
	if offset+length > uint64(len(b)) {
		return "", errMOTruncated
	}
	return string(b[offset : offset+length]), nil
}

// Charset returns the charset named in the Content-Type line of the
// header, or "" if there is none.
func (c moCatalog) Charset() string {
	for line := range strings.Lines(c.Header) {
		name, value, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "Content-Type") {
			continue
		}
		_, cs, ok := strings.Cut(value, "charset=")
		if !ok {
			return ""
		}
		cs, _, _ = strings.Cut(cs, ";")
		return strings.TrimSpace(cs)
	}
	return ""
}
