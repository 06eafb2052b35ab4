#!/usr/bin/env bash
# Runs every test: shellcheck over the scripts, the unit and integration tests (each against a redis-server, a
# cluster or a memcached of its own), then the scripts end to end at a small size. Checks what the machine lacks
# first (scripts/lib/needs.sh), stops at the first failing suite and ends with a table of each suite's time, and
# each Maven module's, so that growth is seen when it happens.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT_NAME="test"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/needs.sh
source scripts/lib/needs.sh

usage() {
	cat <<EOF
Usage: scripts/test.sh [--fast] [--no-install]

Runs every test, as CI does (.ci/run): shellcheck and pyflakes, ./mvnw verify (every module's tests, each
starting the servers it needs on free ports), then every scripts/test-*.sh at a small size, in two lanes side by
side. About 12 minutes on 2 cores with nothing else running (budget: 20, docs/testing.md); ends with a table of
each suite's time and CPU, and each Maven module's time.

Which tests:
      --fast        the loop for an edit, about 2 minutes: shellcheck, pyflakes, ./mvnw verify without the
                    apps' own tests (those start each app against real servers: -DskipAppTests) and those
                    tagged end-to-end (-DexcludedGroups=end-to-end), the scripts'
                    option checks (test-options.sh) and the docs check (test-docs.sh)

Machine:
      --no-install  when a command is missing, print the apt-get line that installs it and exit 2; without it,
                    root on Debian installs what is missing (one printed line), anyone else gets the line

  -h, --help        this text
EOF
}

fast=no install=yes
while (($#)); do
	case $1 in
	--fast) fast=yes ;;
	--no-install) install=no ;;
	-h | --help) usage; exit 0 ;;
	*) refuse "unknown option: $1" ;;
	esac
	shift
done
ensure_needs test "$install"

times_file=$(mktemp)
maven_log=$(mktemp)
lanes=$(mktemp -d)   # the lanes' logs, below
print_times() {
	echo
	echo "suite times (seconds):"
	# Maven's reactor summary already times each module: "[INFO] common ..... SUCCESS [ 01:23 min]".
	sed -n 's/^\[INFO\] \([^ ]*\) \.\.*.* \(SUCCESS\|FAILURE\|SKIPPED\) \[ *\(.*\)\]$/  mvn \1\t\3/p' "$maven_log" |
		cat "$times_file" - | awk -F '\t' '{ printf "  %-28s %s\n", $1, $2 }'
	rm -rf "$times_file" "$maven_log" "$lanes"
}
trap print_times EXIT

# suite NAME COMMAND...: runs one suite, recording its time and CPU under NAME. The CPU (user + system) is what the
# shell's children that have ended took, fields 16 and 17 of /proc/PID/stat (read here, not in a $(...), whose
# subshell has children of its own), so that the table shows which suites compute and which wait: what decides how
# they share the two lanes below.
suite() {
	local name=$1 start=$SECONDS stat cpu status=0
	shift
	read -ra stat <"/proc/$BASHPID/stat"
	cpu=$((stat[15] + stat[16]))
	"$@" || status=$?
	read -ra stat <"/proc/$BASHPID/stat"
	cpu=$(((stat[15] + stat[16] - cpu) / CLOCK_TICKS))
	printf '%s\t%d s, CPU %d s%s\n' "$name" $((SECONDS - start)) "$cpu" "$( ((status == 0)) || echo ", FAILED ($status)")" >>"$times_file"
	return "$status"
}
CLOCK_TICKS=$(getconf CLK_TCK)

maven_verify() {
	# Three modules at a time: the apps' tests mostly wait (faults held for seconds, servers starting), so the three
	# apps side by side took 3:49 in all against 5:19 two at a time and 7:52 one after the other, each app's module
	# 2:31-2:49 beside the others against 2:02-2:12 alone (2026-11-26, one run each).
	./mvnw -B -T 3 verify "$@" | tee "$maven_log"
}

# Every script, and CI's entry point, as shellcheck reads them, on both cores (one shellcheck took 29 s: each
# script's sourced libraries are read again with it); the Python the tests run, as pyflakes reads it.
lint() {
	printf '%s\0' scripts/*.sh scripts/lib/*.sh .ci/run | xargs -0 -n 8 -P 2 shellcheck -x
}
linters() {
	suite shellcheck lint
	suite pyflakes pyflakes3 scripts/lib/*.py
}
# The scripts' suites left (what only a shell tests: the browser pages, network namespaces, compose, the machine's
# needs, the scripts' own options and the docs' command lines) run in two lanes side by side; the bench runs are
# JUnit classes of module bench (tag end-to-end) inside mvn verify. Lane a holds the suites whose checks time
# something (scrapes, three-box's links), at the usual priority; lane b the suites whose checks count and compare
# bytes, files, pages and exit statuses, at nice 10: it takes what lane a leaves (test-html moved there: its 24 s ended
# lane a, CI 12:08 at ca77ed3). Their servers start from ports of their own (the tools' 27xxx, three-box's
# namespaces). JMH runs on one machine take a global lock (/tmp/jmh.lock): the codec lab's smoke is in mvn verify,
# told -Djmh.ignoreLock. Each suite's output is printed whole when it ends; a lane stops at its first failure, and
# the other at its next suite.

# lane NAME SUITE...: runs each scripts/SUITE.sh in turn; the first to fail ends the lane, and is marked for the
# other.
lane() {
	local name=$1 script status
	shift
	for script; do
		[[ ! -e $lanes/failed ]] || return 1
		echo "[lane $name] $script started"
		status=0
		suite "$script" "scripts/$script.sh" >"$lanes/$script.log" 2>&1 || status=$?
		# one lane prints at a time, so that two suites' lines never mix
		flock "$lanes/print.lock" cat "$lanes/$script.log"
		if ((status != 0)); then
			touch "$lanes/failed"
			echo "[lane $name] $script FAILED ($status)"
			return "$status"
		fi
	done
}

if [[ $fast == yes ]]; then
	# Without the apps' own tests and those tagged end-to-end (a tool run whole as its script runs it, a JMH smoke or
	# an app started), which mvn verify runs in CI, and with the linters beside Maven's first seconds, which build one
	# module at a time; then the two suites that start nothing but the launcher, side by side (12 s and 6 s one after
	# the other).
	linters &
	linters_job=$!
	suite "mvn verify -DskipAppTests" maven_verify -DskipAppTests=true -DexcludedGroups=end-to-end
	wait "$linters_job"
	lane_a_suites=(test-options)
	lane_b_suites=(test-docs)
else
	linters
	suite "mvn verify" maven_verify
	three_box=(test-three-box)
	if ((EUID != 0)); then
		echo "skipping scripts/test-three-box.sh: network namespaces need root"
		three_box=()
	fi
	lane_a_suites=(test-monitoring "${three_box[@]}")
	lane_b_suites=(test-options test-docs test-needs test-compose test-lib test-html)
fi
lane a "${lane_a_suites[@]}" &
lane_a=$!
(
	renice -n 10 -p "$BASHPID" >/dev/null
	lane b "${lane_b_suites[@]}"
) &
lane_b=$!
status=0
wait "$lane_a" || status=1
wait "$lane_b" || status=1
((status == 0))
