#!/usr/bin/env bash
# CI: runs faults.sh at small size against the string app, with Redis demanding a password, and checks that the
# password never shows up on any process's command line, in the output or in the logs; then against the kryo app
# with Redis 1 ms away behind the latency proxy, where every fault must be answered as truthfully. One app a run:
# how an app answers a fault is common's, held for every app by RedisFaultContractTest; here it is the script that
# is tested, and a second app in the first run cost 45 s of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"

scripts/faults.sh --help | grep -q FAULTS_CLIENTS
for knob in FAULTS_APPS=string,nosuch FAULTS_SCENARIOS=outage,outage FAULTS_CLIENTS=two FAULTS_PAUSE_MODE=SOME \
	FAULTS_REDIS_RTT=far; do
	status=0
	env "$knob" scripts/faults.sh >/dev/null 2>&1 || status=$?
	((status == 2)) || { echo "faults.sh with $knob exited $status, not 2" >&2; exit 1; }
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

FAULTS_APPS=string FAULTS_CLIENTS=${FAULTS_CLIENTS:-2} FAULTS_BEFORE_SECONDS=${FAULTS_BEFORE_SECONDS:-2} \
	FAULTS_FAULT_SECONDS=${FAULTS_FAULT_SECONDS:-3} FAULTS_AFTER_SECONDS=${FAULTS_AFTER_SECONDS:-3} \
	FAULTS_FULL_SECONDS=${FAULTS_FULL_SECONDS:-5} FAULTS_OUTPUT="$work/run" \
	scripts/faults.sh >"$work/output" 2>&1 &
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

if [[ $leaked == yes ]]; then
	echo "the Redis password appeared on a command line" >&2
	exit 1
fi
if grep -qFf "$work/secret" "$work/output" "$work"/run/*.log; then
	echo "the Redis password appeared in the output or a log" >&2
	exit 1
fi
if ((status != 0)); then
	echo "faults.sh failed ($status)" >&2
	exit "$status"
fi
grep -qx 'appendfsync always' "$work/run/redis.conf" ||
	{ echo "faults.sh's Redis does not sync every write: a 200 could be lost to the SIGKILL" >&2; exit 1; }
grep -q 'Xmx512m' "$work/heap.txt" || { echo "the app did not run with the 512 MB heap" >&2; exit 1; }
for fault in outage slow full; do
	grep -Eq "^string +$fault +[0-9]+ " "$work/output" || { echo "no figures for string $fault" >&2; exit 1; }
done
echo "faults: the string app answered every fault truthfully; the password stayed off command lines, output and logs"

# Behind the proxy: a killed Redis is a reset the proxy passes on, a paused one a delay it adds to.
unset REDIS_PASSWORD
status=0
FAULTS_APPS=kryo FAULTS_REDIS_RTT=1ms FAULTS_CLIENTS=2 FAULTS_BEFORE_SECONDS=2 FAULTS_FAULT_SECONDS=3 \
	FAULTS_AFTER_SECONDS=3 FAULTS_FULL_SECONDS=5 FAULTS_OUTPUT="$work/proxied" scripts/faults.sh >"$work/proxied.txt" 2>&1 ||
	status=$?
cat "$work/proxied.txt"
((status == 0)) || { echo "faults.sh behind the latency proxy failed ($status)" >&2; exit "$status"; }
grep -q 'Redis behind the latency proxy: 1ms round trip added' "$work/proxied.txt" ||
	{ echo "faults.sh did not put the latency proxy between the app and Redis" >&2; exit 1; }
for fault in outage slow full; do
	grep -Eq "^kryo +$fault +[0-9]+ " "$work/proxied.txt" || { echo "no figures for kryo $fault behind the proxy" >&2; exit 1; }
done
echo "faults behind the latency proxy: every fault answered truthfully"
