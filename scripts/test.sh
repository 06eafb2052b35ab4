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
starting the servers it needs on free ports), then every scripts/test-*.sh at a small size. About 29 minutes
on 2 cores (its budget is 20, docs/testing.md); ends with a table of each suite's and each Maven module's time.

Which tests:
      --fast        the loop for an edit, under 3 minutes: shellcheck, pyflakes, ./mvnw verify without the
                    apps' own tests (those start each app against real servers: -DskipAppTests), the scripts'
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
print_times() {
	echo
	echo "suite times (seconds):"
	# Maven's reactor summary already times each module: "[INFO] common ..... SUCCESS [ 01:23 min]".
	sed -n 's/^\[INFO\] \([^ ]*\) \.\.*.* \(SUCCESS\|FAILURE\|SKIPPED\) \[ *\(.*\)\]$/  mvn \1\t\3/p' "$maven_log" |
		cat "$times_file" - | awk -F '\t' '{ printf "  %-28s %s\n", $1, $2 }'
	rm -f "$times_file" "$maven_log"
}
trap print_times EXIT

# suite NAME COMMAND...: runs one suite, recording its time under NAME.
suite() {
	local name=$1 start=$SECONDS status=0
	shift
	"$@" || status=$?
	printf '%s\t%d s%s\n' "$name" $((SECONDS - start)) "$( ((status == 0)) || echo ", FAILED ($status)")" >>"$times_file"
	return "$status"
}

maven_verify() {
	# Three modules at a time: the apps' tests mostly wait (faults held for seconds, servers starting), so the three
	# apps side by side took 3:49 in all against 5:19 two at a time and 7:52 one after the other, each app's module
	# 2:31-2:49 beside the others against 2:02-2:12 alone (2026-11-26, one run each).
	./mvnw -B -T 3 verify "$@" | tee "$maven_log"
}

# Every script, and CI's entry point, as shellcheck reads them; the Python the tests run, as pyflakes reads it.
suite shellcheck shellcheck -x scripts/*.sh scripts/lib/*.sh scripts/lib/bench/*.sh .ci/run
suite pyflakes pyflakes3 scripts/lib/*.py
if [[ $fast == yes ]]; then
	suite "mvn verify -DskipAppTests" maven_verify -DskipAppTests=true
	suite test-options scripts/test-options.sh
	suite test-docs scripts/test-docs.sh
	exit
fi
suite "mvn verify" maven_verify
for script in test-options test-docs test-needs test-compose test-lib test-bench test-bench-distance \
	test-bench-stores test-faults test-open-loop test-compare test-latency-proxy test-codec-lab test-fill test-advise \
	test-advise-objects test-migrate test-monitoring test-html; do
	suite "$script" "scripts/$script.sh"
done
if ((EUID == 0)); then
	suite test-three-box scripts/test-three-box.sh
else
	echo "skipping scripts/test-three-box.sh: network namespaces need root"
fi
