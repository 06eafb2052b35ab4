#!/usr/bin/env bash
# End-to-end test of scripts/codec-lab.sh: a --smoke run must write the whole report, with a row of numbers
# for every available codec x compression, and no verdict (one iteration gives no interval); wrong
# settings are usage errors. Needs a JDK, redis-server and jq; a few minutes on 2 cores.
# shellcheck disable=SC2016 # $names and the like in single quotes are jq's variables
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/process.sh
source scripts/lib/process.sh

readonly COMPRESSIONS=5 OPERATIONS=(encode_person decode_person encode_batch decode_batch)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-codec-lab.XXXXXX")
readonly WORK OUT=$WORK/lab LAB_JAR=launcher/target/redis-bench.jar
trap 'rm -rf "$WORK"' EXIT

lab_json() {
	jq -e "$@" "$OUT/codecs.json" >/dev/null
}

# Every available configuration has every figure, as a positive number.
figures_of_available() {
	local figures=(value_bytes_mean value_bytes_p50 value_bytes_p99 redis_bytes_per_key) operation
	for operation in "${OPERATIONS[@]}"; do
		figures+=("${operation}_ns" "${operation}_bytes_allocated")
	done
	lab_json --arg figures "$(IFS=,; echo "${figures[*]}")" \
		'($figures | split(",")) as $names | all(.rows[] | select(.available); . as $row
			| all($names[]; $row[.] | type == "number" and . > 0))'
}

# codecs.md has a table row for each row of codecs.json, which has rows.
markdown_rows() {
	local rows row codec compression
	if ! rows=$(jq -r '.rows[] | [.codec, .compression] | @tsv' "$OUT/codecs.json") || [[ -z $rows ]]; then
		echo "no rows read from codecs.json"
		return 1
	fi
	while IFS=$'\t' read -r codec compression; do
		row="| $codec | $compression |"
		grep -qF "$row" "$OUT/codecs.md" || { echo "no row '$row' in codecs.md"; return 1; }
	done <<<"$rows"
}

redis_stopped() {
	local port
	port=$(sed -n 's/^redis-server on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$OUT/raw/sizes.log")
	[[ -n $port ]] && ! port_answers 127.0.0.1 "$port"
}

# refused_as_usage OPTION...: the run stops with exit status 2, before measuring anything.
refused_as_usage() {
	local out
	out=$(mktemp -d "$WORK/refused.XXXXXX")
	CHECK_LOG=$out.log exits_with 2 scripts/codec-lab.sh --no-build -o "$out" "$@" && [[ ! -e $out/raw/jmh.log ]]
}

started=$SECONDS
check "codec-lab.sh --smoke exits 0" scripts/codec-lab.sh --smoke -o "$OUT"
echo "     (the smoke run took $((SECONDS - started)) s)"
for file in codecs.md codecs.csv codecs.json raw/jmh.json raw/sizes.json raw/run.env ns-decode-person.png \
	redis-bytes-per-key.png; do
	check "it wrote $file" test -s "$OUT/$file"
done
check "codecs.json parses" lab_json '.rows | length > 0'
read -ra flags <<<"$(java -cp "$LAB_JAR" org.redisbench.lab.Main jvm-flags --codecs all)"
available=$(java "${flags[@]}" -cp "$LAB_JAR" org.redisbench.lab.Main available --codecs all --compression all)
check "every available codec is in codecs.json ($available)" \
	lab_json --arg available "$available" '($available | split(",")) - [.rows[] | select(.available) | .codec] == []'
check "a row for every codec x compression" \
	lab_json --argjson compressions "$COMPRESSIONS" '(.rows | length) == ([.rows[].codec] | unique | length) * $compressions'
check "every available configuration has its numbers" figures_of_available
check "fst, which needs JVM flags, got them (${flags[*]})" lab_json 'any(.rows[]; .codec == "fst") and all(.rows[] | select(.codec == "fst"); .available)'
check "every unavailable codec says why" lab_json 'all(.rows[] | select(.available | not); .unavailable_because | length > 0)'
check "codecs.csv has a header and a line per row" \
	test "$(wc -l <"$OUT/codecs.csv")" -eq "$(($(jq '.rows | length' "$OUT/codecs.json") + 1))"
check "codecs.md has a table row per configuration" markdown_rows
check "codecs.md states kryo's decode+verify against fastjson2's" grep -q '^- none: kryo vs fastjson2, decode+verify' "$OUT/codecs.md"
check "one iteration gives no interval, so no verdict" bash -c "! grep -qE 'faster than|slower than' '$OUT/codecs.md'"
check "JMH ran with the gc profiler" lab_json '.rows[0].encode_person_bytes_allocated > 0'
check "its redis-server is stopped" redis_stopped
check "an unknown codec is a usage error" refused_as_usage --codecs fastjson2,nope
check "an unknown compression is a usage error" refused_as_usage --compression snappy
check "0 iterations is a usage error" refused_as_usage --iterations 0
check "an iteration time needs a unit" refused_as_usage --iteration-time 2
check "an option without its value is a usage error" refused_as_usage --forks
check_summary
