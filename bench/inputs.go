package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// An input is one text every tool reads, held in both forms a caller has:
// a string (Sanitize, Push, the string peers) and bytes (Transform, Clean).
type input struct {
	name string
	// group says which targets apply: "ordinary", "clean" (no control, no
	// invalid UTF-8) or "adversarial".
	group string
	shape string // the adversarial shape, for the 16 MiB / 1 MiB ratio
	size  int    // the nominal size of an adversarial input
	gen   func() string
	n     int // len(s), kept after unload
	s     string
	b     []byte
}

// load makes the text of in, once.
func (in *input) load() {
	if in.b == nil {
		in.s = in.gen()
		in.b = []byte(in.s)
		in.n = len(in.b)
	}
}

// unload drops the text of in, to bound the harness's memory.
func (in *input) unload() { in.s, in.b = "", nil }

const (
	kib = 1 << 10
	mib = 1 << 20
)

// repeatLines repeats lines until the text reaches n bytes, cut at a line.
func repeatLines(n int, lines ...string) string {
	var b strings.Builder
	for b.Len() < n {
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	s := b.String()[:n]
	return s[:strings.LastIndexByte(s, '\n')+1]
}

// commands is ASCII shell commands, as a model composes them.
func commands(n int) string {
	return repeatLines(n,
		"git status --short && git diff --stat HEAD~1",
		"find . -name '*.go' -not -path './vendor/*' | xargs gofmt -l",
		"docker run --rm -it -v \"$PWD:/src\" -w /src golang:1.26 go test ./...",
		"curl -fsSL https://example.com/install.sh -o /tmp/install.sh && sh /tmp/install.sh",
		"kubectl get pods -n kube-system -o wide | grep -v Running",
		"tar -czf backup-$(date +%F).tar.gz ~/projects --exclude=node_modules",
		"for f in *.log; do gzip -9 \"$f\"; done; ls -la /var/log | sort -k5 -n",
	)
}

// prose is multilingual prose, sentences drawn in a fixed pseudo-random
// order so that no two lines repeat in step.
func prose(n int) string {
	sentences := []string{
		"The build finished in 4.2 s; three tests were skipped because the database was not reachable.",
		"Откройте файл ~/Документы/отчет.pdf и проверьте раздел «Итоги», прежде чем отправлять его.",
		"東京タワーへ行く前に、README.mdを読んでください。設定ファイルは二つあります。",
		"Η εντολή εμφανίζει τα αρχεία του τρέχοντος καταλόγου, ταξινομημένα κατά μέγεθος.",
		"Größe der Datei in Bytes anzeigen – naïve café, Ångström, „Anführungszeichen“.",
		"한국어 텍스트를 표시합니다: 파일 목록과 디렉터리 크기를 확인하세요.",
		"फ़ाइल की सामग्री को मानक आउटपुट पर प्रिंट करें और त्रुटियों को अनदेखा न करें।",
		"فایل\u200cها را ببینید و نتیجه را ذخیره کنید؛ این کار چند دقیقه طول می\u200cکشد.",
		"Le fichier « notes.txt » a été modifié à 14 h 05 ; voulez-vous l’enregistrer ?",
		"这个命令会删除临时目录中的所有文件，请先确认路径是否正确。",
		"¿Quién escribió este código? Ñandú, pingüino y acción están en la lista.",
		"Deploy succeeded \u2705 in 3 regions \U0001F680; rollback plan: see §4.2 of the runbook.",
		"שורת הפקודה מציגה את רשימת הקבצים בתיקייה הנוכחית.",
		"Lệnh này hiển thị danh sách tệp trong thư mục hiện tại, kể cả tệp ẩn.",
	}
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(sentences[r.IntN(len(sentences))])
		if r.IntN(3) == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	s := b.String()
	return s[:strings.LastIndexByte(s[:n], '\n')+1]
}

// buildLog is a colour-heavy build log: SGR around levels, names and
// durations, as a test runner writes it to a terminal.
func buildLog(n int) string {
	var b strings.Builder
	levels := []string{"\x1b[32mINFO\x1b[0m", "\x1b[33mWARN\x1b[0m", "\x1b[1;31mFAIL\x1b[0m", "\x1b[38;5;244mDEBUG\x1b[0m"}
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%s 12:%02d:%02d \x1b[1mservice-%d\x1b[0m: request /api/v1/items/%d handled in \x1b[36m%dms\x1b[0m\n",
			levels[i%len(levels)], i/60%60, i%60, i%7, i, i%250)
	}
	return b.String()
}

// scriptLog is buildLog as a program localized to scripts other than
// Latin writes it: each line in Chinese, Japanese, Russian or Arabic, its
// words between SGRs above ASCII.
func scriptLog(n int) string {
	var b strings.Builder
	lines := []string{
		"%s 12:%02d:%02d \x1b[1m服务-%d\x1b[0m：请求 /api/v1/items/%d 已处理，耗时 \x1b[36m%d毫秒\x1b[0m\n",
		"%s 12:%02d:%02d \x1b[1mサービス-%d\x1b[0m：リクエスト /api/v1/items/%d を処理しました（\x1b[36m%dミリ秒\x1b[0m）\n",
		"%s 12:%02d:%02d \x1b[1mсервис-%d\x1b[0m: запрос /api/v1/items/%d обработан за \x1b[36m%d мс\x1b[0m\n",
		"%s 12:%02d:%02d \x1b[1mالخدمة-%d\x1b[0m: تمت معالجة الطلب /api/v1/items/%d في \x1b[36m%d مللي ثانية\x1b[0m\n",
	}
	levels := []string{"\x1b[32m信息\x1b[0m", "\x1b[33m警告\x1b[0m", "\x1b[1;31mОШИБКА\x1b[0m", "\x1b[38;5;244mتصحيح\x1b[0m"}
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, lines[i%len(lines)], levels[i/len(lines)%len(levels)], i/60%60, i%60, i%7, i, i%250)
	}
	return b.String()
}

// gccLog is a C build as GCC writes it to a terminal: commands, and
// warnings, errors and notes coloured as GCC colours them by default
// (GCC_COLORS: ESC [ 01;31 m ESC [ K before each coloured word, ESC [ m
// ESC [ K after it), with quoted names between the quotes of UTF-8
// locales, source lines and carets.
func gccLog(n int) string {
	var b strings.Builder
	bold := func(s string) string { return "\x1b[01m\x1b[K" + s + "\x1b[m\x1b[K" }
	col := func(c, s string) string { return "\x1b[01;" + c + "m\x1b[K" + s + "\x1b[m\x1b[K" }
	files := []string{"main", "parse", "util", "net", "cache"}
	for i := 0; b.Len() < n; i++ {
		f, line, name := files[i%len(files)], 10+i%400, fmt.Sprintf("count%d", i%50)
		fmt.Fprintf(&b, "gcc -O2 -Wall -Wextra -c src/%s.c -o build/%s.o\n", f, f)
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "%s %s unused variable ‘%s’ [%s]\n", bold(fmt.Sprintf("src/%s.c:%d:13:", f, line)),
				col("35", "warning:"), bold(name), col("35", "-Wunused-variable"))
			fmt.Fprintf(&b, "  %3d |         int %s = 0;\n      |             %s\n", line, col("35", name), col("35", "^~~~~~"))
		case 1:
			fmt.Fprintf(&b, "%s %s implicit declaration of function ‘%s’ [%s]\n", bold(fmt.Sprintf("src/%s.c:%d:5:", f, line)),
				col("31", "error:"), bold("frob"+name), col("31", "-Wimplicit-function-declaration"))
			fmt.Fprintf(&b, "  %3d |     %s(buf, len);\n      |     %s\n", line, col("31", "frob"+name), col("31", "^~~~~~~~~~~~"))
		default:
			fmt.Fprintf(&b, "%s %s ‘%s’ declared here\n", bold(fmt.Sprintf("src/%s.h:%d:6:", f, line)), col("36", "note:"), bold(name))
		}
	}
	return b.String()
}

// emojiChat is chat as people and models write it, every line with emoji:
// single code points, skin tones, the emoji presentation selector (❤️),
// keycaps, flags, ZWJ sequences (a technologist, a family, the rainbow
// flag) and a subdivision flag in tags. All of them are RGI sequences,
// which the Unicode checks show as they are, so the text needs no change.
func emojiChat(n int) string {
	var b strings.Builder
	lines := []string{
		"✅ All %d tests passed 🎉 ready to ship 🚀",
		"⚠️ Disk usage at %d%% — consider cleaning up 🧹",
		"Thanks! ❤️ 👍🏽 see you at %d 👋",
		"Our team: 👩🏾‍💻 👨‍🔬 🧑‍🚀 and the 👨‍👩‍👧‍👦 at home, %d of us",
		"Pride 🏳️‍🌈 pirates 🏴‍☠️ and ❤️‍🔥 love, day %d",
		"Press 1️⃣ for yes, #️⃣ for more (%d); from 🇯🇵 🇺🇸 🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
		"😂😂 that is hilarious 🤣 ☕ at %d ☀️ 🌈",
	}
	names := []string{"ana", "bo", "chidi", "dmitri", "emeka"}
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "[%02d:%02d] %s: ", i/60%24, i%60, names[i%len(names)])
		fmt.Fprintf(&b, lines[i%len(lines)], i%100)
		b.WriteByte('\n')
	}
	return b.String()
}

// windowsLines is s, whole lines, with each line ended by CR LF, as
// Windows programs end theirs, cut to the whole lines that n bytes hold.
func windowsLines(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", "\r\n")
	return s[:strings.LastIndexByte(s[:min(n, len(s))], '\n')+1]
}

// progressLog is what installers and downloaders write to a terminal while
// they work: each redraw of a progress line goes back to the line's start
// with a CR and erases it (ESC [ K, ESC [ 2 K) before it writes the line
// again, as cargo's and curl's bars, npm's braille spinner and pip's
// coloured bar of box-drawing characters do; docker moves up to the line
// of each layer (ESC [ n A) and back down (ESC [ n B). The line that ends
// a step ends in '\n'.
func progressLog(n int) string {
	var b strings.Builder
	crates := []string{"serde", "tokio", "regex", "clap", "rand", "libc", "syn", "quote"}
	spinner := []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
	bar := func(width, done int, full, head, empty string) string {
		return strings.Repeat(full, done) + head + strings.Repeat(empty, width-done-1)
	}
	for i := 0; b.Len() < n; i++ {
		name := crates[i%len(crates)]
		switch i % 5 {
		case 0: // cargo
			for j := 0; j < 8; j++ {
				done := (i + 3*j) % 24
				fmt.Fprintf(&b, "\r\x1b[K\x1b[1m\x1b[36m    Building\x1b[0m [%s] %d/240: %s, %s(build)", bar(25, done, "=", ">", " "), 10*j+i%10, name, crates[(i+j)%len(crates)])
			}
			fmt.Fprintf(&b, "\r\x1b[K\x1b[1m\x1b[32m   Compiling\x1b[0m %s v1.%d.%d\n", name, i%40, i%7)
		case 1: // curl
			for j := 0; j < 6; j++ {
				fmt.Fprintf(&b, "\r%3d %5dk  %3d %5dk    0     0  %4dk      0  0:00:%02d  0:00:%02d --:--:-- %4dk", 16*j, 1234, 16*j, 200*j+i%100, 900+j, 6, j, 950+i%50)
			}
			fmt.Fprintf(&b, "\r100  1234k  100  1234k    0     0  %4dk      0  0:00:06  0:00:06 --:--:-- %4dk\n", 900+i%100, 950+i%50)
		case 2: // npm
			for j := 0; j < 10; j++ {
				fmt.Fprintf(&b, "\x1b[2K\r%c reify:%s: \x1b[90mtiming\x1b[0m reifyNode:node_modules/%s Completed in %dms", spinner[j], name, name, 10*j+i%10)
			}
			fmt.Fprintf(&b, "\x1b[2K\r\nadded %d packages in %ds\n", 100+i%300, 1+i%9)
		case 3: // pip, with rich's bar
			for j := 0; j < 6; j++ {
				fmt.Fprintf(&b, "\r\x1b[2K   \x1b[38;2;249;38;114m%s\x1b[0m\x1b[38;5;237m%s\x1b[0m \x1b[32m%d.%d/2.4 MB\x1b[0m \x1b[31m%d.%d MB/s\x1b[0m eta \x1b[36m0:00:%02d\x1b[0m",
					strings.Repeat("━", 7*j), "╺"+strings.Repeat("━", 39-7*j), 2*j/5, 2*j%5*2, 3, i%10, 6-j)
			}
			fmt.Fprintf(&b, "\r\x1b[2K   \x1b[38;2;114;156;31m%s\x1b[0m \x1b[32m2.4/2.4 MB\x1b[0m \x1b[31m3.%d MB/s\x1b[0m eta \x1b[36m0:00:00\x1b[0m\nInstalling collected packages: %s\n", strings.Repeat("━", 40), i%10, name)
		default: // docker pull, a line for each of three layers
			for j := 0; j < 6; j++ {
				up := 3 - j%3
				fmt.Fprintf(&b, "\x1b[%dA\x1b[2K\r%07x%05x: Downloading [%s]  %d.%dMB/45.6MB\r\x1b[%dB", up, i*2654435761%0xFFFFFFF, j%3, bar(50, 8*j+i%3, "=", ">", " "), 7*j, i%10, up)
			}
			fmt.Fprintf(&b, "Digest: sha256:%016x\nStatus: Downloaded newer image for %s:latest\n", uint64(i)*0x9E3779B97F4A7C15, name)
		}
	}
	s := b.String()
	return s[:strings.LastIndexByte(s[:n], '\n')+1]
}

// redraw is a full-screen program's output, as top and vim write it,
// frame after frame. A frame hides the cursor and puts it at each row
// (ESC [ r;c H) or homes it and clears the screen; a row is fields
// between xterm's sgr0 (ESC ( B ESC [ m), the default colours, bold and
// the 256 colours, ended by an erase (ESC [ K); a status line is saved
// and restored around (ESC 7, ESC 8); boxes are drawn in the DEC special
// graphics charset (ESC ( 0 ... ESC ( B); the keypad and the cursor are
// set at the end. The values come from a PRNG, so no two rows are alike,
// and the sequences stand as densely as a screen's redraw sets them.
func redraw(n int) string {
	r := rand.New(rand.NewPCG(7, 8))
	words := []string{"func", "return", "if", "err", "nil", "main", "fmt", "Println", "ctx", "for", "range", "buf", "len"}
	procs := []string{"systemd", "kthreadd", "sshd", "bash", "top", "vim", "containerd", "dockerd", "node", "go"}
	var b strings.Builder
	for frame := 0; b.Len() < n; frame++ {
		b.WriteString("\x1b[?25l")
		if frame%2 == 0 { // top
			b.WriteString("\x1b[?1h\x1b=\x1b[H")
			fmt.Fprintf(&b, "\x1b(B\x1b[mtop - 12:%02d:%02d up %d min,  load average: %d.%02d\x1b(B\x1b[m\x1b[39;49m\x1b[K\r\n", r.IntN(60), r.IntN(60), r.IntN(600), r.IntN(4), r.IntN(100))
			b.WriteString("Tasks:")
			for _, f := range []string{"total", "running", "sleeping", "stopped", "zombie"} {
				fmt.Fprintf(&b, "\x1b(B\x1b[m\x1b[39;49m\x1b[1m %3d \x1b(B\x1b[m\x1b[39;49m%s,", r.IntN(300), f)
			}
			b.WriteString("\x1b[K\r\n\x1b[K\r\n\x1b[7m  PID USER      PR  NI    VIRT    RES S  %CPU COMMAND \x1b(B\x1b[m\x1b[39;49m\x1b[K\r\n")
			for row := 0; row < 18; row++ {
				fmt.Fprintf(&b, "\x1b(B\x1b[m%5d root      20   0 %7d %6d %c %5d.%d %-10s\x1b(B\x1b[m\x1b[39;49m\x1b[K\r\n",
					1+r.IntN(40000), r.IntN(9000000), r.IntN(900000), "SRI"[r.IntN(3)], r.IntN(100), r.IntN(10), procs[r.IntN(len(procs))])
			}
		} else { // vim
			for row := 1; row < 23; row++ {
				fmt.Fprintf(&b, "\x1b[%d;1H", row)
				switch r.IntN(4) {
				case 0:
					fmt.Fprintf(&b, "\x1b[94m~\x1b[m\x1b[K")
				case 1:
					fmt.Fprintf(&b, "\x1b(0lqq%sk\x1b(B \x1b[38;5;%dm%s\x1b[m", strings.Repeat("q", r.IntN(8)), 16+r.IntN(216), words[r.IntN(len(words))])
				default:
					for k := r.IntN(6); k >= 0; k-- {
						fmt.Fprintf(&b, "\x1b[38;5;%dm%s\x1b[m %s(", 16+r.IntN(216), words[r.IntN(len(words))], words[r.IntN(len(words))])
					}
					b.WriteString("\x1b[K")
				}
			}
			fmt.Fprintf(&b, "\x1b7\x1b[24;1H\x1b[7m\"main.go\" %dL, %dB\x1b[27m\x1b[K\x1b8", r.IntN(900), r.IntN(90000))
		}
		fmt.Fprintf(&b, "\x1b[%d;%dH\x1b[?25h", 1+r.IntN(24), 1+r.IntN(80))
	}
	return b.String()[:n]
}

// picture is a picture drawn in colours in the terminal, as image viewers
// (chafa, timg, viu) write one: each cell of a row an upper half block
// (U+2580) whose foreground is the colour of the pixel above and whose
// background that of the pixel below, each set in direct colour by an
// SGR of its own, 80 cells to a row and each row ended by a reset. The
// pixels are smooth shades with a PRNG's grain, so that a colour's values
// take one, two or three digits, as a photograph's do.
func picture(n int) string {
	r := rand.New(rand.NewPCG(9, 10))
	shade := func(x, y, channel int) int {
		v := (x*3+y*2+channel*85)%256 + r.IntN(17) - 8
		return min(max(v, 0), 255)
	}
	var b strings.Builder
	for row := 0; b.Len() < n; row++ {
		for x := range 80 {
			for half, intro := range []int{38, 48} {
				y := 2*row + half
				fmt.Fprintf(&b, "\x1b[%d;2;%d;%d;%dm", intro, shade(x, y, 0), shade(x, y, 1), shade(x, y, 2))
			}
			b.WriteString("\u2580")
		}
		b.WriteString("\x1b[0m\n")
	}
	s := b.String()
	return s[:strings.LastIndexByte(s[:n], '\n')+1]
}

// attack is attack-dense text: every line carries an overwrite, a bidi
// control, hidden tags, a lookalike or a terminal sequence. It is valid
// UTF-8, so utf8.ValidString scans all of it.
func attack(n int) string {
	return repeatLines(n, attackLines...)
}

// attackLines are the lines of attack, in its order.
var attackLines = []string{
	"echo ok\rrm -rf ~ \x1b[2K\x1b[1G",
	"cat invoice\u202efdp.exe \u2066x\u2069",
	"su\u200bdo rm\u00a0-rf / \ufeffls",
	"ok\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065 x\U000E0100\U000E0101\ufe01",
	"git clone https://github.com/\u0430pple/x \ue000 \ufdd0",
	"\x1b]0;title\x07\x1b]52;c;Zm9v\x07 a\u0085b\x7f",
	"echo evil #\b\b\b\b\b\bgood \x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\",
}

// latin1Text is text in ISO 8859-1, as legacy programs and files still
// write it: each accented letter is one byte above 0x7F, which UTF-8
// reads as a byte that no valid UTF-8 holds, or a lead byte that the
// ASCII after it cuts short, a U+FFFD each between runs of ASCII.
func latin1Text(n int) string {
	lines := []string{
		"Le fichier « notes.txt » a été modifié à 14 h 05 ; voulez-vous l'enregistrer ?",
		"Größe der Datei in Bytes anzeigen: naïve Café-Einträge, Übersicht über alle Änderungen.",
		"¿Quién escribió este código? Ñandú, pingüino y acción están en la lista de tareas.",
		"Configuração concluída: três serviços iniciados, nenhuma exceção registrada às 09:41.",
		"Släppt version 2.3: färre fel, snabbare sökning och bättre stöd för å, ä och ö.",
	}
	for i, l := range lines {
		b := make([]byte, 0, len(l))
		for _, r := range l {
			b = append(b, byte(r)) // every rune here is below U+0100
		}
		lines[i] = string(b)
	}
	return repeatLines(n, lines...)
}

// invalidFlood is n bytes that no valid UTF-8 holds, in random order
// (stray continuation bytes A0-BF, the overlong leads C0 and C1, F5-FF):
// binary padding and corrupt text, which a stream replaces with U+FFFD
// byte by byte.
func invalidFlood(n int) string {
	var never []byte
	for b := 0xA0; b <= 0xFF; b++ {
		if b <= 0xC1 || b >= 0xF5 {
			never = append(never, byte(b))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	b := make([]byte, n)
	for i := range b {
		b[i] = never[r.IntN(len(never))]
	}
	return string(b)
}

// ttyLogs concatenates the real terminal recordings of term's tests.
func ttyLogs(root string) (string, error) {
	files, err := filepath.Glob(filepath.Join(root, "term", "testdata", "ttylogs", "*.log"))
	if err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", fmt.Errorf("no tty logs under %s", root)
	}
	sort.Strings(files)
	var b bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		b.Write(data)
	}
	return b.String(), nil
}

// The adversarial shapes, each filled to exactly n bytes.
var shapes = []struct {
	name string
	make func(n int) string
}{
	{"osc-unterminated", func(n int) string { return "\x1b]0;" + strings.Repeat("A", n-4) }},
	{"csi-params", func(n int) string {
		return "\x1b[" + strings.Repeat("1;", (n-3)/2) + strings.Repeat("1", (n-3)%2) + "m"
	}},
	{"esc-flood", func(n int) string { return strings.Repeat("\x1b", n) }},
	{"random-bytes", func(n int) string {
		r := rand.New(rand.NewPCG(3, 4))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return string(b)
	}},
	{"combining-marks", func(n int) string { return "a" + strings.Repeat("\u0301", (n-1)/2) + strings.Repeat("b", (n-1)%2) }},
	{"long-token", func(n int) string {
		// Latin letters with a Cyrillic lookalike every 64 bytes: one
		// mixed-script token as long as the input.
		unit := strings.Repeat("abcdefghijklmnopqrstuvwxyz", 3)[:62] + "\u0430"
		return (strings.Repeat(unit, n/len(unit)+1))[:n-n%len(unit)] + strings.Repeat("x", n%len(unit))
	}},
}

// floods are adversarial inputs of 1 MiB only: a sequence, control or
// code point that a tool must drop, count or escape one at a time, where
// the cost of each shows, and two headers that a sequence must read to
// the end. shapes holds the inputs whose scaling is measured.
var floods = []struct {
	name string
	make func(n int) string
}{
	{"csi-cut-flood", unitFlood("\x1b[")},        // each CSI cut short by the next ESC
	{"c1-csi-flood", unitFlood("\xc2\x9b1m")},    // SGRs introduced by C1, in UTF-8
	{"osc-title-flood", unitFlood("\x1b]0;a\a")}, // window titles
	{"cr-flood", unitFlood("\r")},                // progress redraws with nothing between
	{"overstrike-flood", unitFlood("_\bx")},      // man-page underline
	{"tab-flood", unitFlood("\t")},               // indentation with nothing to indent
	{"zwsp-flood", unitFlood("\u200b")},          // hidden text
	{"tag-flood", unitFlood("\U000E0041")},       // smuggled instructions
	{"invalid-flood", invalidFlood},              // binary padding, corrupt text
	{"sequence-controls", sequenceControls},      // sequences that hold controls, or that CAN cuts short
	{"csi-intermediates", func(n int) string { return "\x1b[1" + strings.Repeat("!", n-4) + "m" }},
	{"csi-ignored", func(n int) string {
		return "\x1b[1?" + strings.Repeat("0;", (n-5)/2) + strings.Repeat("?", (n-5)%2) + "m"
	}},
}

// sequenceControls is escape sequences, CSIs and control strings that
// hold controls, each a unit picked by a PRNG: the parser executes a
// control inside an escape sequence or a CSI's header and the sequence
// goes on, takes one inside a control string as payload, and ends any of
// them at CAN or SUB. A tool that reads a sequence only up to a control
// leaves each of these to a slower path.
func sequenceControls(n int) string {
	units := []string{"\x1b\b=", "\x1b\a7", "\x1b(\x0eB", "\x1b[2\aJ", "\x1b[?\x0025l", "\x1b[1;\b2H", "\x1b[12\x18",
		"\x1b\x1a", "\x1b]0;a\bb\a", "\x1b]2;\x01\x1b\\", "\x1b_x\ay\x1b\\", "\x1b \x7fF", "ab", " "}
	r := rand.New(rand.NewPCG(9, 10))
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(units[r.IntN(len(units))])
	}
	return b.String()[:n]
}

// unitFlood returns the maker of an input that repeats unit, padded with
// 'x' to exactly n bytes.
func unitFlood(unit string) func(n int) string {
	return func(n int) string {
		return strings.Repeat(unit, n/len(unit)) + strings.Repeat("x", n%len(unit))
	}
}

// adversarialSizes are the sizes of each adversarial shape; the quick run
// takes the first only.
var adversarialSizes = []int{1 * mib, 4 * mib, 16 * mib}

// makeInputs lists every input, not yet loaded. root is the repository
// root, for the tty logs.
func makeInputs(root string, quick bool) ([]*input, error) {
	tty, err := ttyLogs(root)
	if err != nil {
		return nil, err
	}
	ins := []*input{
		{name: "commands-64K", group: "clean", gen: func() string { return commands(64 * kib) }},
		{name: "commands-1M", group: "clean", gen: func() string { return commands(mib) }},
		{name: "prose-1M", group: "clean", gen: func() string { return prose(mib) }},
		{name: "build-log-1M", group: "ordinary", gen: func() string { return buildLog(mib) }},
		{name: "script-log-1M", group: "ordinary", gen: func() string { return scriptLog(mib) }},
		{name: "tty-logs", group: "ordinary", gen: func() string { return tty }},
		{name: "gcc-log-1M", group: "ordinary", gen: func() string { return gccLog(mib) }},
		{name: "emoji-1M", group: "ordinary", gen: func() string { return emojiChat(mib) }},
		{name: "emoji-crlf-1M", group: "ordinary", gen: func() string { return windowsLines(emojiChat(mib), mib) }},
		{name: "commands-crlf-1M", group: "ordinary", gen: func() string { return windowsLines(commands(mib), mib) }},
		{name: "progress-1M", group: "ordinary", gen: func() string { return progressLog(mib) }},
		{name: "attack-1M", group: "ordinary", gen: func() string { return attack(mib) }},
		{name: "redraw-1M", group: "ordinary", gen: func() string { return redraw(mib) }},
		{name: "picture-1M", group: "ordinary", gen: func() string { return picture(mib) }},
		{name: "latin1-1M", group: "ordinary", gen: func() string { return latin1Text(mib) }},
	}
	sizes := adversarialSizes
	if quick {
		sizes = sizes[:1]
	}
	for _, sh := range shapes {
		for _, n := range sizes {
			ins = append(ins, &input{name: fmt.Sprintf("%s-%dM", sh.name, n/mib), group: "adversarial",
				shape: sh.name, size: n, gen: func() string { return sh.make(n) }})
		}
	}
	for _, f := range floods {
		ins = append(ins, &input{name: f.name + "-1M", group: "adversarial", size: mib,
			gen: func() string { return f.make(mib) }})
	}
	return ins, nil
}

// oneInput returns the named input, loaded.
func oneInput(root, name string) (*input, error) {
	ins, err := makeInputs(root, false)
	if err != nil {
		return nil, err
	}
	for _, in := range ins {
		if in.name == name {
			in.load()
			return in, nil
		}
	}
	return nil, fmt.Errorf("no input %q", name)
}
