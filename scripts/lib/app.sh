#!/usr/bin/env bash
# One app of a script's own, for scripts to source after common.sh, apps.sh and process.sh: started from its
# jar on the first free port of 127.0.0.1 from its default, waited for until its health is UP, stopped by PID.
#
#   app_start kryo "$dir/app.log" --spring.data.redis.port=26379 --bench.mode=pipeline
#   ...                                   # APP_PID, APP_PORT, APP_URL are set
#   app_stop                              # e.g. from an EXIT trap
#
# Java options come from APP_JAVA_OPTS (an array; default the bench's heap). The Redis password, if the script
# sets one in APP_REDIS_PASSWORD, is handed over in the environment (SPRING_DATA_REDIS_PASSWORD), which only this
# user can read, never on the command line, which every user can.

APP_JAVA=${APP_JAVA:-java}                  # the java command that runs it
APP_START_TIMEOUT=${APP_START_TIMEOUT:-120}  # seconds until its health must be UP
APP_STOP_TIMEOUT=${APP_STOP_TIMEOUT:-30}     # seconds between TERM and KILL
APP_REDIS_PASSWORD=''                       # the Redis's password; a script sets it for a Redis that has one
if ! declare -p APP_JAVA_OPTS >/dev/null 2>&1; then
	APP_JAVA_OPTS=(-Xms512m -Xmx512m)
fi

APP_PID='' APP_PORT='' APP_URL=''

# app_start APP LOG [ARGS...]: returns 1, naming the log, when it exits or is not UP in time. A port taken
# by another process between the look and the start is a race, not a failure: the next free one is tried.
app_start() {
	local app=$1 app_log=$2 port=${APP_DEFAULT_PORT[$1]} tries
	shift 2
	for tries in 1 2 3; do
		APP_PORT=$(first_free_port 127.0.0.1 "$port") || { log "no free port for the $app app"; return 1; }
		app_start_on "$app" "$app_log" "$@" && return 0
		grep -q 'already in use' "$app_log" || return 1
		log "the $app app lost port $APP_PORT to another process (try $tries)"
		port=$((APP_PORT + 1))
	done
	return 1
}

# app_start_on APP LOG [ARGS...]: the app on APP_PORT.
app_start_on() {
	local app=$1 app_log=$2 deadline
	shift 2
	APP_URL=http://127.0.0.1:$APP_PORT
	(
		[[ -z $APP_REDIS_PASSWORD ]] || export SPRING_DATA_REDIS_PASSWORD=$APP_REDIS_PASSWORD
		exec "$APP_JAVA" "${APP_JAVA_OPTS[@]}" -jar "$(jar_of "$app")" --server.port="$APP_PORT" \
			--server.address=127.0.0.1 "$@"
	) >"$app_log" 2>&1 </dev/null &
	APP_PID=$!
	deadline=$((SECONDS + APP_START_TIMEOUT))
	# UP must come from this app: another process may have taken the port between the check and the start.
	until curl -fsS -m 2 -o /dev/null "$APP_URL/actuator/health" 2>/dev/null && listens_on "$APP_PID" "$APP_PORT"; do
		if ! kill -0 "$APP_PID" 2>/dev/null || ((SECONDS >= deadline)); then
			log "the $app app did not come UP within ${APP_START_TIMEOUT}s; see $app_log"
			app_stop
			return 1
		fi
		sleep 0.5
	done
}

app_stop() {
	stop_process "$APP_PID" "$APP_STOP_TIMEOUT" || log "app (pid $APP_PID) did not stop in ${APP_STOP_TIMEOUT}s: SIGKILLed"
	APP_PID=''
}
