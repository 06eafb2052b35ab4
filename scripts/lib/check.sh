#!/usr/bin/env bash
# Pass/fail bookkeeping shared by the scripts/test-*.sh end-to-end tests: source it, run `check` for each
# expectation, and end with `check_summary`, whose status is the test's.

passed=0 failed=0

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

# Prints "N passed, N failed"; fails when any check did.
check_summary() {
	echo "$passed passed, $failed failed"
	((failed == 0))
}
