#!/usr/bin/env bash
# Runs every test: shellcheck over the scripts, the unit and integration tests (each against a redis-server, or a cluster, of its
# own), then the scripts end to end at a small size. Stops at the first failing suite.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every script, and CI's entry point, as shellcheck reads them (.ci/run installs it).
shellcheck -x scripts/*.sh scripts/lib/*.sh scripts/lib/bench/*.sh .ci/run
./mvnw -B verify
scripts/test-options.sh
scripts/test-compose.sh
scripts/test-lib.sh
scripts/test-bench.sh
scripts/test-bench-distance.sh
scripts/test-bench-stores.sh
scripts/test-faults.sh
scripts/test-latency-proxy.sh
scripts/test-codec-lab.sh
scripts/test-fill.sh
if [[ $(id -u) -eq 0 ]]; then
	scripts/test-three-box.sh
else
	echo "skipping scripts/test-three-box.sh: network namespaces need root"
fi
