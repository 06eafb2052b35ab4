#!/usr/bin/env bash
# End-to-end test of scripts/advise.sh on Java objects at smoke size. A source redis-server of its own holds what
# a real Spring Boot service (spring-corpus, written by scripts/corpus.sh) leaves in Redis: Spring Session's
# sessions, a hash each with Spring Security's context, JDK-serialized (db 0), and Spring Cache's orders, JDK-
# serialized and as Spring's typed JSON (db 1). An ACL user allowed only the read commands runs the advisor with
# the service's fat jar as --classpath and its packages in --allow: each format detected, every value decoded,
# typed candidates measured and ranked; the values as they are projected within 5% of the source's own growth, and
# each candidate from a sample within 5% of the whole converted keyspace; a class left out of --allow refused and
# counted, and JDK values without --allow one line and exit 2 naming their packages; no secret of the sessions (a
# CSRF token, a session id) in a report without --show-values. Needs a JDK, redis-server, jq.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh
# shellcheck source=scripts/lib/advise-checks.sh
source scripts/lib/advise-checks.sh

# A few thousand of each, as the suite's budget allows (the docs' run has 100,000 sessions); a quarter of the
# sessions sampled, so that the projection is one.
readonly SESSIONS=2000 ORDERS=2000 SAMPLE=500 WHOLE=100000 TOLERANCE=0.05
readonly ALLOW='org.redisbench.corpus.**,org.springframework.security.**'
# The values as they are, and typed candidates of each kind on the objects (the JDK's own, Jackson with the type,
# Kryo and Fory with classes registered), with and without compression, in the source's own shape and a key a
# value; --no-cpu, as CPU is test-advise.sh's.
readonly CANDIDATES=(--encodings as-is --objects "jdk,jackson-typed,kryo-registered,fory-registered"
	--compression "none,zstd" --layouts "as-stored,string-per-key" --no-cpu)
work=$(mktemp -d "${TMPDIR:-/tmp}/test-advise-objects.XXXXXX")
trap 'private_redis_stop ""; rm -rf "$work"' EXIT

private_redis_start 27720 || { echo "test-advise-objects: could not start redis-server" >&2; exit 1; }
readonly PORT=$PRIVATE_REDIS_PORT
rcli() {
	timeout 10 redis-cli -p "$PORT" "$@"
}
used_memory() {
	rcli INFO memory | sed -n 's/^used_memory:\([0-9]*\)\r$/\1/p'
}
# advise NAME OPTION...: a run of the advisor into $work/NAME, its output in $work/NAME.log.
advise() {
	local name=$1
	shift
	scripts/advise.sh --output "$work/$name" "$@" >"$work/$name.log" 2>&1 || { tail -n 5 "$work/$name.log"; return 1; }
}
advice() {
	jq -e "$2" "$work/$1/advice.json" >/dev/null || { jq -c "${3:-.sample}" "$work/$1/advice.json"; return 1; }
}

# --- the sources: what the service writes, and what it grew the source's memory by -----------------------------
# The service's fat jar, which corpus.sh builds when stale, is the advisor's --classpath.
JAR=$(jar_of spring-corpus)
readonly JAR
# write KIND COUNT DB: the corpus written through corpus.sh; prints the keys' pattern.
write() {
	scripts/corpus.sh --kind "$1" -n "$2" --db "$3" --port "$PORT" 2>"$work/$1.log" || { cat "$work/$1.log" >&2; return 1; }
}
# Each corpus's growth as the advisor measures a load: from a Redis holding one key, so that the allocator's first
# 50 kB are not the corpus's (the ~100 kB a first large load leaves is under 1% of these).
rcli SET value-advisor:marker x >/dev/null
before=$(used_memory)
sessions_match=$(write sessions "$SESSIONS" 0)
sessions_growth=$(($(used_memory) - before))
rcli DEL value-advisor:marker >/dev/null
rcli -n 1 SET value-advisor:marker x >/dev/null
before=$(used_memory)
jdk_match=$(write cache-jdk "$ORDERS" 1)
json_match=$(write cache-json "$ORDERS" 1)
orders_growth=$(($(used_memory) - before))
rcli -n 1 DEL value-advisor:marker >/dev/null
check "the service wrote $SESSIONS sessions ($sessions_match)" test "$(rcli -n 0 DBSIZE)" -eq "$SESSIONS"
check "and $ORDERS orders each way ($jdk_match, $json_match)" test "$(rcli -n 1 DBSIZE)" -eq $((2 * ORDERS))
advisor_read_only_user "$PORT" advisor advisor-secret
rcli CONFIG RESETSTAT >/dev/null

# --- sessions, through the read-only user ------------------------------------------------------------------------
started=$SECONDS
check "the read-only user samples $SAMPLE of $SESSIONS sessions with the service's jar as --classpath" \
	env ADVISE_PASSWORD=advisor-secret scripts/advise.sh --output "$work/sessions" \
	--uri "redis://advisor@127.0.0.1:$PORT/0" --match "$sessions_match" --sample "$SAMPLE" \
	--classpath "$JAR" --allow "$ALLOW" "${CANDIDATES[@]}"
echo "     (the sampled run took $((SECONDS - started)) s)"
check "INFO commandstats shows only read commands ($(advisor_commands_run "$PORT" | tr '\n' ' '))" \
	advisor_ran_only_reads "$PORT"
check "no command was refused to it (ACL LOG empty)" advisor_nothing_refused "$PORT"
# A session is a hash of 9 fields: Spring Session's 3 (creation, last access, timeout) and 6 attributes.
check "advice.json: $SAMPLE sessions read, 9 values each, every one a JDK stream" \
	advice sessions ".sample.keys_read == $SAMPLE and .sample.values == $((9 * SAMPLE))
		and .sample.formats.jdk == $((9 * SAMPLE)) and ([.sample.formats[]] | add) == $((9 * SAMPLE))"
check "every value decoded, none refused, no class missing" \
	advice sessions '.sample.decoded == .sample.values and (.sample.refused | length) == 0
		and (.sample.missing_classes | length) == 0'
check "a row per candidate, each measured" advice sessions '(.rows | length) == 20 and all(.rows[]; .measured)' \
	'[.rows[] | {encoding, compression, layout, measured}]'
# typed_rows_hold NAME: the JDK's own re-encoding carried every value unchanged, and so did one other codec; a codec
# that could not carry a value says why in one line, never a stack trace.
typed_rows_hold() {
	advice "$1" '[.rows[] | select(.typed)] | length > 0
		and all(.[] | select(.encoding == "jdk"); .cannot_carry == 0 and .round_trip_failures == 0)
		and any(.[]; .encoding != "jdk" and .cannot_carry == 0 and .round_trip_failures == 0)
		and all(.[]; .cannot_carry == 0 or (.cannot_carry_because | type == "string" and length > 0
			and (test("\n|\tat ") | not)))' \
		'[.rows[] | select(.typed) | {encoding, compression, layout, cannot_carry, cannot_carry_because,
			round_trip_failures, first_difference}]'
}
check "typed candidates: the JDK's own and another carried every session unchanged, the others say why not" \
	typed_rows_hold sessions
check "advice.md ranks them and says what to change" \
	bash -c "grep -q '^| 1 |' '$work/sessions/advice.md' && grep -q '^## What to change' '$work/sessions/advice.md'"
# as_stored_close_to NAME BYTES: the values as they are, in the source's own shape, projected within TOLERANCE of BYTES.
as_stored_close_to() {
	jq -e --argjson growth "$2" --argjson tolerance "$TOLERANCE" '
		[.rows[] | select(.encoding == "as-is" and .compression == "none" and .layout == "as-stored")] | .[0]
		| . != null and ((.projected_bytes - $growth) | fabs) <= $tolerance * $growth' "$work/$1/advice.json" \
		>/dev/null || { jq -c '[.rows[] | select(.layout == "as-stored" and .compression == "none")
			| {encoding, projected_bytes}]' "$work/$1/advice.json"; return 1; }
}
check "sessions as they are: projected within 5% of the source's own growth ($sessions_growth bytes)" \
	as_stored_close_to sessions "$sessions_growth"
check "the whole keyspace measured (--sample $WHOLE)" advise sessions-whole --uri "redis://127.0.0.1:$PORT/0" \
	--match "$sessions_match" --sample "$WHOLE" --classpath "$JAR" --allow "$ALLOW" "${CANDIDATES[@]}"
check "sessions: every candidate projected within 5% of the whole keyspace measured" \
	projections_agree "$work/sessions/advice.json" "$work/sessions-whole/advice.json" "$TOLERANCE"

# Every typed codec once, on a few sessions: a codec that cannot carry a session says why, none stops the advisor.
check "every typed codec on 50 sessions (--objects all): the advisor ends, each codec's rows measured" \
	advise every-codec --uri "redis://127.0.0.1:$PORT/0" --match "$sessions_match" --sample 50 --classpath "$JAR" \
	--allow "$ALLOW" --encodings as-is --objects all --compression none --layouts as-stored --no-cpu
check "every typed codec: each carried every session or says why in a line" \
	advice every-codec '[.rows[] | select(.typed)] | length >= 12 and all(.[]; .measured and (.cannot_carry == 0
		or (.cannot_carry_because | type == "string" and length > 0 and (test("\n|\tat ") | not))))' \
	'[.rows[] | select(.typed) | {encoding, measured, cannot_carry, cannot_carry_because}]'
check "fastjson2: what its generated reader cannot see (a LinkageError) is a reason, the advisor goes on" \
	advice every-codec 'any(.rows[]; .encoding == "fastjson2" and (.cannot_carry_because
		| test("cannot link org\\.springframework\\.security\\.core\\.Authentication")))' \
	'[.rows[] | select(.encoding | startswith("fastjson2")) | {encoding, cannot_carry_because}]'

# No report prints a value of the source unless asked (--show-values). The sessions hold no password (Spring
# Security erases it after login), but two secrets of the shopper each: the CSRF token and the session id (in the
# login's details), either of which lets a request through as the shopper. Every session's are read from the
# source, and none may be in what a run that read them and tried every codec wrote.
secrets=$work/secrets
rcli --scan --pattern "$sessions_match" | sed 's/.*://' >"$secrets"
rcli --scan --pattern "$sessions_match" |
	sed 's/^/HGET /; s/$/ sessionAttr:org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository.CSRF_TOKEN/' |
	rcli --raw | grep -aoE '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}' >>"$secrets"
check "the sessions' secrets read from the source: a CSRF token and a session id each" \
	test "$(sort -u "$secrets" | grep -c .)" -eq $((2 * SESSIONS))
# no_secret_in NAME: none of the secrets in the run's advice.md, advice.json or advice.csv; names the first found.
no_secret_in() {
	local found
	found=$(grep -ohF -f "$secrets" "$work/$1/advice.md" "$work/$1/advice.json" "$work/$1/advice.csv" | head -n 1)
	[[ -z $found ]] || { echo "$1 holds the secret $found"; return 1; }
}
check "no CSRF token nor session id in the sampled run's reports" no_secret_in sessions
check "nor in those of the run of every codec" no_secret_in every-codec

# --- cached orders, JDK and typed JSON side by side --------------------------------------------------------------
check "cached orders, every one read (--sample $WHOLE)" advise orders --uri "redis://127.0.0.1:$PORT/1" \
	--sample "$WHOLE" --classpath "$JAR" --allow "$ALLOW" "${CANDIDATES[@]}"
check "advice.json: $ORDERS JDK streams and $ORDERS typed JSON documents, every one decoded" \
	advice orders ".sample.values == $((2 * ORDERS)) and .sample.formats.jdk == $ORDERS
		and .sample.formats[\"typed-json\"] == $ORDERS
		and .sample.decoded == $((2 * ORDERS))"
check "a row per candidate, each measured" advice orders '(.rows | length) == 20 and all(.rows[]; .measured)' \
	'[.rows[] | {encoding, compression, layout, measured}]'
check "typed candidates: the JDK's own and another carried every order unchanged, the others say why not" \
	typed_rows_hold orders
check "orders as they are: projected within 5% of the source's own growth ($orders_growth bytes)" \
	as_stored_close_to orders "$orders_growth"

# --- refusals: what is not allowed is never decoded ----------------------------------------------------------------
check "Spring Security left out of --allow: the sessions sampled all the same" advise refused \
	--uri "redis://127.0.0.1:$PORT/0" --match "$sessions_match" --sample 50 --classpath "$JAR" \
	--allow 'org.redisbench.corpus.**' --encodings as-is --objects jdk --compression none --layouts as-stored --no-cpu
check "its security contexts refused, counted under their class, the carts decoded" \
	advice refused '(.sample.refused | map(select(.class | startswith("org.springframework.security.")))
		| length > 0 and (map(.values) | add) >= 50) and .sample.decoded > 0 and .sample.decoded < .sample.values'
one_line_refusal() {
	local pattern output status=0
	output=$(scripts/advise.sh --no-cpu --output "$work/refused-$RANDOM" "${@:2}" 2>&1) || status=$?
	for pattern in $1; do
		grep -q -- "$pattern" <<<"$output" || { echo "no '$pattern' in: $output"; return 1; }
	done
	((status == 2)) && [[ $(grep -c . <<<"$output") -eq 1 ]] && ! grep -q 'Exception\|	at ' <<<"$output"
}
check "JDK values and no --allow: one line naming their packages, exit 2" \
	one_line_refusal 'org.springframework.security org.redisbench.corpus' \
	--uri "redis://127.0.0.1:$PORT/0" --match "$sessions_match" --sample 50 --classpath "$JAR"
check "a --classpath that does not exist: one line, exit 2" one_line_refusal 'no-such.jar' \
	--uri "redis://127.0.0.1:$PORT/0" --classpath "$work/no-such.jar" --allow "$ALLOW"
check_summary
