#!/usr/bin/env bash
# The published single-threaded round-trip experiment, directly and through the latency proxy: redis-bench
# roundtrip-experiment (module latency-proxy, RoundTripCommand), which reads every option and ROUNDTRIP_*; --help.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/launcher.sh
source scripts/lib/launcher.sh
launch roundtrip-experiment "$@"
