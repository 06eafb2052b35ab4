#!/usr/bin/env bash
# The Redis bench.sh measures against: its private redis-server or a named one, and a local or named
# Redis Cluster beside it; redis-cli, FLUSHALL, and which of them the current variant runs on. For bench.sh
# to source after settings.sh.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# The local cluster (scripts/lib/cluster.sh) is placed like the private redis-server unless told otherwise.
CLUSTER_BIND=${CLUSTER_BIND:-$BENCH_REDIS_BIND}
CLUSTER_REDIS_EXEC=${CLUSTER_REDIS_EXEC:-$BENCH_REDIS_EXEC}
CLUSTER_CLI_EXEC=${CLUSTER_CLI_EXEC:-$BENCH_CLIENT_EXEC}
CLUSTER_REDIS_ARGS=${CLUSTER_REDIS_ARGS:-$BENCH_REDIS_ARGS}
# shellcheck source=scripts/lib/cluster.sh
source "$(dirname "${BASH_SOURCE[0]}")/../cluster.sh"
# shellcheck source=scripts/lib/redis-conf.sh
source "$(dirname "${BASH_SOURCE[0]}")/../redis-conf.sh"

# The single Redis, as bench.sh and as the apps reach it; the private redis-server's PID and folder.
REDIS_HOST='' REDIS_PORT='' APP_REDIS_HOST='' REDIS_PID='' REDIS_DIR=''
# The cluster: whether bench.sh started it, its masters (host:port) that hold data, and the nodes the apps
# are given to find it by.
OWN_CLUSTER=no CLUSTER_MASTERS=() APP_CLUSTER_NODES=''
# The topology the current variant runs on, and its masters (host:port).
TOPOLOGY=single NODES=()

# rcli_at HOST:PORT ARGS...: redis-cli against one node, from where the client runs; the password comes
# from REDISCLI_AUTH.
rcli_at() {
	local node=$1
	shift
	client timeout 60 redis-cli -h "${node%:*}" -p "${node##*:}" "$@"
}

# rcli ARGS...: redis-cli against the single Redis.
rcli() {
	rcli_at "$REDIS_HOST:$REDIS_PORT" "$@"
}

# open_redis: the single Redis (private or named) and the cluster, if any, ready to be flushed and used.
open_redis() {
	if [[ -n $BENCH_REDIS_HOST ]]; then use_named_redis; else start_own_redis; fi
	APP_REDIS_HOST=${BENCH_APP_REDIS_HOST:-$REDIS_HOST}
	if ((BENCH_CLUSTER > 0)); then
		start_own_cluster
	elif [[ -n $BENCH_CLUSTER_NODES ]]; then
		use_named_cluster
	fi
}

# close_redis: stops what open_redis started, keeping the servers' logs in RAW; safe to call at any point.
close_redis() {
	stop_pid "$REDIS_PID" "redis-server"
	REDIS_PID=
	if [[ -n $REDIS_DIR ]]; then
		[[ -n ${RAW:-} && -f $REDIS_DIR/redis.log ]] && cp "$REDIS_DIR/redis.log" "$RAW/redis-server.log"
		rm -rf "$REDIS_DIR"
		REDIS_DIR=
	fi
	if [[ $OWN_CLUSTER == yes ]]; then
		local node_log
		if [[ -n ${RAW:-} && -n $CLUSTER_DIR ]]; then
			for node_log in "$CLUSTER_DIR"/*/redis.log; do
				[[ -f $node_log ]] && cp "$node_log" "$RAW/cluster-node-$(basename "$(dirname "$node_log")").log"
			done
		fi
		cluster_stop
		OWN_CLUSTER=no
	fi
}

# The password (if any) reaches redis-server in a mode-600 file: `ps` shows a command line to every user.
start_own_redis() {
	REDIS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bench-redis.XXXXXX")
	redis_conf_password "$REDIS_DIR/redis.conf"
	local port=$BENCH_OWN_REDIS_PORT tries deadline
	for tries in 1 2 3 4 5; do
		port=$(free_port "$BENCH_REDIS_BIND" "$port")
		"${REDIS_EXEC[@]}" redis-server "$REDIS_DIR/redis.conf" --port "$port" --bind "$BENCH_REDIS_BIND" --save "" \
			--appendonly no --dir "$REDIS_DIR" --logfile "$REDIS_DIR/redis.log" --daemonize no "${REDIS_ARGS[@]}" </dev/null &
		REDIS_PID=$!
		REDIS_HOST=$BENCH_REDIS_BIND REDIS_PORT=$port
		deadline=$((SECONDS + 10))
		while kill -0 "$REDIS_PID" 2>/dev/null && ((SECONDS < deadline)); do
			# Ours only: another Redis may have taken the port before our bind, and answer while ours exits.
			if [[ $(rcli PING 2>/dev/null) == PONG ]] && listens_on "$REDIS_PID" "$port"; then
				log "private redis-server on $REDIS_HOST:$REDIS_PORT (pid $REDIS_PID, $REDIS_DIR)"
				return 0
			fi
			sleep 0.2
		done
		# Lost a race for the port, or did not come up: try the next one.
		stop_pid "$REDIS_PID" "redis-server"
		REDIS_PID=
		port=$((port + 1))
		log "redis-server did not answer (try $tries): $(tail -n 2 "$REDIS_DIR/redis.log" 2>/dev/null | tr '\n' ' ')"
	done
	die "could not start redis-server"
}

use_named_redis() {
	# shellcheck disable=SC2153 # BENCH_REDIS_PORT is a setting of settings.sh
	REDIS_HOST=$BENCH_REDIS_HOST REDIS_PORT=$BENCH_REDIS_PORT
	[[ $(rcli PING 2>&1) == PONG ]] || die "Redis at $REDIS_HOST:$REDIS_PORT does not answer PING"
	log "named Redis at $REDIS_HOST:$REDIS_PORT (will be FLUSHALLed)"
}

start_own_cluster() {
	local k
	# Never the CLUSTER_DIR of a cluster someone else started: close_redis would stop it.
	CLUSTER_DIR=
	OWN_CLUSTER=yes
	cluster_start "$BENCH_CLUSTER" || die "could not start a $BENCH_CLUSTER-master Redis Cluster (see the [cluster] lines above)"
	for ((k = 1; k <= ${#CLUSTER_PORTS[@]}; k++)); do
		log "cluster node $k on $CLUSTER_BIND:${CLUSTER_PORTS[k - 1]} (pid ${CLUSTER_PIDS[k - 1]}, $CLUSTER_DIR/${CLUSTER_PORTS[k - 1]})"
	done
	IFS=, read -ra CLUSTER_MASTERS <<<"$CLUSTER_NODES"
	APP_CLUSTER_NODES=$CLUSTER_NODES
}

use_named_cluster() {
	local seed=${BENCH_CLUSTER_NODES%%,*} nodes master
	nodes=$(rcli_at "$seed" CLUSTER NODES 2>&1) || die "cluster node $seed does not answer CLUSTER NODES: $nodes"
	mapfile -t CLUSTER_MASTERS < <(slot_masters <<<"$nodes")
	((${#CLUSTER_MASTERS[@]} > 0)) || die "CLUSTER NODES of $seed lists no master serving slots: $nodes"
	for master in "${CLUSTER_MASTERS[@]}"; do
		[[ $(rcli_at "$master" PING 2>&1) == PONG ]] || die "cluster master $master does not answer PING"
	done
	APP_CLUSTER_NODES=$BENCH_CLUSTER_NODES
	log "named Redis Cluster at $BENCH_CLUSTER_NODES: ${#CLUSTER_MASTERS[@]} masters $(IFS=,; echo "${CLUSTER_MASTERS[*]}") (will be FLUSHALLed)"
}

# slot_masters: of the CLUSTER NODES reply on stdin ("<id> <host:port@bus-port[,hostname]> <flags> <master> <ping>
# <pong> <epoch> <link> <slot>..."), the masters with slots, and so with keys, host:port a line.
slot_masters() {
	awk '$3 ~ /master/ && $3 !~ /fail/ && NF > 8 { sub(/@.*/, "", $2); print $2 }'
}

# use_topology TOPOLOGY: the variants that follow run on it (single, or cluster<N>).
use_topology() {
	TOPOLOGY=$1
	if [[ $TOPOLOGY == single ]]; then
		NODES=("$REDIS_HOST:$REDIS_PORT")
	elif [[ $TOPOLOGY == memcached ]]; then
		NODES=("$MEMCACHED_HOST:$MEMCACHED_PORT")
	else
		NODES=("${CLUSTER_MASTERS[@]}")
	fi
}

# node_tag K: the part of a per-node file name that tells the masters of a cluster apart.
node_tag() {
	[[ $TOPOLOGY != cluster* ]] || echo ".node$1"
}

# Whether bench.sh started the current topology's Redis: only that one it may reconfigure or flush unasked.
started_here() {
	[[ ($TOPOLOGY == single && -n $REDIS_PID) || ($TOPOLOGY != single && $OWN_CLUSTER == yes) ]]
}

# flushall: empties the current topology's store.
flushall() {
	local node
	if [[ $TOPOLOGY == memcached ]]; then
		flush_memcached
		return 0
	fi
	if [[ $BENCH_ALLOW_FLUSH != yes ]]; then
		started_here || die "refusing to FLUSHALL a Redis bench.sh did not start"
	fi
	for node in "${NODES[@]}"; do
		[[ $(rcli_at "$node" FLUSHALL) == OK ]] || die "FLUSHALL failed on $node"
	done
}
