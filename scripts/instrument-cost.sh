#!/usr/bin/env bash
# What the instrument costs around the codec, side by side (docs/instrument-cost.md): one app on a private
# redis-server under each Java runtime, thread kind, Tomcat thread count, more app properties and ab keep-alive, in
# alternating rounds on an idle JIT compiler; the median and range of requests/s and CPU ms per request per
# setting. Every option is `redis-bench instrument-cost`'s (module instrument-cost, InstrumentCostCommand), read
# once by its parser; --help for them.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
launch instrument-cost "$@"
