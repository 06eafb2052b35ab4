#!/usr/bin/env bash
# What the instrument costs around the codec, side by side: one app on a private redis-server under each
# Java runtime, server setting (platform or virtual threads, Tomcat's thread count, more app properties) and
# client setting (ab with or without keep-alive), in alternating rounds, each round measuring /noop and /add
# (pipelined, or per-key with --mode) on a warm app whose JIT compiler has gone idle. Prints, per setting, the
# median and range of requests/s and of the app's CPU ms per request (/proc utime + stime over the phase), so
# that what each setting changes is measured in one run. The published procedure (no keep-alive, platform threads)
# stays bench.sh's default; this script only measures the alternatives. It runs the processes and writes down raw
# facts, a line a phase in facts.txt (ab's output, the app's clock ticks before and after); bench-run's
# InstrumentCostTable computes the figures and prints the table.

set -euo pipefail

SCRIPT_NAME=instrument-cost
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"
# shellcheck source=scripts/lib/private-redis.sh
source "$ROOT/scripts/lib/private-redis.sh"
# shellcheck source=scripts/lib/jit.sh
source "$ROOT/scripts/lib/jit.sh"
# shellcheck source=scripts/lib/app.sh
source "$ROOT/scripts/lib/app.sh"

COST_APP=${COST_APP:-kryo}
COST_REQUESTS=${COST_REQUESTS:-20000}        # requests per measured phase
COST_WARMUP=${COST_WARMUP:-10000}            # requests of each phase thrown away after the app starts
COST_CONCURRENCY=${COST_CONCURRENCY:-50}
COST_ROUNDS=${COST_ROUNDS:-3}                # alternating rounds over every setting
COST_JAVA=${COST_JAVA:-java}                 # java commands or JDK folders to run the app on
COST_THREADS=${COST_THREADS:-platform}      # the app's request threads: platform, virtual (Java 21+)
COST_KEEPALIVE=${COST_KEEPALIVE:-no,yes}     # ab without and with -k
COST_TOMCAT_THREADS=${COST_TOMCAT_THREADS:-200}  # server.tomcat.threads.max of platform threads; 200 as published
COST_APP_SETTINGS=${COST_APP_SETTINGS:-none}  # more app properties a setting: none, or name=value joined by +
COST_MODE=${COST_MODE:-pipeline}             # the app's bench.mode: pipeline, per-key
COST_BUILD=${COST_BUILD:-auto}
COST_PHASE_TIMEOUT=${COST_PHASE_TIMEOUT:-900}  # seconds one ab may take
COST_JIT_IDLE_TIMEOUT=${COST_JIT_IDLE_TIMEOUT:-30}  # seconds to wait for the app's JIT compiler to go idle before a phase
COST_OUTPUT=${COST_OUTPUT:-}                 # raw outputs; default: a temporary folder, removed

THREADS=() KEEPALIVES=() TOMCAT_THREADS=() APP_SETTINGS=() WORK='' CLOCK_TICKS=''
# Per runtime compared: its java command and its Java version, as the table names it.
JAVAS=() JAVA_VERSIONS=()

usage() {
	cat <<EOF
Usage: scripts/instrument-cost.sh [options]

Measures one app's requests/s and CPU ms per request on /noop and /add under each setting, in alternating
rounds on one private redis-server, and prints the medians with their range.

Load:
  -n, --requests N          requests per measured phase      [COST_REQUESTS=$COST_REQUESTS]
  -w, --warmup N            requests thrown away per phase   [COST_WARMUP=$COST_WARMUP]
  -c, --concurrency N       ab -c                            [COST_CONCURRENCY=$COST_CONCURRENCY]
  -r, --rounds N            alternating rounds               [COST_ROUNDS=$COST_ROUNDS]

Settings compared (each combination):
  -a, --app APP             $(IFS=,; echo "${APPS_KNOWN[*]}")             [COST_APP=$COST_APP]
      --java LIST           java commands or JDK folders     [COST_JAVA=$COST_JAVA]
      --threads LIST        platform,virtual (spring.threads.virtual.enabled; Java 21+) [COST_THREADS=$COST_THREADS]
      --keep-alive LIST     no,yes (ab -k)                   [COST_KEEPALIVE=$COST_KEEPALIVE]
      --tomcat-threads LIST Tomcat's most request threads (server.tomcat.threads.max), platform threads only
                                                             [COST_TOMCAT_THREADS=$COST_TOMCAT_THREADS]
      --app-settings LIST   more app properties, each setting none or name=value joined by +, e.g.
                            none,bench.redis-buffer=8KB      [COST_APP_SETTINGS=$COST_APP_SETTINGS]
      --mode MODE           the app's bench.mode: pipeline, per-key [COST_MODE=$COST_MODE]

Timeouts (seconds, set in the environment):
                            one ab                           [COST_PHASE_TIMEOUT=$COST_PHASE_TIMEOUT]
                            an idle JIT before a phase       [COST_JIT_IDLE_TIMEOUT=$COST_JIT_IDLE_TIMEOUT]

Other:
      --build | --no-build  always / never build the jars    [COST_BUILD=$COST_BUILD: when missing or stale]
  -o, --output DIR          keep the raw outputs there (ab's, the apps' logs, facts.txt: a line a phase)
                                                             [COST_OUTPUT=${COST_OUTPUT:-temporary}]
  -h, --help                this text

Exit status: 0 done, 1 error, 2 bad option or setting.
EOF
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --requests) COST_REQUESTS=$(option_value "$1" "${2:-}"); shift ;;
		-w | --warmup) COST_WARMUP=$(option_value "$1" "${2:-}"); shift ;;
		-c | --concurrency) COST_CONCURRENCY=$(option_value "$1" "${2:-}"); shift ;;
		-r | --rounds) COST_ROUNDS=$(option_value "$1" "${2:-}"); shift ;;
		-a | --app) COST_APP=$(option_value "$1" "${2:-}"); shift ;;
		--java) COST_JAVA=$(option_value "$1" "${2:-}"); shift ;;
		--threads) COST_THREADS=$(option_value "$1" "${2:-}"); shift ;;
		--keep-alive) COST_KEEPALIVE=$(option_value "$1" "${2:-}"); shift ;;
		--tomcat-threads) COST_TOMCAT_THREADS=$(option_value "$1" "${2:-}"); shift ;;
		--app-settings) COST_APP_SETTINGS=$(option_value "$1" "${2:-}"); shift ;;
		--mode) COST_MODE=$(option_value "$1" "${2:-}"); shift ;;
		--build) COST_BUILD=always ;;
		--no-build) COST_BUILD=never ;;
		-o | --output) COST_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
}

check_settings() {
	local name
	for name in COST_REQUESTS COST_CONCURRENCY COST_ROUNDS COST_PHASE_TIMEOUT COST_JIT_IDLE_TIMEOUT; do
		require_count "$name" 1
	done
	require_count COST_WARMUP
	((COST_CONCURRENCY <= COST_REQUESTS)) || refuse "concurrency $COST_CONCURRENCY exceeds the $COST_REQUESTS requests"
	require_choice COST_APP "${APPS_KNOWN[@]}"
	require_choice COST_BUILD auto always never
	require_choice COST_MODE pipeline per-key
	read_app_settings
	read_list THREADS "thread setting" "$COST_THREADS" platform virtual
	read_list KEEPALIVES "keep-alive setting" "$COST_KEEPALIVE" no yes
	read_tomcat_threads
	read_javas
	require_commands 'java:a JDK 17+' 'ab:Debian apache2-utils' 'curl:Debian curl' 'redis-server:Debian redis-server'
}

# read_javas: JAVAS and JAVA_VERSIONS from COST_JAVA; a JDK folder stands for its bin/java. Spring Boot ignores
# spring.threads.virtual.enabled below Java 21 and runs platform threads, so virtual threads on such a runtime
# would measure platform threads under another name: they run only on the runtimes of 21 and later, and are
# refused when there is none.
read_javas() {
	local i java version newest=0
	split_list JAVAS java "$COST_JAVA"
	for ((i = 0; i < ${#JAVAS[@]}; i++)); do
		java=${JAVAS[i]}
		[[ ! -d $java ]] || java=$java/bin/java
		version=$("$java" -XshowSettings:properties -version 2>&1 | awk '$1 == "java.specification.version" { print $3 }') ||
			true
		[[ -n $version ]] || refuse "'${JAVAS[i]}' is neither a java command nor a JDK folder"
		((${version%%.*} <= newest)) || newest=${version%%.*}
		JAVAS[i]=$java
		JAVA_VERSIONS+=("$version")
	done
	refuse_repeats java "${JAVAS[@]}"
	if ((newest < 21)) && [[ " ${THREADS[*]} " == *' virtual '* ]]; then
		refuse "virtual threads need Java 21 or later, and the newest java given is Java $newest: add a newer JDK with --java"
	fi
}

# read_app_settings: APP_SETTINGS from COST_APP_SETTINGS, each none or Spring properties joined by +, given once.
read_app_settings() {
	local setting
	split_list APP_SETTINGS "app setting" "$COST_APP_SETTINGS"
	for setting in "${APP_SETTINGS[@]}"; do
		[[ $setting == none || $setting =~ ^[a-z][a-z0-9.-]*=[^+[:space:]]+(\+[a-z][a-z0-9.-]*=[^+[:space:]]+)*$ ]] ||
			refuse "an app setting is none or name=value joined by +, e.g. bench.redis-buffer=8KB, was '$setting'"
	done
	refuse_repeats "app setting" "${APP_SETTINGS[@]}"
}

# read_tomcat_threads: TOMCAT_THREADS from COST_TOMCAT_THREADS, each a thread count given once.
read_tomcat_threads() {
	local count
	split_list TOMCAT_THREADS "Tomcat thread count" "$COST_TOMCAT_THREADS"
	for count in "${TOMCAT_THREADS[@]}"; do
		[[ $count =~ ^[1-9][0-9]{0,4}$ ]] || refuse "a Tomcat thread count is a whole number from 1, was '$count'"
	done
	refuse_repeats "Tomcat thread count" "${TOMCAT_THREADS[@]}"
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	app_stop
	private_redis_stop "$WORK/redis-server.log"
	[[ -n $COST_OUTPUT || -z $WORK ]] || rm -rf "$WORK"
}

# measure OUT PATH KEEPALIVE: one ab phase into OUT; prints the app's CPU clock ticks before and after it.
measure() {
	local out=$1 path=$2 keepalive=$3 before after args=(-n "$COST_REQUESTS" -c "$COST_CONCURRENCY")
	[[ $keepalive == no ]] || args+=(-k)
	before=$(process_ticks "$APP_PID")
	timeout -k 10 "$COST_PHASE_TIMEOUT" ab "${args[@]}" "$APP_URL$path" >"$out" 2>&1 || die "ab failed; see $out"
	after=$(process_ticks "$APP_PID")
	grep -q '^Non-2xx responses' "$out" && die "non-2xx answers; see $out"
	echo "$before $after"
}

private_redis_cli() {
	redis-cli -p "$PRIVATE_REDIS_PORT" "$@"
}

# One round: for each runtime and thread setting, a fresh app, warmed up, then each path under each keep-alive
# setting. Virtual threads run each request on a thread of its own, so Tomcat's thread count does not apply to
# them: they run once, under "-".
round() {
	local round=$1 j threads tomcat java more
	for ((j = 0; j < ${#JAVAS[@]}; j++)); do
		APP_JAVA=${JAVAS[j]}
		java=java${JAVA_VERSIONS[j]}
		for threads in "${THREADS[@]}"; do
			if [[ $threads == platform ]]; then
				for tomcat in "${TOMCAT_THREADS[@]}"; do
					for more in "${APP_SETTINGS[@]}"; do
						setting "$round" "$java" "$threads" "$tomcat" "$more"
					done
				done
			elif ((${JAVA_VERSIONS[j]%%.*} >= 21)); then
				for more in "${APP_SETTINGS[@]}"; do
					setting "$round" "$java" "$threads" - "$more"
				done
			else
				((round > 1)) || log "virtual threads not run on $java: Spring Boot needs Java 21 for them"
			fi
		done
	done
}

# setting ROUND JAVA THREADS TOMCAT MORE: one app on APP_JAVA under that thread setting (TOMCAT: Tomcat's most
# request threads, or - for the default) and MORE's properties (or none), measured.
setting() {
	local round=$1 java=$2 threads=$3 tomcat=$4 more=$5 keepalive path name ticks tomcat_args=() more_args=() property log
	# The properties as part of a file's name.
	local tag=${more//[^a-zA-Z0-9.=-]/_}
	# Tomcat keeps 10 spare threads by default and refuses more spare threads than it may have.
	[[ $tomcat == - ]] ||
		tomcat_args=(--server.tomcat.threads.max="$tomcat" --server.tomcat.threads.min-spare="$((tomcat < 10 ? tomcat : 10))")
	if [[ $more != none ]]; then
		IFS=+ read -ra more_args <<<"$more"
		for property in "${!more_args[@]}"; do
			more_args[property]=--${more_args[property]}
		done
	fi
	log=$WORK/app-$java-$threads-$tomcat-$tag-$round.log
	app_start "$COST_APP" "$log" --spring.data.redis.port="$PRIVATE_REDIS_PORT" \
		--bench.mode="$COST_MODE" --spring.threads.virtual.enabled="$([[ $threads == virtual ]] && echo true || echo false)" \
		"${tomcat_args[@]}" "${more_args[@]}" || die "the $COST_APP app did not start; see $log"
	if ((COST_WARMUP > 0)); then
		for path in /noop /add; do
			ab -q -n "$COST_WARMUP" -c "$COST_CONCURRENCY" "$APP_URL$path" >/dev/null 2>&1 || true
		done
	fi
	for keepalive in "${KEEPALIVES[@]}"; do
		for path in /noop /add; do
			log "round $round/$COST_ROUNDS: $java, $threads threads, Tomcat threads $tomcat, $more, keep-alive $keepalive, $path"
			name=$java-$threads-$tomcat-$tag-$keepalive-${path#/}-$round
			wait_for_jit_idle "$APP_PID" "$COST_JIT_IDLE_TIMEOUT" >/dev/null ||
				log "the JIT compiler was still busy after ${COST_JIT_IDLE_TIMEOUT}s; measuring anyway"
			# Assigned, not inlined in the echo: a die in measure ends only its subshell, and set -e sees an assignment fail.
			ticks=$(measure "$WORK/$name.ab.txt" "$path" "$keepalive")
			# The line bench-run's InstrumentCostTable reads: the setting, the ticks, CLK_TCK, the requests, ab's output.
			echo "$java $threads $tomcat $more $keepalive ${path#/} $ticks $CLOCK_TICKS $COST_REQUESTS $name.ab.txt" >>"$WORK/facts.txt"
		done
	done
	app_stop
	private_redis_cli FLUSHALL >/dev/null
}

# The table: per setting and path, the median (min-max) of requests/s and of CPU ms per request, which
# bench-run's InstrumentCostTable computes from the facts.
print_table() {
	echo
	echo "$COST_APP app, $COST_MODE mode, ab -n $COST_REQUESTS -c $COST_CONCURRENCY, $COST_ROUNDS rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
	java -cp "$(jar_of bench-run):$(jar_of tool-output):$(jar_of model)" org.redisbench.benchrun.InstrumentCostTable "$WORK/facts.txt" ||
		die "bench-run's InstrumentCostTable failed on $WORK/facts.txt"
}

main() {
	parse_options "$@"
	check_settings
	WORK=${COST_OUTPUT:-$(mktemp -d -t instrument-cost-XXXXXX)}
	mkdir -p "$WORK"
	: >"$WORK/facts.txt"
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	build_jars "$COST_BUILD" 1800 "$WORK/build.log" "$COST_APP" bench-run
	CLOCK_TICKS=$(getconf CLK_TCK)
	private_redis_start 27679 || die "could not start redis-server"
	local round
	for ((round = 1; round <= COST_ROUNDS; round++)); do
		round "$round"
	done
	print_table
}

# On one line, so that bash has read all it will run before it runs it: editing this file mid-run is safe.
main "$@"; exit
