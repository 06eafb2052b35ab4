#!/usr/bin/env bash
# Distance and concurrency as dimensions of the matrix. Loopback hides the network: --redis-rtt puts the
# latency proxy (module latency-proxy; the kernel here has no netem) between the app and Redis, --app-rtt
# between ab and the app, each at every round trip listed; --concurrency runs every variant at each ab -c
# listed. For bench.sh to source after settings.sh, redis.sh and app.sh.

# shellcheck source=scripts/lib/latency-proxy.sh
source "$(dirname "${BASH_SOURCE[0]}")/../latency-proxy.sh"

# The current variant's: ab's -c, the proxies in its way, and the Redis address its app is given.
# shellcheck disable=SC2034 # CONCURRENCY is set by bench.sh's run_variant and read by measure.sh
CONCURRENCY='' REDIS_PROXY_PID='' APP_PROXY_PID='' VARIANT_REDIS_HOST='' VARIANT_REDIS_PORT=''

# proxied RTT...: whether any of the round trips needs a proxy.
proxied() {
	local rtt
	for rtt in "$@"; do
		[[ $rtt == 0 ]] || return 0
	done
	return 1
}

# Whether any variant runs behind a proxy.
uses_proxy() {
	proxied "${REDIS_RTTS[@]}" "${APP_RTTS[@]}"
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
# In front of bench.sh's own redis-server the proxy runs where it does and listens on its address, so the
# app reaches the proxy wherever it reaches Redis; in front of a named Redis it runs here.
open_redis_distance() {
	local rtt=$1 dir=$2 prefix='' bind=$LATENCY_PROXY_BIND
	VARIANT_REDIS_HOST=$APP_REDIS_HOST VARIANT_REDIS_PORT=$REDIS_PORT
	[[ $rtt != 0 ]] || return 0
	if [[ -z $BENCH_REDIS_HOST ]]; then
		prefix=$BENCH_REDIS_EXEC bind=$BENCH_REDIS_BIND
	else
		VARIANT_REDIS_HOST=$LATENCY_PROXY_BIND
	fi
	LATENCY_PROXY_EXEC=$prefix LATENCY_PROXY_BIND=$bind latency_proxy_start "$REDIS_HOST:$REDIS_PORT" "$rtt" \
		"$dir/redis-proxy.log" || die "the latency proxy in front of Redis did not start; see $dir/redis-proxy.log"
	REDIS_PROXY_PID=$LATENCY_PROXY_PID VARIANT_REDIS_PORT=$LATENCY_PROXY_PORT
	log "Redis behind the latency proxy: $rtt round trip added ($VARIANT_REDIS_HOST:$VARIANT_REDIS_PORT, pid $REDIS_PROXY_PID)"
}

# open_app_distance RTT DIR: ab reaches the app through a proxy adding RTT, unless it is 0. In front of an app
# bench.sh started, the proxy runs where the app does and listens on its address; else here.
open_app_distance() {
	local rtt=$1 dir=$2 target=${APP_URL#http://} prefix='' bind=$LATENCY_PROXY_BIND host=$LATENCY_PROXY_BIND
	[[ $rtt != 0 ]] || return 0
	[[ -z $APP_PID ]] || prefix=$BENCH_APP_EXEC bind=$BENCH_APP_BIND host=$BENCH_APP_HOST
	LATENCY_PROXY_EXEC=$prefix LATENCY_PROXY_BIND=$bind latency_proxy_start "$target" "$rtt" "$dir/app-proxy.log" ||
		die "the latency proxy in front of the app did not start; see $dir/app-proxy.log"
	APP_PROXY_PID=$LATENCY_PROXY_PID
	APP_URL=http://$host:$LATENCY_PROXY_PORT
	log "app behind the latency proxy: $rtt round trip added ($APP_URL, pid $APP_PROXY_PID)"
}

# close_distance: stops the current variant's proxies.
close_distance() {
	[[ -z $APP_PROXY_PID ]] || latency_proxy_stop "$APP_PROXY_PID" || log "app's proxy (pid $APP_PROXY_PID): SIGKILLed"
	[[ -z $REDIS_PROXY_PID ]] || latency_proxy_stop "$REDIS_PROXY_PID" || log "Redis's proxy (pid $REDIS_PROXY_PID): SIGKILLed"
	APP_PROXY_PID='' REDIS_PROXY_PID=''
}
