#!/usr/bin/env bash
# Distance and concurrency as dimensions of the matrix. Loopback hides the network: --redis-rtt puts the
# latency proxy (module latency-proxy; the kernel here has no netem) between the app and Redis, --app-rtt
# between ab and the app, each at every round trip listed; --concurrency runs every variant at each ab -c
# listed. For bench.sh to source after settings.sh, redis.sh and app.sh.

# shellcheck source=scripts/lib/latency-proxy.sh
source "$(dirname "${BASH_SOURCE[0]}")/../latency-proxy.sh"

# Set by check_distance: the round trips and concurrencies to run, validated.
REDIS_RTTS=() APP_RTTS=() CONCURRENCIES=()
# The current variant's: ab's -c, the proxies in its way, and the Redis address its app is given.
# shellcheck disable=SC2034 # CONCURRENCY is set by bench.sh's run_variant and read by measure.sh
CONCURRENCY='' REDIS_PROXY_PID='' APP_PROXY_PID='' VARIANT_REDIS_HOST='' VARIANT_REDIS_PORT=''

# read_rtts ARRAY WHAT LIST: the round trips of LIST, each 0 or a duration the proxy takes, none twice.
read_rtts() {
	local -n rtts=$1
	local rtt seen=" "
	IFS=', ' read -ra rtts <<<"$3"
	((${#rtts[@]} > 0)) || refuse "no $2 given"
	for rtt in "${rtts[@]}"; do
		latency_proxy_is_rtt "$rtt" || refuse "$2 '$rtt' is 0 or a duration such as 0.2ms, 450us, 1ms"
		[[ $seen != *" $rtt "* ]] || refuse "$2 '$rtt' given twice"
		seen+="$rtt "
	done
}

# Refuses (exit 2) a distance or concurrency bench.sh cannot run, before anything starts.
check_distance() {
	local concurrency
	read_rtts REDIS_RTTS "Redis round trip" "$BENCH_REDIS_RTT"
	read_rtts APP_RTTS "app round trip" "$BENCH_APP_RTT"
	IFS=', ' read -ra CONCURRENCIES <<<"$BENCH_CONCURRENCY"
	((${#CONCURRENCIES[@]} > 0)) || refuse "no concurrency given"
	for concurrency in "${CONCURRENCIES[@]}"; do
		[[ $concurrency =~ ^[1-9][0-9]*$ ]] || refuse "a concurrency is a whole number from 1, was '$concurrency'"
		# ab refuses a concurrency above its request count.
		((concurrency <= BENCH_REQUESTS && concurrency <= BENCH_NOOP_REQUESTS)) ||
			refuse "concurrency $concurrency exceeds the requests of a phase"
		((BENCH_WARMUP == 0 || concurrency <= BENCH_WARMUP)) ||
			refuse "concurrency $concurrency exceeds the warm-up requests ($BENCH_WARMUP)"
	done
	uses_proxy || return 0
	# A cluster's MOVED replies name the nodes' own addresses, past any proxy; prefixes place processes
	# elsewhere, where a proxy started here would not sit in the way.
	((BENCH_CLUSTER == 0 && ${#BENCH_CLUSTER_NODES} == 0)) ||
		refuse "--redis-rtt and --app-rtt work on the single Redis only, not with --cluster or --cluster-nodes"
	[[ -z $BENCH_REDIS_EXEC$BENCH_APP_EXEC$BENCH_CLIENT_EXEC ]] ||
		refuse "--redis-rtt and --app-rtt run the proxy on this host: no BENCH_*_EXEC placement with them"
}

# Whether any variant runs behind a proxy.
uses_proxy() {
	local rtt
	for rtt in "${REDIS_RTTS[@]}" "${APP_RTTS[@]}"; do
		[[ $rtt == 0 ]] || return 0
	done
	return 1
}

# The folder name's tail for a variant's distance and concurrency: nothing for what the run does not vary.
distance_suffix() {
	local redis_rtt=$1 app_rtt=$2 concurrency=$3 suffix=''
	[[ $redis_rtt == 0 ]] || suffix+=-redis$redis_rtt
	[[ $app_rtt == 0 ]] || suffix+=-app$app_rtt
	((${#CONCURRENCIES[@]} == 1)) || suffix+=-c$concurrency
	echo "$suffix"
}

# open_redis_distance RTT DIR: the Redis address the app is given, through a proxy adding RTT unless it is 0.
open_redis_distance() {
	local rtt=$1 dir=$2
	VARIANT_REDIS_HOST=$APP_REDIS_HOST VARIANT_REDIS_PORT=$REDIS_PORT
	[[ $rtt != 0 ]] || return 0
	latency_proxy_start "$REDIS_HOST:$REDIS_PORT" "$rtt" "$dir/redis-proxy.log" ||
		die "the latency proxy in front of Redis did not start; see $dir/redis-proxy.log"
	REDIS_PROXY_PID=$LATENCY_PROXY_PID VARIANT_REDIS_HOST=$LATENCY_PROXY_BIND VARIANT_REDIS_PORT=$LATENCY_PROXY_PORT
	log "Redis behind the latency proxy: $rtt round trip added ($VARIANT_REDIS_HOST:$VARIANT_REDIS_PORT, pid $REDIS_PROXY_PID)"
}

# open_app_distance RTT DIR: ab reaches the app through a proxy adding RTT, unless it is 0.
open_app_distance() {
	local rtt=$1 dir=$2 target=${APP_URL#http://}
	[[ $rtt != 0 ]] || return 0
	latency_proxy_start "$target" "$rtt" "$dir/app-proxy.log" ||
		die "the latency proxy in front of the app did not start; see $dir/app-proxy.log"
	APP_PROXY_PID=$LATENCY_PROXY_PID
	APP_URL=http://127.0.0.1:$LATENCY_PROXY_PORT
	log "app behind the latency proxy: $rtt round trip added ($APP_URL, pid $APP_PROXY_PID)"
}

# close_distance: stops the current variant's proxies.
close_distance() {
	[[ -z $APP_PROXY_PID ]] || latency_proxy_stop "$APP_PROXY_PID" || log "app's proxy (pid $APP_PROXY_PID): SIGKILLed"
	[[ -z $REDIS_PROXY_PID ]] || latency_proxy_stop "$REDIS_PROXY_PID" || log "Redis's proxy (pid $REDIS_PROXY_PID): SIGKILLed"
	APP_PROXY_PID='' REDIS_PROXY_PID=''
}
