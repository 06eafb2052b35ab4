#!/usr/bin/env bash
# The scripts' shared command-line contract: --help prints the usage and exits 0, an unknown option exits 2,
# naming it, before anything starts. Takes seconds; starts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"

# Each with the arguments that come before its options. three-box.sh reaches bench.sh's options only as
# root, with namespaces made: test-three-box.sh checks its bad option.
readonly SCRIPTS=(
	bench.sh codec-lab.sh faults.sh fill.sh memory-at-scale.sh "latency-proxy.sh --self-test" roundtrip-experiment.sh
	train-dictionary.sh test-codec-lab.sh test-fill.sh test-latency-proxy.sh test-three-box.sh test-options.sh
	test-lib.sh test-bench-distance.sh test-bench-stores.sh instrument-cost.sh test-bench.sh test-compose.sh
	test-faults.sh test-docs.sh test-needs.sh test.sh monitoring.sh test-monitoring.sh
)

for script in "${SCRIPTS[@]}"; do
	read -ra command <<<"scripts/$script"
	check "$script --help exits 0, printing something" exits_saying 0 . "${command[@]}" --help
	check "$script --no-such-option exits 2, naming it" exits_saying 2 --no-such-option "${command[@]}" --no-such-option
done
check "three-box.sh --help exits 0, printing something" exits_saying 0 . scripts/three-box.sh --help
# Spring Boot ignores spring.threads.virtual.enabled below Java 21: virtual threads on such a java would be
# platform threads under another name.
java_major=$(java -XshowSettings:properties -version 2>&1 | awk '$1 == "java.specification.version" { print $3 }')
if ((${java_major%%.*} < 21)); then
	check "instrument-cost.sh refuses virtual threads on Java $java_major" \
		exits_saying 2 . scripts/instrument-cost.sh --java java --threads virtual
fi
check "instrument-cost.sh refuses a java that is none" exits_saying 2 . scripts/instrument-cost.sh --java /nonexistent
for count in 0 x 8,8; do
	check "instrument-cost.sh refuses Tomcat threads '$count'" exits_saying 2 . scripts/instrument-cost.sh --tomcat-threads "$count"
done
# Every list option refuses an item given twice (scripts/lib/common.sh refuse_repeats): the same variant run twice
# under one name would count twice in the report.
for args in "bench.sh --apps string,string" "bench.sh --concurrency 10,10" "bench.sh --redis-rtt 1ms,1ms" \
	"memory-at-scale.sh --sizes 10,10" "memory-at-scale.sh --codecs kryo,kryo" "instrument-cost.sh --java java,java"; do
	read -ra command <<<"scripts/$args"
	check "$args is refused" exits_saying 2 "given twice" "${command[@]}"
done
check_summary
