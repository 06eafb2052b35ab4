#!/usr/bin/env bash
# End-to-end test of scripts/fill.sh and scripts/memory-at-scale.sh at a tiny size: every person lands in
# the Redis it was pointed at, in each layout; on a redis-server of its own the fill reports the count and
# stops it; memory-at-scale.sh writes a table row. Any Redis: one demanding an ACL user and password, one with
# TLS and client certificates, a 3-master cluster, whose used_memory after a fill is what the plan projected; a
# range already there refused without --overwrite; the plan refusing a fill above a small maxmemory; a fill into
# a full noeviction Redis stopping with an exact count. The runs come from a shell with REDISCLI_AUTH,
# SPRING_DATA_REDIS_* and (but for the Redis it is pointed at) REDIS_PASSWORD of its own, wrong for the Redis
# filled: fill.sh's own Redis and app never see them.
# Needs a JDK, redis-server (with TLS) and openssl.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh
# shellcheck source=scripts/lib/cluster.sh
source scripts/lib/cluster.sh

readonly PERSONS=250 # three hash buckets: ids 1..99, 100..199, 200..250
work=$(mktemp -d "${TMPDIR:-/tmp}/test-fill.XXXXXX")
servers=()  # PIDs of the redis-servers started below with their own settings
stop_servers() {
	local pid
	for pid in "${servers[@]}"; do
		stop_process "$pid" 10 || true
	done
}
trap 'private_redis_stop ""; stop_servers; cluster_stop; rm -rf "$work"' EXIT

private_redis_start 27650 || { echo "test-fill: could not start redis-server" >&2; exit 1; }
rcli() {
	timeout 10 redis-cli -p "$PRIVATE_REDIS_PORT" "$@"
}

# --- into a Redis it did not start: every person, kept there ------------------------------------
# Its password comes from REDIS_PASSWORD only: the shell's REDISCLI_AUTH and Spring settings are not for it.
check "fill.sh -n $PERSONS --port exits 0, from a shell with REDISCLI_AUTH and SPRING_DATA_REDIS_* of its own" \
	env "${USER_SHELL[@]}" scripts/fill.sh -n "$PERSONS" --port "$PRIVATE_REDIS_PORT" --connections 2 --batch 40
check "$PERSONS keys, one per person" test "$(rcli DBSIZE)" -eq "$PERSONS"
check "the last person is at person_$PERSONS" test "$(rcli EXISTS "person_$PERSONS")" -eq 1
rcli FLUSHALL >/dev/null
check "fill.sh --layout hash-bucket --compression zstd-dict exits 0" \
	scripts/fill.sh -n "$PERSONS" --port "$PRIVATE_REDIS_PORT" --layout hash-bucket --compression zstd-dict
check "three buckets" test "$(rcli DBSIZE)" -eq 3
check "$PERSONS fields in them" test $(($(rcli HLEN 'persons:{0}') + $(rcli HLEN 'persons:{1}') + $(rcli HLEN 'persons:{2}'))) -eq "$PERSONS"

# --- on a redis-server of its own: the count reported, the server gone --------------------------
# From a shell with Redis settings of its own, REDIS_PASSWORD among them: none is for fill.sh's own Redis.
env "${USER_SHELL[@]}" REDIS_PASSWORD=wrong-from-the-shell scripts/fill.sh -n "$PERSONS" --codec fastjson2 \
	--compare-pipe >"$work/own.out" 2>&1 || { cat "$work/own.out"; check "fill.sh on its own Redis exits 0" false; }
check "it reports $PERSONS keys after the fill and after redis-cli --pipe" \
	test "$(grep -cx "keys: $PERSONS" "$work/own.out")" -eq 2
check "it timed redis-cli --pipe" grep -q "^redis-cli --pipe: $PERSONS persons in" "$work/own.out"
own_redis=$(sed -n 's/.*redis-server of our own on .* (pid \([0-9]*\))$/\1/p' "$work/own.out")
gone() {
	[[ -n $1 ]] && ! kill -0 "$1" 2>/dev/null
}
check "it named its redis-server ($own_redis), which is gone" gone "$own_redis"

# --- --verify: every person through the app's /check ---------------------------------------------
if env "${USER_SHELL[@]}" REDIS_PASSWORD=wrong-from-the-shell scripts/fill.sh -n 300 --codec fastjson2 \
	--layout hash-bucket --verify >"$work/verify.out" 2>&1; then
	check "fill.sh --verify /checked all 300 persons through the string app" \
		grep -q '^verified: all 300 persons read and intact through the string app' "$work/verify.out"
else
	cat "$work/verify.out"
	check "fill.sh --verify exits 0" false
fi
check "--verify of 250 persons (not whole /check batches) exits 2" exits_with 2 scripts/fill.sh -n 250 --verify
check "--verify of a codec no app stores exits 2" exits_with 2 scripts/fill.sh -n 300 --codec msgpack --verify
check "a misspelt option exits 2 in one line naming the closest" exits_saying 2 \
	"^redis-bench fill: unknown option '--persns', did you mean --persons?" scripts/fill.sh --persns 5

# --- memory-at-scale.sh: a row per combination ---------------------------------------------------
# A sweep of connection counts: a fill per count on its own Redis, and a row each with a rate and both sides' CPU.
if scripts/fill.sh -n "$PERSONS" --connections 1,2 >"$work/sweep.out" 2>&1; then
	sweep_rows() {
		awk '/^connections  persons\/s/ { table = 1; next } table && $1 ~ /^[0-9]+$/ && $2 > 0 && NF == 7 { print $1 }' \
			"$work/sweep.out" | paste -sd, -
	}
	check "fill.sh --connections 1,2 prints a row per count, each with persons/s and CPU" test "$(sweep_rows)" = 1,2
	check "and leaves the last fill's $PERSONS keys" grep -qx "keys: $PERSONS" "$work/sweep.out"
else
	cat "$work/sweep.out"
	check "fill.sh --connections 1,2 exits 0" false
fi
check "--connections 2,2 exits 2" exits_saying 2 "given twice" scripts/fill.sh --connections 2,2
check "--connections 0 exits 2" exits_with 2 scripts/fill.sh --connections 0
check "a sweep on a Redis not our own (--port) exits 2" exits_saying 2 "without --port" \
	scripts/fill.sh --connections 1,2 --port "$PRIVATE_REDIS_PORT"

env "${USER_SHELL[@]}" REDIS_PASSWORD=wrong-from-the-shell scripts/memory-at-scale.sh -n "$PERSONS" --codecs kryo \
	--compression none,lz4 --layouts string-per-key -o "$work/memory.md" >"$work/memory.out" 2>&1 ||
	{ cat "$work/memory.out"; check "memory-at-scale.sh exits 0" false; }
for compression in none lz4; do
	check "memory.md has the $compression row with bytes per person" \
		grep -Eq "^\| $PERSONS \| kryo \| $compression \| string-per-key \| [0-9]+\.[0-9] \|" "$work/memory.md"
done
check "and each row's used_memory, dataset, overhead, RSS, fragmentation ratio and persons/s" \
	test "$(grep -Ec "^\| $PERSONS \| kryo \| [a-z0-9]+ \| string-per-key \| [0-9.]+( \| [1-9][0-9]*){4} \| [0-9]+\.[0-9]{2} \| [1-9][0-9]* \|$" "$work/memory.md")" -eq 2
check "under a heading with the empty redis-server's used_memory" grep -Eq "empty used_memory [1-9][0-9]* bytes" "$work/memory.md"
# --- any Redis: settings of its own, reached as the user says ----------------------------------
# redis_with NAME ARGS...: a redis-server on a free port (REDIS_WITH_PORT), with $work/NAME.conf if there (ACL
# users need a file), persistence off; its TCP port must answer.
redis_with() {
	local name=$1 conf=() port deadline
	shift
	[[ -f $work/$name.conf ]] && conf=("$work/$name.conf")
	port=$(first_free_port 127.0.0.1 27660) || return 1
	redis-server "${conf[@]}" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" --logfile "$work/$name.log" \
		"$@" --port "$port" </dev/null &
	servers+=("$!")
	REDIS_WITH_PORT=$port
	deadline=$((SECONDS + 10))
	until port_answers 127.0.0.1 "$port"; do
		((SECONDS < deadline)) || return 1
		sleep 0.1
	done
}

# An ACL user with a password; the default user is off, and CONFIG is denied (the plan then says so).
printf 'user default off\nuser filler on >%s ~* &* +@all -config\n' fill-secret >"$work/acl.conf"
redis_with acl || { echo "test-fill: could not start redis-server with ACL users" >&2; exit 1; }
acl_port=$REDIS_WITH_PORT
acl_cli() {
	REDISCLI_AUTH=fill-secret timeout 10 redis-cli -p "$acl_port" --user filler "$@"
}
# The password only ever in the environment (cluster.sh also reads REDIS_PASSWORD, so it is never exported here),
# whatever else the shell has.
acl_fill() {
	env "${USER_SHELL[@]}" REDIS_PASSWORD=fill-secret scripts/fill.sh -n "$PERSONS" --port "$acl_port" --user filler "$@"
}
check "an ACL user, the password from REDIS_PASSWORD: exits 0" acl_fill
check "$PERSONS keys under that user" test "$(acl_cli DBSIZE)" -eq "$PERSONS"
check "the same range again is refused (exit 2), naming a key there" \
	exits_saying 2 "^redis-bench fill: 127.0.0.1:$acl_port db 0 holds person_[0-9]*, in the range of ids 1..$PERSONS" acl_fill
check "--overwrite writes over it" acl_fill --overwrite
check "--db 3: the same ids in another database" acl_fill --db 3
check "$PERSONS keys in db 3" test "$(acl_cli -n 3 DBSIZE)" -eq "$PERSONS"
check "a wrong password is refused in one line (exit 2)" exits_saying 2 '^redis-bench fill: cannot fill .*WRONGPASS' \
	env REDIS_PASSWORD=wrong scripts/fill.sh -n "$PERSONS" --port "$acl_port" --user filler
# A repeated option is refused, so not acl_fill's -n: its own.
check "--plan without CONFIG says it used this redis-server's defaults" exits_saying 0 "CONFIG GET refused" \
	env "${USER_SHELL[@]}" REDIS_PASSWORD=fill-secret scripts/fill.sh -n 1000 --port "$acl_port" --user filler --plan \
	--plan-sample 1000
check "--plan of fewer persons than its sample's rounds of whole buckets exits 2" \
	exits_saying 2 "rounds of whole buckets" acl_fill --plan
env "${USER_SHELL[@]}" REDIS_PASSWORD=fill-secret scripts/memory-at-scale.sh -n "$PERSONS" --codecs kryo \
	--compression none --layouts hash-bucket --port "$acl_port" --user filler --db 5 -o "$work/acl-memory.md" \
	>"$work/acl-memory.out" 2>&1 || { cat "$work/acl-memory.out"; check "memory-at-scale.sh on a Redis of yours exits 0" false; }
check "memory-at-scale.sh on a Redis of yours: a row with what its used_memory grew by a person" \
	grep -Eq "^\| $PERSONS \| kryo \| none \| hash-bucket \| [0-9]+\.[0-9] \|" "$work/acl-memory.md"
check "and two sizes there are refused (exit 2): it never flushes a Redis of yours" exits_saying 2 "never flushed" \
	scripts/memory-at-scale.sh -n 10,20 --port "$acl_port" --user filler

# TLS with client certificates (tls-auth-clients yes, Redis's default), the server's name checked.
(cd "$work" && openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 1 -subj /CN=fill-ca &&
	openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 &&
	printf 'subjectAltName=IP:127.0.0.1\n' >server.ext &&
	openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 1 -extfile server.ext &&
	openssl req -newkey rsa:2048 -nodes -keyout client.key -out client.csr -subj /CN=filler &&
	openssl x509 -req -in client.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out client.crt -days 1) \
	>"$work/openssl.log" 2>&1 || { cat "$work/openssl.log"; echo "test-fill: openssl failed" >&2; exit 1; }
tls_port=$(first_free_port 127.0.0.1 27670)
redis_with tls --tls-port "$tls_port" --tls-cert-file "$work/server.crt" --tls-key-file "$work/server.key" \
	--tls-ca-cert-file "$work/ca.crt" || { echo "test-fill: could not start redis-server with TLS" >&2; exit 1; }
tls=(--tls --cacert "$work/ca.crt" --cert "$work/client.crt" --key "$work/client.key")
check "TLS with a client certificate, hash buckets: exits 0" \
	scripts/fill.sh -n "$PERSONS" --port "$tls_port" "${tls[@]}" --layout hash-bucket
tls_hlen() {
	timeout 10 redis-cli -p "$tls_port" "${tls[@]}" HLEN "persons:{$1}"
}
check "$PERSONS fields in three buckets over TLS" test $(($(tls_hlen 0) + $(tls_hlen 1) + $(tls_hlen 2))) -eq "$PERSONS"
check "a name the certificate does not have (localhost) is refused (exit 2)" exits_saying 2 "No name matching localhost" \
	scripts/fill.sh -n "$PERSONS" --host localhost --port "$tls_port" "${tls[@]}" --layout hash-bucket --overwrite

# A cluster of 3 masters: each person on its slot's master. Redis 7.0 allocates a latency histogram of about 25 kB
# for each command at its first call on a node, which the plan leaves out (a fixed cost, where a plan is about GBs):
# off here, so that the fill's memory can be held to the plan's to the kilobyte.
CLUSTER_REDIS_ARGS="--latency-tracking no" CLUSTER_FIRST_PORT=27690 cluster_start 3 2>"$work/cluster.log" ||
	{ cat "$work/cluster.log"; exit 1; }
cluster_keys() {
	local port sum=0 each
	for port in "${CLUSTER_PORTS[@]}"; do
		each=$(cluster_cli "$port" DBSIZE)
		((each > 0)) || return 1
		sum=$((sum + each))
	done
	((sum == $1))
}
# within_plan PLAN FILL: the masters' used_memory right after the fill, summed, lies between the plan's projection
# less its uncertainty and its peak (a key table may still be rehashing then) plus its uncertainty, with 17 kB more
# either way: the plan prints each node's figures to the kilobyte (3 masters: 1.5 kB), and a fresh cluster's node
# read 5.1 kB above what it settled at now and then, at the plan's reading or right after the fill (3 masters:
# 15.3 kB). The plan's sample is a one-node cluster: had it left out what cluster mode costs a key (16 bytes), the
# fill would be 320 kB above the projection.
within_plan() {
	awk 'function bytes(value, unit) { return value * (unit ~ /^GB/ ? 1e9 : 1e6) }
		FNR == NR && $3 == "used_memory" && $7 == "projected" {
			low += bytes($8, $9) - bytes($11, $12); high += bytes($14, $15) + bytes($11, $12); nodes++ }
		FNR != NR && /^used_memory:/ { split($0, field, ":"); used += field[2] }
		END { printf "used_memory %d after the fill, the plan %d..%d over %d masters\n", used, low, high, nodes
			exit !(nodes == 3 && used >= low - 17000 && used <= high + 17000) }' "$1" "$2"
}
# 20,000 persons: each master's 6,700 or so keys leave its key table at 8,192 slots, as the plan projects.
CHECK_LOG=$work/cluster-plan.out check "--plan of 20000 persons on the cluster, sampled in a one-node cluster: fits" \
	exits_saying 0 "^plan: fits" scripts/fill.sh -n 20000 --cluster "$CLUSTER_NODES" --plan
CHECK_LOG=$work/cluster-fill.out check "a 3-master cluster, a key per person: exits 0" \
	exits_with 0 scripts/fill.sh -n 20000 --cluster "$CLUSTER_NODES"
check "20000 keys, on every master" cluster_keys 20000
check "and their used_memory is what the plan projected" within_plan "$work/cluster-plan.out" "$work/cluster-fill.out"
check "and hash buckets: exits 0" scripts/fill.sh -n 20000 --cluster "$CLUSTER_NODES" --layout hash-bucket
check "201 buckets more, on every master" cluster_keys 20201

# --max-seconds: no batch after it; what was stored is counted exactly and is what is reported.
scripts/fill.sh -n 50000000 --no-plan --max-seconds 1 >"$work/bounded.out" 2>&1 ||
	{ cat "$work/bounded.out"; check "fill.sh --max-seconds 1 exits 0" false; }
bounded=$(sed -n 's/^stored \([0-9]*\) persons.*/\1/p' "$work/bounded.out")
check "--max-seconds 1 stored ${bounded:-?} of 50 M persons, exactly the keys there" \
	test -n "$bounded" -a "${bounded:-0}" -lt 50000000 -a "${bounded:-x}" = "$(sed -n 's/^keys: //p' "$work/bounded.out")"

# maxmemory: the plan refuses what would not fit; a fill past it stops at the first OOM with the exact count.
redis_with full --maxmemory 3mb --maxmemory-policy noeviction || exit 1
full_port=$REDIS_WITH_PORT
check "6 M persons (above the 5 M planned by default) above a maxmemory of 3 MB: the plan refuses (exit 2)" \
	exits_saying 2 "^redis-bench fill: the plan says 6000000 persons would not fit (above): at most [0-9]* would" \
	scripts/fill.sh -n 6000000 --port "$full_port" --plan-sample 10000
check "nothing written" test "$(timeout 10 redis-cli -p "$full_port" DBSIZE)" -eq 0
for layout in string-per-key hash-bucket; do
	status=0
	scripts/fill.sh -n 100000 --port "$full_port" --layout "$layout" --no-plan >"$work/full.out" 2>&1 || status=$?
	stored=$(sed -n 's/.*stopped at .* first out-of-memory reply: stored \([0-9]*\) of 100000 persons.*/\1/p' "$work/full.out")
	if [[ $layout == string-per-key ]]; then
		there=$(timeout 10 redis-cli -p "$full_port" DBSIZE)
	else
		there=$(timeout 10 redis-cli -p "$full_port" --scan --pattern 'persons:{*}' |
			while read -r bucket; do timeout 10 redis-cli -p "$full_port" HLEN "$bucket"; done | awk '{ s += $1 } END { print s + 0 }')
	fi
	check "$layout into a full noeviction Redis: exits 1 at the first OOM, stored ${stored:-?} == $there there" \
		test "$status" -eq 1 -a -n "$stored" -a "${stored:-x}" = "$there" -a "${there:-0}" -gt 0
	timeout 10 redis-cli -p "$full_port" FLUSHALL >/dev/null
done
check_summary
