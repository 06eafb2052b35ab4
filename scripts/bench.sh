#!/usr/bin/env bash
# Runs the published string-vs-Kryo experiment (docs/published-experiment.md) unattended and writes its report.
#
# A run is a matrix of variants: app x mode (per-key|pipeline) x compression x topology (the single Redis
# and, with --cluster N, also an N-master local Redis Cluster). For each repetition, each variant in turn
# runs alone against a clean Redis: start its app, warm it up (ab /add then /check, thrown away), measure
# the ab ceiling on /noop, FLUSHALL, GET /reset, ab /add, read the Redis figures, ab /check, stop it, then
# redis-benchmark SET/GET at the value size the app wrote. Only raw outputs are captured here (their layout:
# bench-report's RunResults reads them); bench-report turns them into summary.csv/json, report.md and charts.
# Run with --help for the options.

set -euo pipefail

# Settings. Each can be set in the environment; the command-line options override them.
BENCH_REQUESTS=${BENCH_REQUESTS:-150000}          # requests per measured ab phase (-n)
BENCH_CONCURRENCY=${BENCH_CONCURRENCY:-200}       # concurrent ab requests (-c)
BENCH_WARMUP=${BENCH_WARMUP:-5000}                # requests per warm-up phase, 0 for none
BENCH_REPETITIONS=${BENCH_REPETITIONS:-3}
BENCH_KEEPALIVE=${BENCH_KEEPALIVE:-no}            # yes: ab -k
BENCH_APPS=${BENCH_APPS:-string,kryo}
BENCH_MODES=${BENCH_MODES:-per-key}               # the apps' bench.mode values to run: per-key, pipeline
BENCH_COMPRESSION=${BENCH_COMPRESSION:-none}      # bench.compression values: none, gzip, lz4, zstd, zstd-dict
BENCH_CLUSTER=${BENCH_CLUSTER:-0}                 # N >= 3: also run every variant on a local N-master cluster
BENCH_CLUSTER_NODES=${BENCH_CLUSTER_NODES:-}      # host:port,... of a cluster bench.sh did not start, to use instead
BENCH_OUTPUT=${BENCH_OUTPUT:-}                    # default: results/<timestamp>
BENCH_NOOP_REQUESTS=${BENCH_NOOP_REQUESTS:-}      # default: BENCH_REQUESTS
BENCH_REDIS_BENCH_REQUESTS=${BENCH_REDIS_BENCH_REQUESTS:-200000}
BENCH_STRLEN_SAMPLE=${BENCH_STRLEN_SAMPLE:-1000}  # keys whose STRLEN gives the mean value size
BENCH_AB_TIMEOUT=${BENCH_AB_TIMEOUT:-30}          # seconds ab waits for one response (-s)
BENCH_PHASE_TIMEOUT=${BENCH_PHASE_TIMEOUT:-3600}  # seconds one ab or redis-benchmark run, or the build, may take
BENCH_START_TIMEOUT=${BENCH_START_TIMEOUT:-120}   # seconds an app may take to report UP
BENCH_STOP_TIMEOUT=${BENCH_STOP_TIMEOUT:-30}      # seconds a process may take to exit before SIGKILL
BENCH_BUILD=${BENCH_BUILD:-auto}                  # auto: build jars missing or older than sources; always; never
BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:-}
BENCH_STRING_PORT=${BENCH_STRING_PORT:-8080}      # first port tried for each app; the next free one is used
BENCH_KRYO_PORT=${BENCH_KRYO_PORT:-18080}
BENCH_JACKSON_PORT=${BENCH_JACKSON_PORT:-28080}
# An app already running elsewhere (e.g. in a container): bench.sh neither starts nor stops it, and cannot
# read its CPU time or RSS.
BENCH_STRING_URL=${BENCH_STRING_URL:-}
BENCH_KRYO_URL=${BENCH_KRYO_URL:-}
BENCH_JACKSON_URL=${BENCH_JACKSON_URL:-}
# Redis: empty BENCH_REDIS_HOST starts a private redis-server; a named one is used as it is.
BENCH_REDIS_HOST=${BENCH_REDIS_HOST:-}
BENCH_REDIS_PORT=${BENCH_REDIS_PORT:-6379}
BENCH_ALLOW_FLUSH=${BENCH_ALLOW_FLUSH:-no}
BENCH_OWN_REDIS_PORT=${BENCH_OWN_REDIS_PORT:-26379}  # first port tried for the private redis-server
BENCH_REDIS_BIND=${BENCH_REDIS_BIND:-127.0.0.1}
BENCH_REDIS_ARGS=${BENCH_REDIS_ARGS:-}
# Placement: command prefixes and addresses that let Redis, the app and the load client run apart,
# e.g. each in its own network namespace. A prefix must exec its command, so that $! is that process.
BENCH_REDIS_EXEC=${BENCH_REDIS_EXEC:-}
BENCH_APP_EXEC=${BENCH_APP_EXEC:-}
BENCH_CLIENT_EXEC=${BENCH_CLIENT_EXEC:-}
BENCH_APP_HOST=${BENCH_APP_HOST:-127.0.0.1}
BENCH_APP_BIND=${BENCH_APP_BIND:-$BENCH_APP_HOST}
BENCH_APP_REDIS_HOST=${BENCH_APP_REDIS_HOST:-}    # default: the address bench.sh itself uses
REDIS_PASSWORD=${REDIS_PASSWORD:-}
# The local cluster (scripts/lib/cluster.sh) is placed like the private redis-server unless told otherwise.
CLUSTER_BIND=${CLUSTER_BIND:-$BENCH_REDIS_BIND}
CLUSTER_REDIS_EXEC=${CLUSTER_REDIS_EXEC:-$BENCH_REDIS_EXEC}
CLUSTER_CLI_EXEC=${CLUSTER_CLI_EXEC:-$BENCH_CLIENT_EXEC}
CLUSTER_REDIS_ARGS=${CLUSTER_REDIS_ARGS:-$BENCH_REDIS_ARGS}

# The published batch: each /add or /check request handles 100 persons.
readonly BATCH_SIZE=100
readonly MODES_KNOWN=(per-key pipeline) COMPRESSIONS_KNOWN=(none gzip lz4 zstd zstd-dict)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"
# shellcheck source=scripts/lib/cluster.sh
source "$ROOT/scripts/lib/cluster.sh"

# Set by parse_options: the lists to run, and every variant as "app mode compression topology", in run order.
APPS=() MODES=() COMPRESSIONS=() TOPOLOGIES=() VARIANTS=()

usage() {
	cat <<EOF
Usage: scripts/bench.sh [options]

Runs the published experiment for each app (string: JSON text; kryo: Kryo bytes) and writes
results/<timestamp>/ with raw outputs, summary.csv, summary.json, report.md and PNG charts.
The defaults reproduce the published run.

Every combination of app, mode, compression and topology is one variant, named
<app>-<mode>-<compression>-<topology> (e.g. kryo-pipeline-zstd-dict-cluster3); its raw outputs are in
raw/<variant>/rep<N>/. Within a repetition the variants run in the order topology, mode, compression, app.

Options (environment variable in brackets, default after it):
  -n, --requests N          requests per measured ab phase          [BENCH_REQUESTS=$BENCH_REQUESTS]
  -c, --concurrency N       concurrent ab requests                  [BENCH_CONCURRENCY=$BENCH_CONCURRENCY]
  -w, --warmup N            requests per warm-up phase, 0 for none  [BENCH_WARMUP=$BENCH_WARMUP]
  -r, --repetitions N       repetitions of the whole procedure      [BENCH_REPETITIONS=$BENCH_REPETITIONS]
  -k, --keep-alive          ab -k (HTTP keep-alive)                 [BENCH_KEEPALIVE=$BENCH_KEEPALIVE]
  -a, --apps LIST           apps to run, comma-separated            [BENCH_APPS=$BENCH_APPS]
      --modes LIST          the apps' bench.mode values to run: per-key (one Redis round trip per
                            person, as published), pipeline (one per request) [BENCH_MODES=$BENCH_MODES]
      --compression LIST    bench.compression values to run: none, gzip, lz4, zstd, zstd-dict
                                                                    [BENCH_COMPRESSION=$BENCH_COMPRESSION]
      --cluster N           also run every variant on a local Redis Cluster of N >= 3 masters (topology
                            cluster<N>), 0 for none                 [BENCH_CLUSTER=$BENCH_CLUSTER]
      --cluster-nodes LIST  instead, use the Redis Cluster that these host:port nodes belong to; it
                            needs --allow-flush, as a named Redis   [BENCH_CLUSTER_NODES]
  -o, --output DIR          output folder                           [BENCH_OUTPUT=results/<timestamp>]
      --noop-requests N     ab requests on /noop                    [BENCH_NOOP_REQUESTS=requests]
      --redis-bench-requests N  per redis-benchmark test           [BENCH_REDIS_BENCH_REQUESTS=$BENCH_REDIS_BENCH_REQUESTS]
      --redis-host HOST     use this Redis instead of a private one [BENCH_REDIS_HOST]
      --redis-port PORT     its port                                [BENCH_REDIS_PORT=$BENCH_REDIS_PORT]
      --allow-flush         let bench.sh FLUSHALL a Redis it did not start [BENCH_ALLOW_FLUSH=$BENCH_ALLOW_FLUSH]
      --build | --no-build  always / never build the jars first     [BENCH_BUILD=$BENCH_BUILD: when missing or stale]
  -h, --help                this text

Redis password: only from the environment variable REDIS_PASSWORD, never on a command line. It reaches
the apps as SPRING_DATA_REDIS_PASSWORD and redis-cli as REDISCLI_AUTH; redis-benchmark accepts a password
only on its command line, so with a password its ceiling is skipped.

A named Redis is FLUSHALLed before every measured run: without --allow-flush, bench.sh refuses to use it.
Without a named Redis, bench.sh starts redis-server on the first free port from $BENCH_OWN_REDIS_PORT
(--save "" --appendonly no, its own temporary folder) and removes it at the end.

With --cluster N, bench.sh also starts N cluster-enabled redis-servers with scripts/lib/cluster.sh on
free ports from CLUSTER_FIRST_PORT (default 30001; each node also needs port+10000), always local, also
when the single topology uses a named Redis, and stops them at the end (also on Ctrl-C or SIGTERM). On
that topology the app gets --spring.data.redis.cluster.nodes, every master is FLUSHALLed before every
measured run, INFO and DBSIZE are read per master, and redis-benchmark runs with --cluster. The cluster
is placed like the private redis-server (BENCH_REDIS_BIND, BENCH_REDIS_EXEC, BENCH_REDIS_ARGS) unless
CLUSTER_BIND, CLUSTER_REDIS_EXEC or CLUSTER_REDIS_ARGS say otherwise (see scripts/lib/cluster.sh --help).
With --cluster-nodes, bench.sh starts and stops no cluster: it hands the list to the app, and FLUSHALLs
and reads the masters that CLUSTER NODES of the first node lists as serving slots (topology cluster<N>
for N such masters).

Around every measured ab phase, GET <app>/actuator/prometheus is saved (the encode/decode/Redis time
split); a failed scrape leaves an empty file and a log line, and does not stop the run.

Other settings, from the environment only:
  BENCH_AB_TIMEOUT=$BENCH_AB_TIMEOUT        seconds ab waits for one response (ab -s)
  BENCH_PHASE_TIMEOUT=$BENCH_PHASE_TIMEOUT    seconds one ab or redis-benchmark run, or the build, may take
  BENCH_START_TIMEOUT=$BENCH_START_TIMEOUT     seconds an app may take until /actuator/health is UP
  BENCH_STOP_TIMEOUT=$BENCH_STOP_TIMEOUT       seconds a stopped process may take before SIGKILL
  BENCH_STRLEN_SAMPLE=$BENCH_STRLEN_SAMPLE     keys sampled with STRLEN for the mean value size
  BENCH_JAVA_OPTS          JVM options for the apps, e.g. "-Xmx1g"
  BENCH_STRING_PORT=$BENCH_STRING_PORT, BENCH_KRYO_PORT=$BENCH_KRYO_PORT, BENCH_JACKSON_PORT=$BENCH_JACKSON_PORT
                           first port tried per app (jackson: Spring Data Redis's Jackson JSON serializer)
  BENCH_STRING_URL, BENCH_KRYO_URL, BENCH_JACKSON_URL   use an app already running there (e.g. http://string-app:8080)
                           instead of starting its jar: no CPU or RSS figures, and it is not stopped.
                           Its mode and compression are whatever it was started with: bench.sh then
                           accepts one mode and one compression, records them as given, and no --cluster
  BENCH_OWN_REDIS_PORT=$BENCH_OWN_REDIS_PORT  first port tried for the private redis-server
  BENCH_REDIS_BIND=$BENCH_REDIS_BIND  address the private redis-server listens on
  BENCH_REDIS_ARGS         more redis-server arguments, e.g. "--protected-mode no"

Placement (to run Redis, the app and the load client apart, e.g. in network namespaces):
  BENCH_REDIS_EXEC         prefix for redis-server, e.g. "ip netns exec rb-redis"
  BENCH_APP_EXEC           prefix for java, e.g. "ip netns exec rb-app"
  BENCH_CLIENT_EXEC        prefix for ab, curl, redis-cli and redis-benchmark
  BENCH_APP_HOST=$BENCH_APP_HOST   address the client uses to reach the app
  BENCH_APP_BIND           address the app listens on (default: BENCH_APP_HOST)
  BENCH_APP_REDIS_HOST     Redis address the app uses (default: the one the client uses)
  A prefix must exec its command (as ip netns exec, nsenter and env do), so that the process
  bench.sh started is the one it measures and stops.

Exit status: 0 when every run is valid, 3 when the report lists invalid runs, 1 on error, 130 on Ctrl-C.
EOF
}

log() {
	local line
	line="[bench $(date +%H:%M:%S)] $*"
	printf '%s\n' "$line" >&2
	if [[ -n ${RAW:-} && -d $RAW ]]; then
		printf '%s\n' "$line" >>"$RAW/bench.log"
	fi
}

die() {
	log "error: $*"
	exit 1
}

is_count() {
	[[ $1 =~ ^[0-9]+$ ]]
}

# Splits the comma-separated list $3 into the array named $1; each item must be one of the rest, once.
read_list() {
	local -n into=$1
	local what=$2 item known seen=" "
	IFS=', ' read -ra into <<<"$3"
	shift 3
	((${#into[@]} > 0)) || die "no $what given"
	for item in "${into[@]}"; do
		for known; do
			[[ $item == "$known" ]] && continue 2
		done
		die "unknown $what '$item' ($(IFS=,; echo "$*"))"
	done
	for item in "${into[@]}"; do
		[[ $seen != *" $item "* ]] || die "$what '$item' given twice"
		seen+="$item "
	done
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --requests) BENCH_REQUESTS=${2:?$1 needs a value}; shift ;;
		-c | --concurrency) BENCH_CONCURRENCY=${2:?$1 needs a value}; shift ;;
		-w | --warmup) BENCH_WARMUP=${2:?$1 needs a value}; shift ;;
		-r | --repetitions) BENCH_REPETITIONS=${2:?$1 needs a value}; shift ;;
		-k | --keep-alive) BENCH_KEEPALIVE=yes ;;
		-a | --apps) BENCH_APPS=${2:?$1 needs a value}; shift ;;
		--modes) BENCH_MODES=${2:?$1 needs a value}; shift ;;
		--compression) BENCH_COMPRESSION=${2:?$1 needs a value}; shift ;;
		--cluster) BENCH_CLUSTER=${2:?$1 needs a value}; shift ;;
		--cluster-nodes) BENCH_CLUSTER_NODES=${2:?$1 needs a value}; shift ;;
		-o | --output) BENCH_OUTPUT=${2:?$1 needs a value}; shift ;;
		--noop-requests) BENCH_NOOP_REQUESTS=${2:?$1 needs a value}; shift ;;
		--redis-bench-requests) BENCH_REDIS_BENCH_REQUESTS=${2:?$1 needs a value}; shift ;;
		--redis-host) BENCH_REDIS_HOST=${2:?$1 needs a value}; shift ;;
		--redis-port) BENCH_REDIS_PORT=${2:?$1 needs a value}; shift ;;
		--allow-flush) BENCH_ALLOW_FLUSH=yes ;;
		--build) BENCH_BUILD=always ;;
		--no-build) BENCH_BUILD=never ;;
		-h | --help) usage; exit 0 ;;
		*) usage >&2; die "unknown option: $1" ;;
		esac
		shift
	done
	BENCH_NOOP_REQUESTS=${BENCH_NOOP_REQUESTS:-$BENCH_REQUESTS}
	local name
	for name in BENCH_REQUESTS BENCH_CONCURRENCY BENCH_WARMUP BENCH_REPETITIONS BENCH_NOOP_REQUESTS \
		BENCH_REDIS_BENCH_REQUESTS BENCH_STRLEN_SAMPLE BENCH_AB_TIMEOUT BENCH_PHASE_TIMEOUT \
		BENCH_START_TIMEOUT BENCH_STOP_TIMEOUT BENCH_REDIS_PORT BENCH_OWN_REDIS_PORT \
		BENCH_STRING_PORT BENCH_KRYO_PORT BENCH_JACKSON_PORT BENCH_CLUSTER; do
		is_count "${!name}" || die "$name must be a whole number, was '${!name}'"
	done
	((BENCH_REQUESTS > 0 && BENCH_CONCURRENCY > 0 && BENCH_REPETITIONS > 0)) ||
		die "requests, concurrency and repetitions must be positive"
	# ab refuses a concurrency above its request count.
	((BENCH_CONCURRENCY <= BENCH_REQUESTS && BENCH_CONCURRENCY <= BENCH_NOOP_REQUESTS)) ||
		die "concurrency ($BENCH_CONCURRENCY) exceeds the requests of a phase"
	((BENCH_WARMUP == 0 || BENCH_CONCURRENCY <= BENCH_WARMUP)) ||
		die "concurrency ($BENCH_CONCURRENCY) exceeds the warm-up requests ($BENCH_WARMUP)"
	read_list APPS app "$BENCH_APPS" string kryo jackson
	read_list MODES mode "$BENCH_MODES" "${MODES_KNOWN[@]}"
	read_list COMPRESSIONS compression "$BENCH_COMPRESSION" "${COMPRESSIONS_KNOWN[@]}"
	((BENCH_CLUSTER == 0 || BENCH_CLUSTER >= 3)) || die "--cluster needs at least 3 masters (or 0 for none), was $BENCH_CLUSTER"
	if [[ -n $BENCH_CLUSTER_NODES ]]; then
		((BENCH_CLUSTER == 0)) || die "--cluster starts a cluster and --cluster-nodes names one: give only one of them"
		[[ $BENCH_ALLOW_FLUSH == yes ]] ||
			die "bench.sh FLUSHALLs every master before every measured run; it did not start the cluster at $BENCH_CLUSTER_NODES, so pass --allow-flush if its data may go"
	fi
	local app
	for app in "${APPS[@]}"; do
		[[ -z $(app_url_of "$app") ]] && continue
		# bench.sh starts no such app, so it can neither set its mode and compression nor point it at the cluster.
		((${#MODES[@]} * ${#COMPRESSIONS[@]} == 1)) ||
			die "the $app app is already running (BENCH_${app^^}_URL) in whatever mode and compression it was started with: give one --modes and one --compression value"
		if ((BENCH_CLUSTER > 0)) || [[ -n $BENCH_CLUSTER_NODES ]]; then
			die "the $app app is already running (BENCH_${app^^}_URL): bench.sh cannot point it at a cluster, so no --cluster or --cluster-nodes"
		fi
	done
	[[ $BENCH_KEEPALIVE == yes || $BENCH_KEEPALIVE == no ]] || die "BENCH_KEEPALIVE must be yes or no"
	[[ $BENCH_BUILD =~ ^(auto|always|never)$ ]] || die "BENCH_BUILD must be auto, always or never"
	read -ra REDIS_EXEC <<<"$BENCH_REDIS_EXEC"
	read -ra APP_EXEC <<<"$BENCH_APP_EXEC"
	read -ra CLIENT_EXEC <<<"$BENCH_CLIENT_EXEC"
	read -ra JAVA_OPTS <<<"$BENCH_JAVA_OPTS"
	read -ra REDIS_ARGS <<<"$BENCH_REDIS_ARGS"
}

# Every variant, in run order; once the cluster's masters, if any, are known.
plan_variants() {
	local topology mode compression app
	TOPOLOGIES=(single)
	((${#CLUSTER_MASTERS[@]} == 0)) || TOPOLOGIES+=("cluster${#CLUSTER_MASTERS[@]}")
	VARIANTS=()
	for topology in "${TOPOLOGIES[@]}"; do
		for mode in "${MODES[@]}"; do
			for compression in "${COMPRESSIONS[@]}"; do
				for app in "${APPS[@]}"; do
					VARIANTS+=("$app $mode $compression $topology")
				done
			done
		done
	done
}

require_tools() {
	local tool missing=()
	for tool in java ab curl redis-cli redis-benchmark timeout "$@"; do
		command -v "$tool" >/dev/null || missing+=("$tool")
	done
	((${#missing[@]} == 0)) || die "missing tools: ${missing[*]} (Debian: apache2-utils redis-server redis-tools curl coreutils, a JDK 17+)"
}

# --- processes -------------------------------------------------------------------------------------

REDIS_PID=
APP_PID=
CLIENT_PID=
PROGRESS_PID=
REDIS_DIR=
OWN_CLUSTER=no
# The cluster's masters (host:port) that hold data, and the nodes the apps are given to find it by.
CLUSTER_MASTERS=()
APP_CLUSTER_NODES=
# The Redis the current variant runs on: its topology and masters (host:port), and whether bench.sh may flush them.
TOPOLOGY=single
NODES=()

stop_pid() {
	stop_process "$1" "$BENCH_STOP_TIMEOUT" || log "$2 (pid $1) still running after ${BENCH_STOP_TIMEOUT}s: SIGKILLed"
}

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$?
	trap - EXIT INT TERM
	stop_pid "$CLIENT_PID" "load client"
	stop_pid "$PROGRESS_PID" "progress display"
	stop_pid "$APP_PID" "app"
	stop_pid "$REDIS_PID" "redis-server"
	if [[ -n $REDIS_DIR ]]; then
		[[ -n ${RAW:-} && -f $REDIS_DIR/redis.log ]] && cp "$REDIS_DIR/redis.log" "$RAW/redis-server.log"
		rm -rf "$REDIS_DIR"
	fi
	if [[ $OWN_CLUSTER == yes ]]; then
		stop_own_cluster
	fi
	exit "$status"
}

client() {
	"${CLIENT_EXEC[@]}" "$@"
}

# redis-cli against the node host:port $1.
rcli_at() {
	local node=$1
	shift
	client timeout 60 redis-cli -h "${node%:*}" -p "${node##*:}" "$@"
}

# redis-cli against the single Redis.
rcli() {
	rcli_at "$REDIS_HOST:$REDIS_PORT" "$@"
}

# The first port from $2 on which nothing answers on host $1, as seen from where the load client runs.
free_port() {
	local host=$1 port=$2 last=$(($2 + 100))
	for (( ; port <= last; port++)); do
		port_answers "$host" "$port" "${CLIENT_EXEC[@]}" || { echo "$port"; return 0; }
	done
	die "no free port on $host between $2 and $last"
}

start_own_redis() {
	REDIS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bench-redis.XXXXXX")
	local port=$BENCH_OWN_REDIS_PORT tries deadline
	for tries in 1 2 3 4 5; do
		port=$(free_port "$BENCH_REDIS_BIND" "$port")
		"${REDIS_EXEC[@]}" redis-server --port "$port" --bind "$BENCH_REDIS_BIND" --save "" --appendonly no \
			--dir "$REDIS_DIR" --logfile "$REDIS_DIR/redis.log" --daemonize no "${REDIS_ARGS[@]}" </dev/null &
		REDIS_PID=$!
		REDIS_HOST=$BENCH_REDIS_BIND REDIS_PORT=$port
		deadline=$((SECONDS + 10))
		while kill -0 "$REDIS_PID" 2>/dev/null && ((SECONDS < deadline)); do
			if [[ $(rcli PING 2>/dev/null) == PONG ]]; then
				log "private redis-server on $REDIS_HOST:$REDIS_PORT (pid $REDIS_PID, $REDIS_DIR)"
				return 0
			fi
			sleep 0.2
		done
		# Lost a race for the port, or did not come up: try the next one.
		stop_pid "$REDIS_PID" "redis-server"
		REDIS_PID=
		port=$((port + 1))
		log "redis-server did not answer (try $tries): $(tail -n 2 "$REDIS_DIR/redis.log" 2>/dev/null | tr '\n' ' ')"
	done
	die "could not start redis-server"
}

use_named_redis() {
	REDIS_HOST=$BENCH_REDIS_HOST REDIS_PORT=$BENCH_REDIS_PORT
	[[ $BENCH_ALLOW_FLUSH == yes ]] ||
		die "bench.sh FLUSHALLs Redis before every measured run; it did not start $REDIS_HOST:$REDIS_PORT, so pass --allow-flush if its data may go"
	[[ $(rcli PING 2>&1) == PONG ]] || die "Redis at $REDIS_HOST:$REDIS_PORT does not answer PING"
	log "named Redis at $REDIS_HOST:$REDIS_PORT (will be FLUSHALLed)"
}

start_own_cluster() {
	local k
	# Never the CLUSTER_DIR of a cluster someone else started: cleanup would stop it.
	CLUSTER_DIR=
	OWN_CLUSTER=yes
	cluster_start "$BENCH_CLUSTER" || die "could not start a $BENCH_CLUSTER-master Redis Cluster (see the [cluster] lines above)"
	for ((k = 1; k <= ${#CLUSTER_PORTS[@]}; k++)); do
		log "cluster node $k on $CLUSTER_BIND:${CLUSTER_PORTS[k - 1]} (pid ${CLUSTER_PIDS[k - 1]}, $CLUSTER_DIR/${CLUSTER_PORTS[k - 1]})"
	done
	IFS=, read -ra CLUSTER_MASTERS <<<"$CLUSTER_NODES"
	APP_CLUSTER_NODES=$CLUSTER_NODES
}

use_named_cluster() {
	local seed=${BENCH_CLUSTER_NODES%%,*} nodes master
	nodes=$(rcli_at "$seed" CLUSTER NODES 2>&1) || die "cluster node $seed does not answer CLUSTER NODES: $nodes"
	# "<id> <host:port@bus-port[,hostname]> <flags> <master> <ping> <pong> <epoch> <link> <slot>...": the
	# masters with slots, and so with keys.
	mapfile -t CLUSTER_MASTERS < <(awk '$3 ~ /master/ && $3 !~ /fail/ && NF > 8 { sub(/@.*/, "", $2); print $2 }' <<<"$nodes")
	((${#CLUSTER_MASTERS[@]} > 0)) || die "CLUSTER NODES of $seed lists no master serving slots: $nodes"
	for master in "${CLUSTER_MASTERS[@]}"; do
		[[ $(rcli_at "$master" PING 2>&1) == PONG ]] || die "cluster master $master does not answer PING"
	done
	APP_CLUSTER_NODES=$BENCH_CLUSTER_NODES
	log "named Redis Cluster at $BENCH_CLUSTER_NODES: ${#CLUSTER_MASTERS[@]} masters $(IFS=,; echo "${CLUSTER_MASTERS[*]}") (will be FLUSHALLed)"
}

# shellcheck disable=SC2317 # called by cleanup
stop_own_cluster() {
	local log
	if [[ -n ${RAW:-} && -n $CLUSTER_DIR ]]; then
		for log in "$CLUSTER_DIR"/*/redis.log; do
			[[ -f $log ]] && cp "$log" "$RAW/cluster-node-$(basename "$(dirname "$log")").log"
		done
	fi
	cluster_stop
}

# Makes the variants that follow run on topology $1.
use_topology() {
	TOPOLOGY=$1
	if [[ $TOPOLOGY == single ]]; then
		NODES=("$REDIS_HOST:$REDIS_PORT")
	else
		NODES=("${CLUSTER_MASTERS[@]}")
	fi
}

# The part of a per-node file name that tells the masters of a cluster apart.
node_tag() {
	[[ $TOPOLOGY == single ]] || echo ".node$1"
}

flushall() {
	local node
	if [[ $BENCH_ALLOW_FLUSH != yes ]]; then
		[[ ($TOPOLOGY == single && -n $REDIS_PID) || ($TOPOLOGY != single && $OWN_CLUSTER == yes) ]] ||
			die "refusing to FLUSHALL a Redis bench.sh did not start"
	fi
	for node in "${NODES[@]}"; do
		[[ $(rcli_at "$node" FLUSHALL) == OK ]] || die "FLUSHALL failed on $node"
	done
}

# --- build -----------------------------------------------------------------------------------------

jar_of() {
	case $1 in
	string | kryo | jackson) echo "$ROOT/$1-app/target/$1-app.jar" ;;
	report) echo "$ROOT/bench-report/target/bench-report.jar" ;;
	esac
}

sources_of() {
	case $1 in
	string | kryo | jackson) echo "$ROOT/pom.xml $ROOT/common $ROOT/codecs $ROOT/$1-app" ;;
	report) echo "$ROOT/pom.xml $ROOT/bench-report" ;;
	esac
}

is_stale() {
	local jar sources
	jar=$(jar_of "$1")
	read -ra sources <<<"$(sources_of "$1")"
	[[ ! -f $jar ]] || [[ -n $(find "${sources[@]}" -path '*/target' -prune -o -type f -newer "$jar" -print -quit) ]]
}

build_if_needed() {
	local part parts=(report) stale=()
	for part in "${APPS[@]}"; do
		[[ -n $(app_url_of "$part") ]] || parts+=("$part")
	done
	for part in "${parts[@]}"; do
		is_stale "$part" && stale+=("$part")
	done
	if [[ $BENCH_BUILD == never ]]; then
		((${#stale[@]} == 0)) || log "warning: not building, though these jars are missing or stale: ${stale[*]}"
		for part in "${parts[@]}"; do
			[[ -f $(jar_of "$part") ]] || die "$(jar_of "$part") is missing (BENCH_BUILD=never)"
		done
		return 0
	fi
	[[ $BENCH_BUILD == always || ${#stale[@]} -gt 0 ]] || return 0
	local maven=(mvn)
	[[ -x $ROOT/mvnw ]] && maven=("$ROOT/mvnw")
	command -v "${maven[0]}" >/dev/null || die "the jars need building (${stale[*]}), but there is neither ./mvnw nor mvn"
	log "building the jars (${stale[*]:-forced}); log in $RAW/build.log"
	(cd "$ROOT" && timeout -k 10 "$BENCH_PHASE_TIMEOUT" "${maven[@]}" -B -DskipTests package) >"$RAW/build.log" 2>&1 ||
		die "build failed; see $RAW/build.log"
}

# --- measuring -------------------------------------------------------------------------------------

# Runs one ab load into $1, showing ab's progress lines; returns ab's exit status.
run_ab() {
	local out=$1 requests=$2 path=$3 label=$4 status=0
	local args=(-n "$requests" -c "$BENCH_CONCURRENCY" -s "$BENCH_AB_TIMEOUT")
	[[ $BENCH_KEEPALIVE == yes ]] && args+=(-k)
	log "$label: ab ${args[*]} $APP_URL$path"
	timeout -k 10 "$BENCH_PHASE_TIMEOUT" "${CLIENT_EXEC[@]}" ab "${args[@]}" "$APP_URL$path" >"$out" 2>&1 &
	CLIENT_PID=$!
	tail -n +1 -f --pid="$CLIENT_PID" "$out" 2>/dev/null |
		sed -un "s|^Completed \([0-9]*\) requests|[bench]   $label: \1/$requests requests done|p; s|^\(apr_.*\)|[bench]   $label: ab: \1|p" >&2 &
	PROGRESS_PID=$!
	wait "$CLIENT_PID" || status=$?
	CLIENT_PID=
	wait "$PROGRESS_PID" 2>/dev/null || true
	PROGRESS_PID=
	echo "$status" >"${out%.txt}.exit"
	if grep -q 'Cannot assign requested address' "$out"; then
		log "$label: ab ran out of local ports (EADDRNOTAVAIL): closed connections linger in TIME_WAIT." \
			"Use --keep-alive, fewer requests, or a wider net.ipv4.ip_local_port_range / net.ipv4.tcp_tw_reuse=1."
	elif ((status != 0)); then
		log "$label: ab failed (exit $status): $(grep -m1 -E '^apr_|^ab:|Benchmarking.*\.\.\.' "$out" || tail -n 1 "$out")"
	else
		log "$label: $(grep -E '^(Requests per second|Failed requests|Non-2xx responses):' "$out" | tr -s ' ' | paste -sd ';' -)"
	fi
	return "$status"
}

# Redis, app process and app metrics figures at one moment, into files named $1.*.
snapshot() {
	local prefix=$1 k tag error
	for ((k = 1; k <= ${#NODES[@]}; k++)); do
		tag=$(node_tag "$k")
		rcli_at "${NODES[k - 1]}" INFO >"$prefix$tag.info.txt"
		rcli_at "${NODES[k - 1]}" DBSIZE >"$prefix$tag.dbsize.txt"
	done
	if [[ -n $APP_PID ]]; then
		cat "/proc/$APP_PID/stat" >"$prefix.proc-stat.txt"
		cat "/proc/$APP_PID/status" >"$prefix.proc-status.txt"
	fi
	# Only the time split between codec and Redis depends on it: a failed scrape costs that, not the run.
	if ! error=$(client curl -fsS -m 10 "$APP_URL/actuator/prometheus" 2>&1 >"$prefix.prometheus.txt"); then
		: >"$prefix.prometheus.txt"
		log "${prefix##*/}: GET $APP_URL/actuator/prometheus failed: ${error:-no answer}"
	fi
}

measure() {
	local dir=$1 phase=$2 requests=$3 label=$4 status=0
	if ! app_alive; then
		log "$label: skipped: the app exited; see $dir/app.log"
		echo "skipped: the app had exited" >"$dir/$phase.skipped"
		return 1
	fi
	snapshot "$dir/$phase.before"
	run_ab "$dir/$phase.ab.txt" "$requests" "/$phase" "$label" || status=$?
	snapshot "$dir/$phase.after"
	return "$status"
}

# STRLEN of keys spread evenly over person_1 .. person_<written>. On a cluster, redis-cli -c follows each
# MOVED to the key's master (also for commands read from stdin) and says so on stdout: those lines go.
sample_value_sizes() {
	local dir=$1 written=0 keys k step
	for ((k = 1; k <= ${#NODES[@]}; k++)); do
		keys=$(<"$dir/add.after$(node_tag "$k").dbsize.txt")
		is_count "$keys" || { written=0; break; }
		written=$((written + keys))
	done
	if ((written == 0)); then
		: >"$dir/add.after.strlen.txt"
		return 0
	fi
	step=$(((written + BENCH_STRLEN_SAMPLE - 1) / BENCH_STRLEN_SAMPLE))
	seq 1 "$step" "$written" | sed 's/^/STRLEN person_/' | rcli_at "${NODES[0]}" -c | sed '/^-> Redirected to slot/d' \
		>"$dir/add.after.strlen.txt"
}

app_url_of() {
	local url=BENCH_${1^^}_URL
	echo "${!url%/}"
}

# Whether process $1 holds the listening socket of TCP port $2. On a shared machine another process may
# take the port between the probe and the app's bind; its answers must not be taken for our app's.
listens_on() {
	local pid=$1 inode
	while read -r inode; do
		[[ -n $(find "/proc/$pid/fd" -lname "socket:\[$inode\]" -print -quit 2>/dev/null) ]] && return 0
	done < <(awk -v port="$(printf ':%04X' "$2")" '$4 == "0A" && substr($2, length($2) - 4) == port { print $10 }' \
		"/proc/$pid/net/tcp" "/proc/$pid/net/tcp6" 2>/dev/null)
	return 1
}

# False when bench.sh started the app and it has exited: whatever answers on its port now is not it.
app_alive() {
	[[ -z $APP_PID ]] || kill -0 "$APP_PID" 2>/dev/null
}

# Waits until the app at APP_URL reports UP and, when bench.sh started it, is the process APP_PID on $3.
# Returns 1 when that process exited first.
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

# Starts the app's jar on a free port in mode $3 with compression $4 on the current topology, or takes
# the one at BENCH_<APP>_URL; either way waits until it is UP.
start_app() {
	local app=$1 dir=$2 mode=$3 compression=$4 first_port port tries redis
	APP_URL=$(app_url_of "$app")
	if [[ -n $APP_URL ]]; then
		printf 'app=%s\npid=not started by bench.sh\nurl=%s\n' "$app" "$APP_URL" >"$dir/app.env"
		wait_until_up "$app" "$dir" ""
		return 0
	fi
	if [[ $TOPOLOGY == single ]]; then
		redis=(--spring.data.redis.host="$APP_REDIS_HOST" --spring.data.redis.port="$REDIS_PORT")
	else
		redis=(--spring.data.redis.cluster.nodes="$APP_CLUSTER_NODES")
	fi
	first_port=BENCH_${app^^}_PORT
	port=${!first_port}
	for tries in 1 2 3; do
		port=$(free_port "$BENCH_APP_HOST" "$port")
		APP_URL="http://$BENCH_APP_HOST:$port"
		"${APP_EXEC[@]}" java "${JAVA_OPTS[@]}" -jar "$(jar_of "$app")" --server.port="$port" \
			--server.address="$BENCH_APP_BIND" "${redis[@]}" --bench.mode="$mode" \
			--bench.compression="$compression" >"$dir/app.log" 2>&1 </dev/null &
		APP_PID=$!
		printf 'app=%s\npid=%s\nurl=%s\n' "$app" "$APP_PID" "$APP_URL" >"$dir/app.env"
		wait_until_up "$app" "$dir" "$port" && return 0
		grep -q 'already in use' "$dir/app.log" || die "$app app exited while starting; see $dir/app.log"
		log "$app app lost port $port to another process (try $tries)"
		port=$((port + 1))
	done
	die "$app app found no free port"
}

redis_benchmark() {
	local dir=$1 label=$2 size status=0 cluster=()
	if [[ -n $REDIS_PASSWORD ]]; then
		log "$label: redis-benchmark skipped: it takes a password only on its command line"
		return 0
	fi
	size=$(awk '$1 > 0 { sum += $1; n++ } END { if (n) printf "%d", sum / n + 0.5 }' "$dir/add.after.strlen.txt")
	[[ -n $size ]] || { log "$label: redis-benchmark skipped: no value size measured"; return 0; }
	printf 'requests=%s\nclients=%s\nvalue_bytes=%s\n' "$BENCH_REDIS_BENCH_REQUESTS" "$BENCH_CONCURRENCY" "$size" \
		>"$dir/redis-benchmark.args"
	[[ $TOPOLOGY == single ]] || cluster=(--cluster)
	log "$label: redis-benchmark ${cluster[*]:+--cluster }SET,GET -d $size -c $BENCH_CONCURRENCY -n $BENCH_REDIS_BENCH_REQUESTS"
	timeout -k 10 "$BENCH_PHASE_TIMEOUT" "${CLIENT_EXEC[@]}" redis-benchmark "${cluster[@]}" -h "${NODES[0]%:*}" \
		-p "${NODES[0]##*:}" -t set,get -d "$size" -c "$BENCH_CONCURRENCY" -n "$BENCH_REDIS_BENCH_REQUESTS" --csv \
		>"$dir/redis-benchmark.csv" 2>&1 &
	CLIENT_PID=$!
	wait "$CLIENT_PID" || status=$?
	CLIENT_PID=
	echo "$status" >"$dir/redis-benchmark.exit"
	# --cluster first lists the masters it found; the CSV, as from a single Redis, starts at its header.
	if ((${#cluster[@]})) && grep -q '^"' "$dir/redis-benchmark.csv"; then
		sed -n '/^"/,$!p' "$dir/redis-benchmark.csv" >"$dir/redis-benchmark.masters.txt"
		sed -i -n '/^"/,$p' "$dir/redis-benchmark.csv"
	fi
	log "$label: redis-benchmark $(tail -n +2 "$dir/redis-benchmark.csv" | cut -d, -f1,2 | tr -d '"' | paste -sd ' ' -) ops/s"
}

# A variant's folder name, from its entry "app mode compression topology" in VARIANTS.
variant_name() {
	echo "${1// /-}"
}

# Repetition $2 of the published procedure for variant number $1, with only its app running.
run_variant() {
	local number=$1 rep=$2 app mode compression topology variant dir label k
	read -r app mode compression topology <<<"${VARIANTS[number - 1]}"
	variant=$(variant_name "${VARIANTS[number - 1]}")
	dir=$RAW/$variant/rep$rep
	label="rep $rep/$BENCH_REPETITIONS variant $number/${#VARIANTS[@]} $variant"
	mkdir -p "$dir"
	use_topology "$topology"
	printf 'app=%s\nmode=%s\ncompression=%s\ntopology=%s\nmasters=%s\n' "$app" "$mode" "$compression" \
		"$topology" "${#NODES[@]}" >"$RAW/$variant/variant.env"
	if [[ $topology != single ]]; then
		for ((k = 1; k <= ${#NODES[@]}; k++)); do
			echo "$k ${NODES[k - 1]}"
		done >"$dir/nodes.txt"
	fi
	flushall
	start_app "$app" "$dir" "$mode" "$compression"
	if ((BENCH_WARMUP > 0)); then
		run_ab "$dir/warmup-add.ab.txt" "$BENCH_WARMUP" /add "$label warm-up add" || true
		run_ab "$dir/warmup-check.ab.txt" "$BENCH_WARMUP" /check "$label warm-up check" || true
	fi
	measure "$dir" noop "$BENCH_NOOP_REQUESTS" "$label noop" || true
	flushall
	if app_alive; then
		client curl -fsS -m 10 "$APP_URL/reset" >"$dir/reset.txt" || die "$label: GET /reset failed"
	fi
	measure "$dir" add "$BENCH_REQUESTS" "$label add" || true
	sample_value_sizes "$dir"
	measure "$dir" check "$BENCH_REQUESTS" "$label check" || true
	stop_pid "$APP_PID" "$app app"
	APP_PID=
	redis_benchmark "$dir" "$label"
}

record_environment() {
	local env=$RAW/env app commit variant
	mkdir -p "$env"
	if commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null); then
		git -C "$ROOT" diff --quiet HEAD 2>/dev/null || commit+=" with uncommitted changes"
	else
		commit=unknown
	fi
	{
		echo "# scripts/bench.sh settings"
		echo "requests=$BENCH_REQUESTS"
		echo "concurrency=$BENCH_CONCURRENCY"
		echo "warmup=$BENCH_WARMUP"
		echo "repetitions=$BENCH_REPETITIONS"
		echo "keep_alive=$BENCH_KEEPALIVE"
		echo "apps=$(IFS=,; echo "${APPS[*]}")"
		echo "modes=$(IFS=,; echo "${MODES[*]}")"
		echo "compressions=$(IFS=,; echo "${COMPRESSIONS[*]}")"
		echo "cluster_masters=${#CLUSTER_MASTERS[@]}"
		echo "topologies=$(IFS=,; echo "${TOPOLOGIES[*]}")"
		echo "variants=$(for variant in "${VARIANTS[@]}"; do variant_name "$variant"; done | paste -sd, -)"
		if ((${#CLUSTER_MASTERS[@]})); then
			echo "cluster_address=$(IFS=,; echo "${CLUSTER_MASTERS[*]}")"
			echo "cluster=$([[ $OWN_CLUSTER == yes ]] && echo private || echo named)"
		fi
		for app in "${APPS[@]}"; do
			echo "${app}_app=$([[ -n $(app_url_of "$app") ]] && echo "already running at $(app_url_of "$app")" || echo "started by bench.sh")"
		done
		echo "noop_requests=$BENCH_NOOP_REQUESTS"
		echo "redis_bench_requests=$BENCH_REDIS_BENCH_REQUESTS"
		echo "strlen_sample=$BENCH_STRLEN_SAMPLE"
		echo "ab_timeout_s=$BENCH_AB_TIMEOUT"
		echo "batch_size=$BATCH_SIZE"
		echo "redis=$([[ -n $REDIS_PID ]] && echo private || echo named)"
		echo "redis_address=$REDIS_HOST:$REDIS_PORT"
		echo "placement=$([[ -n $BENCH_REDIS_EXEC$BENCH_APP_EXEC$BENCH_CLIENT_EXEC ]] && echo "redis[$BENCH_REDIS_EXEC] app[$BENCH_APP_EXEC] client[$BENCH_CLIENT_EXEC]" || echo "one host, loopback")"
		echo "java_opts=$BENCH_JAVA_OPTS"
		echo "clk_tck=$(getconf CLK_TCK)"
		echo "started=$(date -Is)"
		echo "host=$(uname -n)"
		echo "git_commit=$commit"
	} >"$env/settings.env"
	cat /proc/cpuinfo >"$env/cpuinfo.txt"
	nproc >"$env/nproc.txt"
	head -n 3 /proc/meminfo >"$env/meminfo.txt"
	uname -a >"$env/uname.txt"
	"${APP_EXEC[@]}" java "${JAVA_OPTS[@]}" -version >"$env/java-version.txt" 2>&1
	rcli INFO server >"$env/redis-info-server.txt"
	((${#CLUSTER_MASTERS[@]} == 0)) || rcli_at "${CLUSTER_MASTERS[0]}" CLUSTER NODES >"$env/cluster-nodes.txt"
	client ab -V >"$env/ab-version.txt" 2>&1 || true
	client redis-benchmark --version >"$env/redis-benchmark-version.txt" 2>&1 || true
	client sysctl net.ipv4.ip_local_port_range net.ipv4.tcp_tw_reuse net.core.somaxconn >"$env/sysctl.txt" 2>&1 || true
}

main() {
	parse_options "$@"
	if [[ -z $BENCH_REDIS_HOST ]]; then require_tools redis-server; else require_tools; fi
	local out=${BENCH_OUTPUT:-$ROOT/results/$(date +%Y%m%d-%H%M%S)}
	[[ ! -e $out/raw ]] || die "$out already holds a run; name another --output"
	mkdir -p "$out/raw"
	OUT=$(cd "$out" && pwd)
	RAW=$OUT/raw
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	if [[ -n $REDIS_PASSWORD ]]; then
		export SPRING_DATA_REDIS_PASSWORD=$REDIS_PASSWORD REDISCLI_AUTH=$REDIS_PASSWORD
	fi
	log "output: $OUT"
	build_if_needed
	if [[ -n $BENCH_REDIS_HOST ]]; then use_named_redis; else start_own_redis; fi
	APP_REDIS_HOST=${BENCH_APP_REDIS_HOST:-$REDIS_HOST}
	if ((BENCH_CLUSTER > 0)); then
		start_own_cluster
	elif [[ -n $BENCH_CLUSTER_NODES ]]; then
		use_named_cluster
	fi
	plan_variants
	record_environment
	local rep number
	# Repetition-major order spreads any drift of the machine over every variant alike.
	for ((rep = 1; rep <= BENCH_REPETITIONS; rep++)); do
		for ((number = 1; number <= ${#VARIANTS[@]}; number++)); do
			run_variant "$number" "$rep"
		done
	done
	echo "finished=$(date -Is)" >>"$RAW/env/settings.env"
	log "writing the report"
	local status=0
	java -jar "$(jar_of report)" "$OUT" || status=$?
	((status == 0 || status == 3)) || die "bench-report failed (exit $status)"
	log "report: $OUT/report.md"
	return "$status"
}

# On one line, so that bash has read all it will run before it runs it: editing this file mid-run is safe.
main "$@"; exit
