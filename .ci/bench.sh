#!/usr/bin/env bash
# bench.sh checks the benchmark harness in bench/ (its own module): it
# builds, vets and tests it, and runs staticcheck on it. It does not run the
# benchmarks (bench/run does, for minutes); this takes well under a minute.
set -euo pipefail
cd "$(dirname "$0")/../bench"

echo "== bench: gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi
echo "== bench: build, vet, test"
go build -o /dev/null ./...
go vet ./...
go test ./...
echo "== bench: staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
echo "== bench: ok"
