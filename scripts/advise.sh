#!/usr/bin/env bash
# The value advisor (docs/your-values.md): reads a uniform sample of your own values, from a live Redis
# (read-only) or from files, tells their formats, reads JDK-serialized and typed JSON values as objects with your
# own classes (within an allow list), and measures what each encoding, compression and layout would do to Redis
# memory and to CPU; writes results/<timestamp>/advice.md with advice.csv, advice.json and charts. Run with --help.
# Every option is `redis-bench advise`'s (value-advisor's AdviseCommand), read once by its parser.
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
launch advise "$@"
