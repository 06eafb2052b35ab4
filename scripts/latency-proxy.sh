#!/usr/bin/env bash
# Runs the latency proxy (building it when needed), or with --self-test measures it against a private
# redis-server with redis-benchmark: throughput at no delay next to a direct connection, and the round trip
# it adds at each delay. Prints figures; only a failure to run is an error.
# Run with --help for the options.

set -euo pipefail

# Settings for --self-test. Each can be set in the environment; the command-line options override them.
SELF_TEST_REQUESTS=${SELF_TEST_REQUESTS:-200000}     # redis-benchmark requests per throughput run
SELF_TEST_CLIENTS=${SELF_TEST_CLIENTS:-50}           # redis-benchmark connections per throughput run
SELF_TEST_ROUNDS=${SELF_TEST_ROUNDS:-3}              # direct and proxied runs, taken in turns
SELF_TEST_PINGS=${SELF_TEST_PINGS:-2000}             # PINGs per round-trip measurement, on one connection
SELF_TEST_RTTS=${SELF_TEST_RTTS:-0.2ms,0.45ms,2ms,10ms}  # round trips measured: delays 0.1ms to 5ms
SELF_TEST_REDIS_PORT=${SELF_TEST_REDIS_PORT:-27579}  # first port tried for the private redis-server
SELF_TEST_PIN=${SELF_TEST_PIN:-no}                   # yes: redis-server and redis-benchmark on CPU 0, proxies on CPU 1
# At no delay the proxy should carry at least this share of a direct connection's requests per second.
readonly THROUGHPUT_TARGET_PERCENT=80

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/latency-proxy.sh
source "$ROOT/scripts/lib/latency-proxy.sh"
# shellcheck source=scripts/lib/private-redis.sh
source "$ROOT/scripts/lib/private-redis.sh"

REDIS_PORT='' WORK=''
PROXY_PIDS=() RTTS=() ON_CPU0=()

usage() {
	cat <<EOF
Usage: scripts/latency-proxy.sh --listen HOST:PORT --target HOST:PORT [--delay D | --rtt R] [--jitter J] [--rate R]
       scripts/latency-proxy.sh --self-test [options]

Without --self-test: builds latency-proxy/target/latency-proxy.jar when needed and runs it with the
arguments given [LATENCY_PROXY_JAVA_OPTS=$LATENCY_PROXY_JAVA_OPTS]. Its own help:

$(java -jar "$LATENCY_PROXY_JAR" --help 2>/dev/null | sed 's/^/  /' || echo "  (build the jar to see it)")

--self-test: measures the proxy against a private redis-server with redis-benchmark (docs/distance.md,
"Network distance: the latency proxy"). Environment variable in brackets, its value after it.

Throughput (direct and through a proxy at no delay, in turns; target: $THROUGHPUT_TARGET_PERCENT% of direct):
  -n, --requests N      redis-benchmark requests per run  [SELF_TEST_REQUESTS=$SELF_TEST_REQUESTS]
      --rounds K        direct and proxied runs, in turns [SELF_TEST_ROUNDS=$SELF_TEST_ROUNDS]
  SELF_TEST_CLIENTS     redis-benchmark connections       [$SELF_TEST_CLIENTS]

Round trip (median PING through a proxy, minus the same directly):
  SELF_TEST_RTTS        round trips, comma-separated      [$SELF_TEST_RTTS]
  SELF_TEST_PINGS       PINGs per measurement             [$SELF_TEST_PINGS]

Placement:
      --pin             redis-server and redis-benchmark on CPU 0, the proxy on CPU 1 (taskset),
                        in the direct runs as in the proxied: what the proxy carries with a core
                        of its own, where unpinned it shares the cores with both [SELF_TEST_PIN=$SELF_TEST_PIN]

Redis:
  SELF_TEST_REDIS_PORT  first port tried                  [$SELF_TEST_REDIS_PORT]

  -h, --help            this text
EOF
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$? pid
	trap - EXIT
	for pid in "${PROXY_PIDS[@]}"; do
		latency_proxy_stop "$pid" || true
	done
	private_redis_stop ""
	[[ -n $WORK ]] && rm -rf "$WORK"
	exit "$status"
}

# A proxy in front of the private Redis at round trip $1; prints its port.
proxy_at() {
	latency_proxy_start "127.0.0.1:$REDIS_PORT" "$1" "$WORK/proxy-$1.log" ||
		die "the proxy did not start: $(tail -n 3 "$WORK/proxy-$1.log" | tr '\n' ' ')"
	PROXY_PIDS+=("$LATENCY_PROXY_PID")
	[[ $SELF_TEST_PIN == no ]] || pin 1 "$LATENCY_PROXY_PID" proxy
}

# pin CPU PID NAME: every thread of the process on that CPU, read back into the log.
pin() {
	taskset -apc "$1" "$2" >/dev/null || die "taskset could not pin the $3"
	log "$3 (pid $2) pinned to CPU $(taskset -pc "$2" | sed 's/.*: //')"
}

# bench FILE PORT ARG...: redis-benchmark --csv against PORT with more arguments, its CSV appended to FILE for
# the jar's self-test-table, which reads one or more runs a file.
bench() {
	local file=$1 port=$2
	shift 2
	"${ON_CPU0[@]}" timeout 600 redis-benchmark -h 127.0.0.1 -p "$port" --csv "$@" 2>/dev/null >>"$file" ||
		die "redis-benchmark failed against port $port: $*"
}

# Requests/s direct and through the proxy at no delay on port $1, the rounds in turns; the table is the jar's.
throughput() {
	local hop=$1 round pipeline runs=()
	echo "Throughput at no delay: redis-benchmark -c $SELF_TEST_CLIENTS -n $SELF_TEST_REQUESTS, requests/s, $SELF_TEST_ROUNDS rounds in turns"
	[[ $SELF_TEST_PIN == no ]] || echo "pinned: redis-server and redis-benchmark on CPU 0, the proxy on CPU 1"
	for pipeline in 1 16; do
		for ((round = 1; round <= SELF_TEST_ROUNDS; round++)); do
			bench "$WORK/direct-P$pipeline.csv" "$REDIS_PORT" -t set,get -c "$SELF_TEST_CLIENTS" -n "$SELF_TEST_REQUESTS" -P "$pipeline"
			bench "$WORK/proxied-P$pipeline.csv" "$hop" -t set,get -c "$SELF_TEST_CLIENTS" -n "$SELF_TEST_REQUESTS" -P "$pipeline"
		done
		runs+=(-P "$pipeline" "$WORK/direct-P$pipeline.csv" "$WORK/proxied-P$pipeline.csv")
	done
	latency_proxy_figures self-test-table throughput --target-percent "$THROUGHPUT_TARGET_PERCENT" "${runs[@]}"
}

# PINGs one at a time, direct and through a proxy at each round trip; the table is the jar's.
round_trips() {
	local rtt runs=()
	echo
	echo "Round trip added: median PING (redis-benchmark -c 1 -n $SELF_TEST_PINGS), ms"
	for rtt in "${RTTS[@]}"; do
		proxy_at "$rtt"
		bench "$WORK/ping-direct-$rtt.csv" "$REDIS_PORT" -t ping -c 1 -n "$SELF_TEST_PINGS"
		bench "$WORK/ping-proxied-$rtt.csv" "$LATENCY_PROXY_PORT" -t ping -c 1 -n "$SELF_TEST_PINGS"
		latency_proxy_stop "${PROXY_PIDS[-1]}" || true
		unset 'PROXY_PIDS[-1]'
		runs+=("$rtt" "$WORK/ping-direct-$rtt.csv" "$WORK/ping-proxied-$rtt.csv")
	done
	latency_proxy_figures self-test-table round-trips "${runs[@]}"
}

self_test() {
	while (($#)); do
		case $1 in
		-n | --requests) SELF_TEST_REQUESTS=$(option_value "$1" "${2:-}"); shift ;;
		--rounds) SELF_TEST_ROUNDS=$(option_value "$1" "${2:-}"); shift ;;
		--pin) SELF_TEST_PIN=yes ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	local name rtt
	for name in SELF_TEST_REQUESTS SELF_TEST_CLIENTS SELF_TEST_ROUNDS SELF_TEST_PINGS SELF_TEST_REDIS_PORT; do
		require_count "$name" 1
	done
	split_list RTTS "round trip (SELF_TEST_RTTS)" "$SELF_TEST_RTTS"
	for rtt in "${RTTS[@]}"; do
		if ! latency_proxy_is_rtt "$rtt" || [[ $rtt == 0 ]]; then
			refuse "SELF_TEST_RTTS: '$rtt' is not a round trip above 0 such as 0.45ms"
		fi
	done
	require_choice SELF_TEST_PIN yes no
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server' 'redis-benchmark:Debian redis-tools'
	if [[ $SELF_TEST_PIN == yes ]]; then
		require_commands 'taskset:Debian util-linux'
		(($(nproc) >= 2)) || refuse "--pin needs two CPUs, this machine has $(nproc)"
		ON_CPU0=(taskset -c 0)
	fi
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/latency-proxy-self-test.XXXXXX")
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	latency_proxy_build "$WORK/build.log"
	private_redis_start "$SELF_TEST_REDIS_PORT" || die "could not start redis-server"
	REDIS_PORT=$PRIVATE_REDIS_PORT
	log "redis-server on 127.0.0.1:$REDIS_PORT; load average $(cut -d' ' -f1-3 /proc/loadavg)"
	[[ $SELF_TEST_PIN == no ]] || pin 0 "$PRIVATE_REDIS_PID" redis-server
	proxy_at 0
	throughput "$LATENCY_PROXY_PORT"
	round_trips
	log "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
}

case ${1:-} in
-h | --help) usage ;;
--self-test) shift; self_test "$@" ;;
*)
	require_commands 'java:a JDK 17+'
	latency_proxy_build "${TMPDIR:-/tmp}/latency-proxy-build.log"
	read -ra java_opts <<<"$LATENCY_PROXY_JAVA_OPTS"
	exec java "${java_opts[@]}" -jar "$LATENCY_PROXY_JAR" "$@"
	;;
esac
