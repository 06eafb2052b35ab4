#!/usr/bin/env bash
# Runs every test: shellcheck over the scripts, the unit and integration tests (each against a redis-server, or a cluster, of its
# own), then the scripts end to end at a small size. Stops at the first failing suite and ends with a table of each suite's
# time, and each Maven module's, so that growth is seen when it happens.
set -euo pipefail
cd "$(dirname "$0")/.."

times_file=$(mktemp)
maven_log=$(mktemp)
print_times() {
	echo
	echo "suite times (seconds):"
	column -t -s $'\t' "$times_file"
	# Maven's reactor summary already times each module: "common ... SUCCESS [ 01:23 min]".
	sed -n 's/^\[INFO\] \(.*\) \.\.*.* \(SUCCESS\|FAILURE\) \[ *\(.*\)\]$/  mvn module \1\t\3/p' "$maven_log" |
		column -t -s $'\t'
	rm -f "$times_file" "$maven_log"
}
trap print_times EXIT

# suite NAME COMMAND...: runs one suite, recording its time under NAME.
suite() {
	local name=$1 start=$SECONDS status=0
	shift
	"$@" || status=$?
	printf '%s\t%d\t%s\n' "$name" $((SECONDS - start)) "$( ((status == 0)) && echo ok || echo FAILED)" >>"$times_file"
	return "$status"
}

# Every script, and CI's entry point, as shellcheck reads them (.ci/run installs it).
suite shellcheck shellcheck -x scripts/*.sh scripts/lib/*.sh scripts/lib/bench/*.sh .ci/run
maven_verify() {
	./mvnw -B verify | tee "$maven_log"
}
suite "mvn verify" maven_verify
for script in test-options test-compose test-lib test-bench test-bench-distance test-bench-stores test-faults \
	test-latency-proxy test-codec-lab test-fill; do
	suite "$script" "scripts/$script.sh"
done
if [[ $(id -u) -eq 0 ]]; then
	suite test-three-box scripts/test-three-box.sh
else
	echo "skipping scripts/test-three-box.sh: network namespaces need root"
fi
