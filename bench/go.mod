module github.com/plainsight-dev/plainsight/bench

go 1.26.0

replace github.com/plainsight-dev/plainsight => ..

require (
	github.com/acarl005/stripansi v0.0.0-20180116102854-5a71ef0e047d
	github.com/charmbracelet/x/ansi v0.11.9
	github.com/google/go-cmp v0.7.0
	github.com/mtibben/confusables v0.0.0-20210201002637-9d1b0723b659
	github.com/plainsight-dev/plainsight v0.0.0
	golang.org/x/text v0.44.0
)

require (
	github.com/clipperhouse/displaywidth v0.11.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/lucasb-eyer/go-colorful v1.4.1 // indirect
	github.com/mattn/go-runewidth v0.0.27 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/net v0.62.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)
