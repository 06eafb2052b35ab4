#!/usr/bin/env bash
# CI: runs faults.sh at small size against the string app, with Redis demanding a password, and checks that the
# password never shows up on any process's command line, in the output or in the logs; then against the kryo app
# with Redis 1 ms away behind the latency proxy, where every fault must be answered as truthfully. One app a run:
# how an app answers a fault is common's, held for every app by RedisFaultContractTest; here it is the script that
# is tested, and a second app in the first run cost 45 s of CI. Each scenario's verdict is read from the results.tsv
# faults.sh writes (module faults decides it; its JUnit tests hold the rules on hand-made logs).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"

check "faults.sh --help names FAULTS_CLIENTS" exits_saying 0 FAULTS_CLIENTS scripts/faults.sh --help
for knob in FAULTS_APPS=string,nosuch FAULTS_SCENARIOS=outage,outage FAULTS_CLIENTS=two FAULTS_PAUSE_MODE=SOME \
	FAULTS_REDIS_RTT=far; do
	check "faults.sh refuses $knob (2)" exits_with 2 env "$knob" scripts/faults.sh
done

# Random, and with what a config file or a shell could mistake: a quote, a backslash, a space, a '#'.
# shellcheck disable=SC2089,SC2090 # the quote and backslash are meant to be in the password
REDIS_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"$'"\\ #\'x'
# shellcheck disable=SC2090
export REDIS_PASSWORD
work=$(mktemp -d -t test-faults-XXXXXX)
trap 'rm -rf "$work"' EXIT
# Patterns are read from a file, so that grep's own command line does not hold the password.
printf '%s\n' "$REDIS_PASSWORD" >"$work/secret"

# Both runs at a small size; each setting may come from the environment. The full scenario loads until Redis
# refuses for OOM (at most FAULTS_FULL_SECONDS, faults.sh's default): a fixed 5 s filled it only without the proxy.
export FAULTS_CLIENTS=${FAULTS_CLIENTS:-2} FAULTS_BEFORE_SECONDS=${FAULTS_BEFORE_SECONDS:-2} \
	FAULTS_FAULT_SECONDS=${FAULTS_FAULT_SECONDS:-3} FAULTS_AFTER_SECONDS=${FAULTS_AFTER_SECONDS:-3}
FAULTS_APPS=string FAULTS_OUTPUT="$work/run" scripts/faults.sh >"$work/output" 2>&1 &
faults=$!
leaked=no
while kill -0 "$faults" 2>/dev/null; do
	if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' '\n' | grep -qFf "$work/secret"; then
		leaked=yes
	fi
	# The apps' JVM options, as their command lines show them.
	pgrep -af 'string-app.jar' >>"$work/heap.txt" 2>/dev/null || true
	sleep 0.5
done
status=0
wait "$faults" || status=$?
cat "$work/output"

# verdict_of TSV APP FAULT: the verdict faults.sh wrote for that scenario in its results.tsv; nothing without a row.
verdict_of() {
	awk -F'\t' -v app="$2" -v fault="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "verdict") column = i }
		NR > 1 && $1 == app && $2 == fault { print $column }' "$1"
}

# secret_in_none FILE...: no file holds the password; grep's status 1 alone says so, 2 is a file it could not read.
secret_in_none() {
	local status=0
	grep -qFf "$work/secret" "$@" || status=$?
	((status == 1))
}
check "string: faults.sh answered every fault truthfully (exit $status)" test "$status" -eq 0
for fault in outage slow full; do
	check "string: faults.sh printed figures for $fault" grep -Eq "^string +$fault +[0-9]+ " "$work/output"
	check "string: $fault passed (results.tsv)" test "$(verdict_of "$work/run/results.tsv" string "$fault")" = passed
done
check "the Redis password appeared on no command line" test "$leaked" = no
check "nor in the output or a log" secret_in_none "$work/output" "$work"/run/*.log
check "faults.sh's Redis syncs every write: a 200 cannot be lost to the SIGKILL" \
	grep -qx 'appendfsync always' "$work/run/redis.conf"
check "the app ran with the 512 MB heap" grep -q 'Xmx512m' "$work/heap.txt"

# Behind the proxy: a killed Redis is a reset the proxy passes on, a paused one a delay it adds to.
unset REDIS_PASSWORD
status=0
FAULTS_APPS=kryo FAULTS_REDIS_RTT=1ms FAULTS_OUTPUT="$work/proxied" scripts/faults.sh >"$work/proxied.txt" 2>&1 ||
	status=$?
cat "$work/proxied.txt"
check "kryo behind the latency proxy: faults.sh answered every fault truthfully (exit $status)" test "$status" -eq 0
check "kryo: faults.sh put the latency proxy between the app and Redis" \
	grep -q 'Redis behind the latency proxy: 1ms round trip added' "$work/proxied.txt"
for fault in outage slow full; do
	check "kryo: faults.sh printed figures for $fault behind the proxy" \
		grep -Eq "^kryo +$fault +[0-9]+ " "$work/proxied.txt"
	check "kryo: $fault passed behind the proxy (results.tsv)" \
		test "$(verdict_of "$work/proxied/results.tsv" kryo "$fault")" = passed
done
check_summary
