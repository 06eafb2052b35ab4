#!/usr/bin/env bash
# The app under test, one at a time: started from its jar on the current topology (or taken where it
# already runs), waited for until UP, stopped. For bench.sh to source after settings.sh and redis.sh.

# The app of the current variant: its PID when bench.sh started it, and where the client reaches it.
APP_PID='' APP_URL=''

# False when bench.sh started the app and it has exited: whatever answers on its port now is not it.
app_alive() {
	[[ -z $APP_PID ]] || kill -0 "$APP_PID" 2>/dev/null
}

# wait_until_up APP DIR PORT: until the app at APP_URL reports UP and, when bench.sh started it, is the
# process APP_PID on PORT. Returns 1 when that process exited first.
wait_until_up() {
	local app=$1 dir=$2 port=$3 deadline=$((SECONDS + BENCH_START_TIMEOUT)) foreign=
	while ((SECONDS < deadline)); do
		if [[ -n $APP_PID ]] && ! kill -0 "$APP_PID" 2>/dev/null; then
			wait "$APP_PID" 2>/dev/null || true
			APP_PID=
			return 1
		fi
		if client curl -fsS -m 2 -o "$dir/health.json" "$APP_URL/actuator/health" 2>/dev/null; then
			if [[ -z $APP_PID ]] || listens_on "$APP_PID" "$port"; then
				log "$app app UP at $APP_URL (pid ${APP_PID:-unknown: not started by bench.sh})"
				return 0
			fi
			foreign=" (what answers there is not pid $APP_PID: another process, or a java wrapper that did not exec)"
		fi
		sleep 0.5
	done
	die "$app app at $APP_URL not UP within ${BENCH_START_TIMEOUT}s${foreign}$([[ -n $APP_PID ]] && echo "; see $dir/app.log")"
}

# app_threads: the apps' request threads (BENCH_APP_THREADS, its auto resolved), one count for the whole run so
# that its variants differ in nothing else. Few threads keep up only with a Redis of this machine answering with
# nothing in between; with a --redis-rtt anywhere in the run, each of 100 blocking round trips waits it out.
app_threads() {
	if [[ $BENCH_APP_THREADS != auto ]]; then
		echo "$BENCH_APP_THREADS"
	elif proxied "${REDIS_RTTS[@]}" || [[ -n $BENCH_REDIS_HOST || -n $BENCH_CLUSTER_NODES ]]; then
		echo 200
	else
		echo $(($(nproc) * 8))
	fi
}

# start_app APP DIR MODE COMPRESSION LAYOUT: starts the app's jar on a free port on the current topology, or
# takes the one at BENCH_<APP>_URL; either way waits until it is UP. DIR/app.env says which. The Redis password
# reaches the JVM through its environment, never its command line.
start_app() {
	local app=$1 dir=$2 mode=$3 compression=$4 layout=$5 first_port port tries redis threads
	APP_URL=$(app_url_of "$app")
	if [[ -n $APP_URL ]]; then
		printf 'app=%s\npid=not started by bench.sh\nurl=%s\n' "$app" "$APP_URL" >"$dir/app.env"
		wait_until_up "$app" "$dir" ""
		return 0
	fi
	if [[ $TOPOLOGY == single ]]; then
		redis=(--spring.data.redis.host="$VARIANT_REDIS_HOST" --spring.data.redis.port="$VARIANT_REDIS_PORT")
	elif [[ $TOPOLOGY == memcached ]]; then
		redis=(--bench.store=memcached --bench.memcached.servers="$MEMCACHED_HOST:$MEMCACHED_PORT")
	else
		redis=(--spring.data.redis.cluster.nodes="$APP_CLUSTER_NODES")
	fi
	app_launch "$app" java
	threads=$(app_threads)
	first_port=BENCH_${app^^}_PORT
	port=${!first_port}
	for tries in 1 2 3; do
		port=$(free_port "$BENCH_APP_HOST" "$port")
		APP_URL="http://$BENCH_APP_HOST:$port"
		"${APP_EXEC[@]}" java "${JAVA_OPTS[@]}" "${APP_LAUNCH[@]}" --server.port="$port" \
			--server.address="$BENCH_APP_BIND" "${redis[@]}" --bench.mode="$mode" \
			--bench.compression="$compression" --bench.layout="$layout" --bench.batch-size="$BATCH_SIZE" \
			--server.tomcat.threads.max="$threads" >"$dir/app.log" 2>&1 </dev/null &
		APP_PID=$!
		printf 'app=%s\npid=%s\nurl=%s\nthreads=%s\n' "$app" "$APP_PID" "$APP_URL" "$threads" >"$dir/app.env"
		wait_until_up "$app" "$dir" "$port" && return 0
		grep -q 'already in use' "$dir/app.log" || die "$app app exited while starting; see $dir/app.log"
		log "$app app lost port $port to another process (try $tries)"
		port=$((port + 1))
	done
	die "$app app found no free port"
}

# stop_app APP: stops the app if bench.sh started it.
stop_app() {
	stop_pid "$APP_PID" "$1 app"
	APP_PID=
}
