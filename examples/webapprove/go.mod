module github.com/plainsight-dev/plainsight/examples/webapprove

go 1.26.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/google/go-cmp v0.7.0
	github.com/plainsight-dev/plainsight v0.0.0
	golang.org/x/net v0.62.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/text v0.44.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)

replace github.com/plainsight-dev/plainsight => ../..
