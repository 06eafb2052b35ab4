#!/usr/bin/env bash
# What a person costs in Redis at scale, a markdown table: redis-bench memory-at-scale (module redis-fill,
# MemoryAtScaleCommand), which reads every option; --help for them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/launcher.sh
source scripts/lib/launcher.sh
# The password of a Redis given by --host, --port or --cluster (see fill.sh).
[[ -z ${REDIS_PASSWORD:-} ]] || export REDIS_PASSWORD
launch memory-at-scale "$@"
