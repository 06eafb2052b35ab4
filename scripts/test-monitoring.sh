#!/usr/bin/env bash
# CI: scripts/monitoring.sh against a redis-server with a password and one app this test starts: both processes
# come up, every target is healthy, PromQL returns the app's request rate and Redis's memory, every query of the
# dashboard (monitoring/grafana/dashboards/redis-bench.json) is valid and names only metrics the scrape exposes,
# and both processes stop with --stop, and on TERM in the foreground. The password is on no command line.
# shellcheck disable=SC2016 # single-quoted programs (bash -c) take their values as arguments
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh
# A small heap: the app only answers a few hundred requests, and collects garbage sooner.
APP_JAVA_OPTS=(-Xms64m -Xmx128m)
# shellcheck source=scripts/lib/app.sh
source scripts/lib/app.sh

readonly DASHBOARD=monitoring/grafana/dashboards/redis-bench.json
work=$(mktemp -d -t test-monitoring-XXXXXX)
foreground=''
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	[[ -z $foreground ]] || stop_process "$foreground" 15 || true
	scripts/monitoring.sh --stop --dir "$work/monitoring" >/dev/null 2>&1 || true
	app_stop
	private_redis_stop ""
	rm -rf "$work"
}
trap cleanup EXIT

build_jars auto 900 "$work/build.log" string
private_redis_start 27679 || die "no redis-server"
export REDIS_PASSWORD=monitoring-test-secret
APP_REDIS_PASSWORD=$REDIS_PASSWORD
redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG SET requirepass "$REDIS_PASSWORD" >/dev/null
# The p99 the dashboard draws is a Micrometer percentile, which bench.sh and the compose file turn on the same way.
app_start string "$work/app.log" --spring.data.redis.port="$PRIVATE_REDIS_PORT" \
	--management.metrics.distribution.percentiles.http.server.requests=0.99 ||
	die "the app did not start: $(tail -n 5 "$work/app.log")"
redis=127.0.0.1:$PRIVATE_REDIS_PORT

check "--detach starts both and returns" \
	scripts/monitoring.sh --detach --dir "$work/monitoring" --apps "$APP_PORT" --redis "$redis"
prometheus=http://127.0.0.1:$(awk '$1 == "prometheus" { print $3 }' "$work/monitoring/pids")
mapfile -t pids < <(awk '{ print $2 }' "$work/monitoring/pids")
check "it names the two processes it started" test "${#pids[@]}" -eq 2
check "a second start in the same folder is refused (2)" \
	exits_saying 2 "already running" scripts/monitoring.sh --detach --dir "$work/monitoring" --apps "$APP_PORT"
check "a port out of range is refused (2)" exits_saying 2 "1-65535" scripts/monitoring.sh --apps 70000
check "the password is on neither command line" \
	bash -c '! grep -qF "$0" "/proc/$1/cmdline" "/proc/$2/cmdline"' "$REDIS_PASSWORD" "${pids[@]}"

# query PROMQL: the value of the first series of an instant query, empty when there is none.
query() {
	curl -fsS -m 5 "$prometheus/api/v1/query" --data-urlencode "query=$1" | jq -r '.data.result[0].value[1] // empty'
}

# until_within SECONDS COMMAND...: runs the command until it succeeds, for at most SECONDS.
until_within() {
	local deadline=$((SECONDS + $1))
	until "${@:2}"; do
		((SECONDS < deadline)) || return 1
		sleep 0.5
	done
}

targets_up() {
	curl -fsS -m 5 "$prometheus/api/v1/targets" |
		jq -e '[.data.activeTargets[] | select(.health == "up")] | length == 2' >/dev/null
}

# Requests between two scrapes make a rate.
requests_counted() {
	for _ in 1 2 3 4 5; do
		curl -fsS -m 10 -o /dev/null "$APP_URL/add"
	done
	[[ $(query 'sum(rate(http_server_requests_seconds_count{uri="/add"}[10s])) > 0') ]]
}

# A collection, so that the app publishes the GC pause series the dashboard draws.
check "a collection is forced, so that the app has GC pauses to publish" \
	bash -c 'jcmd "$0" GC.run >/dev/null' "$APP_PID"
check "every target is up: the app and the exporter" until_within 20 targets_up
check "the exporter reaches Redis with the password from the environment" test "$(query 'redis_up')" = 1
check "PromQL returns the app's request rate on /add" until_within 20 requests_counted
check "PromQL returns Redis's used memory" test "$(query 'redis_memory_used_bytes > 0')"

# jq_true FILTER FILE: the filter holds for the JSON in FILE.
jq_true() { jq -e "$1" "$2" >/dev/null; }
check "the dashboard is JSON with panels" jq_true '.panels | length > 0' "$DASHBOARD"
check "every panel has a query" \
	jq_true 'all(.panels[]; (.targets | length) > 0 and all(.targets[]; .expr != ""))' "$DASHBOARD"
curl -fsS -m 5 "$prometheus/api/v1/label/__name__/values" | jq -r '.data[]' >"$work/exposed.txt"
# The metric names of a query: its words, less label matchers, ranges, grouping clauses, functions and keywords.
# From a variable, not a process substitution, so that jq failing ends the suite (set -e) instead of checking none.
queries=$(jq -r '.panels[].targets[].expr' "$DASHBOARD")
mapfile -t exprs <<<"$queries"
for expr in "${exprs[@]}"; do
	mapfile -t names < <(sed -E 's/\{[^}]*\}//g; s/\[[^]]*\]//g; s/\b(by|without|on|ignoring)[[:space:]]*\([^)]*\)//g;
		s/\b[a-z_]+[[:space:]]*\(/(/g' <<<"$expr" | grep -oE '(^|[^0-9a-zA-Z_.])[a-zA-Z_:][a-zA-Z0-9_:]*' |
		sed 's/^[^a-zA-Z_:]//' | grep -vxE 'and|or|unless|bool|offset' || true)
	check "'$expr' names a metric" test "${#names[@]}" -gt 0
	for name in "${names[@]}"; do
		check "'$expr': $name is exposed by the scrape" grep -qx "$name" "$work/exposed.txt"
	done
	check "'$expr' is valid PromQL" bash -c 'curl -fsS -m 5 "$0/api/v1/query" --data-urlencode "query=$1" |
		jq -e ".status == \"success\"" >/dev/null' "$prometheus" "${expr//\$__rate_interval/10s}"
done

check "--stop stops both" scripts/monitoring.sh --stop --dir "$work/monitoring"
check "both are gone" bash -c 'for pid; do ! kill -0 "$pid" 2>/dev/null || exit 1; done' _ "${pids[@]}"

# In the foreground, TERM stops both.
scripts/monitoring.sh --dir "$work/foreground" --apps "$APP_PORT" --redis "$redis" >"$work/foreground.log" 2>&1 &
foreground=$!
check "in the foreground, both start" until_within 30 grep -q "Ctrl-C stops both" "$work/foreground.log"
mapfile -t pids < <(awk '{ print $2 }' "$work/foreground/pids")
kill -TERM "$foreground"
wait "$foreground" || true
foreground=''
check "and TERM stops both" \
	bash -c '(($# == 2)) && for pid; do ! kill -0 "$pid" 2>/dev/null || exit 1; done' _ "${pids[@]}"
check_summary
