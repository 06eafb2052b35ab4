#!/usr/bin/env bash
# bench.sh's settings: read and checked by `redis-bench bench` (read_settings), the variants they make, and where
# each program runs. For bench.sh to source after common.sh, apps.sh and launcher.sh; docs/bench.md "Running
# bench.sh" tells what each setting does.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# The settings themselves, each BENCH_* variable checked and the lists as arrays (APPS, MODES, COMPRESSIONS,
# LAYOUTS, STORES, REDIS_SETTINGS, CONCURRENCIES, REDIS_RTTS, APP_RTTS, RATES, PROFILE_PHASES, and the words of
# REDIS_EXEC, APP_EXEC, CLIENT_EXEC, JAVA_OPTS, REDIS_ARGS, OPEN_LOOP_JAVA_OPTS), come from read_settings.
REDIS_PASSWORD=${REDIS_PASSWORD:-}                # only from the environment: a command line is public

# Set by plan_variants: the topologies, and every variant as "app mode compression topology redis_rtt app_rtt
# concurrency redis_settings layout", in run order.
TOPOLOGIES=() VARIANTS=()

# read_settings ARG...: bench.sh's options and BENCH_* settings, read and checked by `redis-bench bench` (module
# bench), which writes them as bash assignments, every value quoted, with the vocabulary the apps share
# (KNOWN_COMPRESSIONS, KNOWN_LAYOUTS, BATCH_SIZE, ...). A bad option or setting exits 2 there, saying which; --help
# prints the usage there and writes nothing, and bench.sh exits 0.
read_settings() {
	local file status=0
	file=$(mktemp "${TMPDIR:-/tmp}/bench-settings.XXXXXX") || die "cannot make a temporary file"
	# BENCH_BUILD says for the launcher's jar what it says for the others, unless REDIS_BENCH_BUILD says otherwise.
	REDIS_BENCH_BUILD=${REDIS_BENCH_BUILD:-${BENCH_BUILD:-}} launcher_prepare "$@"
	"${LAUNCHER[@]}" bench --settings-out "$file" "$@" || status=$?
	if ((status != 0)) || [[ ! -s $file ]]; then
		rm -f "$file"
		exit "$status"
	fi
	# shellcheck source=/dev/null # written by BenchCommand
	source "$file"
	rm -f "$file"
}

# The commands the run needs, each named with its package when missing.
check_commands() {
	local servers=()
	[[ -n $BENCH_REDIS_HOST ]] && ((BENCH_CLUSTER == 0)) || servers=('redis-server:Debian redis-server')
	require_commands 'java:a JDK 17+' 'ab:Debian apache2-utils' 'curl:Debian curl' 'redis-cli:Debian redis-tools' \
		'redis-benchmark:Debian redis-tools' 'timeout:Debian coreutils' "${servers[@]}"
	[[ $BENCH_PROFILE == no ]] || require_commands 'jcmd:a JDK 17+ (jcmd)'
	[[ " ${STORES[*]} " != *" memcached "* ]] || require_commands 'memcached:Debian memcached'
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
