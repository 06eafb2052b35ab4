#!/usr/bin/env bash
# Pass/fail bookkeeping shared by the scripts/test-*.sh end-to-end tests: source it, run `check` for each
# expectation, and end with `check_summary`, whose status is the test's.

passed=0 failed=0

# Every app a bench run of a suite starts (three-box's), starts through its class-data-sharing archive (processes'
# AppLaunch), half the CPU of a start, and with the quick compiler only: smoke runs end before the optimising one pays
# back. The bench's JUnit runs say so themselves (BenchProcess); PublishedRunTest keeps the published start.
export APP_CLASS_SHARING=${APP_CLASS_SHARING:-yes}
export APP_JIT=${APP_JIT:-c1}

# check WHAT COMMAND [ARGS...]: runs the command and counts it as passed or failed under WHAT.
check() {
	local what=$1
	shift
	if "$@"; then
		echo "ok   $what"
		passed=$((passed + 1))
	else
		echo "FAIL $what"
		failed=$((failed + 1))
	fi
}

# check_lines PRODUCER [ARGS...]: runs the producer, which prints one line a check, VERDICT<TAB>WHAT, VERDICT
# "ok" when WHAT holds, and counts each line as a check. The producer exiting non-zero, or printing no line, is
# one failed check more: a producer that could not run must not pass as one that found nothing wrong.
check_lines() {
	local output status=0 verdict what lines=0
	output=$("$@") || status=$?
	if [[ -n $output ]]; then
		while IFS=$'\t' read -r verdict what; do
			check "$what" test "$verdict" = ok
			lines=$((lines + 1))
		done <<<"$output"
	fi
	if ((status != 0 || lines == 0)); then
		echo "FAIL ${*:1:2} exited $status after $lines checks"
		failed=$((failed + 1))
	fi
}

# Prints "N passed, N failed"; fails when any check did, and when none ran: a suite that checked nothing has
# shown nothing.
check_summary() {
	echo "$passed passed, $failed failed"
	if ((passed + failed == 0)); then
		echo "$(basename "$0"): no check ran" >&2
		return 1
	fi
	((failed == 0))
}

# check_options "$@": a test takes no options; --help prints its opening comment, anything else is refused
# with exit status 2.
check_options() {
	case ${1:-} in
	'') ;;
	-h | --help)
		sed -n '2,/^[^#]/{/^# shellcheck/d; s/^# \{0,1\}//p}' "$0"
		exit 0
		;;
	*)
		echo "$(basename "$0"): takes no options, was '$1' (see --help)" >&2
		exit 2
		;;
	esac
}

# exits_saying STATUS PATTERN COMMAND...: the command exits with STATUS and its output (stdout and stderr) matches
# the grep PATTERN; the output goes to CHECK_LOG too (default: nowhere).
exits_saying() {
	local expected=$1 pattern=$2 status=0 output
	shift 2
	output=$("$@" 2>&1) || status=$?
	printf '%s\n' "$output" >"${CHECK_LOG:-/dev/null}"
	((status == expected)) && grep -q -- "$pattern" <<<"$output"
}

# smoke_bench: the settings a suite runs bench.sh at (test-three-box.sh; the JUnit runs' are bench's BenchProcess),
# unless the environment says otherwise. One warm-up round, and no wait for an idle JIT compiler before a phase: a few
# hundred requests never quiet the compiler, so a wait only ran out (5 s each, 8 to 12 waits a variant: 40-60 s of
# every variant's minute in CI). Profiled phases of 500 requests: 500 /add requests store 50,000 persons, thousands of
# samples at the profiler's interval.
smoke_bench() {
	export BENCH_WARMUP_ROUNDS=${BENCH_WARMUP_ROUNDS:-1} BENCH_JIT_IDLE_TIMEOUT=${BENCH_JIT_IDLE_TIMEOUT:-0}
	export BENCH_PROFILE_REQUESTS=${BENCH_PROFILE_REQUESTS:-500}
}
