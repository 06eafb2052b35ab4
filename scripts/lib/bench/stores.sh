#!/usr/bin/env bash
# The stores beside the single Redis: Memcached (--store memcached), and the Redis settings a cache runs with
# (--redis-settings: persistence and eviction). bench.sh starts its own memcached on this host, reads its
# `stats` and `stats slabs` around each phase, and empties it between runs; it sets a Redis's persistence and
# eviction with CONFIG SET only on a Redis it started itself. For bench.sh to source after redis.sh.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# The private memcached: where it listens, its PID.
MEMCACHED_HOST='' MEMCACHED_PORT='' MEMCACHED_PID=''

# The topologies of the run's stores: the single Redis and its cluster, if any, then memcached.
store_topologies() {
	local masters=$1
	if [[ " ${STORES[*]} " == *" redis "* ]]; then
		echo single
		((masters == 0)) || echo "cluster$masters"
	fi
	[[ " ${STORES[*]} " != *" memcached "* ]] || echo memcached
}

# The Redis settings a topology runs with: memcached has none of them.
settings_of_topology() {
	if [[ $1 == memcached ]]; then echo default; else printf '%s\n' "${REDIS_SETTINGS[@]}"; fi
}

# mc_command HOST:PORT LINE...: sends each line to memcached, then quit; prints its replies without CRs.
mc_command() {
	local node=$1 fd
	shift
	exec {fd}<>"/dev/tcp/${node%:*}/${node##*:}" || return 1
	printf '%s\r\n' "$@" quit >&"$fd"
	timeout 10 cat <&"$fd" | tr -d '\r'
	exec {fd}<&-
}

# mc_stat HOST:PORT NAME: one figure of `stats`.
mc_stat() {
	mc_command "$1" stats | awk -v name="$2" '$1 == "STAT" && $2 == name { print $3 }'
}

# open_memcached: the private memcached, when the run has memcached variants. Debian's defaults but the memory
# (-m, enough for every person of a phase unless BENCH_MEMCACHED_MB says otherwise) and no UDP.
open_memcached() {
	[[ " ${STORES[*]} " == *" memcached "* ]] || return 0
	local megabytes=$BENCH_MEMCACHED_MB user=() deadline
	# ~250 bytes a person in the largest chunks our codecs need, twice over, and 64 MB to start from.
	[[ $megabytes != auto ]] || megabytes=$((64 + BENCH_REQUESTS * BATCH_SIZE * 500 / 1048576))
	# memcached refuses to run as root unless told which user to be.
	((EUID != 0)) || user=(-u root)
	MEMCACHED_HOST=$BENCH_REDIS_BIND
	MEMCACHED_PORT=$(free_port "$MEMCACHED_HOST" "$BENCH_OWN_MEMCACHED_PORT")
	memcached -l "$MEMCACHED_HOST" -p "$MEMCACHED_PORT" -U 0 -m "$megabytes" "${user[@]}" \
		>"$RAW/memcached.log" 2>&1 </dev/null &
	MEMCACHED_PID=$!
	deadline=$((SECONDS + 10))
	until [[ $(mc_command "$MEMCACHED_HOST:$MEMCACHED_PORT" version 2>/dev/null) == VERSION* ]]; do
		if ! kill -0 "$MEMCACHED_PID" 2>/dev/null || ((SECONDS >= deadline)); then
			die "memcached did not answer on $MEMCACHED_HOST:$MEMCACHED_PORT: $(tail -n 2 "$RAW/memcached.log" | tr '\n' ' ')"
		fi
		sleep 0.1
	done
	log "private memcached on $MEMCACHED_HOST:$MEMCACHED_PORT (pid $MEMCACHED_PID, -m $megabytes)"
}

close_memcached() {
	stop_pid "$MEMCACHED_PID" memcached
	MEMCACHED_PID=
}

# flush_memcached: empties it as FLUSHALL empties Redis. flush_all only marks the items dead; the LRU crawler
# then frees their chunks, so that `stats` counts what the next phase stores and nothing before it.
flush_memcached() {
	local node=$MEMCACHED_HOST:$MEMCACHED_PORT deadline=$((SECONDS + 30)) items
	[[ $(mc_command "$node" flush_all) == OK ]] || die "flush_all failed on memcached $node"
	while :; do
		mc_command "$node" 'lru_crawler crawl all' >/dev/null
		items=$(mc_stat "$node" curr_items)
		[[ $items != 0 ]] || return 0
		((SECONDS < deadline)) || die "memcached $node still holds $items items 30 s after flush_all"
		sleep 0.2
	done
}

# memcached_snapshot PREFIX: its stats and slab figures, into PREFIX.memcached-stats.txt and -slabs.txt.
memcached_snapshot() {
	local node=$MEMCACHED_HOST:$MEMCACHED_PORT
	mc_command "$node" stats >"$1.memcached-stats.txt"
	mc_command "$node" 'stats slabs' >"$1.memcached-slabs.txt"
}

# memcached_value_sizes DIR: the value size of keys spread evenly over the persons /add wrote, one a line
# (0 for a key memcached does not hold), as STRLEN gives them for Redis: meta get's s flag.
memcached_value_sizes() {
	local dir=$1 written step gets
	written=$(awk '$1 == "STAT" && $2 == "curr_items" { print $3 }' "$dir/add.after.memcached-stats.txt")
	if ! is_count "$written" || ((written == 0)); then
		: >"$dir/add.after.strlen.txt"
		return 0
	fi
	step=$(((written + BENCH_STRLEN_SAMPLE - 1) / BENCH_STRLEN_SAMPLE))
	mapfile -t gets < <(seq -f 'mg person_%.0f s' 1 "$step" "$written")
	mc_command "$MEMCACHED_HOST:$MEMCACHED_PORT" "${gets[@]}" |
		awk '$1 == "HD" { sub(/^s/, "", $2); print $2 } $1 == "EN" { print 0 }' >"$dir/add.after.strlen.txt"
}

# apply_redis_settings NAME: the persistence and eviction of the current topology's servers, by CONFIG SET;
# also back to default between variants. Only on a Redis bench.sh started (redis-bench bench refuses the rest).
apply_redis_settings() {
	local name=$1 node args
	case $name in
	default) args=(appendonly no save '' maxmemory 0 maxmemory-policy noeviction) ;;
	aof-everysec) args=(appendonly yes appendfsync everysec save '' maxmemory 0 maxmemory-policy noeviction) ;;
	rdb) args=(appendonly no save "$BENCH_RDB_SAVE" maxmemory 0 maxmemory-policy noeviction) ;;
	lru) args=(appendonly no save '' maxmemory "$(lru_maxmemory)" maxmemory-policy allkeys-lru) ;;
	esac
	for node in "${NODES[@]}"; do
		[[ $(rcli_at "$node" CONFIG SET "${args[@]}") == OK ]] || die "CONFIG SET ${args[*]} failed on $node"
		# Turning the AOF on rewrites it in the background: the variant starts once that is done.
		wait_for_info "$node" aof_rewrite_in_progress 0
	done
}

# The maxmemory of --redis-settings lru: room for a fraction of the persons /add writes (BENCH_LRU_MAXMEMORY
# bytes, or 64 bytes a person over what the empty server holds, where our codecs take 136-250), so that /add
# overflows it and Redis evicts.
lru_maxmemory() {
	if [[ $BENCH_LRU_MAXMEMORY != auto ]]; then
		echo "$BENCH_LRU_MAXMEMORY"
		return 0
	fi
	local used
	used=$(rcli_at "${NODES[0]}" INFO memory | awk -F: '$1 == "used_memory" { print $2 + 0 }')
	echo $((used + BENCH_REQUESTS * BATCH_SIZE * 64 / ${#NODES[@]}))
}

# wait_for_info HOST:PORT FIELD VALUE: until INFO gives the field that value, at most 60 s.
wait_for_info() {
	local deadline=$((SECONDS + 60)) value
	while value=$(rcli_at "$1" INFO | tr -d '\r' | awk -F: -v f="$2" '$1 == f { print $2 }') && [[ $value != "$3" ]]; do
		((SECONDS < deadline)) || die "$1: INFO $2 still $value after 60 s"
		sleep 0.2
	done
}
