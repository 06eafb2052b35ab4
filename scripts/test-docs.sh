#!/usr/bin/env bash
# Docs that cannot rot silently: in README.md and docs/*.md, every relative link resolves (the file exists and,
# for a #anchor, so does the heading, by GitHub's rule for heading anchors), every scripts/... path named
# exists, and every --option written after a script's name, in the same command, is one that script's --help
# prints (scripts/lib/docs_check.py). Starts nothing; seconds. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"

# Every launch here only parses options and prints: the quick compiler alone halves each JVM's start (0.58 s
# against 0.33 s for fill.sh --help, 2026-12-06), and this suite starts one or two for every script.
export REDIS_BENCH_JAVA_OPTS=-XX:TieredStopAtLevel=1

docs=(README.md docs/*.md)

# Every script's --help once, in a folder scripts/lib/docs_check.py reads them from.
helps=$(mktemp -d "${TMPDIR:-/tmp}/test-docs.XXXXXX")
trap 'rm -rf "$helps"' EXIT
for script in scripts/*.sh; do
	timeout 60 "$script" --help >"$helps/$(basename "$script").help" 2>&1 || true
done

check_lines python3 scripts/lib/docs_check.py "$helps" "${docs[@]}"
check_summary
