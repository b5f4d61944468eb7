package main
import ("testing"; "github.com/plainsight-dev/plainsight/transcript"; charm "github.com/charmbracelet/x/ansi")
func benchIn(b *testing.B, in []byte, f func([]byte)) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() { f(in) }
}
var ins = map[string][]byte{"cmd64": []byte(commands(64*kib)), "cmd1M": []byte(commands(mib)), "prose": []byte(prose(mib)), "attack": []byte(attack(mib)), "esc": []byte(shapes[2].make(mib)), "marks": []byte(shapes[4].make(mib)), "log": []byte(buildLog(mib)), "csi": []byte(shapes[1].make(mib))}
func BenchmarkT(b *testing.B) {
	for _, name := range []string{"cmd64", "cmd1M", "prose", "attack", "esc", "marks", "log", "csi"} {
		in := ins[name]
		b.Run(name+"/Clean", func(b *testing.B) { benchIn(b, in, func(x []byte) { transcript.Clean(x, unlimited) }) })
		b.Run(name+"/charm", func(b *testing.B) { s := string(in); benchIn(b, in, func(x []byte) { charm.Strip(s) }) })
	}
}
func BenchmarkMemmove(b *testing.B) { in := ins["cmd1M"]; dst := make([]byte, len(in)); benchIn(b, in, func(x []byte) { copy(dst, x) }) }
