package plainsight

import (
	"testing"
	"unicode/utf8"
)

// Benchmarks of the script checks on multilingual prose, with
// utf8.ValidString, the floor of any scan, as the baseline on the same
// inputs: go test -run XXX -bench 'Prose|Valid' -benchmem .

// The paragraphs are ordinary documentation text, like the tldr pages the
// false-positive check reads; none of them raises a warning.
const (
	scriptsRussian = "Откройте файл ~/Документы/отчет.pdf в редакторе и проверьте раздел «Итоги». " +
		"Команда `git status` показывает изменённые файлы, а `git diff` — сами изменения. " +
		"Чтобы установить пакет, выполните `sudo apt install nginx` и перезапустите службу; " +
		"журнал хранится в /var/log/nginx/error.log, его размер не превышает 10 МБ."
	scriptsJapanese = "東京タワーへ行く前に、README.mdを読んでください。" +
		"このコマンドは、指定したディレクトリ内のファイルを一覧表示します（隠しファイルを含む）。" +
		"ポート８０８０でサーバーを起動し、`curl http://localhost:8080/` で応答を確認します。" +
		"設定ファイルは ~/.config/app/config.toml にあります：必要に応じて編集してください。"
	scriptsMixed = "Größe der Datei in Bytes anzeigen, naïve café, Ångström. " +
		"Η εντολή εμφανίζει τα αρχεία του τρέχοντος καταλόγου. " +
		"한국어 텍스트를 표시합니다: 파일 목록 (ls -la). " +
		"फ़ाइल की सामग्री को मानक आउटपुट पर प्रिंट करें। " +
		"فایل\u200cها را ببینید و نتیجه را ذخیره کنید. " +
		"Microsoft Windows для ПК, iPhone-ом, Toys-Я-Us, 日本語のREADME.md. "
	// French typography: no-break spaces before high punctuation, inside
	// guillemets and in numbers (docs/typography.md, T1 and T5).
	scriptsFrench = "Nom du fichier\u00a0: rapport.pdf. Voulez-vous l\u2019enregistrer\u202f? " +
		"Le dossier \u00ab\u00a0Documents\u00a0\u00bb contient 1\u202f024 fichiers, soit 45\u00a0% du disque\u00a0; " +
		"la commande `ls -la` les affiche tous, y compris les fichiers cach\u00e9s. "
)

var scriptsBenchInputs = []struct {
	name string
	text string
}{
	{"Russian", repeatTo(benchSize, scriptsRussian)},
	{"Japanese", repeatTo(benchSize, scriptsJapanese)},
	{"Mixed", repeatTo(benchSize, scriptsMixed)},
	{"French", repeatTo(benchSize, scriptsFrench)},
}

// BenchmarkScriptsProse runs Sanitize, and detectScripts alone, on ~64 KiB
// of prose per language.
func BenchmarkScriptsProse(b *testing.B) {
	for _, in := range scriptsBenchInputs {
		b.Run(in.name+"/Sanitize", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				Sanitize(in.text)
			}
		})
		b.Run(in.name+"/detectScripts", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				detectScripts(in.text)
			}
		})
	}
}

// BenchmarkScriptsValid is the baseline: utf8.ValidString on the same
// inputs.
func BenchmarkScriptsValid(b *testing.B) {
	for _, in := range scriptsBenchInputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				if !utf8.ValidString(in.text) {
					b.Fatal("invalid")
				}
			}
		})
	}
}
