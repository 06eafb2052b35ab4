#!/usr/bin/env bash
# bench.sh's settings: every BENCH_* variable with its default (the environment's value wins over it, an
# option over both), their checks, the variants they make, and where each program runs. For bench.sh to
# source after common.sh and apps.sh; docs/bench.md "Running bench.sh" tells what each setting does.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

BENCH_REQUESTS=${BENCH_REQUESTS:-150000}          # requests per measured ab phase (-n)
BENCH_CONCURRENCY=${BENCH_CONCURRENCY:-200}       # concurrent ab requests (-c); a list runs each
BENCH_REDIS_RTT=${BENCH_REDIS_RTT:-0}             # round trips added between app and Redis, e.g. 0,0.2ms,1ms
BENCH_APP_RTT=${BENCH_APP_RTT:-0}                 # round trips added between ab and the app
BENCH_WARMUP=${BENCH_WARMUP:-5000}                # requests per warm-up phase, 0 for none
BENCH_REPETITIONS=${BENCH_REPETITIONS:-3}
BENCH_KEEPALIVE=${BENCH_KEEPALIVE:-no}            # yes: ab -k
BENCH_NOOP_REQUESTS=${BENCH_NOOP_REQUESTS:-}      # default: BENCH_REQUESTS
BENCH_REDIS_BENCH_REQUESTS=${BENCH_REDIS_BENCH_REQUESTS:-200000}
BENCH_STRLEN_SAMPLE=${BENCH_STRLEN_SAMPLE:-1000}  # keys whose STRLEN gives the mean value size
BENCH_APPS=${BENCH_APPS:-string,kryo}
BENCH_MODES=${BENCH_MODES:-per-key}               # the apps' bench.mode values to run
BENCH_COMPRESSION=${BENCH_COMPRESSION:-none}      # the apps' bench.compression values to run
BENCH_REDIS_HOST=${BENCH_REDIS_HOST:-}            # empty: a private redis-server
BENCH_REDIS_PORT=${BENCH_REDIS_PORT:-6379}
BENCH_ALLOW_FLUSH=${BENCH_ALLOW_FLUSH:-no}
BENCH_OWN_REDIS_PORT=${BENCH_OWN_REDIS_PORT:-26379}  # first port tried for the private redis-server
BENCH_REDIS_BIND=${BENCH_REDIS_BIND:-127.0.0.1}
BENCH_REDIS_ARGS=${BENCH_REDIS_ARGS:-}
BENCH_CLUSTER=${BENCH_CLUSTER:-0}                 # N >= 3: also every variant on a local N-master cluster
BENCH_CLUSTER_NODES=${BENCH_CLUSTER_NODES:-}      # host:port,... of a cluster bench.sh did not start
BENCH_STORES=${BENCH_STORES:-redis}              # redis, memcached: where the apps keep the persons
BENCH_REDIS_SETTINGS=${BENCH_REDIS_SETTINGS:-default}  # default (persistence off), aof-everysec, rdb, lru
BENCH_RDB_SAVE=${BENCH_RDB_SAVE:-60 10000}       # rdb: Redis's save rule, the most frequent of its defaults
BENCH_LRU_MAXMEMORY=${BENCH_LRU_MAXMEMORY:-auto}  # lru: maxmemory in bytes; auto: 64 bytes a person of a phase
BENCH_OWN_MEMCACHED_PORT=${BENCH_OWN_MEMCACHED_PORT:-21211}  # first port tried for the private memcached
BENCH_MEMCACHED_MB=${BENCH_MEMCACHED_MB:-auto}    # its -m; auto: room for every person of a phase
REDIS_PASSWORD=${REDIS_PASSWORD:-}                # only from the environment: a command line is public
BENCH_BUILD=${BENCH_BUILD:-auto}                  # auto: build jars missing or older than sources; always; never
# The apps' request threads (server.tomcat.threads.max). auto: 8 a core when Redis answers from this machine
# with nothing added between (the work is CPU: 200 threads on 2 cores only add thread switches), Tomcat's 200
# when a --redis-rtt, --redis-host or --cluster-nodes in the run puts distance under each blocking round trip.
BENCH_APP_THREADS=${BENCH_APP_THREADS:-auto}
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms512m -Xmx512m}  # JVM options of every app: one fixed heap, so RSS and GC are the codec's, not the machine's
# Per app: BENCH_<APP>_PORT, the first port tried (the next free one is used), and BENCH_<APP>_URL, an app
# already running there, which bench.sh neither starts nor stops.
for _app in "${APPS_KNOWN[@]}"; do
	_name=BENCH_${_app^^}_PORT
	printf -v "$_name" '%s' "${!_name:-${APP_DEFAULT_PORT[$_app]}}"
	_name=BENCH_${_app^^}_URL
	printf -v "$_name" '%s' "${!_name:-}"
done
unset _app _name
# Placement: prefixes that exec their command (so that $! is that process) and addresses, to run Redis,
# the apps and the load client apart, e.g. each in a network namespace.
BENCH_REDIS_EXEC=${BENCH_REDIS_EXEC:-}
BENCH_APP_EXEC=${BENCH_APP_EXEC:-}
BENCH_CLIENT_EXEC=${BENCH_CLIENT_EXEC:-}
BENCH_APP_HOST=${BENCH_APP_HOST:-127.0.0.1}       # the address the client reaches the app at
BENCH_APP_BIND=${BENCH_APP_BIND:-$BENCH_APP_HOST}
BENCH_APP_REDIS_HOST=${BENCH_APP_REDIS_HOST:-}    # default: the address bench.sh itself uses
BENCH_OUTPUT=${BENCH_OUTPUT:-}                    # default: results/<timestamp>
BENCH_AB_TIMEOUT=${BENCH_AB_TIMEOUT:-30}          # seconds ab waits for one response (-s)
BENCH_PHASE_TIMEOUT=${BENCH_PHASE_TIMEOUT:-3600}  # seconds one ab or redis-benchmark run, or the build, may take
BENCH_START_TIMEOUT=${BENCH_START_TIMEOUT:-120}   # seconds an app may take to report UP
BENCH_STOP_TIMEOUT=${BENCH_STOP_TIMEOUT:-30}      # seconds a process may take to exit before SIGKILL

readonly MODES_KNOWN=(per-key pipeline)

# Set by check_settings: the lists to run, and the settings that are words, split.
APPS=() MODES=() COMPRESSIONS=()
REDIS_EXEC=() APP_EXEC=() CLIENT_EXEC=() JAVA_OPTS=() REDIS_ARGS=()
# Set by plan_variants: the topologies, and every variant as "app mode compression topology redis_rtt app_rtt
# concurrency redis_settings layout", in run order.
TOPOLOGIES=() VARIANTS=()

# Refuses (exit 2) any setting bench.sh cannot honour, before anything starts.
check_settings() {
	local name app
	BENCH_NOOP_REQUESTS=${BENCH_NOOP_REQUESTS:-$BENCH_REQUESTS}
	for name in BENCH_REQUESTS BENCH_REPETITIONS BENCH_NOOP_REQUESTS BENCH_STRLEN_SAMPLE \
		BENCH_REDIS_BENCH_REQUESTS BENCH_AB_TIMEOUT BENCH_PHASE_TIMEOUT BENCH_START_TIMEOUT BENCH_REDIS_PORT BENCH_OWN_REDIS_PORT; do
		require_count "$name" 1
	done
	for name in BENCH_WARMUP BENCH_STOP_TIMEOUT BENCH_CLUSTER; do
		require_count "$name"
	done
	for app in "${APPS_KNOWN[@]}"; do
		require_count "BENCH_${app^^}_PORT" 1
	done
	require_choice BENCH_KEEPALIVE yes no
	require_choice BENCH_ALLOW_FLUSH yes no
	require_choice BENCH_BUILD auto always never
	require_choice APP_CLASS_SHARING yes no
	require_choice APP_JIT full c1
	[[ $BENCH_APP_THREADS == auto ]] || require_count BENCH_APP_THREADS 1
	read_list APPS app "$BENCH_APPS" "${APPS_KNOWN[@]}"
	read_list MODES mode "$BENCH_MODES" "${MODES_KNOWN[@]}"
	read_list COMPRESSIONS compression "$BENCH_COMPRESSION" "${KNOWN_COMPRESSIONS[@]}"
	if [[ -n $BENCH_REDIS_HOST && $BENCH_ALLOW_FLUSH != yes ]]; then
		refuse "bench.sh FLUSHALLs Redis before every measured run; it does not start $BENCH_REDIS_HOST:$BENCH_REDIS_PORT, so pass --allow-flush if its data may go"
	fi
	((BENCH_CLUSTER == 0 || BENCH_CLUSTER >= 3)) || refuse "--cluster needs at least 3 masters (or 0 for none), was $BENCH_CLUSTER"
	if [[ -n $BENCH_CLUSTER_NODES ]]; then
		((BENCH_CLUSTER == 0)) || refuse "--cluster starts a cluster and --cluster-nodes names one: give only one of them"
		[[ $BENCH_ALLOW_FLUSH == yes ]] ||
			refuse "bench.sh FLUSHALLs every master before every measured run; it does not start the cluster at $BENCH_CLUSTER_NODES, so pass --allow-flush if its data may go"
	fi
	for app in "${APPS[@]}"; do
		[[ -n $(app_url_of "$app") ]] || continue
		# bench.sh starts no such app, so it can neither set its mode and compression nor point it at the cluster.
		((${#MODES[@]} * ${#COMPRESSIONS[@]} == 1)) ||
			refuse "the $app app is already running (BENCH_${app^^}_URL) in whatever mode and compression it was started with: give one --modes and one --compression value"
		if ((BENCH_CLUSTER > 0)) || [[ -n $BENCH_CLUSTER_NODES ]]; then
			refuse "the $app app is already running (BENCH_${app^^}_URL): bench.sh cannot point it at a cluster, so no --cluster or --cluster-nodes"
		fi
	done
	[[ -z $BENCH_OUTPUT || ! -e $BENCH_OUTPUT/raw ]] || refuse "$BENCH_OUTPUT already holds a run; name another --output"
	read -ra REDIS_EXEC <<<"$BENCH_REDIS_EXEC"
	read -ra APP_EXEC <<<"$BENCH_APP_EXEC"
	read -ra CLIENT_EXEC <<<"$BENCH_CLIENT_EXEC"
	read -ra JAVA_OPTS <<<"$BENCH_JAVA_OPTS"
	read -ra REDIS_ARGS <<<"$BENCH_REDIS_ARGS"
	local servers=()
	[[ -n $BENCH_REDIS_HOST ]] && ((BENCH_CLUSTER == 0)) || servers=('redis-server:Debian redis-server')
	require_commands 'java:a JDK 17+' 'ab:Debian apache2-utils' 'curl:Debian curl' 'redis-cli:Debian redis-tools' \
		'redis-benchmark:Debian redis-tools' 'timeout:Debian coreutils' "${servers[@]}"
}

# Every variant, in run order, once the cluster's masters, if any, are known ($1: how many).
plan_variants() {
	local topology mode compression app redis_rtt app_rtt concurrency settings layout conditions
	mapfile -t TOPOLOGIES < <(store_topologies "$1")
	VARIANTS=()
	for topology in "${TOPOLOGIES[@]}"; do
		for settings in $(settings_of_topology "$topology"); do
			for layout in $(layouts_of_topology "$topology"); do
				for redis_rtt in "${REDIS_RTTS[@]}"; do
					for app_rtt in "${APP_RTTS[@]}"; do
						for concurrency in "${CONCURRENCIES[@]}"; do
							conditions="$topology $redis_rtt $app_rtt $concurrency $settings $layout"
							for mode in "${MODES[@]}"; do
								for compression in "${COMPRESSIONS[@]}"; do
									for app in "${APPS[@]}"; do
										VARIANTS+=("$app $mode $compression $conditions")
									done
								done
							done
						done
					done
				done
			done
		done
	done
}

# A variant's folder name, from its entry in VARIANTS: app-mode-compression, the layout unless string-per-key (as
# published), the topology, then Redis's settings unless default, and only the distance and concurrency the run
# varies. run-results' Variant.name() follows the same order.
variant_name() {
	local app mode compression topology redis_rtt app_rtt concurrency settings layout
	read -r app mode compression topology redis_rtt app_rtt concurrency settings layout <<<"$1"
	[[ $settings == default ]] && settings='' || settings=-$settings
	[[ $layout == string-per-key ]] && layout='' || layout=-$layout
	echo "$app-$mode-$compression$layout-$topology$settings$(distance_suffix "$redis_rtt" "$app_rtt" "$concurrency")"
}

# The URL of app $1 when it is already running somewhere, else nothing.
app_url_of() {
	local url=BENCH_${1^^}_URL
	echo "${!url%/}"
}

# client COMMAND...: runs it where the load client runs.
client() {
	"${CLIENT_EXEC[@]}" "$@"
}

# free_port HOST FIRST: the first port from FIRST on which nothing answers on HOST, as the client sees it.
free_port() {
	first_free_port "$1" "$2" $(($2 + 100)) "${CLIENT_EXEC[@]}" || die "no free port on $1 between $2 and $(($2 + 100))"
}

# stop_pid PID WHAT: stops a process bench.sh started, saying so when it took a SIGKILL.
stop_pid() {
	stop_process "$1" "$BENCH_STOP_TIMEOUT" || log "$2 (pid $1) still running after ${BENCH_STOP_TIMEOUT}s: SIGKILLed"
}
