#!/usr/bin/env bash
# CI: runs faults.sh at small size against both apps, with Redis demanding a password, and checks that the
# password never shows up on any process's command line, in the output or in the logs.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/faults.sh --help | grep -q FAULTS_CLIENTS

REDIS_PASSWORD=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
export REDIS_PASSWORD
work=$(mktemp -d -t test-faults-XXXXXX)
trap 'rm -rf "$work"' EXIT
# Patterns are read from a file, so that grep's own command line does not hold the password.
printf '%s\n' "$REDIS_PASSWORD" >"$work/secret"

FAULTS_CLIENTS=${FAULTS_CLIENTS:-2} FAULTS_BEFORE_SECONDS=${FAULTS_BEFORE_SECONDS:-2} \
	FAULTS_FAULT_SECONDS=${FAULTS_FAULT_SECONDS:-3} FAULTS_AFTER_SECONDS=${FAULTS_AFTER_SECONDS:-3} \
	FAULTS_FULL_SECONDS=${FAULTS_FULL_SECONDS:-5} FAULTS_OUTPUT="$work/run" \
	scripts/faults.sh >"$work/output" 2>&1 &
faults=$!
leaked=no
while kill -0 "$faults" 2>/dev/null; do
	if cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' '\n' | grep -qFf "$work/secret"; then
		leaked=yes
	fi
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
for app in string kryo; do
	for fault in outage slow full; do
		grep -Eq "^$app +$fault +[0-9]+ " "$work/output" || { echo "no figures for $app $fault" >&2; exit 1; }
	done
done
echo "faults: both apps answered every fault truthfully; the password stayed off command lines, output and logs"
