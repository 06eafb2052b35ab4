#!/usr/bin/env bash
# End-to-end test of scripts/migrate.sh at smoke size (docs/migrate.md, "Switching in place"): 20,000 persons
# stored with JDK serialization, each with a TTL, converted to Kryo + zstd-dict while the kryo app, reading both
# (bench.read-also=jdk), reads random persons and rewrites the first ones over and over, one /add at a time; the
# migrator is killed with SIGKILL midway and the same command resumes it. Afterwards: every person decodes through
# the app and none is missing (/check over the whole range), every value is in the new format, no person the app
# wrote holds an older version than its last /add (the stamp in each person's name against the time that /add was
# sent), the expiry of every person the app did not write is what it was (PEXPIRETIME, within 1 s) and the app's
# within its bench.ttl, the app answered no 5xx, the resumed run converted nothing twice (INFO commandstats: no
# more replacement scripts than values still in JDK form), and the memory saved is within 5% of the dry run's
# projection. The same on a 3-master cluster at a smaller size. Then the refusals: an unknown codec, --to equal to
# --from, a user that may only read, a checkpoint of another migration or of a Redis since restarted on the same
# port, a cluster node down; and the latency bound
# pausing. Then a user's own objects through migrate.sh: the shop service's Spring Cache entries (spring-corpus),
# JDK-serialized, to fory-registered+zstd with the registrations file a dry run writes. The load is a closed loop (one request after the other, so that each /add's ids and send time are
# known); the open-loop p99 during and without a migration is the docs' run. Needs a JDK, redis-server, jq, curl.
# shellcheck disable=SC2016 # jq programs and bash -c scripts take their values as arguments
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
# shellcheck source=scripts/lib/cluster.sh
source scripts/lib/cluster.sh
# A small heap: the app answers a few thousand requests.
APP_JAVA_OPTS=(-Xms64m -Xmx192m)
# shellcheck source=scripts/lib/app.sh
source scripts/lib/app.sh

# The app's ttl: a person it writes expires that long after its /add, in ms.
readonly TTL_SECONDS=3600 TOLERANCE=0.05 DICTIONARY=kryo-app/src/main/resources/person.zdict
readonly CONVERSION=(--match 'person_*' --from jdk --to kryo+zstd-dict --to-dictionary "$DICTIONARY")
work=$(mktemp -d "${TMPDIR:-/tmp}/test-migrate.XXXXXX")
load_pid=''
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	touch "$work/stop"
	[[ -z $load_pid ]] || wait "$load_pid" 2>/dev/null || true
	app_stop
	private_redis_stop ""
	cluster_stop
	rm -rf "$work"
}
trap cleanup EXIT

build_jars auto 1800 "$work/build.log" kryo redis-fill launcher spring-corpus

PORTS=() # the masters of the Redis under test
rc() {
	local port=$1
	shift
	timeout 30 redis-cli -p "$port" "$@"
}

# expiry_times FILE: every person's key and PEXPIRETIME (ms since the epoch), sorted by key.
expiry_times() {
	local port
	for port in "${PORTS[@]}"; do
		rc "$port" --scan --pattern 'person_*' >"$work/keys"
		paste -d ' ' "$work/keys" <(sed 's/^/PEXPIRETIME /' "$work/keys" | rc "$port")
	done | sort >"$1"
}

# jdk_values: how many persons still start with the JDK stream's magic, AC ED.
jdk_values() {
	local port
	for port in "${PORTS[@]}"; do
		rc "$port" --scan --pattern 'person_*' | sed 's/^/GETRANGE /; s/$/ 0 1/' | rc "$port" --no-raw
	done | grep -c '^"\\xac\\xed"$' || true
}

# command_calls NAME: the calls of one command over the masters since they started.
command_calls() {
	local port calls=0 count
	for port in "${PORTS[@]}"; do
		count=$(rc "$port" INFO commandstats | tr -d '\r' | sed -n "s/^cmdstat_$1:calls=\([0-9]*\),.*/\1/p")
		calls=$((calls + ${count:-0}))
	done
	echo "$calls"
}

# load WRITES IDS LOG: until $work/stop exists, one request after the other: with WRITES=yes an /add (its ids,
# when it was sent and answered, in ms), then a /checksingle of a random person of 1..PERSONS; /reset after each
# IDS persons added, so that the adds go over persons 1..IDS again and again.
load() {
	local writes=$1 ids=$2 log=$3 adds=0 sent answer id
	while [[ ! -e $work/stop ]]; do
		if [[ $writes == yes ]]; then
			if ((adds * 100 >= ids)); then
				curl -sS -m 10 -o /dev/null "$APP_URL/reset" || true
				adds=0
			fi
			sent=${EPOCHREALTIME/./}
			answer=$(curl -sS -m 10 -o /dev/null -w '%{http_code} %{time_total} %header{person-ids}' "$APP_URL/add" ||
				echo "000 0 -")
			echo "add $((sent / 1000)) $((${EPOCHREALTIME/./} / 1000)) $answer" >>"$log"
			adds=$((adds + 1))
		fi
		id=$((RANDOM % PERSONS + 1))
		answer=$(curl -sS -m 10 -o /dev/null -w '%{http_code} %{time_total}' "$APP_URL/checksingle/$id" ||
			echo "000 0")
		echo "read $id $answer" >>"$log"
	done
}

start_load() {
	rm -f "$work/stop"
	load "$@" &
	load_pid=$!
}

stop_load() {
	touch "$work/stop"
	wait "$load_pid" || true
	load_pid=''
}

# p99 LOG: the 99th percentile of the reads' times in a load's log, in ms, and their count.
p99() {
	awk '$1 == "read" { print $4 * 1000 }' "$1" | sort -n |
		awk '{ t[NR] = $1 } END { i = int(NR * 0.99); if (i < 1) i = 1; printf "%.1f ms of %d reads", t[i], NR }'
}

# only_2xx LOG: every request of the load was answered 200.
only_2xx() {
	local bad
	bad=$(awk '($1 == "add" && $4 != 200) || ($1 == "read" && $3 != 200)' "$1" | head -n 3)
	[[ -z $bad ]] || { echo "     $bad"; return 1; }
}

# every_person_checks: /check over persons 1..PERSONS, 100 a request, each 200: every person there and intact.
every_person_checks() {
	local i codes
	curl -sS -m 10 -o /dev/null "$APP_URL/reset"
	for ((i = 0; i < PERSONS / 100; i++)); do
		printf 'url = "%s/check"\noutput = "/dev/null"\n' "$APP_URL"
	done >"$work/check.curl"
	codes=$(curl -sS -m 600 -K "$work/check.curl" -w '%{http_code}\n' | sort | uniq -c | tr -s ' ')
	[[ $codes == " $((PERSONS / 100)) 200" ]] || { echo "     /check answered: $codes"; return 1; }
}

# newest_versions LOG: each person an /add of the log wrote holds its last /add's version or a newer one: the stamp
# in its name (the app's clock when it built the person) is not before that /add was sent.
newest_versions() {
	local log=$1 id bodies
	bodies=$(dirname "$log")/bodies
	awk '$1 == "add" && $4 == 200 { split($6, r, "-"); for (id = r[1]; id <= r[2]; id++) sent[id] = $2 }
		END { for (id in sent) print id, sent[id] }' "$log" | sort -n >"$work/last-add"
	mkdir -p "$bodies"
	while read -r id _; do
		printf 'url = "%s/checksingle/%s"\noutput = "%s/%s"\n' "$APP_URL" "$id" "$bodies" "$id"
	done <"$work/last-add" >"$work/versions.curl"
	curl -sS -m 600 -K "$work/versions.curl"
	local older
	older=$(while read -r id sent; do
		stamp=$(sed -n 's/.*, name=name\([0-9]*\),.*/\1/p' "$bodies/$id")
		[[ -n $stamp && $stamp -ge $sent ]] || echo "person $id: stamp '${stamp}', last /add sent at $sent"
	done <"$work/last-add" | head -n 3)
	[[ -n $(cat "$work/last-add") && -z $older ]] || { echo "     ${older:-no /add in the log}"; return 1; }
}

# expiries_kept BEFORE AFTER LOG: a person no /add wrote expires when it did before, within 1 s; one the app wrote,
# its bench.ttl after its last /add.
expiries_kept() {
	local wrong
	wrong=$(awk -v ttl=$((TTL_SECONDS * 1000)) '
		FILENAME == ARGV[1] { split($1, k, "_"); sent[k[2]] = $2; answered[k[2]] = $3; next }
		FILENAME == ARGV[2] { before[$1] = $2; next }
		{ split($1, k, "_"); id = k[2]
		  if (id in sent) { if ($2 < sent[id] + ttl - 1000 || $2 > answered[id] + ttl + 1000) print $1, $2, "app" }
		  else if (!($1 in before) || $2 - before[$1] > 1000 || before[$1] - $2 > 1000) print $1, $2, before[$1] }' \
		<(awk '$1 == "add" && $4 == 200 { split($6, r, "-"); for (id = r[1]; id <= r[2]; id++) print "p_" id, $2, $3 }' \
			"$3") \
		"$1" "$2" | head -n 3)
	[[ -z $wrong ]] || { echo "     $wrong"; return 1; }
}

# saved_as_projected DRY WRITE: the memory the writing run measured saved, within 5% of the dry run's projection.
saved_as_projected() {
	jq -e -s --argjson tolerance "$TOLERANCE" '(.[0].projection.saved_bytes) as $p | .[1].memory.saved_bytes as $m
		| $p > 0 and (($m - $p) | fabs) <= $tolerance * $p' "$1" "$2" >/dev/null || {
		jq -r -s '"     projected \(.[0].projection.saved_bytes), measured \(.[1].memory.saved_bytes)"' "$1" "$2"
		return 1
	}
}

# json FILE [JQ_OPTIONS...] PROGRAM: the program holds for the JSON file.
json() {
	local file=$1
	shift
	jq -e "$@" "$file" >/dev/null
}

# logged LOG COMMAND...: the command's output into LOG, its last lines shown when it fails.
logged() {
	local log=$1
	shift
	"$@" >"$log" 2>&1 || { tail -n 5 "$log" | sed 's/^/     /'; return 1; }
}

# migrate_under_load NAME URI FILL_TARGET...: the whole scenario on the Redis of PORTS, whose persons the fill
# options FILL_TARGET reach and the app's properties APP_TARGET (an array) point at.
migrate_under_load() {
	local name=$1 uri=$2 dir=$work/$1 status=0 pid started=$SECONDS
	shift 2
	mkdir -p "$dir"
	scripts/fill.sh -n "$PERSONS" --codec jdk --ttl "$TTL_SECONDS" --no-plan "$@" >"$dir/fill.log" 2>&1 ||
		{ cat "$dir/fill.log"; return 1; }
	expiry_times "$dir/expiry-before"
	check "$name: $PERSONS JDK persons stored, each with a TTL" \
		test "$(grep -c ' 1[0-9]\{12\}$' "$dir/expiry-before")" -eq "$PERSONS"
	app_start kryo "$dir/app.log" "${APP_TARGET[@]}" --bench.compression=zstd-dict --bench.read-also=jdk \
		--bench.ttl="${TTL_SECONDS}s" || { tail -n 20 "$dir/app.log"; return 1; }
	# Without a migration: reads only, so that nothing is converted before the dry run measures.
	start_load no 0 "$dir/load-before.log"
	sleep 3
	stop_load
	check "$name: the dry run exits 0" logged "$dir/dry.log" scripts/migrate.sh --uri "$uri" "${CONVERSION[@]}" \
		--output "$dir/dry" --rate 20000 --sample 5000 --max-p99 0
	check "$name: it would convert all $PERSONS, projecting a saving" \
		json "$dir/dry/migrate.json" ".keys.would_convert == $PERSONS and
		.projection.saved_bytes > 0 and .memory.data_bytes_before > .projection.data_bytes_after"
	local write=(scripts/migrate.sh --uri "$uri" "${CONVERSION[@]}" --write --verify --rate "$RATE" --batch 100
		--max-p99 0 --checkpoint "$dir/checkpoint.json")
	"${write[@]}" --output "$dir/killed" >"$dir/killed.log" 2>&1 &
	pid=$!
	# the app's /adds start once the migrator has read the memory before, which its first checkpoint follows
	until [[ -s $dir/checkpoint.json ]] || ! kill -0 "$pid" 2>/dev/null; do
		sleep 0.1
	done
	start_load yes "$APP_IDS" "$dir/load-during.log"
	until (($(jq '.tally.converted' "$dir/checkpoint.json" 2>/dev/null || echo 0) >= PERSONS / 3)) ||
		! kill -0 "$pid" 2>/dev/null; do
		sleep 0.1
	done
	# migrate.sh execs the migrator's JVM (scripts/lib/launcher.sh): $pid is the migrator
	kill -9 "$pid" 2>/dev/null || true
	wait "$pid" || status=$?
	check "$name: the migrator was killed midway (SIGKILL), unfinished" \
		json "$dir/checkpoint.json" --argjson status "$status" '$status != 0 and .finished == false and .tally.converted > 0'
	# What the resumed run may replace at most: the persons still in JDK form now (the app only makes them fewer),
	# plus the write check's probe on each master. Counted from INFO commandstats before and after, not reset: a
	# CONFIG RESETSTAT frees every command's latency histogram, which would count as memory the migration saved.
	local still_jdk scripts_before
	still_jdk=$(jdk_values)
	scripts_before=$(command_calls evalsha)
	check "$name: the same command resumes it and finishes" logged "$dir/resumed.log" "${write[@]}" --output "$dir/resumed"
	check "$name: ...from the checkpoint" grep -q '^resuming from' "$dir/resumed.log"
	stop_load
	local report=$dir/resumed/migrate.json
	local scripts=$(($(command_calls evalsha) - scripts_before))
	check "$name: it resumed, converting nothing twice ($scripts scripts run for $still_jdk JDK values left)" \
		test "$scripts" -le $((still_jdk + ${#PORTS[@]}))
	check "$name: every matched key read, none refused" json "$report" ".keys.matched >= $PERSONS and .keys.refused == 0"
	check "$name: --verify: all $PERSONS in the new format and decoding" json "$report" ".verify.keys == $PERSONS and
		.verify.formats == {\"tagged zstd-dict\": $PERSONS} and .verify.decodes == $PERSONS"
	check "$name: no person is left in JDK form (redis-cli)" test "$(jdk_values)" -eq 0
	check "$name: every person there and intact through the app (/check over 1..$PERSONS)" every_person_checks
	check "$name: the app answered every request 200 meanwhile, none 5xx" only_2xx "$dir/load-during.log"
	check "$name: it wrote persons meanwhile" test "$(grep -c '^add .* 200 ' "$dir/load-during.log")" -gt 0
	check "$name: no person holds an older version than the app's last /add of it" \
		newest_versions "$dir/load-during.log"
	expiry_times "$dir/expiry-after"
	check "$name: expiry kept within 1 s, the app's own after its /add" \
		expiries_kept "$dir/expiry-before" "$dir/expiry-after" "$dir/load-during.log"
	check "$name: the memory saved within 5% of the dry run's projection" \
		saved_as_projected "$dir/dry/migrate.json" "$report"
	echo "     ($name: reads' p99 $(p99 "$dir/load-before.log") without a migration, $(p99 "$dir/load-during.log")" \
		"during it, with /adds; $(jq -r '"\(.keys.converted) converted, \(.keys.left) left to the app,"
			+ " \(.keys_per_second) keys/s"' "$report");" \
		"$((SECONDS - started)) s)"
	app_stop
}

# --- one Redis --------------------------------------------------------------------------------------------------
private_redis_start 27690 || die "no redis-server"
PORTS=("$PRIVATE_REDIS_PORT")
PERSONS=20000 APP_IDS=1000 RATE=10000
APP_TARGET=(--spring.data.redis.port="$PRIVATE_REDIS_PORT")
migrate_under_load standalone "redis://127.0.0.1:$PRIVATE_REDIS_PORT" --host 127.0.0.1 --port "$PRIVATE_REDIS_PORT"

# --- the refusals, each one line and exit 2 ---------------------------------------------------------------------
uri=redis://127.0.0.1:$PRIVATE_REDIS_PORT
refused() {
	local pattern=$1
	shift
	exits_saying 2 "$pattern" scripts/migrate.sh --uri "$uri" --match 'person_*' --output "$work/refused-$RANDOM" "$@"
}
check "an unknown codec is refused" refused "no codec 'jdkx'" --from jdkx --to kryo
check "--to equal to --from is refused" refused "nothing to convert" --from jdk --to jdk
check "--to zstd-dict without its dictionary is refused" refused "needs --to-dictionary" --from jdk --to kryo+zstd-dict
rc "$PRIVATE_REDIS_PORT" ACL SETUSER reader on '>reader-secret' '~*' '+@read' '+ping' '+info' '+client|list' \
	'+memory|stats' '+acl|whoami' '+script|load' >/dev/null
check "a user that may only read is refused --write" exits_saying 2 "user 'reader' may not write" \
	env ADVISE_PASSWORD=reader-secret scripts/migrate.sh --uri "redis://reader@127.0.0.1:$PRIVATE_REDIS_PORT" \
	"${CONVERSION[@]}" --write --output "$work/reader" --checkpoint "$work/reader.json"
check "...and nothing was written" test "$(jdk_values)" -eq 0
check "a checkpoint of another migration is refused" refused "another migration" --from fastjson2 --to kryo \
	--write --checkpoint "$work/standalone/checkpoint.json"
# The latency bound: a p99 no Redis meets pauses the run before its first page.
check "--max-p99 pauses the run while the probe's p99 is above it" bash -c 'timeout 15 scripts/migrate.sh --no-build \
	--uri "$0" --match "person_*" --from kryo+zstd-dict --to jdk --from-dictionary "$1" --max-p99 0.001 \
	--sample 100 --output "$2" | grep -m 1 -q "paused: PING p99"' "$uri" "$DICTIONARY" "$work/paused"

# --- a user's own objects: the shop service's cache, JDK-serialized by Spring, to fory-registered+zstd -----------
# (ObjectMigrationTest holds the rest: the application reading both through MigratingSerializer, TTLs, a race.)
objects=$work/objects objects_started=$SECONDS
readonly ORDERS=200
mkdir -p "$objects"
check "objects: the shop service caches $ORDERS orders, JDK-serialized (corpus.sh --kind cache-jdk)" logged \
	"$objects/corpus.log" scripts/corpus.sh --kind cache-jdk -n "$ORDERS" --port "$PRIVATE_REDIS_PORT"
OBJECTS=(--uri "$uri" --match 'orders::*' --from jdk --to fory-registered+zstd --allow 'org.redisbench.corpus.shop.**'
	--classpath spring-corpus/target/classes --registrations "$objects/registrations.txt" --rate 20000 --max-p99 0)
check "objects: the dry run would convert every order and lists the classes to register" logged "$objects/dry.log" \
	scripts/migrate.sh "${OBJECTS[@]}" --sample "$ORDERS" --output "$objects/dry"
check "...in the report" json "$objects/dry/migrate.json" ".keys.would_convert == $ORDERS and .projection.saved_bytes > 0"
check "...and in the registrations file" grep -qx 'org.redisbench.corpus.shop.Order' "$objects/registrations.txt"
check "objects: --write --verify converts every order, all tagged zstd and decoding" logged "$objects/write.log" \
	scripts/migrate.sh "${OBJECTS[@]}" --write --verify --checkpoint "$objects/checkpoint.json" --output "$objects/write"
check "...in the report" json "$objects/write/migrate.json" ".keys.converted == $ORDERS and .keys.refused == 0 and
	.verify.formats == {\"tagged zstd\": $ORDERS} and .verify.decodes == $ORDERS"
echo "     (objects: $((SECONDS - objects_started)) s)"

# --- another redis-server on the same address: the standalone run's checkpoint is not of it ---------------------
standalone_port=$PRIVATE_REDIS_PORT
private_redis_stop ""
private_redis_start "$standalone_port" || die "no redis-server"
check "a redis-server restarted on the same port ($standalone_port)" test "$PRIVATE_REDIS_PORT" -eq "$standalone_port"
logged "$work/restarted-fill.log" scripts/fill.sh -n 100 --codec jdk --no-plan --host 127.0.0.1 \
	--port "$PRIVATE_REDIS_PORT" || die "fill.sh failed"
check "a checkpoint of the Redis process before is refused, nothing written" exits_saying 2 \
	"taken of another Redis process at 127.0.0.1:$PRIVATE_REDIS_PORT" scripts/migrate.sh --uri "$uri" \
	"${CONVERSION[@]}" --write --checkpoint "$work/standalone/checkpoint.json" --output "$work/restarted"
check "...and no report written" test ! -e "$work/restarted/migrate.md"
check "...and every person still JDK" test "$(jdk_values)" -eq 100
private_redis_stop ""

# --- a 3-master cluster -----------------------------------------------------------------------------------------
CLUSTER_FIRST_PORT=27700 cluster_start 3 || die "no cluster"
PORTS=("${CLUSTER_PORTS[@]}")
PERSONS=4000 APP_IDS=500 RATE=10000
APP_TARGET=(--spring.data.redis.cluster.nodes="$CLUSTER_NODES")
migrate_under_load cluster "redis://127.0.0.1:${CLUSTER_PORTS[1]}" --cluster "$CLUSTER_NODES"
stop_process "${CLUSTER_PIDS[2]}" 10 || true
uri=redis://127.0.0.1:${CLUSTER_PORTS[0]}
# refused() gives --match already: a single-valued option given twice is refused (command-line's contract)
check "a cluster with a master down is refused" refused "cluster node" "${CONVERSION[@]:2}"
check_summary
