#!/usr/bin/env bash
# A local Redis Cluster of N masters and no replicas, for the benchmark and for trying the apps on a
# cluster. Each node is a redis-server of its own on a free port, with persistence off and its files in a
# temporary directory; `redis-cli --cluster create` spreads the 16384 slots over them.
#
# Two ways to use it:
#   scripts/lib/cluster.sh start 3 --dir /tmp/c   prints 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3
#   scripts/lib/cluster.sh stop --dir /tmp/c
# or, from another bash script:
#   source scripts/lib/cluster.sh
#   cluster_start 3 || die "..."                 # sets CLUSTER_NODES, CLUSTER_PORTS, CLUSTER_PIDS
#   ...
#   cluster_stop                                  # e.g. from an EXIT trap
# Run it with --help for the settings.

# Settings; each can be set in the environment.
CLUSTER_BIND=${CLUSTER_BIND:-127.0.0.1}              # address every node listens on and announces
CLUSTER_FIRST_PORT=${CLUSTER_FIRST_PORT:-30001}      # first port tried; each node also needs port+10000 (cluster bus)
CLUSTER_NODE_TIMEOUT=${CLUSTER_NODE_TIMEOUT:-5000}   # ms until an unreachable node is marked failed
CLUSTER_REDIS_ARGS=${CLUSTER_REDIS_ARGS:-}           # more redis-server arguments for every node, e.g. "--maxmemory 2gb"
CLUSTER_START_TIMEOUT=${CLUSTER_START_TIMEOUT:-30}   # seconds for the nodes to answer and the cluster to be ok
CLUSTER_STOP_TIMEOUT=${CLUSTER_STOP_TIMEOUT:-15}     # seconds a node gets between TERM and KILL
CLUSTER_REDIS_EXEC=${CLUSTER_REDIS_EXEC:-}           # prefix for redis-server, e.g. "ip netns exec rb-redis"
CLUSTER_CLI_EXEC=${CLUSTER_CLI_EXEC:-}               # prefix for redis-cli
CLUSTER_DIR=${CLUSTER_DIR:-}                         # state directory; default: a new one under TMPDIR
REDIS_PASSWORD=${REDIS_PASSWORD:-}                   # requirepass of every node; never on a command line

# shellcheck source=scripts/lib/process.sh
source "$(dirname "${BASH_SOURCE[0]}")/process.sh"
# shellcheck source=scripts/lib/redis-conf.sh
source "$(dirname "${BASH_SOURCE[0]}")/redis-conf.sh"

# The file that marks a folder as this script's, and says whether it made the folder.
readonly CLUSTER_MARKER=.redis-cluster-state

# Set by cluster_start: the nodes as spring.data.redis.cluster.nodes wants them, their ports and PIDs.
CLUSTER_NODES=
CLUSTER_PORTS=()
CLUSTER_PIDS=()

cluster_usage() {
	cat <<EOF
Usage: scripts/lib/cluster.sh start N [--dir DIR]
       scripts/lib/cluster.sh stop --dir DIR

start  starts N cluster-enabled redis-servers (N >= 3, as redis-cli --cluster create demands) on free
       ports of $CLUSTER_BIND, joins them into one cluster of N masters without replicas, waits until every
       node reports cluster_state:ok, and prints the nodes on one line, as
       spring.data.redis.cluster.nodes takes them: $CLUSTER_BIND:p1,$CLUSTER_BIND:p2,...
       DIR (created if missing; an existing one must be empty) receives the state: nodes (one "host port
       pid" line per node) and <port>/redis.log. Without --dir, a new directory under \${TMPDIR:-/tmp} is
       used and named on stderr.
stop   stops the nodes listed in DIR/nodes by PID (TERM, then KILL after CLUSTER_STOP_TIMEOUT) and removes
       the files start wrote, and DIR itself if start created it and nothing else is in it. A PID is
       signalled only while its process still is the redis-server on that port.

Persistence is off on every node (--save "" --appendonly no): a stopped cluster keeps no data.

Environment (defaults in brackets):
  CLUSTER_BIND           [$CLUSTER_BIND]  address the nodes listen on and announce to clients
  CLUSTER_FIRST_PORT     [$CLUSTER_FIRST_PORT]  first port tried; a node needs its port and port+10000 free
  CLUSTER_NODE_TIMEOUT   [$CLUSTER_NODE_TIMEOUT]  cluster-node-timeout, ms
  CLUSTER_REDIS_ARGS     []  more redis-server arguments for every node
  CLUSTER_START_TIMEOUT  [$CLUSTER_START_TIMEOUT]  seconds for the nodes to answer and the cluster to be ok
  CLUSTER_STOP_TIMEOUT   [$CLUSTER_STOP_TIMEOUT]  seconds between TERM and KILL
  CLUSTER_REDIS_EXEC     []  prefix for redis-server; it must exec its command, so that the PID is the node's
  CLUSTER_CLI_EXEC       []  prefix for redis-cli
  CLUSTER_DIR            []  the state directory, as --dir
  REDIS_PASSWORD         []  requirepass (and masterauth) of every node, from a mode-600 file in the state
                             directory; redis-cli gets it as REDISCLI_AUTH

Sourced, it defines cluster_start N, cluster_stop and cluster_cli PORT ARGS...; cluster_start sets
CLUSTER_DIR, CLUSTER_NODES, CLUSTER_PORTS and CLUSTER_PIDS, and leaves the nodes children of the caller.

Example: nodes=\$(scripts/lib/cluster.sh start 3 --dir "\$dir") &&
         java -jar kryo-app/target/kryo-app.jar --spring.data.redis.cluster.nodes="\$nodes"
EOF
}

_cluster_log() {
	printf '[cluster %(%H:%M:%S)T] %s\n' -1 "$*" >&2
}

# redis-cli against one node, bounded, with the password from the environment only.
cluster_cli() {
	local port=$1 exec_prefix
	shift
	read -ra exec_prefix <<<"$CLUSTER_CLI_EXEC"
	if [[ -n $REDIS_PASSWORD ]]; then
		REDISCLI_AUTH=$REDIS_PASSWORD "${exec_prefix[@]}" timeout 60 redis-cli -h "$CLUSTER_BIND" -p "$port" "$@"
	else
		"${exec_prefix[@]}" timeout 60 redis-cli -h "$CLUSTER_BIND" -p "$port" "$@"
	fi
}

# Something answers on the port, as seen from where redis-cli runs.
_cluster_port_in_use() {
	local exec_prefix
	read -ra exec_prefix <<<"$CLUSTER_CLI_EXEC"
	port_answers "$CLUSTER_BIND" "$1" "${exec_prefix[@]}"
}

# The first port from $1 on whose port and cluster-bus port nothing answers and that no node here took.
_cluster_free_port() {
	local port=$1 taken
	for (( ; port + 10000 <= 65535; port++)); do
		for taken in "${CLUSTER_PORTS[@]}"; do
			((port == taken || port == taken + 10000 || port + 10000 == taken)) && continue 2
		done
		if ! _cluster_port_in_use "$port" && ! _cluster_port_in_use $((port + 10000)); then
			echo "$port"
			return 0
		fi
	done
	return 1
}

# Starts one node on the first usable port from $1; retries on the next ports if it loses a race for one.
_cluster_start_node() {
	local port=$1 tries pid deadline exec_prefix extra
	read -ra exec_prefix <<<"$CLUSTER_REDIS_EXEC"
	read -ra extra <<<"$CLUSTER_REDIS_ARGS"
	for tries in 1 2 3 4 5; do
		port=$(_cluster_free_port "$port") || { _cluster_log "no free port pair from $1"; return 1; }
		mkdir -p "$CLUSTER_DIR/$port"
		# stdin and stdout must not be the caller's: $(scripts/lib/cluster.sh start ...) would never end.
		"${exec_prefix[@]}" redis-server "$CLUSTER_DIR/redis.conf" --port "$port" --bind "$CLUSTER_BIND" \
			--cluster-enabled yes --cluster-config-file "$CLUSTER_DIR/$port/nodes.conf" \
			--cluster-node-timeout "$CLUSTER_NODE_TIMEOUT" --save "" --appendonly no \
			--dir "$CLUSTER_DIR/$port" --logfile "$CLUSTER_DIR/$port/redis.log" --daemonize no \
			"${extra[@]}" </dev/null >/dev/null 2>&1 &
		pid=$!
		deadline=$((SECONDS + CLUSTER_START_TIMEOUT))
		while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
			# Ours only: another Redis may have taken the port before our bind, and answer while ours exits.
			if [[ $(cluster_cli "$port" PING 2>/dev/null) == PONG ]] && listens_on "$pid" "$port"; then
				CLUSTER_PORTS+=("$port")
				CLUSTER_PIDS+=("$pid")
				echo "$CLUSTER_BIND $port $pid" >>"$CLUSTER_DIR/nodes"
				return 0
			fi
			sleep 0.1
		done
		_cluster_stop_pid "$pid" "$port"
		_cluster_log "node on port $port did not answer (try $tries): $(tail -n 2 "$CLUSTER_DIR/$port/redis.log" 2>/dev/null | tr '\n' ' ')"
		rm -rf "${CLUSTER_DIR:?}/$port"
		port=$((port + 1))
	done
	return 1
}

_cluster_is_node() {
	local pid=$1 port=$2
	# redis-server names itself "redis-server host:port [cluster]"; anything else took over the PID.
	[[ -r /proc/$pid/cmdline ]] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "redis-server.*:$port\b"
}

_cluster_stop_pid() {
	local pid=$1 port=$2
	kill -0 "$pid" 2>/dev/null && _cluster_is_node "$pid" "$port" || return 0
	stop_process "$pid" "$CLUSTER_STOP_TIMEOUT" ||
		_cluster_log "node on port $port (pid $pid) still running after ${CLUSTER_STOP_TIMEOUT}s: SIGKILLed"
}

_cluster_await_ok() {
	local deadline=$((SECONDS + CLUSTER_START_TIMEOUT)) port info pending
	while ((SECONDS < deadline)); do
		pending=
		for port in "${CLUSTER_PORTS[@]}"; do
			info=$(cluster_cli "$port" CLUSTER INFO 2>/dev/null | tr -d '\r')
			if ! grep -qx 'cluster_state:ok' <<<"$info" || ! grep -qx "cluster_known_nodes:${#CLUSTER_PORTS[@]}" <<<"$info"; then
				pending+=" $port"
			fi
		done
		[[ -z $pending ]] && return 0
		sleep 0.2
	done
	_cluster_log "not ok after ${CLUSTER_START_TIMEOUT}s on port(s)$pending"
	return 1
}

# Starts an N-master cluster; on failure stops whatever it started and returns 1.
cluster_start() {
	local count=${1:-} port addresses=()
	if ! [[ $count =~ ^[0-9]+$ ]] || ((count < 3)); then
		_cluster_log "needs a node count of at least 3 (redis-cli --cluster create needs 3 masters), got '$count'"
		return 1
	fi
	if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
		_cluster_log "redis-server and redis-cli are needed (Debian: apt-get install redis-server)"
		return 1
	fi
	_cluster_claim_dir || return 1
	CLUSTER_PORTS=() CLUSTER_PIDS=() CLUSTER_NODES=
	redis_conf_password "$CLUSTER_DIR/redis.conf"
	port=$CLUSTER_FIRST_PORT
	while ((${#CLUSTER_PORTS[@]} < count)); do
		_cluster_start_node "$port" || { cluster_stop; return 1; }
		port=$((CLUSTER_PORTS[-1] + 1))
	done
	for port in "${CLUSTER_PORTS[@]}"; do
		addresses+=("$CLUSTER_BIND:$port")
	done
	if ! cluster_cli "${CLUSTER_PORTS[0]}" --cluster create "${addresses[@]}" --cluster-replicas 0 --cluster-yes \
		>"$CLUSTER_DIR/create.log" 2>&1; then
		_cluster_log "redis-cli --cluster create failed: $(tail -n 3 "$CLUSTER_DIR/create.log" | tr '\n' ' ')"
		cluster_stop
		return 1
	fi
	_cluster_await_ok || { cluster_stop; return 1; }
	CLUSTER_NODES=$(IFS=,; echo "${addresses[*]}")
	echo "$CLUSTER_NODES" >"$CLUSTER_DIR/cluster-nodes"
	_cluster_log "${#CLUSTER_PORTS[@]} masters ok: $CLUSTER_NODES (pids ${CLUSTER_PIDS[*]}, $CLUSTER_DIR)"
}

# Stops every node listed in CLUSTER_DIR/nodes and removes the directory.
cluster_stop() {
	local port pid
	[[ -n $CLUSTER_DIR && -d $CLUSTER_DIR ]] || return 0
	if [[ ! -f $CLUSTER_DIR/$CLUSTER_MARKER ]]; then
		_cluster_log "$CLUSTER_DIR holds no cluster of ours ($CLUSTER_MARKER is missing): leaving it alone"
		return 1
	fi
	if [[ -f $CLUSTER_DIR/nodes ]]; then
		while read -r _ port pid; do
			_cluster_stop_pid "$pid" "$port"
			[[ $port =~ ^[0-9]+$ ]] && rm -rf "${CLUSTER_DIR:?}/$port"
		done <"$CLUSTER_DIR/nodes"
	fi
	rm -f "$CLUSTER_DIR"/{nodes,redis.conf,create.log,cluster-nodes}
	# Only a folder this script made goes, and only when nothing of anyone else's is left in it.
	if grep -qx 'created=yes' "$CLUSTER_DIR/$CLUSTER_MARKER"; then
		rm -f "$CLUSTER_DIR/$CLUSTER_MARKER"
		rmdir "$CLUSTER_DIR" 2>/dev/null || _cluster_log "left $CLUSTER_DIR: it holds files that are not the cluster's"
	else
		rm -f "$CLUSTER_DIR/$CLUSTER_MARKER"
	fi
	CLUSTER_PORTS=() CLUSTER_PIDS=() CLUSTER_NODES=
}

# Takes CLUSTER_DIR for a new cluster: a new folder under TMPDIR when unset; an existing one only when empty
# (a user's folder with files in it is refused, never emptied), or when it is ours from a stopped cluster.
# Marks it, noting whether this script created it, so that cluster_stop removes no more than its own.
_cluster_claim_dir() {
	local created=no
	if [[ -z $CLUSTER_DIR ]]; then
		CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/redis-cluster.XXXXXX") || return 1
		created=yes
	elif [[ ! -e $CLUSTER_DIR ]]; then
		mkdir -p "$CLUSTER_DIR" || return 1
		created=yes
	elif [[ -f $CLUSTER_DIR/$CLUSTER_MARKER ]]; then
		if [[ -e $CLUSTER_DIR/nodes ]]; then
			_cluster_log "$CLUSTER_DIR already holds a cluster; stop it first"
			return 1
		fi
		grep -qx 'created=yes' "$CLUSTER_DIR/$CLUSTER_MARKER" && created=yes
	elif [[ ! -d $CLUSTER_DIR || -n $(ls -A "$CLUSTER_DIR") ]]; then
		_cluster_log "$CLUSTER_DIR is not an empty folder; name a new or empty one for the cluster's state"
		return 1
	fi
	printf 'created=%s\n' "$created" >"$CLUSTER_DIR/$CLUSTER_MARKER"
}

cluster_main() {
	local action=${1:-} count=
	case $action in
	-h | --help) cluster_usage; return 0 ;;
	start | stop) shift ;;
	*) cluster_usage >&2; return 2 ;;
	esac
	while (($#)); do
		case $1 in
		--dir) CLUSTER_DIR=${2:?--dir needs a value}; shift ;;
		-h | --help) cluster_usage; return 0 ;;
		*) if [[ $action == start && -z $count ]]; then count=$1; else cluster_usage >&2; return 2; fi ;;
		esac
		shift
	done
	if [[ $action == stop ]]; then
		[[ -n $CLUSTER_DIR ]] || { _cluster_log "stop needs --dir DIR (or CLUSTER_DIR)"; return 2; }
		[[ -f $CLUSTER_DIR/nodes ]] || { _cluster_log "$CLUSTER_DIR/nodes not found: no cluster there"; return 1; }
		cluster_stop
		return 0
	fi
	[[ -n $count ]] || { _cluster_log "start needs a node count"; return 2; }
	local named=$CLUSTER_DIR
	cluster_start "$count" || return 1
	[[ -n $named ]] || _cluster_log "state in $CLUSTER_DIR; stop with: $0 stop --dir $CLUSTER_DIR"
	echo "$CLUSTER_NODES"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -euo pipefail
	# shellcheck source=scripts/lib/environment.sh
	source "$(dirname "${BASH_SOURCE[0]}")/environment.sh"
	cluster_main "$@"
fi
