#!/usr/bin/env bash
# CI check of docker-compose.yml without a Docker engine: `docker-compose config` must accept the file, with
# and without its cluster profile, and every path, port and variable it names must exist in the project, so
# that the file cannot silently drift from the code (a renamed module, a changed port, a bench.sh option or
# variable that no longer exists) nor the cluster profile from its own nodes.
#
# Usage: scripts/test-compose.sh
#
# Validates docker-compose.yml with `docker-compose config`, with no profile, each profile, and the cluster,
# distance and monitoring profiles together (Debian: apt-get install docker-compose, which also brings
# python3-yaml), and checks every service of the last against the project:
#   - build contexts, the Dockerfile, its target stages, and the modules named by the APP build args exist;
#   - each app's PORT build arg, published port and server.port in its application.properties agree;
#   - the distance profile's latency proxy listens on its PORT, publishes none, forwards by default to the
#     redis service's port and is health-checked there;
#   - bind-mounted host paths exist or are git-ignored outputs (results/);
#   - Spring properties set through the environment exist in the project, variables and options given to
#     the bench client are read by scripts/bench.sh, and every ${VARIABLE} the file reads from the
#     host is documented in its header;
#   - the password is on no command line, and no two services publish the same host port;
#   - the default services need no service of a profile;
#   - the cluster profile runs every app on at least 3 cluster-enabled nodes, which keep their cluster state
#     in a tmpfs; each cluster app's SPRING_DATA_REDIS_CLUSTER_NODES and the nodes redis-cluster-init passes
#     to `redis-cli --cluster create` are exactly those nodes at their ports; the init waits for every node
#     to be healthy and the apps for the init to complete;
#   - the monitoring profile's Prometheus reads monitoring/prometheus.yml and its targets where that file looks
#     for them, each target a service at the port it serves its metrics on; the apps publish the p99 the
#     dashboard draws; Grafana's datasource is that Prometheus, its dashboard provider reads the dashboards
#     where they are mounted, and the dashboard names that datasource.
# Needs no Docker engine and no network; the checks against the project are scripts/lib/compose_check.py.
# Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
command -v docker-compose >/dev/null || {
	echo "test-compose: docker-compose not found (Debian: apt-get install docker-compose)" >&2
	exit 1
}

password=ci-check
work=$(mktemp -d "${TMPDIR:-/tmp}/test-compose.XXXXXX")
trap 'rm -rf "$work"' EXIT

# refuses_without_password ARGS...: docker-compose ARGS config fails when REDIS_PASSWORD is not set.
refuses_without_password() {
	! env -u REDIS_PASSWORD docker-compose "$@" config -q 2>/dev/null
}

# renders ARGS...: docker-compose ARGS config accepts the file; what it renders goes to $work/resolved.yml. A
# fixed environment, so that variables set on this machine do not change what is checked.
renders() {
	env -i PATH="$PATH" REDIS_PASSWORD=$password docker-compose "$@" config >"$work/resolved.yml"
}

# The cluster, distance and monitoring profiles last: their configuration, a superset of the default one, is the
# one checked below; the memcached profile is checked to render.
for profiles in "" memcached distance "cluster distance monitoring"; do
	args=(-f docker-compose.yml)
	for profile in $profiles; do
		args+=(--profile "$profile")
	done
	what="docker-compose${profiles:+ --profile ${profiles// / --profile }} config"
	check "$what refuses to run without REDIS_PASSWORD" refuses_without_password "${args[@]}"
	check "$what" renders "${args[@]}"
done

check_lines python3 scripts/lib/compose_check.py "$work/resolved.yml" "$password"
check_summary
