#!/usr/bin/env bash
# Compares runs of scripts/bench.sh (docs/compare.md): what differed between them, then for every variant and figure
# both hold the change with its 95% interval and a verdict from the Mann-Whitney U test; writes compare.md,
# compare.json and report.html into results/compare-<timestamp>/, and lists it in results/index.html. module
# compare does the work (its jar, built when stale); this script takes the options and starts it. Run with
# --help.

set -euo pipefail

COMPARE_FAIL_ABOVE=${COMPARE_FAIL_ABOVE:-}    # a percentage: exit 1 when a figure got significantly worse by more
COMPARE_OUTPUT=${COMPARE_OUTPUT:-}            # default: results/compare-<timestamp>
COMPARE_BUILD=${COMPARE_BUILD:-auto}          # auto: when the jar is missing or stale; always; never
COMPARE_BUILD_TIMEOUT=${COMPARE_BUILD_TIMEOUT:-1800}

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"

# The run folders to compare, BASE first.
RUNS=()

usage() {
	cat <<EOF
Usage: scripts/compare.sh [options] BASE NEW [RUN...]

Compares results/ folders of scripts/bench.sh: first what differed between the runs (commit, JDK, Redis, machine,
settings), then, for every variant and figure both hold (/add and /check requests/s, app CPU a request, Redis
bytes a person, the ceilings, p99 at each open-loop rate, capacity at an objective), the change in % with its 95%
interval and a verdict from the Mann-Whitney U test: better, worse, ~ (not significant), or too few samples for
any verdict. More than two runs are a trend, each against BASE. Variants pair by name, and across
--redis-settings when each run ran one and they differ. Writes compare.md, compare.json and report.html (its
chart hovered for each change; docs/compare.md), and rewrites results/index.html. Environment variable in
brackets, its value after it.

Runs:
  BASE NEW [RUN...]         results/<timestamp>/ folders of scripts/bench.sh; refused (exit 2) when one is no
                            run folder, or when a run has no variant in common with BASE

Verdict:
      --fail-above PCT      exit 1 when a figure of the last run got worse than BASE by more than PCT percent
                            and the change is significant: req/s down, CPU, bytes or p99 up
                                                           [COMPARE_FAIL_ABOVE=$COMPARE_FAIL_ABOVE]

Output:
  -o, --output DIR          output folder                  [COMPARE_OUTPUT=${COMPARE_OUTPUT:-results/compare-<timestamp>}]
      --build | --no-build  always / never build the jar   [COMPARE_BUILD=$COMPARE_BUILD: when missing or stale]
  -h, --help                this text

Exit status: 0 compared, 1 --fail-above failed (or an error), 2 bad option or run folders it cannot compare:
one line saying which. Needs a JDK 17+; reads the run folders only.
EOF
}

parse_options() {
	while (($#)); do
		case $1 in
		--fail-above) COMPARE_FAIL_ABOVE=$(option_value "$1" "${2:-}"); shift ;;
		-o | --output) COMPARE_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		--build) COMPARE_BUILD=always ;;
		--no-build) COMPARE_BUILD=never ;;
		-h | --help) usage; exit 0 ;;
		--) shift; RUNS+=("$@"); break ;;
		-*) refuse "unknown option: $1" ;;
		*) RUNS+=("$1") ;;
		esac
		shift
	done
}

check_settings() {
	((${#RUNS[@]} >= 2)) || refuse "give at least two run folders: BASE and NEW"
	[[ -z $COMPARE_FAIL_ABOVE || $COMPARE_FAIL_ABOVE =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
		refuse "--fail-above takes a percentage, was '$COMPARE_FAIL_ABOVE'"
	require_choice COMPARE_BUILD auto always never
	require_count COMPARE_BUILD_TIMEOUT 1
	require_commands 'java:a JDK 17+'
}

main() {
	parse_options "$@"
	check_settings
	local out status=0 args=()
	out=$(results_dir "${COMPARE_OUTPUT:-$ROOT/results/compare-$(date +%Y%m%d-%H%M%S)}") || refuse "no output folder"
	build_jars "$COMPARE_BUILD" "$COMPARE_BUILD_TIMEOUT" "$out/raw/build.log" compare
	# What was compared, for whoever lists results/ later.
	realpath -m -- "${RUNS[@]}" >"$out/raw/runs.txt"
	[[ -z $COMPARE_FAIL_ABOVE ]] || args=(--fail-above "$COMPARE_FAIL_ABOVE")
	java -jar "$(jar_of compare)" --output "$out" "${args[@]}" -- "${RUNS[@]}" || status=$?
	if ((status == 2)); then
		# Java said why, in one line: nothing was compared, so nothing of this run stays.
		rm -rf "$out/raw"
		rmdir "$out" 2>/dev/null || true
		exit 2
	fi
	((status == 0 || status == 1)) || die "compare failed (exit $status)"
	results_index "$out" "$(jar_of compare)"
	exit "$status"
}

main "$@"
