#!/usr/bin/env bash
# The latency proxy, or with --self-test its measurement against a private redis-server: redis-bench latency-proxy
# (module latency-proxy, LatencyProxyCommand), which reads every option; --help for them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/launcher.sh
source scripts/lib/launcher.sh
# The proxy's JVM, as every caller starts its proxies (processes' LatencyProxyProcess).
export REDIS_BENCH_JAVA_OPTS=${REDIS_BENCH_JAVA_OPTS:-${LATENCY_PROXY_JAVA_OPTS:--Xmx512m}}
launch latency-proxy "$@"
