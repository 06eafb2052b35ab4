#!/usr/bin/env bash
# Runs Prometheus and its Redis exporter (Debian's prometheus and prometheus-redis-exporter) beside a bench run,
# on free ports of 127.0.0.1, with monitoring/prometheus.yml and targets of its own, in a private folder; stops
# them on exit, or with --detach leaves them running until --stop. Only PIDs it started are ever signalled.
# Run with --help for the options.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/process.sh
source "$ROOT/scripts/lib/process.sh"

# Settings. Each can be set in the environment; the command-line options override them. The defaults are where
# scripts/bench.sh puts things: its apps' first ports, and the first port its own redis-server tries.
MONITORING_APPS=${MONITORING_APPS:-${APP_DEFAULT_PORT[string]},${APP_DEFAULT_PORT[kryo]},${APP_DEFAULT_PORT[jackson]}}
MONITORING_REDIS=${MONITORING_REDIS:-127.0.0.1:26379}
MONITORING_DIR=${MONITORING_DIR:-$ROOT/results/monitoring}
MONITORING_PROMETHEUS_PORT=${MONITORING_PROMETHEUS_PORT:-9090}  # first port tried
MONITORING_EXPORTER_PORT=${MONITORING_EXPORTER_PORT:-9121}      # first port tried
MONITORING_START_TIMEOUT=${MONITORING_START_TIMEOUT:-30}        # seconds until each must answer
ACTION=run

usage() {
	cat <<EOF
Usage: scripts/monitoring.sh [options]
       scripts/monitoring.sh --stop [--dir DIR]

Runs Prometheus and its Redis exporter beside a bench run (docs/monitoring.md): Debian's prometheus and
prometheus-redis-exporter, each on the first free port of 127.0.0.1 from its own, Prometheus scraping every
app's /actuator/prometheus and the exporter every 2 s (monitoring/prometheus.yml). The panels of
monitoring/grafana/dashboards/redis-bench.json are queries on it. In the foreground until Ctrl-C or TERM, which
stops both; targets that do not answer yet are scraped as down until they do, so it may start before the bench.
Environment variable in brackets, its value after it.

Targets:
      --apps PORTS          the apps' ports on 127.0.0.1, comma-separated: bench.sh's first ports by default
                            [MONITORING_APPS=$MONITORING_APPS]
      --redis HOST:PORT     the Redis the exporter reads (INFO, CONFIG GET: it writes nothing), with the password
                            in REDIS_PASSWORD if it needs one: bench.sh's own redis-server by default
                            [MONITORING_REDIS=$MONITORING_REDIS]

Where:
      --dir DIR             the private folder: configuration, data, logs and PIDs [MONITORING_DIR=$MONITORING_DIR]
      --prometheus-port P   first port tried for Prometheus   [MONITORING_PROMETHEUS_PORT=$MONITORING_PROMETHEUS_PORT]
      --exporter-port P     first port tried for the exporter [MONITORING_EXPORTER_PORT=$MONITORING_EXPORTER_PORT]

Running:
      --detach              start both, print where they are, and return: they run until --stop
      --stop                stop what --detach started in --dir, and nothing else
  -h, --help                this text
EOF
}

while (($#)); do
	case $1 in
	--apps) MONITORING_APPS=$(option_value "$1" "${2:-}"); shift ;;
	--redis) MONITORING_REDIS=$(option_value "$1" "${2:-}"); shift ;;
	--dir) MONITORING_DIR=$(option_value "$1" "${2:-}"); shift ;;
	--prometheus-port) MONITORING_PROMETHEUS_PORT=$(option_value "$1" "${2:-}"); shift ;;
	--exporter-port) MONITORING_EXPORTER_PORT=$(option_value "$1" "${2:-}"); shift ;;
	--detach) ACTION=detach ;;
	--stop) ACTION=stop ;;
	-h | --help) usage; exit 0 ;;
	*) refuse "unknown option '$1'" ;;
	esac
	shift
done

PIDS_FILE=$MONITORING_DIR/pids

# ours PID: whether the process is one this script started for this folder: its working directory is the folder,
# so a PID reused by another process since is never signalled.
ours() {
	[[ $(readlink "/proc/$1/cwd" 2>/dev/null) == "$(cd "$MONITORING_DIR" && pwd -P)" ]]
}

# stop_ours: stops every process of the PIDs file that is still ours, and removes the file.
stop_ours() {
	local name pid port
	[[ -f $PIDS_FILE ]] || return 0
	while read -r name pid port; do
		ours "$pid" || continue
		stop_process "$pid" 10 || log "$name (pid $pid) did not stop in 10 s: SIGKILLed"
		log "stopped $name (pid $pid, port $port)"
	done <"$PIDS_FILE"
	rm -f "$PIDS_FILE"
}

if [[ $ACTION == stop ]]; then
	[[ -d $MONITORING_DIR ]] || refuse "no folder $MONITORING_DIR"
	[[ -f $PIDS_FILE ]] || { log "nothing started in $MONITORING_DIR is running"; exit 0; }
	stop_ours
	exit 0
fi

require_commands prometheus:prometheus prometheus-redis-exporter:prometheus-redis-exporter curl:curl
split_list APP_PORTS "app ports" "$MONITORING_APPS"
refuse_repeats "app port" "${APP_PORTS[@]}"
for port in "${APP_PORTS[@]}" "$MONITORING_PROMETHEUS_PORT" "$MONITORING_EXPORTER_PORT"; do
	if ! is_count "$port" || ((10#$port < 1 || 10#$port > 65535)); then
		refuse "a port is 1-65535, was '$port'"
	fi
done
[[ $MONITORING_REDIS =~ ^[^:[:space:]]+:[0-9]+$ ]] || refuse "--redis is HOST:PORT, was '$MONITORING_REDIS'"
if [[ -f $PIDS_FILE ]]; then
	while read -r _ pid _; do
		! ours "$pid" || refuse "already running in $MONITORING_DIR (pid $pid): --stop it first, or give another --dir"
	done <"$PIDS_FILE"
fi
mkdir -p "$MONITORING_DIR/targets"
chmod 700 "$MONITORING_DIR"
MONITORING_DIR=$(cd "$MONITORING_DIR" && pwd -P)
PIDS_FILE=$MONITORING_DIR/pids
: >"$PIDS_FILE"

# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	local status=$?
	trap - EXIT
	stop_ours
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The configuration as the compose profile uses it; only the targets are this machine's.
cp "$ROOT/monitoring/prometheus.yml" "$MONITORING_DIR/prometheus.yml"
{
	echo "# Written by scripts/monitoring.sh: the apps on 127.0.0.1, named after the app whose default port it is."
	for port in "${APP_PORTS[@]}"; do
		name="app on $port"
		for app in "${APPS_KNOWN[@]}"; do
			[[ ${APP_DEFAULT_PORT[$app]} != "$port" ]] || name=$app-app
		done
		printf -- '- targets: ["127.0.0.1:%s"]\n  labels: {app: "%s"}\n' "$port" "$name"
	done
} >"$MONITORING_DIR/targets/apps.yml"

# start NAME FIRST_PORT READY_PATH COMMAND...: runs COMMAND (in which {port} is its port) in the folder, on the first
# free port from FIRST_PORT, and waits until it answers READY_PATH itself; sets STARTED_PORT.
start() {
	local name=$1 path=$3 pid deadline
	STARTED_PORT=$(first_free_port 127.0.0.1 "$2") || die "no free port for $name from $2"
	local command=("${@:4}")
	command=("${command[@]//\{port\}/$STARTED_PORT}")
	(cd "$MONITORING_DIR" && exec "${command[@]}") >"$MONITORING_DIR/$name.log" 2>&1 </dev/null &
	pid=$!
	echo "$name $pid $STARTED_PORT" >>"$PIDS_FILE"
	deadline=$((SECONDS + MONITORING_START_TIMEOUT))
	until curl -fsS -m 2 -o /dev/null "http://127.0.0.1:$STARTED_PORT$path" 2>/dev/null &&
		listens_on "$pid" "$STARTED_PORT"; do
		if ! kill -0 "$pid" 2>/dev/null || ((SECONDS >= deadline)); then
			die "$name did not answer on port $STARTED_PORT within ${MONITORING_START_TIMEOUT}s:" \
				"$(tail -n 2 "$MONITORING_DIR/$name.log" | tr '\n' ' ')"
		fi
		sleep 0.2
	done
}

# The password reaches the exporter in its environment (REDIS_PASSWORD, which it reads), never on its command line,
# and Prometheus not at all.
REDIS_PASSWORD=${REDIS_PASSWORD:-} start redis-exporter "$MONITORING_EXPORTER_PORT" /metrics prometheus-redis-exporter \
	-redis.addr="redis://$MONITORING_REDIS" -web.listen-address="127.0.0.1:{port}"
exporter_port=$STARTED_PORT
printf -- '# Written by scripts/monitoring.sh: its exporter, reading %s.\n- targets: ["127.0.0.1:%s"]\n' \
	"$MONITORING_REDIS" "$exporter_port" >"$MONITORING_DIR/targets/redis.yml"
start prometheus "$MONITORING_PROMETHEUS_PORT" /-/ready prometheus --config.file=prometheus.yml \
	--storage.tsdb.path=data --web.listen-address="127.0.0.1:{port}" --log.level=warn
prometheus_port=$STARTED_PORT

port_answers "${MONITORING_REDIS%:*}" "${MONITORING_REDIS##*:}" ||
	log "nothing answers on $MONITORING_REDIS yet: the exporter reports redis_up 0 until it does"
log "prometheus http://127.0.0.1:$prometheus_port (/targets), exporter http://127.0.0.1:$exporter_port/metrics"
log "scraping the apps on ports ${APP_PORTS[*]} and Redis at $MONITORING_REDIS every 2 s; files in $MONITORING_DIR"

if [[ $ACTION == detach ]]; then
	trap - EXIT
	log "running on: scripts/monitoring.sh --stop --dir $MONITORING_DIR stops them"
	exit 0
fi
log "Ctrl-C stops both"
# Until one of them ends (or a signal ends this script): both are stopped either way.
wait -n || true
die "a process ended by itself; see the logs in $MONITORING_DIR"
