package ansi

// transition is one cell of the state table.
type transition struct {
	act  action
	next State
}

//go:generate go test -run TestGeneratedTables -gentable

// buildTable makes table, the state machine: table[state][byte], from
// rules. The table is generated into tables_gen.go, so that it is data in
// the binary rather than built at start-up; TestGeneratedTables keeps the
// two in step.
func buildTable() [numStates][256]transition {
	var t [numStates][256]transition
	for pass := 0; pass < 2; pass++ { // anywhere rules first, then state rules
		for _, r := range rules {
			if (r.from == anywhere) != (pass == 0) {
				continue
			}
			for s := State(0); s < numStates; s++ {
				if r.from != anywhere && r.from != s {
					continue
				}
				for b := int(r.lo); b <= int(r.hi); b++ {
					t[s][b] = transition{r.act, r.next}
				}
			}
		}
	}
	return t
}

// buildASCIIText makes asciiText, which marks the printable ASCII bytes
// 0x20-0x7E, the fast path of a text run.
func buildASCIIText() (t [utf8RuneSelf]bool) {
	for b := 0x20; b <= 0x7E; b++ {
		t[b] = true
	}
	return t
}

const utf8RuneSelf = 0x80

// byteRange is the bytes lo-hi; the zero value, hi 0, is no byte.
type byteRange struct{ lo, hi byte }

// buildIgnoredRun makes ignoredRun, for each state the run of bytes from
// 0x20 up that it ignores (aIgnore, staying in the state): the rest of a
// malformed header, 0x20-0x3F in csi_ignore, which the parser reads a word
// at a time. It is empty (hi 0) in a state that does not ignore 0x20.
func buildIgnoredRun() (t [numStates]byteRange) {
	table := buildTable()
	for s := range t {
		hi := 0x20
		for hi <= 0x7E && table[s][hi] == (transition{aIgnore, State(s)}) {
			hi++
		}
		if hi > 0x20 {
			t[s] = byteRange{0x20, byte(hi - 1)}
		}
	}
	return t
}

// buildPrintablePayload makes printablePayload, which marks the states
// whose every printable ASCII byte (0x20-0x7E) is payload (aPut): there
// the payload loop may take them eight at a time.
func buildPrintablePayload() (t [numStates]bool) {
	table := buildTable()
	for s := range t {
		t[s] = true
		for c := 0x20; c <= 0x7E; c++ {
			if table[s][c].act != aPut {
				t[s] = false
			}
		}
	}
	return t
}
