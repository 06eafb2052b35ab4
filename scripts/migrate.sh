#!/usr/bin/env bash
# The migrator (docs/migrate.md, "Switching in place"): rewrites the matched keys of a live Redis, one node or every
# master of a cluster, from one codec and compression to another, in place. A dry run unless --write: what would
# change and the memory after, projected as the value advisor measures. Writes results/<timestamp>/migrate.md and
# migrate.json. Run with --help. Every option is `redis-bench migrate`'s (migrate's MigrateCommand).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/source-password.sh
source "$ROOT/scripts/lib/source-password.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
export_source_password
launch migrate "$@"
