#!/usr/bin/env bash
# scan.sh times `plainsight scan` against ripgrep on the same tree, warm,
# in interleaved rounds, and checks that scan reports every file ripgrep
# finds. ripgrep searches for the bidi, zero-width and tag ranges; scan
# does all of its checks.
#
# Usage: bench/scan.sh [TREE]    (default: $(go env GOROOT)/src)
# Environment: ROUNDS (default 7).
#
# It stands alone: it builds plainsight from this checkout into a
# temporary directory and needs only go, rg and the shell's tools.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:-$(go env GOROOT)/src}
rounds=${ROUNDS:-7}
pattern='[\x{202A}-\x{202E}\x{2066}-\x{2069}\x{200B}-\x{200F}\x{E0000}-\x{E007F}\x{FEFF}]'

if ! command -v rg >/dev/null; then
	echo "scan.sh: ripgrep (rg) is missing: apt-get install -y ripgrep" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/plainsight" ./cmd/plainsight)
cd "$tree"

# measure runs its arguments with output discarded and prints the wall
# time and the CPU time (user + system) in seconds.
measure() {
	local TIMEFORMAT='%R %U %S' t
	t=$({ time "$@" >/dev/null 2>&1; } 2>&1) || true
	awk '{printf "%s %.3f\n", $1, $2 + $3}' <<<"$t"
}

run_rg() { rg -c "$pattern"; }
run_scan() { "$tmp/plainsight" scan -fail-on never; }

# Warm the page cache and both binaries.
run_rg >/dev/null 2>&1 || true
run_scan >/dev/null 2>&1 || true

rg_times=() scan_times=() ratios=() rg_cpu=() scan_cpu=() cpu_ratios=()
for ((i = 0; i < rounds; i++)); do
	# Alternate which goes first, so that neither always runs second.
	if ((i % 2 == 0)); then
		r=$(measure run_rg); s=$(measure run_scan)
	else
		s=$(measure run_scan); r=$(measure run_rg)
	fi
	read -r rw rc <<<"$r"
	read -r sw sc <<<"$s"
	rg_times+=("$rw") scan_times+=("$sw") rg_cpu+=("$rc") scan_cpu+=("$sc")
	ratios+=("$(awk -v a="$sw" -v b="$rw" 'BEGIN {print a / b}')")
	cpu_ratios+=("$(awk -v a="$sc" -v b="$rc" 'BEGIN {print a / b}')")
done

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# What each found.
run_rg >"$tmp/rg.out" 2>/dev/null || true
run_scan >"$tmp/scan.out" 2>"$tmp/scan.err" || true
rg_files=$(wc -l <"$tmp/rg.out")
rg_lines=$(awk -F: '{n += $NF} END {print n + 0}' "$tmp/rg.out")
cut -d: -f1 "$tmp/rg.out" | sed 's|^\./||' | sort -u >"$tmp/rg.files"
sed -E 's/:[0-9]+:[0-9]+: (warn|info) .*//; s/: (warn|info) [a-z_]+: .*//' "$tmp/scan.out" | sort -u >"$tmp/scan.files"
missed=$(comm -23 "$tmp/rg.files" "$tmp/scan.files" | wc -l)
summary=$(tail -1 "$tmp/scan.err")
scan_files=$(sed -E 's/^plainsight scan: ([0-9]+) files.*/\1/' <<<"$summary")
scan_bytes=$(sed -E 's/^plainsight scan: [0-9]+ files, ([0-9]+) bytes.*/\1/' <<<"$summary")
scan_findings=$(sed -E 's/.* bytes, ([0-9]+) findings?.*/\1/' <<<"$summary")
scan_flagged=$(wc -l <"$tmp/scan.files")

echo "tree: $tree ($(find . -type f | wc -l) files, $(du -sb . | cut -f1) bytes); $rounds rounds, warm, interleaved"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(uname -sr); $(rg --version | sed -n 1p); plainsight at $(git -C "$repo" rev-parse --short HEAD)"
echo
printf '| %-15s | %6s | %9s | %-26s | %8s | %8s | %10s | %9s |\n' tool files bytes findings wall cpu "wall ratio" "cpu ratio"
printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' ----------------- -------- ----------- ---------------------------- ---------- ---------- ------------ -----------
printf '| %-15s | %6s | %9s | %-26s | %7.3fs | %7.3fs | %10s | %9s |\n' "rg -c (ranges)" - - "$rg_lines lines in $rg_files files" "$(median "${rg_times[@]}")" "$(median "${rg_cpu[@]}")" 1 1
printf '| %-15s | %6s | %9s | %-26s | %7.3fs | %7.3fs | %9.2fx | %8.2fx |\n' "plainsight scan" "$scan_files" "$scan_bytes" "$scan_findings in $scan_flagged files" "$(median "${scan_times[@]}")" "$(median "${scan_cpu[@]}")" "$(median "${ratios[@]}")" "$(median "${cpu_ratios[@]}")"
echo
echo "wall and cpu (user + system): medians over rounds; ratios: medians of scan over ripgrep within each round"
echo "files ripgrep finds that scan does not report: $missed"
if ((missed > 0)); then
	comm -23 "$tmp/rg.files" "$tmp/scan.files" | head -20
	exit 1
fi
