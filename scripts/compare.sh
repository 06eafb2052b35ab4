#!/usr/bin/env bash
# Compares runs of scripts/bench.sh (docs/compare.md): what differed between them, then for every variant and figure
# both hold the change with its 95% interval and a verdict from the Mann-Whitney U test; writes compare.md,
# compare.json and report.html into results/compare-<timestamp>/, and lists it in results/index.html. Run with
# --help. Every option is `redis-bench compare`'s (module compare's CompareCommand), read once by its parser.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
launch compare "$@"
