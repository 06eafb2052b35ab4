#!/usr/bin/env bash
# A local Redis Cluster of N masters and no replicas, for trying the apps on a cluster and for tests:
#   scripts/lib/cluster.sh start 3 --dir /tmp/c   prints 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3
#   scripts/lib/cluster.sh stop --dir /tmp/c
# Every argument and setting (CLUSTER_*, REDIS_PASSWORD) is `redis-bench cluster`'s (bench's ClusterCommand), which
# starts the nodes as a bench run's --cluster N does; run it with --help for the settings.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
# environment.sh (through common.sh) keeps a password of the shell's from what a script starts: this one is meant.
[[ -z ${REDIS_PASSWORD:-} ]] || export REDIS_PASSWORD
REDIS_BENCH_JAVA_OPTS=${REDIS_BENCH_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m}
launch cluster "$@"
