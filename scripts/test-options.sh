#!/usr/bin/env bash
# The scripts' shared command-line contract: --help prints the usage and exits 0, an unknown option exits 2,
# naming it, before anything starts. Takes seconds; starts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"

# Every launch here only parses options and prints: the quick compiler alone halves each JVM's start (0.58 s
# against 0.33 s for fill.sh --help, 2026-12-06), and this suite starts one or two for every script.
export REDIS_BENCH_JAVA_OPTS=-XX:TieredStopAtLevel=1

# Every script, found by name, so that a new one is held to the contract from its first commit. The exceptions:
# latency-proxy.sh without --self-test hands its options to the proxy's jar, building it first; three-box.sh
# reaches bench.sh's options only as root, with namespaces made, and test-three-box.sh checks its bad option there.
declare -A BEFORE_OPTIONS=([latency-proxy.sh]=--self-test)
declare -A BAD_OPTION_CHECKED_BY=([three-box.sh]=test-three-box.sh)
for script in "${!BEFORE_OPTIONS[@]}" "${!BAD_OPTION_CHECKED_BY[@]}"; do
	check "exception $script is a script" test -x "scripts/$script"
done
for script in "${!BAD_OPTION_CHECKED_BY[@]}"; do
	check "${BAD_OPTION_CHECKED_BY[$script]}, which checks $script's bad option, gives it one" \
		grep -q -- --no-such-option "scripts/${BAD_OPTION_CHECKED_BY[$script]}"
done
for path in scripts/*.sh; do
	script=${path#scripts/}
	command=("$path" ${BEFORE_OPTIONS[$script]:+"${BEFORE_OPTIONS[$script]}"})
	check "${command[*]#scripts/} --help exits 0, printing something" exits_saying 0 . "${command[@]}" --help
	if [[ -v BAD_OPTION_CHECKED_BY[$script] ]]; then
		echo "skip $script --no-such-option: ${BAD_OPTION_CHECKED_BY[$script]} checks it"
	else
		check "${command[*]#scripts/} --no-such-option exits 2, naming it" \
			exits_saying 2 --no-such-option "${command[@]}" --no-such-option
	fi
done
# A suite's status is its check_summary's, which fails a suite that ran no check.
for path in scripts/test-*.sh; do
	check "${path#scripts/} ends with check_summary" test "$(tail -n 1 "$path")" = check_summary
done
# Every list option refuses an item given twice (scripts/lib/common.sh refuse_repeats; bench.sh's in bench's
# BenchCommandTest): the same variant run twice under one name would count twice in the report.
for args in "memory-at-scale.sh --sizes 10,10" "memory-at-scale.sh --codecs kryo,kryo"; do
	read -ra command <<<"scripts/$args"
	check "$args is refused" exits_saying 2 "given twice" "${command[@]}"
done
check_summary
