#!/usr/bin/env bash
# End-to-end test of scripts/advise.sh at smoke size. A source redis-server of its own holds the project's persons
# (db 0, scripts/fill.sh), Debian's iso-codes records, one a key, with a few values that are not JSON and one too
# large (db 1), and hashes (db 2). An ACL user allowed only the read commands runs the advisor, and INFO
# commandstats shows nothing else ran, from a shell with REDISCLI_AUTH, REDIS_PASSWORD and SPRING_DATA_REDIS_* of
# its own; per candidate, the bytes projected from a sample are within 5% of the whole converted keyspace measured
# (and, as the values are, of the source's own growth); files, JMH's quick run, a 3-master cluster; every refusal
# (unreachable, a wrong password in ADVISE_PASSWORD or REDISCLI_AUTH, TLS, empty match, cluster node down) one line
# and exit 2. Needs a JDK, redis-server, jq and iso-codes (the isoquery package brings it).
# shellcheck disable=SC2016 # $6 and the like in single quotes are RESP's lengths and jq's variables
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh
# shellcheck source=scripts/lib/cluster.sh
source scripts/lib/cluster.sh
# shellcheck source=scripts/lib/advise-checks.sh
source scripts/lib/advise-checks.sh

readonly PERSONS=10000 SAMPLE=2000 WHOLE=100000 TOLERANCE=0.05 ISO_CODES=/usr/share/iso-codes/json
# The candidates the projection is checked for: an encoding of each kind, compressions with and without a
# dictionary, both layouts; the whole matrix is what the docs' runs show.
readonly CANDIDATES=(--encodings "as-is,msgpack" --compression "none,lz4,zstd-dict" --layouts "string-per-key,hash-bucket" --no-cpu)
work=$(mktemp -d "${TMPDIR:-/tmp}/test-advise.XXXXXX")
trap 'private_redis_stop ""; cluster_stop; rm -rf "$work"' EXIT

[[ -d $ISO_CODES ]] || { echo "test-advise: $ISO_CODES is missing (apt-get install iso-codes)" >&2; exit 1; }
private_redis_start 27680 || { echo "test-advise: could not start redis-server" >&2; exit 1; }
readonly PORT=$PRIVATE_REDIS_PORT
rcli() {
	timeout 10 redis-cli -p "$PORT" "$@"
}
used_memory() {
	rcli -n "$1" INFO memory | sed -n 's/^used_memory:\([0-9]*\)\r$/\1/p'
}

# advise NAME OPTION...: a run of the advisor into $work/NAME, its output in $work/NAME.log.
advise() {
	local name=$1
	shift
	scripts/advise.sh --output "$work/$name" "$@" >"$work/$name.log" 2>&1
}
advice() {
	jq -e "$2" "$work/$1/advice.json" >/dev/null
}

# within_tolerance SAMPLED WHOLE: every row of the sampled run projects within TOLERANCE of the whole run's bytes.
within_tolerance() {
	projections_agree "$work/$1/advice.json" "$work/$2/advice.json" "$TOLERANCE"
}

# --- the sources -----------------------------------------------------------------------------------------------
fill_persons() {
	scripts/fill.sh --port "$PORT" -n "$PERSONS" --codec fastjson2 >"$work/fill.log" 2>&1 ||
		{ cat "$work/fill.log"; exit 1; }
}
# The persons' own growth, measured as the advisor measures: a first fill leaves ~100 kB that a Redis keeps after
# FLUSHALL, and the first key after it ~50 kB, neither of them the persons'.
fill_persons
rcli FLUSHALL >/dev/null
rcli SET value-advisor:marker x >/dev/null
persons_before=$(used_memory 0)
fill_persons
persons_growth=$(($(used_memory 0) - persons_before))
rcli DEL value-advisor:marker >/dev/null
# Every record of every iso-codes table, a key each, as redis-cli --pipe takes it (RESP, lengths in bytes).
{
	printf '*2\r\n$6\r\nSELECT\r\n$1\r\n1\r\n'
	for table in "$ISO_CODES"/iso_*.json; do
		jq -j --arg table "$(basename "$table" .json)" '.[] | to_entries[] | ("\($table):\(.key)") as $key
			| (.value | tojson) as $value
			| "*3\r\n$3\r\nSET\r\n$\($key | utf8bytelength)\r\n\($key)\r\n$\($value | utf8bytelength)\r\n\($value)\r\n"' \
			"$table"
	done
} | timeout 60 redis-cli -p "$PORT" --pipe >"$work/iso.log" 2>&1
iso_records=$(rcli -n 1 DBSIZE)
for i in 1 2 3; do
	rcli -n 1 SET "not-json:$i" "plain text $i, not JSON" >/dev/null
done
head -c 70000 /dev/zero | tr '\0' x | rcli -n 1 -x SET too-large >/dev/null
for h in $(seq 1 20); do
	rcli -n 2 HSET "session:$h" a "{\"user\":$h}" b "{\"cart\":[$h,2,3]}" c "{\"seen\":\"2026-11-26\"}" >/dev/null
done
advisor_read_only_user "$PORT" advisor advisor-secret
rcli CONFIG RESETSTAT >/dev/null

# --- persons, through the read-only ACL user ---------------------------------------------------------------------
started=$SECONDS
# From a shell with Redis and Spring settings of its own: ADVISE_PASSWORD comes before its REDISCLI_AUTH, and the
# others change nothing: the advisor measures in its own redis-server as without them.
check "the read-only user samples $SAMPLE of $PERSONS persons (password from ADVISE_PASSWORD, beside others)" \
	env "${USER_SHELL[@]}" ADVISE_PASSWORD=advisor-secret REDIS_PASSWORD=wrong-from-the-shell scripts/advise.sh \
	--output "$work/persons" --uri "redis://advisor@127.0.0.1:$PORT/0" --sample "$SAMPLE" --train-values 500 \
	"${CANDIDATES[@]}"
echo "     (the sampled run took $((SECONDS - started)) s)"
check "INFO commandstats shows only read commands ($(advisor_commands_run "$PORT" | tr '\n' ' '))" \
	advisor_ran_only_reads "$PORT"
check "no command was refused to it (ACL LOG empty)" advisor_nothing_refused "$PORT"
check "the persons are still all there" test "$(rcli DBSIZE)" -eq "$PERSONS"
for file in advice.md advice.csv advice.json redis-bytes-per-value.png; do
	check "it wrote $file" test -s "$work/persons/$file"
done
check "advice.json: $PERSONS keys matched, $SAMPLE sampled, all JSON" \
	advice persons ".sample.matched == $PERSONS and .sample.values == $SAMPLE and .sample.json_values == $SAMPLE"
check "a row per candidate, each measured and round-tripped" \
	advice persons '(.rows | length) == 12 and all(.rows[]; .measured and .round_trip_failures == 0)'
check "advice.md ranks them and says what to change" \
	bash -c "grep -q '^| 1 |' '$work/persons/advice.md' && grep -q '^## What to change' '$work/persons/advice.md'"
check "advice.md names the listpack setting for buckets" grep -q 'hash-max-listpack-value [0-9]' "$work/persons/advice.md"
check "the whole keyspace measured (--sample $WHOLE)" advise persons-whole --uri "redis://127.0.0.1:$PORT/0" \
	--sample "$WHOLE" --train-values 500 "${CANDIDATES[@]}"
check "persons: every candidate projected within 5% of the whole keyspace measured" \
	within_tolerance persons persons-whole
as_is_close_to_source() {
	jq -e --argjson growth "$persons_growth" --argjson tolerance "$TOLERANCE" 'any(.rows[];
		.encoding == "as-is" and .compression == "none" and .layout == "string-per-key"
		and ((.projected_bytes - $growth) | fabs) <= $tolerance * $growth)' "$work/persons/advice.json" >/dev/null
}
check "persons as they are: projected within 5% of the source's own growth ($persons_growth bytes)" \
	as_is_close_to_source

# --- iso-codes, a JSON corpus no one here wrote ------------------------------------------------------------------
check "iso-codes: $iso_records records loaded" test "$iso_records" -gt 10000
check "iso-codes sampled" advise iso --uri "redis://127.0.0.1:$PORT/1" --sample "$SAMPLE" --train-values 500 \
	"${CANDIDATES[@]}"
check "iso-codes whole keyspace" advise iso-whole --uri "redis://127.0.0.1:$PORT/1" --sample "$WHOLE" \
	--train-values 500 "${CANDIDATES[@]}"
check "iso-codes: every candidate projected within 5% of the whole keyspace measured" within_tolerance iso iso-whole
check "the 3 values that are not JSON counted and measured as bytes" \
	advice iso-whole '.sample.values - .sample.json_values == 3'
check "the value over --max-value-bytes counted, not read" advice iso-whole '.sample.skipped.too_large == 1'
check "advice.md says what was only compressed" grep -q 'are not JSON objects or arrays' "$work/iso-whole/advice.md"
check "hash fields sampled: 20 hashes, 60 values" advise hashes --uri "redis://127.0.0.1:$PORT/2" --sample 100 \
	--encodings as-is --compression none --layouts string-per-key --no-cpu
check "advice.json: 20 keys read, 60 values" advice hashes '.sample.keys_read == 20 and .sample.values == 60'

# --- files and CPU -------------------------------------------------------------------------------------------------
jq -c '.[][]' "$ISO_CODES/iso_3166-2.json" >"$work/subdivisions.jsonl"
check "JSON lines with --quick JMH" advise lines --file "$work/subdivisions.jsonl" --sample 1000 \
	--encodings as-is,smile --compression none,zstd --layouts string-per-key --quick
check "every value of the file counted ($(wc -l <"$work/subdivisions.jsonl") lines)" \
	advice lines ".sample.matched == $(wc -l <"$work/subdivisions.jsonl")"
check "encode and decode timed with an interval for each candidate" \
	advice lines 'all(.rows[]; .encode_ns > 0 and .decode_ns > 0 and .decode_ns_error >= 0)'
check "JMH wrote its log" test -s "$work/lines/raw/jmh.log"
mkdir "$work/folder"
split -l 1 -a 4 "$work/subdivisions.jsonl" "$work/folder/value-"
check "a folder, a value a file" advise folder --file "$work/folder" --sample 300 --encodings cbor \
	--compression gzip --layouts string-per-key --no-cpu
check "advice.json: 300 of the folder's files sampled" advice folder '.sample.values == 300'

# --- a cluster: every master, and one down -------------------------------------------------------------------------
if cluster_start 3 >"$work/cluster.log" 2>&1; then
	for i in $(seq 1 300); do
		echo "SET {$i}:doc value-$i"
	done | cluster_cli "${CLUSTER_PORTS[0]}" -c >/dev/null
	check "a cluster: every master scanned, 300 keys matched" advise cluster --uri "redis://${CLUSTER_NODES%%,*}" \
		--sample 100 --encodings as-is --compression none --layouts string-per-key --no-cpu
	check "advice.json: 300 keys, three masters" \
		advice cluster '.sample.matched == 300 and (.sample.source_facts.masters | split(",") | length) == 3'
	stop_process "${CLUSTER_PIDS[2]}" 10
	check "a cluster node down: one line, exit 2" exits_saying 2 'cluster node' \
		scripts/advise.sh --uri "redis://127.0.0.1:${CLUSTER_PORTS[0]}" --no-cpu -o "$work/down"
else
	cat "$work/cluster.log"
	check "a 3-master cluster started" false
fi

# --- refusals: one line, exit 2 ------------------------------------------------------------------------------------
closed_port=$(first_free_port 127.0.0.1 27990)   # a range no other suite starts a server in (test.sh runs two at once)
one_line_refusal() {
	local pattern=$1 output status=0
	shift
	output=$(scripts/advise.sh --no-cpu --output "$work/refused-$RANDOM" "$@" 2>&1) || status=$?
	((status == 2)) && [[ $(grep -c . <<<"$output") -eq 1 ]] && grep -q -- "$pattern" <<<"$output" &&
		! grep -q 'Exception\|	at ' <<<"$output"
}
check "unreachable host" one_line_refusal 'cannot reach' --uri "redis://127.0.0.1:$closed_port"
wrong_password() {
	ADVISE_PASSWORD=wrong one_line_refusal 'refused' --uri "redis://advisor@127.0.0.1:$PORT"
}
check "wrong password" wrong_password
# Without one, the advisor would reach the source as the default user, which has no password.
wrong_redis_cli_password() {
	REDISCLI_AUTH=wrong one_line_refusal 'refused' --uri "redis://advisor@127.0.0.1:$PORT"
}
check "wrong password in REDISCLI_AUTH, which advise.sh hands on for a --uri" wrong_redis_cli_password
check "TLS to a port without it" one_line_refusal 'TLS failed\|cannot reach' --uri "rediss://127.0.0.1:$PORT"
check "an empty match" one_line_refusal 'no key matches' --uri "redis://127.0.0.1:$PORT" --match 'nothing:*'
check "an unknown option" one_line_refusal 'unknown option' --uri "redis://127.0.0.1:$PORT" --nope
check "an unknown encoding" one_line_refusal 'unknown encodings' --uri "redis://127.0.0.1:$PORT" --encodings avro
check "both a URI and a file" one_line_refusal 'not both' --uri "redis://127.0.0.1:$PORT" --file /etc/hostname
check "--max-value-bytes above 128 KiB" one_line_refusal 'at most' --file /etc/hostname --max-value-bytes 200000
check_summary
