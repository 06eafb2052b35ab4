#!/usr/bin/env bash
# A redis-server of a script's own, for scripts to source: on the first free port of 127.0.0.1 from a given
# one, persistence off, its files in a new temporary folder; stopped by its PID, never by name or port.
#
#   private_redis_start 27479 || die "..."    # sets PRIVATE_REDIS_PID, PRIVATE_REDIS_PORT, PRIVATE_REDIS_DIR
#   private_redis_start 27479 cluster         # a cluster of this one node, serving every slot
#   ...
#   private_redis_stop "$raw/redis-server.log"   # e.g. from an EXIT trap; keeps the log there if named

PRIVATE_REDIS_START_TIMEOUT=${PRIVATE_REDIS_START_TIMEOUT:-15}  # seconds until it must answer PING

# shellcheck source=scripts/lib/process.sh
source "$(dirname "${BASH_SOURCE[0]}")/process.sh"

PRIVATE_REDIS_PID='' PRIVATE_REDIS_PORT='' PRIVATE_REDIS_DIR=''

# private_redis_start FIRST_PORT [cluster]: returns 1, with the log's last lines on stderr, if it does not answer
# (or, a cluster, is not ok). A cluster of one node costs a key what a node of a larger one does: its bus is on the
# next free port, and it announces 127.0.0.1, which a node that never met another would leave empty in CLUSTER SLOTS.
private_redis_start() {
	local port deadline bus mode=()
	port=$(first_free_port 127.0.0.1 "$1") || { echo "no free port on 127.0.0.1 from $1" >&2; return 1; }
	if [[ ${2:-} == cluster ]]; then
		bus=$(first_free_port 127.0.0.1 "$((port + 1))") || { echo "no free bus port after $port" >&2; return 1; }
		mode=(--cluster-enabled yes --cluster-port "$bus" --cluster-announce-ip 127.0.0.1)
	fi
	PRIVATE_REDIS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/private-redis.XXXXXX")
	redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$PRIVATE_REDIS_DIR" \
		--logfile "$PRIVATE_REDIS_DIR/redis.log" --daemonize no "${mode[@]}" </dev/null &
	PRIVATE_REDIS_PID=$! PRIVATE_REDIS_PORT=$port
	deadline=$((SECONDS + PRIVATE_REDIS_START_TIMEOUT))
	# Ours only: another Redis may have taken the port before our bind, and answer while ours exits.
	until [[ $(timeout 5 redis-cli -p "$PRIVATE_REDIS_PORT" PING 2>/dev/null) == PONG ]] &&
		listens_on "$PRIVATE_REDIS_PID" "$PRIVATE_REDIS_PORT"; do
		_private_redis_alive "$deadline" || return 1
		sleep 0.1
	done
	[[ ${2:-} == cluster ]] || return 0
	timeout 5 redis-cli -p "$PRIVATE_REDIS_PORT" CLUSTER ADDSLOTSRANGE 0 16383 >/dev/null
	until timeout 5 redis-cli -p "$PRIVATE_REDIS_PORT" CLUSTER INFO 2>/dev/null | grep -q '^cluster_state:ok'; do
		_private_redis_alive "$deadline" || return 1
		sleep 0.1
	done
}

# _private_redis_alive DEADLINE: whether it still runs and there is time left; says why not otherwise.
_private_redis_alive() {
	kill -0 "$PRIVATE_REDIS_PID" 2>/dev/null && ((SECONDS < $1)) && return 0
	echo "redis-server did not get ready on port $PRIVATE_REDIS_PORT:" \
		"$(tail -n 2 "$PRIVATE_REDIS_DIR/redis.log" 2>/dev/null | tr '\n' ' ')" >&2
	return 1
}

# private_redis_stop [LOG]: stops it (SIGKILL after 10 s), keeps its log as LOG if given, removes its folder.
private_redis_stop() {
	stop_process "$PRIVATE_REDIS_PID" 10 || true
	if [[ -n $PRIVATE_REDIS_DIR ]]; then
		[[ -n ${1:-} && -f $PRIVATE_REDIS_DIR/redis.log ]] && cp "$PRIVATE_REDIS_DIR/redis.log" "$1"
		rm -rf "$PRIVATE_REDIS_DIR"
	fi
	PRIVATE_REDIS_PID='' PRIVATE_REDIS_DIR=''
}
