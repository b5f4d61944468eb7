// Package names maps the constants of a small enumeration to their stable
// names and back, so that each name is written once: in the one [Table]
// of its type, which String, MarshalText and UnmarshalText all read.
//
//	var contextNames = names.Table[Context]{
//		ContextAny:     "any",
//		ContextCommand: "command",
//	}
//
//	func (c Context) String() string { return contextNames.String(c, "Context") }
//
// A type keeps its own answer for a value without a name (a default name,
// a "Type(N)" form, an error) and its own error messages; the table only
// says whether there is a name.
package names

// A Table holds the name of each constant of an enumeration T, indexed by
// the constant's value. A value past the end of the table, or whose entry
// is empty, has no name. A table is read-only once built.
type Table[T ~uint8] []string

// Name returns the name of v, and false if v has none.
func (t Table[T]) Name(v T) (string, bool) {
	if int(v) < len(t) && t[v] != "" {
		return t[v], true
	}
	return "", false
}

// String returns the name of v, or for a value without a name typ and its
// number in parentheses, such as "Rule(12)", as stringer writes it.
func (t Table[T]) String(v T, typ string) string {
	if n, ok := t.Name(v); ok {
		return n
	}
	return typ + "(" + itoa(uint8(v)) + ")"
}

// Parse returns the value named s, and false if no value has that name.
// The empty string names nothing.
func (t Table[T]) Parse(s string) (T, bool) {
	if s == "" {
		return 0, false
	}
	for i, n := range t {
		if n == s {
			return T(i), true
		}
	}
	return 0, false
}

// itoa formats n in decimal, without strconv, so that the packages that
// import this one import nothing else through it.
func itoa(n uint8) string {
	var b [3]byte
	i := len(b)
	for {
		i--
		b[i] = '0' + n%10
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}
