#!/usr/bin/env bash
# CI for the example modules under examples/: each is its own module, so the
# root's `go test ./...` does not reach them. Their tests drive a real
# browser (webapprove, with chromedp) and a real terminal (tui, under tmux);
# here they run with CI=true, so a missing chromium or tmux is a failure,
# not a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v tmux >/dev/null || missing+=(tmux)
if [ ${#missing[@]} -gt 0 ]; then
	echo "== apt-get install ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
fi

for mod in examples/*/; do
	echo "== $mod"
	(
		cd "$mod"
		go vet ./...
		go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
		# -v shows the browser test's counts (samples, characters, failures).
		CI=true go test -race -count=1 -v ./...
	)
done

echo "== examples ok"
