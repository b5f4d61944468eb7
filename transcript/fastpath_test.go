package transcript_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
	"github.com/plainsight-dev/plainsight/transcript"
	"golang.org/x/text/transform"
)

// checkFastPaths checks that Clean, with its fast paths, writes and
// counts what the parser alone does.
func checkFastPaths(t *testing.T, data []byte, opts transcript.Options) {
	t.Helper()
	text, rep := transcript.Clean(data, opts)
	want, wantRep := transcript.CleanParserOnly(data, opts)
	if diff := cmp.Diff(want, text); diff != "" {
		t.Fatalf("text of %+q mismatch (-parser only +Clean):\n%s", data, diff)
	}
	if diff := cmp.Diff(wantRep, rep); diff != "" {
		t.Fatalf("report of %+q mismatch (-parser only +Clean):\n%s", data, diff)
	}
}

// TestFastPathsAgree runs the clean tests' inputs, broken UTF-8 of every
// kind between text, and random bytes through both.
func TestFastPathsAgree(t *testing.T) {
	var ins []string
	for _, tt := range cleanTests {
		ins = append(ins, tt.in)
	}
	for _, b := range []string{"\x80", "\x9b", "\xa0", "\xbf", "\xc0", "\xc1", "\xc2", "\xe2", "\xe2\x82", "\xed\xa0", "\xf0\x9f", "\xf4\x90", "\xf5", "\xff"} {
		for _, next := range []string{"a", "\x80", "\xa0", "\x9b1m", "\xe2\x82\xac", "\x1b[1m", "\n", "\u200b"} {
			ins = append(ins, "x"+b+next+"y\n", b+b+next, strings.Repeat(b+next, 3))
		}
	}
	for _, str := range []string{"\x1b]0;title\a", "\x1b]2;t\x1b\\", "\x1b]8;;http://x.example/a?b=c\x1b\\",
		"\x1b]52;c;Zm9vYmFy\a", "\x1b]1337;File=x\a", "\x1b]\a", "\x1b]12345678901234567890;x\a", "\x1bXsos\a\x1b\\",
		"\x1b^pm\x1b\\", "\x1b_apc payload longer than eight\x1b\\", "\x1b]0;caf\u00e9\a", "\x1b]0;t\x7f\a", "\x1b]2;\x7f\x01\a", "\x1b_\a\x01x\x1b\\", "\x1bX\n\t\r\x1b\\", "\x1b]0;a\x18b", "\x1b]0;\x1ab\a", "\x1b]8;;\x00\x1b\\", "\x1b]8;;x\xc2\x9c", "\x1b]0;123456\xc2\x9c", "\x1b_x\x9c", "\x1b]0;\xe2\x82\x1b\\", "\x1b]2;\u00e9\x01\u4e2d\a", "\x1b]0;t\x1bx", "\x1b]0;t\x9c",
		"\x1b\x01\x1b\x1b\x1b", "\x1bP1\x1b\x1bx", "\x1b]0;t\x1b\x07\x1b\x1b", "\x1b(B", "\x1b(0", "\x1b=", "\x1b>", "\x1b#8", "\x1b(\x7f", "\x1b((B", "\x1b( B", "\x1b(\u00e9",
		// ESC floods after a sequence that an ESC aborts: the parser holds
		// a bare ESC that the next ESC aborts in turn.
		"\x1b[1;2\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b", "\x1b]0;t\x1b\x1b\x1b\x1b", "\x1b(\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b",
		"\x1b\a\x1b\x1b\x1b", "\x9b1\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b\x1b", "\xc2\x9d0;t\x1b\x1b\x1b\x1b\x1b[1m",
		// CSIs cut short by the ESC of the next, and CSIs in C1.
		"\x1b[\x1b[\x1b[\x1b[", "\x1b[1;2\x1b[?25\x1b[3m", "\x1b[12345\x1b[", "\x1b[?\x1b[<1;2\x1b]0;t\a",
		"\x9b1m\x9b?25h\x9b12345m\x9b1\x1b[", "\xc2\x9b1m\xc2\x9b31;1m\xc2\x9b>1c\xc2\x9b1$p\xc2\x9b", "\x9b1m\xc2\x9b2m\xc2\xa9\x9b3m\xc2",
		// CSIs with no parameters, or C1 ones with one digit, in a row
		// and cut short.
		"\x1b[K\x1b[H\x1b[m\x1b[J\x1b[\x1b[@\x1b[~", "\x1b[\x7f\x1b[\x1b[m", "\x9b1m\x9b7@\xc2\x9b9~\x9b1\x1b[m\x9b2;\x9b3\x7f\xc2\x9b4\x9b5?", "\x9b3\x7fmx\x9b:m\xc2\x9b:4m",
		// A screen's redraw: escape sequences back to back and between
		// words, with CSIs, strings and line controls among them.
		"\x1b7\x1b8\x1b=\x1bM\x1b(B\x1bc\x1b#8\x1b>", "\x1b7ab\x1b[2Kcd\x1b8\r\x1b=x\x1b(0q\x1b(B", "\x1b=\x1b]0;t\a\x1b>\x1b]2;u\x1b\\\x1bD",
		"\x1bMx\x1b\x1b\x1bE\n\x1b7\u00e9\x1b8\x1b[1mz", "\x1b(B\x1b)0\x0e\x1b7\x0f\x1b\x01\x1b8",
		// Sequences that hold controls the parser executes, and DEL,
		// which it ignores there, or that CAN, SUB or ESC cuts short;
		// and with a CR pending, which a BS settles.
		"\x1b\b=", "\x1b\a7", "\x1b(\x0eB", "\x1b \x7fF", "\x1b\x00\x01(\x02\x7f0", "\x1b\b\x1b\b", "\x1b\x1a\x1b(\x18", "\x1b\b[1;2m",
		"\x1b[2\aJ", "\x1b[?\x0025l", "\x1b[1;\b2H", "\x1b[12\x18", "\x1b[\b\x1b[\x01", "\x1b[1\x7f;2\x1fm", "\x1b[1;2;3;\a4;5;6m", "\x1b[1;2\a\a\a\am", "\x1b(\a\a\a\a\a\a\aB", "\x1b[12\a345m",
		"\x1b[1\r2m", "\x1b\n=", "\x1b[\t1J", "\x1b(\b]", "\x1b\b]0;t\a", "\x1b\bP1\x1b\\", "\x1b[1:\a2m", "x\r\x1b\b=y", "x\r\x1b[\b1Jy"} {
		// After an SGR and between two, where colourRun reads it.
		ins = append(ins, "a"+str+"b\n", str+str, str[:len(str)-1], "\x1b[1m"+str+"\x1b[m"+str+"x\n", "\x1b[31mx"+str[:len(str)-1])
	}
	// Floods of one CSI, cut short or introduced by C1, longer than a
	// block of RepeatEnd's, broken by another CSI, an SGR or text.
	for _, unit := range []string{"\x1b[", "\x1b[1", "\x1b[12", "\x1b[1234", "\xc2\x9b1m", "\x9b1m", "\x9b12;3H", "\xc2\x9b?25h", "\x9b1;2;3;45H"} {
		for _, n := range []int{4, 5, 40, 150} {
			flood := strings.Repeat(unit, n)
			ins = append(ins, flood+"x", flood+"m"+flood, flood+"\x1b[13"+flood+"\x1b[1m", "a"+flood+unit[:len(unit)-1]+"\n")
		}
	}
	// Floods of one title, broken by another or one cut short.
	for _, unit := range []string{"\x1b]0;a\a", "\x1b]2;title\a", "\x1b]8;\a"} {
		for _, n := range []int{3, 40, 150} {
			flood := strings.Repeat(unit, n)
			ins = append(ins, flood+"x", flood+"\x1b]0;b\a"+flood, flood+unit[:len(unit)-1]+flood)
		}
	}
	// Runs of bytes that no valid UTF-8 holds, of every length around a
	// word, a block of InvalidBlocks, the prepared buffer (682 U+FFFD)
	// and a batch, between text and next to lead bytes.
	for _, unit := range []string{"\xff", "\xa0", "\xbf", "\xc0\xc1", "\xf5\xfe", "\xa5\xff\xc1"} {
		for _, n := range []int{1, 7, 8, 9, 16, 17, 31, 32, 33, 40, 63, 64, 65, 85, 86, 200, 681, 682, 683, 700, 1400, 5000} {
			run := strings.Repeat(unit, n)
			ins = append(ins, run, "ab"+run+"cd\n", "\xe2"+run, run+"\xe2\x82", run+"\x80\x9b1m", "x\xc3"+run, "\r"+run+"\b")
		}
	}
	// Every character, whole or cut short, at each offset around the
	// end of a batch of output: groundRun writes up to nine bytes for
	// one (three U+FFFD for the cut prefix of a four-byte character).
	for _, ch := range []string{"\xf0\x90\x80", "\xf0\x9f\x98\x80", "\xe2\x82", "\xe2\x82\xac", "\xee\x80\x80", "\xc3\xa9", "\xc2\x85", "\xff"} {
		for pad := range 3 {
			for n := 220; n <= 256; n++ {
				ins = append(ins, "\x01"+strings.Repeat("\xff", pad)+strings.Repeat("a", n)+ch+"x\n")
			}
		}
	}
	// Colour logs: text and CSIs in a row within a line and across lines
	// that start with a sequence, ended by every kind of byte, and cut
	// short anywhere.
	for _, line := range []string{
		"\x1b[32mINFO\x1b[0m 12:00:01 \x1b[1mservice-3\x1b[0m: done in \x1b[36m5ms\x1b[0m\n\x1b[33mWARN\x1b[0m x\n",
		"\x1b[1;31mFAIL\x1b[0m caf\u00e9 \u200b\x1b[K\r\x1b[2Kdone\x1b[0m\tx\x1b[?25l\n",
		"\x1b[7m\xe2\x82\x1b[0m\xff\x1b[1m\x9b1m\x1b[38;5;244mx\x1b(B\x1b]0;t\a\n\n\x1b[m",
		"\x1b[9mx\x1b[10my\x1b[99m\x1b[0;m\x1b[00m\x1b[1\x1b[2J\x1b[3:m\x1b[4;m\x1b[5Am\x1b[6\x7fm\x1b[12n\x1b[24~\x1b[5n\x1b[12\x7f\x1b[3\xc3\xa9m\x1b[7\n",
		"\x1b[0m\n\x1b[0m\n\x1b\x1b[1m\n\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;22;23;24;25;26;27;28;29;30;31;32;33mx\n",
	} {
		for cut := range len(line) + 1 {
			ins = append(ins, line[:cut], "a"+line[cut:])
		}
	}
	// Runs of CRs, of empty lines, of tabs and of overstrike (x BS x), of
	// every length around a word, after text and before text, a line end
	// or a sequence: mode 19's output and line limits cut the longer ones.
	for _, n := range []int{1, 2, 3, 7, 8, 9, 10, 16, 17, 64, 65, 66, 130} {
		crs, lfs, tabs := strings.Repeat("\r", n), strings.Repeat("\n", n), strings.Repeat("\t", n)
		ins = append(ins, crs, "ab"+crs+"cd\n", "ab"+crs+"\n", crs+"\x1b[1m\r\n", "x\r\a"+crs+"\t",
			lfs, "ab\n"+lfs+"cd", lfs+"\r"+lfs+"x", "\x1b[1m"+lfs+crs+"\xff",
			tabs, "ab"+tabs+"cd\n", "\u200b"+tabs+"\r"+tabs+"\xff\b", "\x1b[1m"+tabs+"\x1b[m"+tabs,
			"\u00e9"+tabs+"x"+tabs+"\x01\x7f"+tabs+"\u200b"+tabs+"\n", "abc\r"+tabs+"d\r"+tabs+"\n", tabs+"\nab\rc\n", tabs+"\b"+tabs+"\x9b1m"+tabs,
			strings.Repeat("_\bx", n)+"\r\b\n", "ab\r"+strings.Repeat("\b", n)+"\u200b\b", strings.Repeat("\xe2\x82\xac\b", n)+"\r")
	}
	// Control strings with payloads of every length around a word, in a
	// row, ended in each way a string ends or is left to the parser, and
	// a string's introducer after one without its ESC.
	for n := range 20 {
		for _, intro := range []string{"\x1b]0;", "\x1b]1;", "\x1b]2;", "\x1b]3;", "\x1b]0", "\x1b]02;", "\x1b]", "\x1b_", "\x1bX"} {
			for _, end := range []string{"\a", "\x1b\\", "\x1bx", "\x01", "\n\a", "\xc3\xa9\a", "\x9c"} {
				str := intro + strings.Repeat("t", n) + end
				ins = append(ins, "a"+str+str+str+"b", str+"x"+str[1:]+str)
			}
		}
	}
	// Control strings that C1 opens, raw and in UTF-8, with payloads of
	// every length around a word, in a row, ended in each way a string
	// ends, by the next string's introducer, or not at all, with
	// characters in the payload whose continuation bytes are C1 bytes; DCSs
	// with headers that end at once, after controls, parameters or an
	// intermediate, or that a payload's first byte makes malformed.
	for n := range 12 {
		for _, intro := range []string{"\x9d0;", "\x9d8;;", "\x9d52;", "\xc2\x9d2;", "\x9d", "\x98", "\x9e", "\x9f", "\xc2\x9f",
			"\x90", "\x90q", "\xc2\x90q", "\x90\x05q", "\x90\x7f", "\x90\xc2\xa0", "\x901;2q", "\x90 q", "\x90?"} {
			for _, end := range []string{"\a", "\x1b\\", "\x1bx", "\x9c", "\xc2\x9c", "\x18", "\x85", "\xc2\x85", "\x9d", "\xc2\x9b1m", "\xe2\x82\x9c\x9c", "\xf0\x9f\x98\x80\a\x1a", "\xc2"} {
				str := intro + strings.Repeat("\xc3\xa9t\x01"[:n%5], n/4+1) + end
				ins = append(ins, "a"+str+str+str+"b", str+"x"+str[1:]+str, "\xff"+str+"\n"+str)
			}
		}
	}
	// CSIs cut short by the ESC of the next, with parameters of every
	// length around simpleHeader's limit of 4 digits, in a row, before
	// each kind of sequence, text and the end of the input.
	for n := range 7 {
		cut := "\x1b[" + "123456"[:n]
		for _, next := range []string{"\x1b[", "\x1b[1;2", "\x1b[1m", "\x1b[K", "\x1b]0;t\a", "\x1b(B", "\x1b\x1b", "x", ""} {
			ins = append(ins, cut+next, "a"+cut+cut+next+cut+"b", cut+"\x1b["+cut+next+next)
		}
	}
	// A ZWNJ between joining letters, which the word-at-a-time test
	// passes, then parted from the letter after it: by BS erasing that
	// letter (modes 3 and 19), before text, a line end, an unassigned
	// emoji or the end of the input; or by a long line's cut (mode 19's
	// MaxLine of 16) right before the ZWNJ, or right after it and at
	// each byte around it.
	zwnjWord := "\u0641\u0627\u06cc\u0644\u0628\u0645\u06cc\u06cc\u0645\u06cc\u200c\u0644"
	for _, after := range []string{"", "x", "\n", "x\n", "\u0627\n", "\U0001F2FF"} {
		ins = append(ins, zwnjWord+"0123\b\b\b\b\b"+after)
	}
	ins = append(ins, "\u0641\u0627\u06cc\u0644\u20270\u0645\u06cc\u200c\u06440\U0001F2FF")
	for pad := range 24 {
		// The word-at-a-time test reads a ZWNJ past a run's first
		// sixteen bytes: the cuts at 16 and 32 fall at each byte
		// around it.
		ins = append(ins, strings.Repeat("0", pad)+"\u0641\u0627\u06cc\u0644\u0645\u06cc\u0641\u0627\u06cc\u0644\u0645\u06cc\u200c\u0644\u0627 \U0001F2FF")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		in := make([]byte, r.IntN(200))
		for i := range in {
			in[i] = byte(r.Uint32())
		}
		ins = append(ins, string(in))
	}
	for _, in := range ins {
		for _, mode := range []uint8{0, 3, 4, 8, 19} {
			checkFastPaths(t, []byte(in), fuzzOptions(mode))
		}
	}
}

// TestFastPathsScriptsAmongEscapes runs lines of scripts other than Latin
// after lines that do not pass (escapes, colours), which the vector loop
// reads from the line's start: with the characters the Unicode pass
// escapes or judges by their neighbours (bidi and zero-width controls,
// joiners, variation selectors, a tag flag), colours, CR, BS, invalid and
// cut bytes among them, about half of a block above ASCII or more, in
// colour logs, and after each number of lines that do not pass.
func TestFastPathsScriptsAmongEscapes(t *testing.T) {
	hostile := []string{"a\x1b[1mb\n", "ok\u202ex\n", "\x1b]0;t\a\u200bz\n"}
	scripts := []string{
		"这是一个用于测试的中文句子，包含标点符号和一些常见的汉字。",
		"Это предложение на русском языке для проверки обработки.",
		"\u0641\u0627\u06cc\u0644\u200c\u0647\u0627 \u0645\u06cc\u200c\u0634\u0648\u0646\u062f \u0641\u0627\u06cc\u0644",
		"日本語の文章\u200bです。\u202e右から左へ\u202c、終わり。日本語の文章です。",
		"\U0001F469\u200d\U0001F4BB \u2764\ufe0f \U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F 漢字\ufe00 中文中文中文",
		"中文\x1b[31m红色\x1b[0m中文\r中文\b中\xe4\xb8文\xff中文中文中文中文中文中文中文中文",
		"ab中文cd中文ef中文gh中文ij中文kl中文mn中文op中文qr中文st中文uv中文",
		// A colour log in these scripts: colourRun hands the text to the
		// vector loop.
		"\x1b[32m信息\x1b[0m 服务3：请求已处理\u200b，耗时 \x1b[36m12毫秒\x1b[0m；Запрос обработан успешно",
		"\x1b[1;31mОШИБКА\x1b[0m 服务：请求\r已处理\b，耗时\x1b[2K\x1b[36m毫秒\x1b]0;t\a\x1b[0m；\u202eЗапрос обработан успешно\xe4\xb8",
	}
	for lines := range 12 {
		var before strings.Builder
		for i := range lines {
			before.WriteString(hostile[i%len(hostile)])
		}
		for _, line := range scripts {
			in := before.String() + line + "\n" + line + "\n" + line
			for _, mode := range []uint8{0, 3, 4, 8, 19} {
				checkFastPaths(t, []byte(in), fuzzOptions(mode))
			}
		}
	}
}

// TestFastPathsEmojiSequencesAmongEscapes runs emoji ZWJ sequences with
// what the output drops or changes beside them (an SGR, an erase, CR, BS,
// a tab, a C1 control, an invalid byte) and a ZWJ beyond it, which joins
// the sequence once the text between is gone: in lines of words, after
// a run of box-drawing characters in a colour log (which colourRun reads
// on with plainWords), and at a line's end, under every option that
// changes what a CR, a BS or a line's length does. The fast paths must
// judge each sequence in the text the Unicode pass reads.
func TestFastPathsEmojiSequencesAmongEscapes(t *testing.T) {
	seqs := []string{"\U0001F468\u200d\U0001F52C", "\U0001F469\U0001F3FE\u200d\U0001F4BB", "\u2764\ufe0f\u200d\U0001F525", "\U0001F3F3\ufe0f\u200d\U0001F308"}
	between := []string{"", "\x1b[0m", "\x1b[2K", "\r", "\b", "\t", "\u0085", "\xff", "\x1b[38;2;1;2;3m"}
	bar := strings.Repeat("\u2501", 20)
	for _, seq := range seqs {
		for _, mid := range between {
			for _, in := range []string{
				"ok " + seq + mid + "\u200d\U0001F680 ok\n",
				"ok \U0001F9D1\u200d" + mid + seq + " ok\n",
				"\x1b[1m" + bar + seq + mid + "\u200d\U0001F680" + bar + "\x1b[0m\n",
				"\x1b[1m" + bar + "xyz\U0001F9D1\u200d" + mid + seq + bar + "\x1b[0m\n",
				"\x1b[32m" + bar + "\x1b[0m " + seq + mid + "\n\u200d" + seq + "\n",
			} {
				in = strings.Repeat(in, 3)
				for mode := range uint8(32) {
					checkFastPaths(t, []byte(in), fuzzOptions(mode))
				}
			}
		}
	}
}

// TestFastPathsAgreeOnShortLimits runs floods of titles and of CSIs cut
// short, each a few bytes long, with every MaxString around their
// lengths: a sequence longer than the limit is counted over it.
func TestFastPathsAgreeOnShortLimits(t *testing.T) {
	for _, unit := range []string{"\x1b]0;\a", "\x1b]0;t\a", "\x1b]2;title\a", "\x1b]1;12345678\a", "\x1b[", "\x1b[1", "\x1b[1234",
		"\x9d0;t\a", "\x98sos\x9c", "\xc2\x9e1234567\xc2\x9c", "\x9fapc\x85", "\x90q1234\x9c", "\x90\xc3\xa9\x9c", "\xc2\x90\x9c"} {
		for _, in := range []string{strings.Repeat(unit, 5), "\x1b]0;t\a" + strings.Repeat(unit, 3) + "\x1b[\x1b[1\x1b[1m"} {
			for max := 1; max <= 12; max++ {
				checkFastPaths(t, []byte(in), transcript.Options{Limits: transcript.Limits{MaxString: max}})
			}
		}
	}
}

// TestFastPathsAcrossBatches runs sequences that hold controls or that
// the next ESC cuts short, one after another, through a Cleaner as a
// Transformer, which hands its input to step in batches: a batch that
// ends inside one leaves it to the parser, and the next batch's ESC
// aborts it.
func TestFastPathsAcrossBatches(t *testing.T) {
	for _, unit := range []string{"\x1b\b", "\x1b\a\x1b\x01", "\x1b\x1b\b", "\x1b\n", "\x1b\b\b\b", "\x1b[\b", "\x1b\x7f", "\x1b\bx", "\x1b\r", "\x1b[1\a2", "\x1b(\b", "\x1bP1\x01", "\x1b]0;t", "\x1b\xc2", "\x1b[\xe2\x82"} {
		in := strings.Repeat(unit, 50000/len(unit)) + "x\n"
		for _, mode := range []uint8{0, 3} {
			opts := fuzzOptions(mode)
			opts.Limits.MaxOutput = -1
			c := transcript.NewCleaner(opts)
			text, _, err := transform.String(c, in)
			if err != nil {
				t.Fatal(err)
			}
			want, wantRep := transcript.CleanParserOnly([]byte(in), opts)
			if text != want {
				t.Fatalf("%+q repeated, mode %d: text differs from the parser's", unit, mode)
			}
			if diff := cmp.Diff(wantRep, c.Report()); diff != "" {
				t.Fatalf("%+q repeated, mode %d: report mismatch (-parser only +Transform):\n%s", unit, mode, diff)
			}
		}
	}
}

// TestFastPathsTerminfo runs xterm's sgr0 and terminfo's orig_pair, which
// the fast paths compare whole, and sequences that differ from them in a
// byte: at the start, after an SGR and its text (colourRun), in a row and
// cut short at the end, with every MaxString around their lengths.
func TestFastPathsTerminfo(t *testing.T) {
	for _, seq := range []string{terminfo.SGR0, terminfo.OrigPair, "\x1b(B\x1b[1m", "\x1b(A\x1b[m", "\x1b[39;49;1m", "\x1b[39;48m"} {
		for _, in := range []string{seq + "x", "\x1b[1mtop" + seq + "x" + seq + seq + "y\n\x1b[m" + seq, "\x1b[31mab" + seq[:len(seq)-1]} {
			for max := 1; max <= 10; max++ {
				checkFastPaths(t, []byte(in), transcript.Options{Limits: transcript.Limits{MaxString: max}})
			}
		}
	}
}

// TestFastPathsCRLFColourLog runs a colour log whose lines end in CR LF,
// as a terminal's output does, with each line that starts with an SGR
// read on after the line before (colourRun), and lines that start with
// text, a CR alone, a CR before CR LF and an erase, under every option
// that changes what a CR, a BS or a line's length does.
func TestFastPathsCRLFColourLog(t *testing.T) {
	in := []byte("\x1b[1mdiff --git a/x b/x\x1b[m\x1b[m\r\n\x1b[36m@@ -1 +1 @@\x1b[m\r\n x\r\n\x1b[31m-old line\x1b[m\r\r\n" +
		"\x1b[32m+new\rline\x1b[m\r\n\x1b[1mok\b\bno\x1b[m\r\n\x1b[K\x1b[1mend\x1b[m\r\n\x1b")
	for mode := range uint8(32) {
		checkFastPaths(t, in, fuzzOptions(mode))
	}
}

// TestFastPathsCRLFLines runs lines that clean-line passing takes, and
// some it does not, ended by LF, CR LF, a CR before CR LF or a CR alone,
// with the parser alone and without, under every option mode, and
// through the Transformer with small buffers: lines of several scripts,
// an emoji ZWJ sequence and a ZWNJ at the line's end, a line that
// Limits.MaxLine cuts, tabs, an escaped character and empty lines. Where
// every line ends in CR LF, the text is the one of the same lines ended
// by LF, and the report differs only in the CR LFs and the bytes read.
func TestFastPathsCRLFLines(t *testing.T) {
	lines := []string{
		"plain words and numbers 12345", "", "\tindented", "caf\u00e9 na\u00efve \u0416\u0416\u0416 \u4e00\u4e01\u4e02",
		"team \U0001F469\U0001F3FE\u200d\U0001F4BB", "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466",
		"ok \u2764\ufe0f", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0645\u06cc\u200c",
		strings.Repeat("long line ", 4), "hidden\u200bspace", "\U0001F600\u200d",
	}
	ends := []string{"\n", "\r\n", "\r\r\n", "\r"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		var mixed, lf, crlf strings.Builder
		for range 1 + rng.IntN(12) {
			line := lines[rng.IntN(len(lines))]
			mixed.WriteString(line + ends[rng.IntN(len(ends))])
			lf.WriteString(line + "\n")
			crlf.WriteString(line + "\r\n")
		}
		for mode := range uint8(32) {
			opts := fuzzOptions(mode)
			for _, in := range []string{mixed.String(), crlf.String()} {
				checkFastPaths(t, []byte(in), opts)
				text, rep := transcript.Clean([]byte(in), opts)
				for _, size := range [][2]int{{1, 3}, {5, 7}, {64, 16}} {
					c := transcript.NewCleaner(opts)
					got, err := transformChunks(c, []byte(in), size[0], size[1])
					if err != nil {
						t.Fatalf("Transform src %d dst %d of %+q: %v", size[0], size[1], in, err)
					}
					if string(got) != text || !cmp.Equal(c.Report(), rep) {
						t.Fatalf("Transform src %d dst %d of %+q = %+q, %+v; Clean = %+q, %+v", size[0], size[1], in, got, c.Report(), text, rep)
					}
				}
			}
			text, rep := transcript.Clean([]byte(crlf.String()), opts)
			wantText, wantRep := transcript.Clean([]byte(lf.String()), opts)
			wantRep.CRLF = int64(strings.Count(crlf.String(), "\r\n"))
			wantRep.BytesIn = int64(crlf.Len())
			if text != wantText {
				t.Fatalf("text of %+q under mode %d = %+q; with LF alone %+q", crlf.String(), mode, text, wantText)
			}
			if diff := cmp.Diff(wantRep, rep); diff != "" {
				t.Fatalf("report of %+q under mode %d (-LF alone +CR LF):\n%s", crlf.String(), mode, diff)
			}
		}
	}
}

// TestFastPathsColourLogPieces runs text put together at random from the
// pieces of colour logs, with the parser alone and without, under every
// option that changes what a CR, a BS, a line's length or a sequence's
// does: SGRs of every shape, CSIs that are no SGR, xterm's sgr0, CR LF,
// BS, tabs, characters above ASCII, and text of every length around a
// word, a line's limit and a whole line.
func TestFastPathsColourLogPieces(t *testing.T) {
	pieces := []string{
		"\x1b[m", "\x1b[0m", "\x1b[1m", "\x1b[32m", "\x1b[1;31m", "\x1b[38;5;244m", "\x1b[39;49m",
		"\x1b[12345m", "\x1b[;m", "\x1b[?25l", "\x1b[K", "\x1b[2J", "\x1b[24;1H", "\x1b[1;2;3;4;5;6m",
		terminfo.SGR0, "\x1b(B", "\x1b[", "\x1b[3", "\x1b",
		"\r\n", "\r", "\n", "\t", "\b", "\a",
		"x", "word", "12:00:01", "handled in 12ms", "caf\u00e9", "\u200b", strings.Repeat("long line ", 3),
		// GCC's colours and quotes, and characters above ASCII in runs
		// around colourLine's bound, of every kind its plainRun reads
		// and some it stops at.
		"\x1b[01;31m\x1b[K", "\x1b[m\x1b[K", "\u2018", "\u2019", "\u2014", "\u4e00\u4e01\u4e02\u4e03\u4e04",
		"\u0416\u0416\u0416\u0416\u0416\u0416\u0416", "\u2764\ufe0f", "\u0645\u06cc\u200c\u062e", "\U0001F600", "\u00ad", "\xe2\x80", "\u0085",
		// Progress bars: redraws after a CR, erases and cursor moves,
		// and bars of box-drawing characters past colourLine's window.
		"\x1b[2K", "\x1b[3A", "\x1b[38;2;249;38;114m", "\r\u280b ", strings.Repeat("\u2501", 8), strings.Repeat("\u2501", 30) + "\u257a",
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1500 {
		var b strings.Builder
		for range 1 + rng.IntN(20) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		for _, mode := range []uint8{0, 1, 2, 16, 17, 18, 19} {
			checkFastPaths(t, []byte(b.String()), fuzzOptions(mode))
		}
	}
}

// FuzzFastPaths checks Clean against the parser alone on any input.
func FuzzFastPaths(f *testing.F) {
	for i, tt := range cleanTests {
		f.Add([]byte(tt.in), uint8(i))
	}
	f.Add([]byte("a\xffb\xe2\x82c\xa0\x9b1md\xf0\x9f\x98"), uint8(0))
	// A run of bytes that no valid UTF-8 holds, past a block of
	// InvalidBlocks, after a CR and before a lead byte.
	f.Add([]byte("ab\r"+strings.Repeat("\xff\xa0\xc1\xf5", 20)+"\xe2\x82x\n"), uint8(3))
	f.Add([]byte("a\x98s\xe2\x82\x9c\x9d0;t\a\x9d8;;u\x9c\x9ep\x85b\xc2\x9f\x1bx\x9d52;c\x1b\\\x9e\xc2"), uint8(3))
	f.Add([]byte(strings.Repeat("\x1b[1", 20)+"m"+strings.Repeat("\x1b[", 12)+"x"), uint8(0))
	f.Add([]byte("\x1b[1mtop\x1b(B\x1b[m\x1b[39;49m x\x1b(B\x1b[m\x1b[K\r\n\x1b[39;49\x1b(B\x1b["), uint8(0))
	f.Add([]byte(strings.Repeat("\u200b", 9)+"\u0301\u0301\u0301\u0301\u0301\x1b[1m"+strings.Repeat("\u00ad", 7)+"\n"), uint8(0))
	// Chat with emoji: presentation selectors, keycaps, a subdivision
	// flag and ZWJ sequences, whole and cut, between lines of words.
	f.Add([]byte("ok \u2764\ufe0f \U0001F44D\U0001F3FD x\n1\ufe0f\u20e3 #\ufe0f \U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F\n"+
		"team \U0001F469\U0001F3FE\u200d\U0001F4BB \U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466 \U0001F3F3\ufe0f\u200d\U0001F308\n\U0001F468\u200d\U0001F469\u200d\n"), uint8(0))
	// ZWJ sequences beside an SGR that the output drops, with a ZWJ
	// beyond it, after a run of box drawing in a colour log.
	f.Add([]byte("\x1b[1m"+strings.Repeat("\u2501", 20)+"\U0001F468\u200d\U0001F52C\x1b[0m\u200d\U0001F680 \U0001F9D1\u200d\x1b[0m\U0001F469\U0001F3FE\u200d\U0001F4BB\n"), uint8(0))
	// Persian words joined across a ZWNJ, and lines that would be clean
	// but for a ZWNJ that does not join (before a mark and a space,
	// before a letter that never joins, after one that joins only on its
	// right) or an unassigned emoji.
	f.Add([]byte("\u0641\u0627\u06cc\u0644\u200c\u0647\u0627 \u0631\u0627 \u0645\u06cc\u200c\u06a9\u0634\u062f \U0001F680\n"+
		"\u0641\u0627\u06cc\u0644 \u0628\u200c\u0301 \u0628\u200c\u0621 x\n\u0641\u0627\u06cc\u0644 \u0627\u200c\u0628 x\n\u0641\u0627\u06cc\u0644 \U0001F2FF x\n"), uint8(0))
	// Lines of another script after lines that do not pass, and a colour
	// log in it: the vector loop reads them from the line's start and
	// from colourRun.
	f.Add([]byte(strings.Repeat("a\x1b[1mb\n", 6)+"这是一个用于测试的中文句子，包含\u200b标点符号和一些常见的汉字。\n"+
		"\x1b[32m信息\x1b[0m 服务3：请求已处理\u200b，耗时 \x1b[36m12毫秒\x1b[0m；Запрос обработан успешно\n"), uint8(0))
	// Progress bars, redrawn after a CR: erases, cursor moves, a spinner
	// and a bar of box-drawing characters in direct colour.
	f.Add([]byte("\r\x1b[K\x1b[1m\x1b[36m    Building\x1b[0m [===>   ] 10/240\r\x1b[K   Compiling x\n"+
		"\x1b[2K\r\u280b reify:x \x1b[90mtiming\x1b[0m\x1b[2K\r\u2819 reify:x\x1b[2K\r\n\x1b[1A\x1b[2K\rab: Downloading\r\x1b[1B"+
		"\r\x1b[2K   \x1b[38;2;249;38;114m"+strings.Repeat("\u2501", 20)+"\x1b[0m\x1b[38;5;237m\u257a"+strings.Repeat("\u2501", 19)+"\x1b[0m 1.2/2.4 MB\n"), uint8(0))
	// Lines ended by CR LF that clean-line passing takes, with an emoji
	// ZWJ sequence and a ZWNJ at their ends, beside a CR alone.
	f.Add([]byte("plain words\r\n\U0001F468\u200d\U0001F469\u200d\U0001F467\r\n\u0645\u06cc\u200c\r\n\r\ncaf\u00e9\r\r\nx\ry\r\n"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		checkFastPaths(t, data, fuzzOptions(mode))
	})
}

// TestFastPathsAgreeOnPairs runs every byte from 0x7F up and the C0
// controls that act on the line, each followed by every byte, at the end
// of the input and before one of: a continuation byte, a C1 byte, a line
// end or a sequence. That is each lead byte with each byte after it, and
// each C1 control raw and in UTF-8.
func TestFastPathsAgreeOnPairs(t *testing.T) {
	suffixes := []string{"\x80", "\x9b", "\xbf", "A\r\n", "\b\x1b[1m"}
	firsts := []byte{0, '\b', '\t', '\n', '\r', 0x1b, 'a'}
	for b := 0x7f; b <= 0xff; b++ {
		firsts = append(firsts, byte(b))
	}
	for i, first := range firsts {
		for second := range 256 {
			pair := "x" + string([]byte{first, byte(second)})
			mode := uint8(i + second)
			checkFastPaths(t, []byte(pair), fuzzOptions(mode))
			checkFastPaths(t, []byte(pair+suffixes[second%len(suffixes)]), fuzzOptions(mode))
		}
	}
}
