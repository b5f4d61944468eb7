module github.com/plainsight-dev/plainsight

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/rivo/uniseg v0.4.7
	golang.org/x/text v0.44.0
	mvdan.cc/sh/v3 v3.14.1
)

require golang.org/x/net v0.62.0

require github.com/pelletier/go-toml/v2 v2.4.3
