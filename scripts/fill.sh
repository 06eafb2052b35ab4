#!/usr/bin/env bash
# Loads N persons into Redis as the apps store them: redis-bench fill (module redis-fill, FillCommand), which
# reads every option; --help for them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/launcher.sh
source scripts/lib/launcher.sh
# The password of a Redis given by --host, --port or --cluster, which common.sh stopped exporting: the fill reads it
# for that Redis only, never for its own.
[[ -z ${REDIS_PASSWORD:-} ]] || export REDIS_PASSWORD
launch fill "$@"
