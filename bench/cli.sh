#!/usr/bin/env bash
# cli.sh measures the command on 50 MB of random bytes, the CLI target of
# the performance work: `plainsight FILE` (the prompt view), `plainsight
# term` and `plainsight clean` (standard input to standard output) must
# each finish in under 2 s with peak memory under 8 times the input. It
# prints a Markdown table: wall time, CPU time, peak resident memory.
#
# Usage: bench/cli.sh [SIZE]    (default 50000000 bytes)
# Needs go, python3 (the seeded input) and GNU time (/usr/bin/time).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
size=${1:-50000000}
if [ ! -x /usr/bin/time ]; then
	echo "cli.sh: GNU time is missing: apt-get install -y time" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/plainsight" ./cmd/plainsight)
# Seeded, so every run reads the same bytes.
python3 -c 'import random, sys; random.seed(1); sys.stdout.buffer.write(random.randbytes(int(sys.argv[1])))' "$size" >"$tmp/random"

measure() {
	local name=$1
	shift
	/usr/bin/time -o "$tmp/time" -f '%e %U %S %M' "$@" >/dev/null 2>"$tmp/stderr" || true
	read -r wall user sys rss < <(tail -n 1 "$tmp/time")
	awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v size="$size" 'BEGIN {
		mib = r / 1024; ratio = r * 1024 / size
		printf "| %s | %.2f s | %.2f s | %.1f MiB | %.2f× | %s |\n", n, w, u + s, mib, ratio, (w < 2 && ratio < 8) ? "met" : "missed"
	}'
}

echo "plainsight on $size random bytes ($(nproc) cores, $(go version | cut -d' ' -f3))"
echo
echo "| command | wall | CPU | peak memory | memory / input | target (< 2 s, < 8×) |"
echo "|---|---:|---:|---:|---:|---|"
measure '`plainsight FILE`' "$tmp/plainsight" "$tmp/random"
measure '`plainsight term < FILE`' sh -c "exec '$tmp/plainsight' term < '$tmp/random'"
measure '`plainsight clean < FILE`' sh -c "exec '$tmp/plainsight' clean < '$tmp/random'"
