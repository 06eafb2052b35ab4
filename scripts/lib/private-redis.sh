#!/usr/bin/env bash
# A redis-server of a script's own, for scripts to source: on the first free port of 127.0.0.1 from a given
# one, persistence off, its files in a new temporary folder; stopped by its PID, never by name or port.
#
#   private_redis_start 27479 || die "..."    # sets PRIVATE_REDIS_PID, PRIVATE_REDIS_PORT, PRIVATE_REDIS_DIR
#   ...
#   private_redis_stop "$raw/redis-server.log"   # e.g. from an EXIT trap; keeps the log there if named

PRIVATE_REDIS_START_TIMEOUT=${PRIVATE_REDIS_START_TIMEOUT:-15}  # seconds until it must answer PING

# shellcheck source=scripts/lib/process.sh
source "$(dirname "${BASH_SOURCE[0]}")/process.sh"

PRIVATE_REDIS_PID='' PRIVATE_REDIS_PORT='' PRIVATE_REDIS_DIR=''

# private_redis_start FIRST_PORT: returns 1, with the log's last lines on stderr, if it does not answer.
private_redis_start() {
	local port deadline
	port=$(first_free_port 127.0.0.1 "$1") || { echo "no free port on 127.0.0.1 from $1" >&2; return 1; }
	PRIVATE_REDIS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/private-redis.XXXXXX")
	redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$PRIVATE_REDIS_DIR" \
		--logfile "$PRIVATE_REDIS_DIR/redis.log" --daemonize no </dev/null &
	PRIVATE_REDIS_PID=$! PRIVATE_REDIS_PORT=$port
	deadline=$((SECONDS + PRIVATE_REDIS_START_TIMEOUT))
	until [[ $(timeout 5 redis-cli -p "$PRIVATE_REDIS_PORT" PING 2>/dev/null) == PONG ]]; do
		if ! kill -0 "$PRIVATE_REDIS_PID" 2>/dev/null || ((SECONDS >= deadline)); then
			echo "redis-server did not answer on port $port: $(tail -n 2 "$PRIVATE_REDIS_DIR/redis.log" 2>/dev/null | tr '\n' ' ')" >&2
			return 1
		fi
		sleep 0.1
	done
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
