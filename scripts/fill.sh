#!/usr/bin/env bash
# Loads N persons into Redis fast, as the apps' /add would store them (same codec, compression, keys and
# layout), pipelined on several connections, into a Redis of its own or any Redis (ACL, TLS, a database, a cluster);
# before a large fill, a plan projects its memory from a sample and refuses a fill that would not fit.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh
# shellcheck source=scripts/lib/app.sh
source scripts/lib/app.sh

PERSONS=1000000
CODEC=kryo
COMPRESSION=none
LAYOUT=string-per-key
TTL=''                  # seconds each person lives; empty: forever
CONNECTIONS=4           # a list sweeps: one fill per count, on our own Redis, flushed before each
CONNECTION_COUNTS=()    # CONNECTIONS, split
BATCH=1000
MAX_SECONDS=0           # no batch started after this many seconds (a shared machine); 0: no limit
HOST=127.0.0.1
PORT=''                 # a running Redis to fill; empty (and no --host, --cluster): a redis-server of our own
USER_NAME=''            # ACL user; the password only ever comes from REDIS_PASSWORD in the environment
TARGET_PASSWORD=''      # REDIS_PASSWORD for a Redis given by --host, --port or --cluster; ours has none
TLS=no
CACERT='' CERT='' KEY=''
DB=0
CLUSTER=''              # seed nodes HOST:PORT,... of a cluster to fill
OVERWRITE=no            # write over persons already in the range of a Redis not our own
OWN=yes                 # the Redis is one this script starts, empty, and stops
FIRST_PORT=27600        # where our own redis-server looks for a free port
PLAN=auto               # auto: a plan before a fill of more than PLAN_ABOVE persons; only: the plan, no fill; no
readonly PLAN_ABOVE=5000000
PLAN_SAMPLE=200000      # persons a plan measures, spread over the range
readonly PLAN_ROUNDS=5  # rounds the sample is stored in; their spread is the plan's uncertainty
readonly PLAN_FIRST_PORT=27640  # where the plan's redis-server looks for a free port
HEADROOM_GIB=1          # memory a local fill leaves available beyond the plan's projection
COMPARE_PIPE=no
VERIFY=no
VERIFY_SAMPLE=0         # persons /checksingle'd at random through the app; 0: none
VERIFY_CONCURRENCY=4    # ab -c of the verifying /check run, parallel requests of the sample's
readonly BUILD_TIMEOUT=1800  # seconds building redis-fill may take
JAR=$(jar_of redis-fill)
readonly JAR

usage() {
	vocabulary
	cat <<USAGE
Usage: scripts/fill.sh [options]

Loads persons 1..N into Redis as the apps store them, prints persons/s and INFO memory (docs/layouts-and-memory.md,
"Layouts: a key per person or hash buckets, and a bulk fill").

What:
  -n, --persons N        persons, ids 1..N               [$PERSONS]
      --codec ID         fastjson2 (string app), kryo, jackson-json, ... [$CODEC]
      --compression C    none, gzip, lz4, zstd, zstd-dict (the app's dictionary) [$COMPRESSION]
      --layout L         string-per-key or hash-bucket   [$LAYOUT]
      --ttl SECONDS      each person expires (a hash bucket as a whole, after its last write) [never]

How:
      --connections LIST connections loading in parallel; a list (1,2,5,10) sweeps: a fill per count on our
                         own Redis, flushed before each, then a table of persons/s with the CPU the fill and
                         Redis used while it ran (not its JVM's start), to tell which side saturates [$CONNECTIONS]
      --batch N          persons per pipeline flush      [$BATCH]
      --max-seconds S    start no batch after S seconds: persons 1..M stored, M counted exactly and then
                         verified and reported as N (for a machine whose rate cannot be known ahead) [no limit]

Where (default: a redis-server of our own, hash-max-listpack-value $LISTPACK_VALUE_BYTES, stopped at the end; the
password of a Redis given here, if it has one, only from REDIS_PASSWORD in the environment):
      --host H           a running Redis, never flushed  [$HOST]
      --port P           its port                        [6379 with --host]
      --user NAME        ACL user; the password is read from REDIS_PASSWORD in the environment, never an option
      --tls              TLS; with --cacert FILE (the CA to trust, PEM; else the JDK's), --cert FILE and --key
                         FILE (PEM: a client certificate, for a Redis with tls-auth-clients)
      --db N             database number                 [$DB]
      --cluster NODES    a Redis Cluster, seed nodes HOST:PORT,...: each person goes to its slot's master,
                         pipelined per node (with --user, --tls as above)
      --overwrite        write over persons a Redis not our own already holds in the range 1..N; without it
                         such a Redis is refused (exit 2) before anything is written

Plan (before any fill of more than $PLAN_ABOVE persons):
      --plan             plan only: measure a sample in a redis-server of our own with the target's listpack
                         settings (a cluster of one node for --cluster), project used_memory for N with its
                         uncertainty, compare it with the target's maxmemory and, for a local target,
                         MemAvailable; exit 2 if it would not fit
      --no-plan          fill without a plan
      --plan-sample N    persons the plan measures, spread over 1..N, $PLAN_SAMPLE_LEAST at least [$PLAN_SAMPLE]
      --headroom GIB     MemAvailable a local fill leaves beyond the projection [$HEADROOM_GIB]

Compare:
      --compare-pipe     also time redis-cli --pipe loading the same bytes into our own, flushed, Redis

Verify (through the app of the codec: fastjson2: string, kryo, jackson-json: jackson; a plain Redis
on 127.0.0.1 only):
      --verify           then /check every person, same compression and layout; N a multiple of $BATCH_SIZE
      --verify-sample K  then /checksingle K persons drawn uniformly at random from 1..N

  -h, --help             this text
USAGE
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --persons) PERSONS=$(option_value "$1" "${2:-}"); shift ;;
		--codec) CODEC=$(option_value "$1" "${2:-}"); shift ;;
		--compression) COMPRESSION=$(option_value "$1" "${2:-}"); shift ;;
		--layout) LAYOUT=$(option_value "$1" "${2:-}"); shift ;;
		--ttl) TTL=$(option_value "$1" "${2:-}"); shift ;;
		--connections) CONNECTIONS=$(option_value "$1" "${2:-}"); shift ;;
		--batch) BATCH=$(option_value "$1" "${2:-}"); shift ;;
		--max-seconds) MAX_SECONDS=$(option_value "$1" "${2:-}"); shift ;;
		--host) HOST=$(option_value "$1" "${2:-}"); OWN=no; shift ;;
		--port) PORT=$(option_value "$1" "${2:-}"); OWN=no; shift ;;
		--user) USER_NAME=$(option_value "$1" "${2:-}"); shift ;;
		--tls) TLS=yes ;;
		--cacert) CACERT=$(option_value "$1" "${2:-}"); shift ;;
		--cert) CERT=$(option_value "$1" "${2:-}"); shift ;;
		--key) KEY=$(option_value "$1" "${2:-}"); shift ;;
		--db) DB=$(option_value "$1" "${2:-}"); shift ;;
		--cluster) CLUSTER=$(option_value "$1" "${2:-}"); OWN=no; shift ;;
		--overwrite) OVERWRITE=yes ;;
		--plan) PLAN=only ;;
		--no-plan) PLAN=no ;;
		--plan-sample) PLAN_SAMPLE=$(option_value "$1" "${2:-}"); shift ;;
		--headroom) HEADROOM_GIB=$(option_value "$1" "${2:-}"); shift ;;
		--verify-sample) VERIFY_SAMPLE=$(option_value "$1" "${2:-}"); shift ;;
		--compare-pipe) COMPARE_PIPE=yes ;;
		--verify) VERIFY=yes ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	require_count PERSONS 1
	split_list CONNECTION_COUNTS connections "$CONNECTIONS"
	local count
	for count in "${CONNECTION_COUNTS[@]}"; do
		if ! is_count "$count" || ((10#$count < 1)); then
			refuse "a connection count is a whole number from 1, was '$count'"
		fi
	done
	refuse_repeats "connection count" "${CONNECTION_COUNTS[@]}"
	if ((${#CONNECTION_COUNTS[@]} > 1)); then
		[[ $OWN == yes ]] || refuse "a sweep of --connections flushes its Redis before each fill: run it without --port"
		[[ $COMPARE_PIPE == no && $VERIFY == no ]] || refuse "a sweep of --connections takes neither --compare-pipe nor --verify"
	fi
	require_count BATCH 1
	require_count MAX_SECONDS 0
	[[ -z $TTL ]] || require_count TTL 1
	require_count DB 0
	require_count PLAN_SAMPLE "$PLAN_SAMPLE_LEAST"
	[[ $PLAN != only ]] || ((PERSONS >= PLAN_SAMPLE_LEAST)) ||
		refuse "a plan samples the range in $PLAN_ROUNDS rounds of whole buckets: -n at least $PLAN_SAMPLE_LEAST"
	require_count HEADROOM_GIB 0
	require_count VERIFY_SAMPLE 0
	require_choice COMPRESSION "${KNOWN_COMPRESSIONS[@]}"
	require_choice LAYOUT "${KNOWN_LAYOUTS[@]}"
	read_target_options
	[[ $COMPRESSION != zstd-dict ]] || dictionary >/dev/null
	if [[ $VERIFY == yes ]]; then
		((PERSONS % BATCH_SIZE == 0)) || refuse "--verify checks whole /check batches: N must be a multiple of $BATCH_SIZE"
	fi
	if [[ $VERIFY == yes ]] || ((VERIFY_SAMPLE > 0)); then
		app_of_codec >/dev/null
		[[ -z $USER_NAME && $TLS == no && -z $CLUSTER && $DB == 0 && $HOST == 127.0.0.1 ]] ||
			refuse "--verify and --verify-sample reach the Redis through the app: a plain Redis on 127.0.0.1 only"
		((VERIFY_SAMPLE <= PERSONS)) || refuse "--verify-sample draws from 1..N: at most N ($PERSONS)"
		require_commands 'ab:Debian apache2-utils' 'curl:Debian curl'
	fi
}

# The Redis to fill, when it is not our own: where and how to reach it.
read_target_options() {
	if [[ $OWN == yes ]]; then
		[[ -z $USER_NAME && $TLS == no && -z $CACERT$CERT$KEY && $DB == 0 && $OVERWRITE == no ]] ||
			refuse "--user, --tls, --cacert, --cert, --key, --db and --overwrite are for a Redis given by --host, --port or --cluster"
		return 0
	fi
	[[ $COMPARE_PIPE == no ]] || refuse "--compare-pipe flushes its Redis: run it without --port, on a Redis of our own"
	TARGET_PASSWORD=${REDIS_PASSWORD:-} APP_REDIS_PASSWORD=${REDIS_PASSWORD:-}
	if [[ -n $CLUSTER ]]; then
		[[ -z $PORT && $HOST == 127.0.0.1 ]] || refuse "--cluster names its nodes: without --host and --port"
		((DB == 0)) || refuse "a cluster has database 0 only"
		split_list CLUSTER_SEEDS "cluster node" "$CLUSTER"
		local node
		for node in "${CLUSTER_SEEDS[@]}"; do
			[[ $node =~ ^[^:]+:[0-9]+$ ]] || refuse "a cluster node is HOST:PORT, was '$node'"
		done
	fi
	[[ -n $PORT ]] || PORT=6379
	require_count PORT 1
	[[ -n $CACERT$CERT$KEY && $TLS == no ]] && refuse "--cacert, --cert and --key are for --tls"
	[[ -z $CERT && -z $KEY ]] || [[ -n $CERT && -n $KEY ]] || refuse "--cert and --key go together"
	local file
	for file in "$CACERT" "$CERT" "$KEY"; do
		[[ -z $file || -r $file ]] || refuse "cannot read $file"
	done
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server' 'redis-cli:Debian redis-tools'
}

# The dictionary of the app that uses the codec: each app ships its own.
dictionary() {
	case $CODEC in
	fastjson2) echo string-app/src/main/resources/person.zdict ;;
	kryo) echo kryo-app/src/main/resources/person.zdict ;;
	jackson-json) echo jackson-app/src/main/resources/person.zdict ;;
	*) refuse "no app ships a zstd dictionary for codec $CODEC" ;;
	esac
}

# The app whose codec this is: /check verifies with the app's own decoder.
app_of_codec() {
	case $CODEC in
	fastjson2) echo string ;;
	kryo) echo kryo ;;
	jackson-json) echo jackson ;;
	*) refuse "no app stores persons with codec $CODEC, so --verify cannot /check them" ;;
	esac
}

# redis_fill ARGS...: the redis-fill jar, with TARGET_PASSWORD in the REDIS_PASSWORD it reads (empty: none).
redis_fill() {
	REDIS_PASSWORD=$TARGET_PASSWORD java -jar "$JAR" "$@"
}

# fill CONNECTIONS ARGS...: one fill by redis-fill on that many connections, with its other ARGS (where to).
fill() {
	local args=(--persons "$PERSONS" --codec "$CODEC" --compression "$COMPRESSION" --layout "$LAYOUT"
		--connections "$1" --batch "$BATCH" "${@:2}")
	[[ $COMPRESSION == zstd-dict ]] && args+=(--dictionary "$(dictionary)")
	[[ -z $TTL ]] || args+=(--ttl "$TTL")
	redis_fill "${args[@]}"
}

# The fill's arguments that say where the target is and how to reach it (the password stays in the environment).
target_args() {
	TARGET_ARGS=(--host "$HOST" --port "$PORT" --db "$DB")
	[[ -z $CLUSTER ]] || TARGET_ARGS=(--cluster "$CLUSTER")
	[[ -z $USER_NAME ]] || TARGET_ARGS+=(--user "$USER_NAME")
	[[ $TLS == no ]] || TARGET_ARGS+=(--tls true)
	[[ -z $CACERT ]] || TARGET_ARGS+=(--cacert "$CACERT")
	[[ -z $CERT ]] || TARGET_ARGS+=(--cert "$CERT" --key "$KEY")
	[[ $OVERWRITE == no ]] || TARGET_ARGS+=(--overwrite true)
}

# target_cli HOST:PORT ARGS...: redis-cli against a node of the target, reached as the fill reaches it, bounded.
target_cli() {
	local cli=(timeout 60 redis-cli -h "${1%:*}" -p "${1##*:}" -n "$DB")
	shift
	[[ -z $USER_NAME ]] || cli+=(--user "$USER_NAME")
	[[ $TLS == no ]] || cli+=(--tls)
	[[ -z $CACERT ]] || cli+=(--cacert "$CACERT")
	[[ -z $CERT ]] || cli+=(--cert "$CERT" --key "$KEY")
	if [[ -n $TARGET_PASSWORD ]]; then
		REDISCLI_AUTH=$TARGET_PASSWORD "${cli[@]}" "$@"
	else
		"${cli[@]}" "$@"
	fi
}

# target_nodes: TARGET_NODES, the masters written to (HOST:PORT), and TARGET_SLOTS, the slots each serves (all of
# them for a single Redis).
target_nodes() {
	TARGET_NODES=("$HOST:$PORT") TARGET_SLOTS=(16384)
	[[ -n $CLUSTER ]] || return 0
	local seed lines=''
	for seed in "${CLUSTER_SEEDS[@]}"; do
		lines=$(target_cli "$seed" CLUSTER NODES 2>/dev/null) && [[ $lines == *master* ]] && break
	done
	[[ $lines == *master* ]] || { log "error: no node of --cluster $CLUSTER answers CLUSTER NODES"; exit 2; }
	TARGET_NODES=() TARGET_SLOTS=()
	local fields slots range
	# id address flags master ping pong epoch link slot-range...
	while read -ra fields; do
		[[ ${fields[2]} == *master* && ${fields[2]} != *fail* ]] || continue
		slots=0
		for range in "${fields[@]:8}"; do
			[[ $range =~ ^([0-9]+)(-([0-9]+))?$ ]] || continue
			slots=$((slots + ${BASH_REMATCH[3]:-${BASH_REMATCH[1]}} - BASH_REMATCH[1] + 1))
		done
		((slots > 0)) || continue
		TARGET_NODES+=("${fields[1]%%@*}")
		TARGET_SLOTS+=("$slots")
	done <<<"$lines"
}

# info_field NAME TEXT: a number of INFO's NAME:value lines.
info_field() {
	tr -d '\r' <<<"$2" | awk -F: -v name="$1" '$1 == name { print $2 }'
}

# plan: measures a sample of the range in a redis-server of our own with the target's listpack settings (a cluster of
# one node for a cluster, so that the sample pays what cluster mode costs a key), reads the target's nodes, and has
# redis-fill's plan project their used_memory for the fill and say whether it fits under each node's maxmemory and,
# for a local target, in MemAvailable less the headroom; refuses (exit 2) a fill that would not. Runs before our own
# Redis starts (one private Redis at a time).
plan() {
	local entries='' values='' source="this redis-server's defaults (CONFIG GET refused)" node info config nodes='' i
	local local_target=true sample empty status=0 sample_target sample_mode=''
	if [[ $OWN == yes ]]; then
		values=$LISTPACK_VALUE_BYTES source="our own Redis's"
	else
		# CONFIG GET answers name and value on lines of their own. Read here, not in the plan: the sample needs them.
		config=$(target_cli "${TARGET_NODES[0]}" CONFIG GET 'hash-max-listpack-*' 2>&1 |
			awk 'NR % 2 { name = $1; next } name == "hash-max-listpack-entries" { e = $1 }
				name == "hash-max-listpack-value" { v = $1 } END { if (e ~ /^[0-9]+$/ && v ~ /^[0-9]+$/) print e, v }')
		[[ -z $config ]] || { read -r entries values <<<"$config"; source="the target's (CONFIG GET)"; }
	fi
	[[ -z $CLUSTER ]] || sample_mode=cluster
	private_redis_start "$PLAN_FIRST_PORT" "$sample_mode" || die "cannot start the plan's redis-server"
	# Redis 7.0 allocates a latency histogram of about 25 kB for each command at its first call: in the sample's
	# first round that is bytes a person the fill would not pay again.
	redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET latency-tracking no >/dev/null
	[[ -z $values ]] || redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET hash-max-listpack-value "$values" >/dev/null
	[[ -z $entries ]] || redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET hash-max-listpack-entries "$entries" >/dev/null
	config=$(redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG GET 'hash-max-listpack-*' | paste -sd' ')
	empty=$(info_field used_memory "$(redis-cli -p "$PRIVATE_REDIS_PORT" INFO memory)")
	sample_target=(--port "$PRIVATE_REDIS_PORT")
	[[ -z $CLUSTER ]] || sample_target=(--cluster "127.0.0.1:$PRIVATE_REDIS_PORT")
	sample=$(TARGET_PASSWORD='' fill "${CONNECTION_COUNTS[0]}" "${sample_target[@]}" --rounds "$PLAN_ROUNDS" \
		--sample "$((PLAN_SAMPLE < PERSONS ? PLAN_SAMPLE : PERSONS))") || status=$?
	((status != 2)) || exit 2
	((status == 0)) || die "the plan's sample fill failed"
	private_redis_stop ""
	if [[ $OWN == yes ]]; then
		nodes="node 127.0.0.1:(ours) $empty 0 0 noeviction 16384"
	else
		for i in "${!TARGET_NODES[@]}"; do
			node=${TARGET_NODES[$i]}
			info=$(target_cli "$node" INFO memory 2>&1) || true
			if [[ $info != *used_memory:* ]]; then
				log "error: the plan cannot read INFO memory of $node: $(head -n 1 <<<"$info")"
				exit 2
			fi
			nodes+="node $node $(info_field used_memory "$info") $(target_cli "$node" DBSIZE) $(info_field maxmemory "$info") $(info_field maxmemory_policy "$info") ${TARGET_SLOTS[$i]}"$'\n'
			[[ ${node%:*} =~ ^(127\.[0-9.]+|localhost|::1|\[::1\])$ ]] || local_target=false
		done
	fi
	log "plan: $config: $source; sample of $(sed -n 's/^sample \([0-9]*\) .*/\1/p' <<<"$sample") persons"
	local args=(plan --persons "$PERSONS" --codec "$CODEC" --compression "$COMPRESSION" --layout "$LAYOUT"
		--headroom "$((HEADROOM_GIB * 1073741824))" --local "$local_target") projection largest
	[[ -z $TTL ]] || args+=(--ttl "$TTL")
	status=0
	projection=$(java -jar "$JAR" "${args[@]}" <<<"$sample"$'\n'"$nodes") || status=$?
	printf '%s\n' "$projection"
	((status != 0)) || return 0
	# 3: the plan's own word for a fill that does not fit.
	((status == 3)) || die "the plan failed"
	largest=$(sed -n 's/.*the largest fill that does: \([0-9]*\) persons$/\1/p' <<<"$projection")
	log "error: the plan says $PERSONS persons would not fit (above): at most ${largest:-0} would; nothing written"
	exit 2
}

own_redis() {
	private_redis_start "$FIRST_PORT" || die "cannot start redis-server"
	redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET hash-max-listpack-value "$LISTPACK_VALUE_BYTES" >/dev/null
	PORT=$PRIVATE_REDIS_PORT TARGET_NODES=("$HOST:$PORT")
	log "redis-server of our own on 127.0.0.1:$PORT (pid $PRIVATE_REDIS_PID)"
}

# memory_infos PREFIX: INFO memory of every node written to, into PREFIX.<n>.info; prints the files' names.
memory_infos() {
	local i
	for i in "${!TARGET_NODES[@]}"; do
		target_cli "${TARGET_NODES[$i]}" INFO memory >"$1.$i.info" || die "cannot read INFO memory of ${TARGET_NODES[$i]}"
		echo "$1.$i.info"
	done
}

# INFO memory and the key count of every node written to, each node's, then the keys of all and redis-fill's
# "memory nodes=N used_memory=B ..." line: the bytes summed over the nodes, the fragmentation ratio their mean.
report_memory() {
	redis_fill memory "${TARGET_ARGS[@]}" || die "cannot read INFO memory of the Redis filled"
}

compare_pipe() {
	local resp seconds
	resp=$(mktemp "${TMPDIR:-/tmp}/fill-resp.XXXXXX")
	fill "${CONNECTION_COUNTS[0]}" --resp-file "$resp"
	redis-cli -p "$PORT" FLUSHALL >/dev/null
	seconds=$( { TIMEFORMAT=%R; time redis-cli -p "$PORT" --pipe <"$resp" >/dev/null; } 2>&1 )
	echo "redis-cli --pipe: $PERSONS persons in $seconds s: $(java -jar "$JAR" rate "$PERSONS" "$seconds") persons/s"
	report_memory
	rm -f "$resp"
}

# sweep: one fill per connection count on our own Redis, flushed before each, and a table of what each cost: the
# published write-up loaded 20 M keys with 2, 5 and 10 threads in 210, 170 and 190 s, and more was not faster.
# Every figure of a row is redis-fill's own, over one interval (its "stored" and "cost" lines): bash only prints them.
sweep() {
	local count out rate words word rows=()
	local -A cost
	for count in "${CONNECTION_COUNTS[@]}"; do
		redis-cli -p "$PORT" FLUSHALL >/dev/null
		out=$(fill "$count" "${TARGET_ARGS[@]}" | tee /dev/stderr) || die "the fill with $count connections failed"
		rate=$(sed -n 's/^stored .*: \([0-9]*\) persons\/s$/\1/p' <<<"$out")
		read -ra words <<<"$(sed -n 's/^cost //p' <<<"$out")"
		cost=()
		for word in "${words[@]}"; do
			cost[${word%%=*}]=${word#*=}
		done
		[[ -n $rate && -n ${cost[seconds]:-} && -n ${cost[redis-cores]:-} ]] ||
			die "the fill with $count connections printed no persons/s or cost line"
		rows+=("$(printf '%11s %10s %8s %11s %11s %12s %12s' "$count" "$rate" "${cost[seconds]}" \
			"${cost[fill-cpu]}" "${cost[fill-cores]}" "${cost[redis-cpu]}" "${cost[redis-cores]}")")
	done
	echo
	echo "connections  persons/s  seconds  fill CPU s  fill cores  Redis CPU s  Redis cores"
	printf '%s\n' "${rows[@]}"
	echo "Each row is the fill's own measure over one interval, its first batch to its last reply (not its JVM's start):"
	echo "persons/s, seconds, its process's CPU (every thread) and Redis's (INFO cpu, before and after). Redis runs"
	echo "commands on one thread: Redis cores near 1 means Redis saturates; fill cores near the machine's cores, the fill."
}

# Every person filled, read and verified by the app's /check (100 a request), as ab sees it.
verify() {
	local app work requests concurrency ab_out complete failed non2xx
	app=$(app_of_codec)
	work=$(mktemp -d "${TMPDIR:-/tmp}/fill-verify.XXXXXX")
	requests=$((PERSONS / BATCH_SIZE))
	# ab refuses more concurrent requests than requests.
	concurrency=$((requests < VERIFY_CONCURRENCY ? requests : VERIFY_CONCURRENCY))
	app_start "$app" "$work/app.log" --spring.data.redis.host=127.0.0.1 --spring.data.redis.port="$PORT" \
		--bench.layout="$LAYOUT" --bench.compression="$COMPRESSION" || die "cannot verify: the $app app did not start"
	curl -fsS -m 10 -o /dev/null "$APP_URL/reset" || die "cannot verify: /reset of the $app app failed"
	log "verifying $PERSONS persons: ab -n $requests -c $concurrency $APP_URL/check"
	ab_out=$(timeout -k 10 "$((requests / 20 + 600))" ab -q -n "$requests" -c "$concurrency" -s 30 \
		"$APP_URL/check" 2>&1) || true
	app_stop
	complete=$(awk '/^Complete requests:/ { print $3 }' <<<"$ab_out")
	failed=$(awk '/^Failed requests:/ { print $3 }' <<<"$ab_out")
	non2xx=$(awk '/^Non-2xx responses:/ { print $3 }' <<<"$ab_out")
	if [[ $complete == "$requests" && $failed == 0 && -z $non2xx ]]; then
		echo "verified: all $PERSONS persons read and intact through the $app app's /check ($requests requests, 0 failed)"
		rm -rf "$work"
	else
		die "verification failed: ${complete:-0} of $requests /check requests complete, ${failed:-?} failed, ${non2xx:-0} non-2xx; see $work/app.log"
	fi
}

# K persons drawn uniformly at random from 1..N, each read and verified by the app's /checksingle.
verify_sample() {
	local app work started codes
	app=$(app_of_codec)
	work=$(mktemp -d "${TMPDIR:-/tmp}/fill-verify.XXXXXX")
	app_start "$app" "$work/app.log" --spring.data.redis.host=127.0.0.1 --spring.data.redis.port="$PORT" \
		--bench.layout="$LAYOUT" --bench.compression="$COMPRESSION" || die "cannot verify: the $app app did not start"
	shuf -i "1-$PERSONS" -n "$VERIFY_SAMPLE" |
		awk -v url="$APP_URL/checksingle/" '{ printf "url = \"%s%s\"\noutput = \"/dev/null\"\n", url, $1 }' >"$work/urls"
	log "verifying $VERIFY_SAMPLE persons drawn at random from 1..$PERSONS: $APP_URL/checksingle/ID, $VERIFY_CONCURRENCY at a time"
	started=$SECONDS
	codes=$(curl -s --no-progress-meter --parallel --parallel-max "$VERIFY_CONCURRENCY" -m 30 -K "$work/urls" -w '%{http_code}\n' | sort | uniq -c |
		awk '{ printf "%s%s x %s", sep, $1, $2; sep = ", " }')
	app_stop
	if [[ $codes == "$VERIFY_SAMPLE x 200" ]]; then
		echo "verified: $VERIFY_SAMPLE persons drawn at random from 1..$PERSONS, every one 200 from the $app app's /checksingle ($((SECONDS - started)) s)"
		rm -rf "$work"
	else
		die "verification failed: /checksingle of $VERIFY_SAMPLE random persons answered $codes; see $work/app.log"
	fi
}

main() {
	vocabulary
	# The sample is stored in rounds of whole buckets, one at least a round (redis-fill refuses less).
	readonly PLAN_SAMPLE_LEAST=$((PLAN_ROUNDS * BUCKET_SIZE))
	parse_options "$@"
	build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/fill-build.log" redis-fill
	if [[ $VERIFY == yes ]] || ((VERIFY_SAMPLE > 0)); then
		build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/fill-build.log" "$(app_of_codec)"
	fi
	trap 'app_stop; private_redis_stop' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	[[ $OWN == yes ]] || target_nodes
	if [[ $PLAN == only ]] || { [[ $PLAN == auto ]] && ((PERSONS > PLAN_ABOVE)); }; then
		plan
		[[ $PLAN == auto ]] || return 0
	fi
	[[ $OWN == no ]] || own_redis
	target_args
	if ((${#CONNECTION_COUNTS[@]} > 1)); then
		sweep
		report_memory
		return 0
	fi
	local out before=() after=() pairs=() i
	out=$(mktemp -d "${TMPDIR:-/tmp}/fill-out.XXXXXX")
	mapfile -t before < <(memory_infos "$out/before")
	fill "${CONNECTION_COUNTS[0]}" "${TARGET_ARGS[@]}" --max-seconds "$MAX_SECONDS" | tee "$out/fill"
	# With --max-seconds, what was stored is the N verified from here on.
	PERSONS=$(sed -n 's/^stored \([0-9]*\) persons.*/\1/p' "$out/fill")
	mapfile -t after < <(memory_infos "$out/after")
	for i in "${!before[@]}"; do
		pairs+=("${before[$i]}" "${after[$i]}")
	done
	# Redis bytes a value as every tool computes it (the model's RedisBytes), from each node's INFO.
	echo "bytes per person: $(java -cp "$(jar_of model)" org.redisbench.model.RedisBytes "$PERSONS" "${pairs[@]}")" \
		"(data memory before and after, over N)"
	rm -rf "$out"
	report_memory
	[[ $VERIFY == no ]] || verify
	((VERIFY_SAMPLE == 0)) || verify_sample
	[[ $COMPARE_PIPE == no ]] || compare_pipe
}

main "$@"
