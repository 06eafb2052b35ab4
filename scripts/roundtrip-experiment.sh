#!/usr/bin/env bash
# The published single-threaded experiment, reproduced in one command: N SETs, then N GETs, then N DELs
# with plain Jedis on one connection, one by one and pipelined, against a redis-server of its own, directly
# (loopback) and through the latency proxy at each emulated round trip. Prints a table beside the published
# one and writes it to results/<timestamp>/roundtrip.md, with the raw figures in raw/.
# Run with --help for the options.

set -euo pipefail

# Settings. Each can be set in the environment; the command-line options override them.
ROUNDTRIP_REQUESTS=${ROUNDTRIP_REQUESTS:-1000000}    # commands of each kind, as published
ROUNDTRIP_RTTS=${ROUNDTRIP_RTTS:-0,0ms,0.45ms}       # emulated round trips; 0 is loopback, without a proxy; 0ms the proxy adding nothing
ROUNDTRIP_PROXY_ARGS=${ROUNDTRIP_PROXY_ARGS:-}       # more latency-proxy options, e.g. "--jitter 0.05ms"
ROUNDTRIP_OUTPUT=${ROUNDTRIP_OUTPUT:-}               # default: results/<timestamp>
ROUNDTRIP_REDIS_PORT=${ROUNDTRIP_REDIS_PORT:-27479}  # first port tried for the private redis-server
ROUNDTRIP_TIMEOUT=${ROUNDTRIP_TIMEOUT:-14400}        # seconds the commands at one round trip may take
ROUNDTRIP_JAVA_OPTS=${ROUNDTRIP_JAVA_OPTS:--Xmx1g}   # the Jedis client's JVM; 1 M pipelined replies need ~200 MB

# The published figures: 1,000,000 of each over a LAN, seconds one by one and pipelined, and the speedups.
readonly PUBLISHED_SET_ONE_BY_ONE=452.7 PUBLISHED_SET_PIPELINED=6.15

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
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"

REDIS_PORT='' PROXY_PID='' OUT='' RAW=''
RTTS=()

usage() {
	cat <<EOF
Usage: scripts/roundtrip-experiment.sh [options]

The published single-threaded experiment: N SET, GET, DEL with plain Jedis on one connection, one by one
and pipelined, on a private redis-server, directly and through the latency proxy at each round trip
(docs/distance.md, "The published round-trip experiment"). Environment variable in brackets, its value after it.

Size:
  -n, --requests N       commands of each kind; 1,000,000 as published [ROUNDTRIP_REQUESTS=$ROUNDTRIP_REQUESTS]

Network:
      --rtt LIST         round trips, comma-separated; 0 is loopback, without a proxy; 0ms is the proxy
                         adding nothing (its own hop, which the report then also subtracts); the
                         published LAN is about 0.45ms  [ROUNDTRIP_RTTS=$ROUNDTRIP_RTTS]
  ROUNDTRIP_PROXY_ARGS   more proxy options, e.g. "--jitter 0.05ms" or "--rate 1gbit" [$ROUNDTRIP_PROXY_ARGS]

Run:
  -o, --output DIR       where roundtrip.md and raw/ go [ROUNDTRIP_OUTPUT=${ROUNDTRIP_OUTPUT:-results/<timestamp>}]
  ROUNDTRIP_REDIS_PORT   first port tried for Redis     [$ROUNDTRIP_REDIS_PORT]
  ROUNDTRIP_TIMEOUT      seconds per round trip         [$ROUNDTRIP_TIMEOUT]
  ROUNDTRIP_JAVA_OPTS    the Jedis client's JVM         [$ROUNDTRIP_JAVA_OPTS]
  -h, --help             this text

One by one, N = 1,000,000 takes about 3 x N x (RTT + 30 µs): some 25 minutes at 0.45ms.
EOF
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$?
	trap - EXIT
	latency_proxy_stop "$PROXY_PID" || true
	private_redis_stop "${RAW:+$RAW/redis-server.log}"
	exit "$status"
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --requests) ROUNDTRIP_REQUESTS=$(option_value "$1" "${2:-}"); shift ;;
		--rtt) ROUNDTRIP_RTTS=$(option_value "$1" "${2:-}"); shift ;;
		-o | --output) ROUNDTRIP_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	require_count ROUNDTRIP_REQUESTS 1
	require_count ROUNDTRIP_REDIS_PORT 1
	require_count ROUNDTRIP_TIMEOUT 1
	split_list RTTS "round trip (--rtt)" "$ROUNDTRIP_RTTS"
	local rtt
	for rtt in "${RTTS[@]}"; do
		latency_proxy_is_rtt "$rtt" || refuse "--rtt: '$rtt' is not a duration such as 0.45ms"
	done
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server' 'redis-cli:Debian redis-tools'
}

# Runs the commands at round trip $1 into raw/roundtrip-rtt-$1.tsv.
run_at() {
	local rtt=$1 port=$REDIS_PORT proxy_args
	if [[ $rtt != 0 ]]; then
		read -ra proxy_args <<<"$ROUNDTRIP_PROXY_ARGS"
		latency_proxy_start "127.0.0.1:$REDIS_PORT" "$rtt" "$RAW/proxy-rtt-$rtt.log" "${proxy_args[@]}" ||
			die "the latency proxy did not start: $(tail -n 3 "$RAW/proxy-rtt-$rtt.log" | tr '\n' ' ')"
		PROXY_PID=$LATENCY_PROXY_PID port=$LATENCY_PROXY_PORT
		log "RTT $rtt: latency proxy (pid $PROXY_PID) $(sed -n 1p "$RAW/proxy-rtt-$rtt.log")"
	else
		log "RTT 0: loopback, no proxy"
	fi
	local java_opts
	read -ra java_opts <<<"$ROUNDTRIP_JAVA_OPTS"
	timeout -k 10 "$ROUNDTRIP_TIMEOUT" java "${java_opts[@]}" -cp "$LATENCY_PROXY_JAR" \
		org.redisbench.roundtrip.RoundTripExperiment --port "$port" --requests "$ROUNDTRIP_REQUESTS" \
		>"$RAW/roundtrip-rtt-$rtt.tsv" 2>"$RAW/roundtrip-rtt-$rtt.err" ||
		die "the commands at RTT $rtt failed: $(tail -n 3 "$RAW/roundtrip-rtt-$rtt.err" | tr '\n' ' ')"
	local op mode seconds
	while IFS=$'\t' read -r op mode _ seconds _; do
		printf -v seconds '%.3f' "$seconds"
		log "  RTT $rtt: $op $mode $seconds s"
	done <"$RAW/roundtrip-rtt-$rtt.tsv"
	if [[ -n $PROXY_PID ]]; then
		latency_proxy_stop "$PROXY_PID" || log "the proxy (pid $PROXY_PID) needed a SIGKILL"
		PROXY_PID=
	fi
	[[ $(timeout 5 redis-cli -p "$REDIS_PORT" DBSIZE) == 0 ]] || die "keys left after the DELs at RTT $rtt"
}

# The whole report, in Markdown: the run's facts and the published figures, then what the jar computes from
# the raw figures (roundtrip-report: our table, the added delay against the round trip asked).
report() {
	local rtt runs=()
	cat <<EOF
# Round trips: the published single-threaded experiment

$ROUNDTRIP_REQUESTS SET, then GET, then DEL with plain Jedis on one connection, one by one (a round trip
each) and pipelined (all sent, then one sync), against redis-server $(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p')
on 127.0.0.1; $(java -version 2>&1 | head -n 1); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end.
Round trip 0 is loopback; any other adds the latency proxy, half the round trip each way.

## Published: 1,000,000 of each over a LAN

| op | one by one | pipelined | pipelining speedup |
|---|---|---|---|
| SET | $PUBLISHED_SET_ONE_BY_ONE s | $PUBLISHED_SET_PIPELINED s | 73.6× |
| GET | | | 144× |
| DEL | | | 98× |

On one machine, over loopback, the published pipelining speedup was about 3.4×.

EOF
	for rtt in "${RTTS[@]}"; do
		runs+=("$rtt" "$RAW/roundtrip-rtt-$rtt.tsv")
	done
	latency_proxy_figures roundtrip-report "${runs[@]}"
}

main() {
	parse_options "$@"
	OUT=$(results_dir "$ROUNDTRIP_OUTPUT") || die "no output folder"
	RAW=$OUT/raw
	SCRIPT_LOG=$RAW/roundtrip-experiment.log
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	latency_proxy_build "$RAW/build.log"
	private_redis_start "$ROUNDTRIP_REDIS_PORT" || die "could not start redis-server"
	REDIS_PORT=$PRIVATE_REDIS_PORT
	log "private redis-server on 127.0.0.1:$REDIS_PORT (pid $PRIVATE_REDIS_PID)"
	local rtt
	for rtt in "${RTTS[@]}"; do
		run_at "$rtt"
	done
	report >"$OUT/roundtrip.md"
	cat "$OUT/roundtrip.md"
	log "report: $OUT/roundtrip.md"
}

main "$@"
