#!/usr/bin/env bash
# CI for the plainsight command: installs what its end-to-end tests need
# (tmux for approve, python3-jsonschema to validate SARIF, python3-yaml to
# parse the Action and pre-commit manifests, ripgrep for the scan comparison) when missing, then runs the tests with CI=true, where a
# missing tool is a failure rather than a skip, and checks that scan
# reports every file ripgrep finds in the Go tree.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v tmux >/dev/null || need+=(tmux)
command -v rg >/dev/null || need+=(ripgrep)
if ! python3 -c 'import jsonschema' 2>/dev/null && ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	need+=(python3-jsonschema)
fi
python3 -c 'import yaml' 2>/dev/null || need+=(python3-yaml)
if ((${#need[@]} > 0)); then
	echo "== apt-get install ${need[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

echo "== cmd/plainsight and internal/cli tests (CI=true)"
CI=true go test -race -count=1 ./cmd/plainsight ./internal/cli/...

echo "== scan finds every file ripgrep finds"
ROUNDS=1 bench/scan.sh

echo "== the Action's scripts run locally, the pre-commit manifest parses (CI=true)"
CI=true go test -count=1 -run 'TestAction|TestPreCommitManifest' ./internal/cli/scan

echo "== ok"
