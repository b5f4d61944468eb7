package names

import "testing"

type color uint8

const (
	red color = iota
	green
	unnamed
	blue
)

var colorNames = Table[color]{red: "red", green: "green", blue: "blue"}

func TestTable(t *testing.T) {
	for _, tt := range []struct {
		v    color
		want string
		ok   bool
	}{
		{red, "red", true},
		{green, "green", true},
		{unnamed, "color(2)", false},
		{blue, "blue", true},
		{4, "color(4)", false},
		{10, "color(10)", false},
		{255, "color(255)", false},
	} {
		if got := colorNames.String(tt.v, "color"); got != tt.want {
			t.Errorf("String(%d) = %q, want %q", tt.v, got, tt.want)
		}
		name, ok := colorNames.Name(tt.v)
		if ok != tt.ok || ok && name != tt.want {
			t.Errorf("Name(%d) = %q, %v, want %q, %v", tt.v, name, ok, tt.want, tt.ok)
		}
		if !ok {
			continue
		}
		if v, ok := colorNames.Parse(name); !ok || v != tt.v {
			t.Errorf("Parse(%q) = %d, %v, want %d, true", name, v, ok, tt.v)
		}
	}
	for _, s := range []string{"", "Red", "purple", "color(2)"} {
		if v, ok := colorNames.Parse(s); ok || v != 0 {
			t.Errorf("Parse(%q) = %d, %v, want 0, false", s, v, ok)
		}
	}
}

func TestParseAllocs(t *testing.T) {
	b := []byte("blue")
	if n := testing.AllocsPerRun(100, func() { colorNames.Parse(string(b)) }); n != 0 {
		t.Errorf("Parse(string(b)) allocates %v times, want 0", n)
	}
}
