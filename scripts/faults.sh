#!/usr/bin/env bash
# Plays Redis faults against each app under a small load and prints what the app answered: Redis killed
# and restarted (outage), paused (slow), and out of memory (full). Every figure comes from the answers
# themselves and from Redis afterwards: a 2xx during a fault, an answer later than the bound, a request
# left unanswered, or a 200 whose ids do not read back intact is a failure, and the exit status says so.
# This script starts and stops the processes and writes one line a request; the faults module
# (org.redisbench.faults) computes the figures and decides. Run with --help for the knobs.
#
# Traffic goes to 127.0.0.1 only, to a redis-server and apps this script starts on free ports and stops by
# their PIDs; the machine's own Redis is never touched.
# shellcheck disable=SC2317 # scenario_* are called by name, "scenario_$scenario", and so is all they call

set -euo pipefail

# Knobs. Each can be set in the environment.
FAULTS_APPS=${FAULTS_APPS:-string,kryo}
FAULTS_SCENARIOS=${FAULTS_SCENARIOS:-outage,slow,full}
FAULTS_CLIENTS=${FAULTS_CLIENTS:-4}                  # concurrent request loops
FAULTS_BEFORE_SECONDS=${FAULTS_BEFORE_SECONDS:-3}    # load before the fault
FAULTS_FAULT_SECONDS=${FAULTS_FAULT_SECONDS:-5}      # Redis down, or paused
FAULTS_AFTER_SECONDS=${FAULTS_AFTER_SECONDS:-5}      # load after the fault
FAULTS_FULL_SECONDS=${FAULTS_FULL_SECONDS:-20}       # at most this long a load fills Redis, until its OOM
FAULTS_FULL_HEADROOM=${FAULTS_FULL_HEADROOM:-524288}  # bytes of maxmemory above used_memory
FAULTS_PAUSE_MODE=${FAULTS_PAUSE_MODE:-WRITE}        # CLIENT PAUSE mode: WRITE (reads go on) or ALL
FAULTS_MAX_REQUESTS=${FAULTS_MAX_REQUESTS:-5000}     # per loop and phase, whatever the time
FAULTS_BOUND_SECONDS=${FAULTS_BOUND_SECONDS:-5}      # the latest an answer may come
FAULTS_REQUEST_TIMEOUT=${FAULTS_REQUEST_TIMEOUT:-2s} # the apps' bench.request-timeout
FAULTS_REDIS_TIMEOUT=${FAULTS_REDIS_TIMEOUT:-1s}     # the apps' spring.data.redis.timeout
FAULTS_START_TIMEOUT=${FAULTS_START_TIMEOUT:-180}    # seconds an app may take to report UP
FAULTS_BUILD=${FAULTS_BUILD:-auto}                   # auto: build the jars when missing or stale; always; never
FAULTS_BUILD_TIMEOUT=${FAULTS_BUILD_TIMEOUT:-1800}   # seconds the build may take
FAULTS_JAVA_OPTS=${FAULTS_JAVA_OPTS:--Xms512m -Xmx512m}  # the apps' JVM options: bench.sh's heap
FAULTS_OUTPUT=${FAULTS_OUTPUT:-}                     # logs and raw answers; default: a temporary folder
FAULTS_REDIS_RTT=${FAULTS_REDIS_RTT:-0}              # round trip the latency proxy adds between apps and Redis; 0: none
readonly FIRST_REDIS_PORT=27379                      # where the private redis-server looks for a free port
# Optional: the private Redis demands this password and the apps give it. Read from the environment only;
# it goes into a 0600 config file and the apps' environment, never onto a command line or the output.
REDIS_PASSWORD=${REDIS_PASSWORD:-}

SCRIPT_NAME=faults
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"
# shellcheck source=scripts/lib/redis-conf.sh
source "$ROOT/scripts/lib/redis-conf.sh"
# shellcheck source=scripts/lib/app.sh
source "$ROOT/scripts/lib/app.sh"
# shellcheck source=scripts/lib/latency-proxy.sh
source "$ROOT/scripts/lib/latency-proxy.sh"

# Set by check_settings: the lists, validated.
APPS=() SCENARIOS=()
WORK='' REDIS_PID='' REDIS_PORT='' LOAD_PIDS=()
# Where the apps reach Redis: its own port, or the latency proxy's in front of it, and the proxy's PID.
APP_REDIS_PORT='' PROXY_PID=''

usage() {
	cat <<EOF
Usage: scripts/faults.sh [-h|--help]

Starts a private redis-server (append-only file, fsync on every write) and each app against it, loads the
app with curl loops on 127.0.0.1 and plays each scenario, then reads back through the app's /check every
batch a 200 claimed. module faults decides each scenario from what the loops wrote and prints the table; its
rows, with a verdict each (passed or failed), are in results.tsv in the output folder (FAULTS_OUTPUT, kept
when set or when a fault failed). Exits 1 if any fault was answered untruthfully; docs/faults-and-security.md
"Faults" tells more.

Scenarios:
  outage  Redis killed (SIGKILL) under load, restarted on the same port after the fault time
  slow    CLIENT PAUSE for the fault time
  full    maxmemory just above used_memory with noeviction, under load until Redis refuses

Environment (current value):
 What:     FAULTS_APPS=$FAULTS_APPS  FAULTS_SCENARIOS=$FAULTS_SCENARIOS
 Load:     FAULTS_CLIENTS=$FAULTS_CLIENTS  FAULTS_MAX_REQUESTS=$FAULTS_MAX_REQUESTS (per loop and phase)
 Timing:   FAULTS_BEFORE_SECONDS=$FAULTS_BEFORE_SECONDS  FAULTS_FAULT_SECONDS=$FAULTS_FAULT_SECONDS  FAULTS_AFTER_SECONDS=$FAULTS_AFTER_SECONDS
           FAULTS_FULL_SECONDS=$FAULTS_FULL_SECONDS  FAULTS_FULL_HEADROOM=$FAULTS_FULL_HEADROOM (bytes)  FAULTS_PAUSE_MODE=$FAULTS_PAUSE_MODE
 Bounds:   FAULTS_BOUND_SECONDS=$FAULTS_BOUND_SECONDS  FAULTS_REQUEST_TIMEOUT=$FAULTS_REQUEST_TIMEOUT  FAULTS_REDIS_TIMEOUT=$FAULTS_REDIS_TIMEOUT
 Distance: FAULTS_REDIS_RTT=$FAULTS_REDIS_RTT (added between the apps and Redis by the latency proxy, e.g. 1ms; 0: direct)
 Apps:     FAULTS_JAVA_OPTS="$FAULTS_JAVA_OPTS"  FAULTS_START_TIMEOUT=$FAULTS_START_TIMEOUT
           FAULTS_BUILD=$FAULTS_BUILD (auto, always, never)  FAULTS_BUILD_TIMEOUT=$FAULTS_BUILD_TIMEOUT
 Output:   FAULTS_OUTPUT=${FAULTS_OUTPUT:-<temporary>}
 Secret:   REDIS_PASSWORD (optional; never printed, never on a command line)

Exit status: 0 every fault answered truthfully, 1 not (or an error), 2 bad option or setting, 130 Ctrl-C.
EOF
}

parse_options() {
	case ${1:-} in
	-h | --help) usage; exit 0 ;;
	'') ;;
	*) refuse "unknown argument: $1" ;;
	esac
}

# Refuses (exit 2) any knob faults.sh cannot honour, before anything starts.
check_settings() {
	local name
	read_list APPS app "$FAULTS_APPS" "${APPS_KNOWN[@]}"
	read_list SCENARIOS scenario "$FAULTS_SCENARIOS" outage slow full
	for name in FAULTS_CLIENTS FAULTS_FAULT_SECONDS FAULTS_FULL_SECONDS FAULTS_FULL_HEADROOM FAULTS_MAX_REQUESTS \
		FAULTS_BOUND_SECONDS FAULTS_START_TIMEOUT FAULTS_BUILD_TIMEOUT; do
		require_count "$name" 1
	done
	require_count FAULTS_BEFORE_SECONDS
	require_count FAULTS_AFTER_SECONDS
	require_choice FAULTS_PAUSE_MODE WRITE ALL
	require_choice FAULTS_BUILD auto always never
	[[ $FAULTS_REQUEST_TIMEOUT =~ ^[0-9]+(ms|s)$ ]] || refuse "FAULTS_REQUEST_TIMEOUT is a duration such as 2s, was '$FAULTS_REQUEST_TIMEOUT'"
	[[ $FAULTS_REDIS_TIMEOUT =~ ^[0-9]+(ms|s)$ ]] || refuse "FAULTS_REDIS_TIMEOUT is a duration such as 1s, was '$FAULTS_REDIS_TIMEOUT'"
	latency_proxy_is_rtt "$FAULTS_REDIS_RTT" || refuse "FAULTS_REDIS_RTT is 0 or a duration such as 1ms, 450us, was '$FAULTS_REDIS_RTT'"
	require_commands 'redis-server:Debian redis-server' 'redis-cli:Debian redis-tools' 'curl:Debian curl' 'java:a JDK 17+'
	((BASH_VERSINFO[0] >= 5)) || die "needs bash 5 (EPOCHREALTIME)"
	read -ra APP_JAVA_OPTS <<<"$FAULTS_JAVA_OPTS"
	APP_START_TIMEOUT=$FAULTS_START_TIMEOUT
	# The private Redis's requirepass, so the apps' too.
	APP_REDIS_PASSWORD=$REDIS_PASSWORD
}

cleanup() {
	local pid
	for pid in "${LOAD_PIDS[@]}"; do
		# A loop's curl is its child: ended with it, by PID.
		pkill -P "$pid" 2>/dev/null || true
		kill "$pid" 2>/dev/null || true
	done
	app_stop
	stop_pid "$PROXY_PID"
	stop_pid "$REDIS_PID"
}

stop_pid() {
	stop_process "$1" 30 || true
}

rcli() {
	if [[ -n $REDIS_PASSWORD ]]; then
		REDISCLI_AUTH=$REDIS_PASSWORD redis-cli -h 127.0.0.1 -p "$REDIS_PORT" "$@"
	else
		redis-cli -h 127.0.0.1 -p "$REDIS_PORT" "$@"
	fi
}

start_redis() {
	redis-server "$WORK/redis.conf" >>"$WORK/redis.log" 2>&1 &
	REDIS_PID=$!
	local tries=0
	until [[ $(rcli ping 2>/dev/null) == PONG ]]; do
		if ((tries++ > 100)) || ! kill -0 "$REDIS_PID" 2>/dev/null; then
			die "redis-server did not start; see $WORK/redis.log"
		fi
		sleep 0.1
	done
}

write_redis_config() {
	REDIS_PORT=$(first_free_port 127.0.0.1 "$FIRST_REDIS_PORT") || die "no free port for redis-server"
	redis_conf_password "$WORK/redis.conf"
	{
		echo "port $REDIS_PORT"
		echo "bind 127.0.0.1"
		echo "dir $(redis_conf_quote "$WORK")"
		echo 'save ""'
		# Every confirmed write must survive a SIGKILL, so what a 200 claimed can be checked after: with
		# everysec, Redis may reply before its write reaches the file and lose the last second.
		echo "appendonly yes"
		echo "appendfsync always"
	} >>"$WORK/redis.conf"
}

start_app() {
	app_start "$1" "$WORK/$1.log" --spring.data.redis.host=127.0.0.1 --spring.data.redis.port="$APP_REDIS_PORT" \
		--spring.data.redis.timeout="$FAULTS_REDIS_TIMEOUT" --bench.request-timeout="$FAULTS_REQUEST_TIMEOUT" ||
		die "the $1 app did not start; see $WORK/$1.log"
}

# The first requests of a fresh JVM are slow (class loading, JIT): they would be counted as over the
# bound without any fault. Their answers are thrown away.
warm_up() {
	local i
	for ((i = 0; i < 20; i++)); do
		get /add >/dev/null
		get /check >/dev/null
	done
}

get() {
	curl -s -o /dev/null -w '%{http_code}' --max-time 30 "http://127.0.0.1:$APP_PORT$1" || true
}

# request OUT PATH: one GET, appended to OUT as the line module faults' RequestLog reads: start end
# status ids|first line of a failure's body. Times are EPOCHREALTIME seconds.
request() {
	local out=$1 path=$2 start end answer body
	local body_file=$WORK/body.${out##*/}
	# curl leaves the file as it was when nothing is answered: an old body must not pass for this one's.
	: >"$body_file"
	start=$EPOCHREALTIME
	answer=$(curl -s -o "$body_file" --max-time 30 -w '%{http_code} %header{person-ids}' \
		"http://127.0.0.1:$APP_PORT$path" || true)
	end=$EPOCHREALTIME
	body=
	[[ $answer == 2* ]] || body=$(head -c 200 "$body_file" 2>/dev/null | head -n 1)
	printf '%s %s %s|%s\n' "$start" "$end" "${answer:-000}" "$body" >>"$out"
}

# One request loop: GET $2 until the stop file shows up or FAULTS_MAX_REQUESTS, one line per answer into $1.
load_loop() {
	local out=$1 path=$2 n=0
	while ((n < FAULTS_MAX_REQUESTS)) && [[ ! -e $WORK/stop ]]; do
		request "$out" "$path"
		n=$((n + 1))
	done
}

start_load() {
	local path=$1 phase=$2 i
	rm -f "$WORK/stop"
	LOAD_PIDS=()
	for ((i = 0; i < FAULTS_CLIENTS; i++)); do
		: >"$WORK/$phase.$i"
		load_loop "$WORK/$phase.$i" "$path" &
		LOAD_PIDS+=($!)
	done
}

stop_load() {
	local pid
	touch "$WORK/stop"
	for pid in "${LOAD_PIDS[@]}"; do
		wait "$pid" || true
	done
	LOAD_PIDS=()
}

# faults JAVA_ARGS...: module faults, which decides what the phase files show (the figures, the
# claims, the verdicts); one JVM a call, so one call a scenario.
faults() {
	java -cp "$(jar_of faults):$(jar_of model)" org.redisbench.faults.Faults "$@"
}

# Reads back every batch of ids that a 200 of the phase claimed, through the app's /check (which verifies
# each md5), into $WORK/<phase>.checked.<n>: the ids of each batch read back intact. /check takes the next
# batch from 1 on, so the loops together check every batch up to the last one claimed.
read_back() {
	local phase=$1 batches i pid pids=()
	batches=$(faults batches "$WORK" "$phase") || die "module faults' batches failed"
	[[ $(get /reset) == 200 ]] || die "GET /reset failed"
	for ((i = 0; i < FAULTS_CLIENTS; i++)); do
		check_loop "$WORK/$phase.checked.$i" "$(((batches + FAULTS_CLIENTS - 1 - i) / FAULTS_CLIENTS))" &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do
		wait "$pid"
	done
}

check_loop() {
	local out=$1 count=$2 n status ids
	: >"$out"
	for ((n = 0; n < count; n++)); do
		read -r status ids < <(curl -s -o /dev/null --max-time 30 -w '%{http_code} %header{person-ids}\n' \
			"http://127.0.0.1:$APP_PORT/check" || true)
		[[ $status != 200 ]] || echo "$ids" >>"$out"
	done
}

# record APP SCENARIO [OPTION...]: the scenario's verdict, decided by module faults from the files of the phase
# named after it, appended to $WORK/results.tsv; the options say what else faults.sh saw (see Faults.java).
record() {
	faults row "$WORK" "$1" "$2" "$FAULTS_BOUND_SECONDS" "${@:3}" || die "module faults' row failed"
}

# sleep_until T [EARLY]: sleeps until EARLY microseconds before the EPOCHREALTIME reading T, if that is still to
# come. Integer microseconds: bash has no floats, and a sleep needs no more.
sleep_until() {
	local left=$((${1/./} - ${2:-0} - ${EPOCHREALTIME/./}))
	((left <= 0)) || sleep "$((left / 1000000)).$(printf '%06d' "$((left % 1000000))")"
}

scenario_outage() {
	local app=$1 killed restarting back
	start_load /add outage
	sleep "$FAULTS_BEFORE_SECONDS"
	killed=$EPOCHREALTIME
	kill -9 "$REDIS_PID"
	wait "$REDIS_PID" 2>/dev/null || true
	sleep "$FAULTS_FAULT_SECONDS"
	restarting=$EPOCHREALTIME
	start_redis
	back=$EPOCHREALTIME
	sleep "$FAULTS_AFTER_SECONDS"
	stop_load
	read_back outage
	record "$app" outage --window "$killed" "$restarting" --recovery outage "$back" --restarted "$restarting" "$back"
}

scenario_slow() {
	local app=$1 paused resumed before='' during='' health keys=()
	start_load /add slow
	sleep "$FAULTS_BEFORE_SECONDS"
	paused=$EPOCHREALTIME
	rcli client pause "$((FAULTS_FAULT_SECONDS * 1000))" "$FAULTS_PAUSE_MODE" >/dev/null
	# Whole seconds added to the seconds' digits: exact, and no float.
	resumed=$((${paused%.*} + FAULTS_FAULT_SECONDS)).${paused#*.}
	# DBSIZE is a read: a write pause lets it through, so it can tell that nothing was stored meanwhile.
	[[ $FAULTS_PAUSE_MODE != WRITE ]] || before=$(rcli dbsize)
	# Health must answer within the bound while Redis is paused, whatever it says.
	health=$(curl -s -o /dev/null --max-time "$FAULTS_BOUND_SECONDS" -w '%{http_code}' \
		"http://127.0.0.1:$APP_PORT/actuator/health" || true)
	sleep_until "$resumed" 500000
	[[ $FAULTS_PAUSE_MODE != WRITE ]] || during=$(rcli dbsize)
	sleep_until "$resumed"
	sleep "$FAULTS_AFTER_SECONDS"
	stop_load
	echo "  health while paused: $health"
	if [[ -n $during ]]; then
		echo "  keys as the pause began: $before, as it ended: $during"
		keys=(--same "keys as the pause ended" "$during" "$before")
	fi
	read_back slow
	record "$app" slow --window "$paused" "$resumed" --recovery slow "$resumed" \
		--answered "health while paused" "$health" "${keys[@]}"
}

scenario_full() {
	local app=$1 used full after statuses health since deadline
	used=$(rcli info memory | awk -F: '$1 == "used_memory" { print $2 + 0 }')
	rcli config set maxmemory-policy noeviction >/dev/null
	rcli config set maxmemory "$((used + FAULTS_FULL_HEADROOM))" >/dev/null
	start_load /add full
	# Until a refusal for OOM, then a second more of them: how long Redis takes to fill depends on how fast the
	# app writes, 28 requests in 5 s behind a 1 ms proxy on a loaded machine.
	deadline=$((${EPOCHREALTIME%.*} + FAULTS_FULL_SECONDS))
	until grep -qs OOM "$WORK"/full.* || ((${EPOCHREALTIME%.*} >= deadline)); do
		sleep 0.2
	done
	sleep 1
	stop_load
	# Freed client buffers can bring used_memory back under the limit just reached and let a write in; a
	# limit far below keeps Redis full, so every further /add must be a 503 that stores nothing.
	rcli config set maxmemory 1 >/dev/null
	full=$(rcli dbsize)
	statuses=$(for _ in 1 2 3; do get /add; echo; done | sort -u | tr '\n' ' ')
	after=$(rcli dbsize)
	health=$(get /actuator/health)
	echo "  keys when full: $full, after 3 more /add (answered ${statuses% }): $after; health while full: $health"
	read_back full
	rcli config set maxmemory 0 >/dev/null
	# The first /add with room again, in a phase of its own: its answer is the recovery, not a figure of the fault.
	: >"$WORK/full-after.0"
	since=$EPOCHREALTIME
	request "$WORK/full-after.0" /add
	# Once full, a later /add may still fit and be stored whole: only a claim that does not read back is wrong.
	# Redis must have refused for OOM (within FAULTS_FULL_SECONDS).
	record "$app" full --recovery full-after "$since" --refused-for OOM \
		--same "keys after 3 more /add" "$after" "$full" --same "3 more /add answered" "${statuses% }" 503 \
		--same "health while full" "$health" 200
}

# open_distance APP: the apps reach Redis directly, or through a latency proxy that stays up while Redis is
# killed and restarted behind it (a connection it cannot make to Redis it accepts and then resets).
open_distance() {
	APP_REDIS_PORT=$REDIS_PORT
	[[ $FAULTS_REDIS_RTT != 0 ]] || return 0
	latency_proxy_start "127.0.0.1:$REDIS_PORT" "$FAULTS_REDIS_RTT" "$WORK/$1-proxy.log" ||
		die "the latency proxy did not start; see $WORK/$1-proxy.log"
	PROXY_PID=$LATENCY_PROXY_PID APP_REDIS_PORT=$LATENCY_PROXY_PORT
	echo "  Redis behind the latency proxy: $FAULTS_REDIS_RTT round trip added (port $APP_REDIS_PORT)"
}

# One app through every scenario, on a fresh Redis.
run_app() {
	local app=$1 scenario
	start_redis
	open_distance "$app"
	start_app "$app"
	warm_up
	for scenario in "${SCENARIOS[@]}"; do
		echo "$app: $scenario"
		rcli flushall >/dev/null
		[[ $(get /reset) == 200 ]] || die "GET /reset failed"
		"scenario_$scenario" "$app"
	done
	app_stop
	stop_pid "$PROXY_PID"
	stop_pid "$REDIS_PID"
	REDIS_PID='' PROXY_PID=''
	rm -rf "$WORK/appendonlydir"
}

main() {
	local app
	parse_options "$@"
	check_settings
	WORK=${FAULTS_OUTPUT:-$(mktemp -d -t faults-XXXXXX)}
	mkdir -p "$WORK"
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	local parts=("${APPS[@]}" faults)
	[[ $FAULTS_REDIS_RTT == 0 ]] || parts+=(latency-proxy)
	build_jars "$FAULTS_BUILD" "$FAULTS_BUILD_TIMEOUT" "$WORK/build.log" "${parts[@]}"
	write_redis_config
	echo "faults.sh: output in $WORK$([[ $FAULTS_REDIS_RTT == 0 ]] || echo ", Redis $FAULTS_REDIS_RTT away behind the latency proxy")"
	for app in "${APPS[@]}"; do
		run_app "$app"
	done
	# The table of results.tsv; status 3 when a scenario failed.
	local status=0
	faults table "$WORK" "$FAULTS_BOUND_SECONDS" || status=$?
	if ((status != 0)); then
		((status == 3)) || die "module faults' table failed (exit $status)"
		echo "FAILED: see above and $WORK" >&2
		exit 1
	fi
	echo "all faults answered truthfully"
	[[ -n $FAULTS_OUTPUT ]] || rm -rf "$WORK"
}

# On one line, so that bash has read all it will run before it runs it: editing this file mid-run is safe.
main "$@"; exit
