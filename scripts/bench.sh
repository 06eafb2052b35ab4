#!/usr/bin/env bash
# Runs the published string-vs-Kryo experiment (docs/published-experiment.md) unattended and writes its report:
# `redis-bench bench` (module bench), one JVM that reads and checks every option and BENCH_* setting, then runs
# every variant (start its app, warm it up, ab on /noop, /add and /check, the store's figures, redis-benchmark) and
# writes results/<timestamp>/ with its raw/ outputs and the report. Run with --help for the options; docs/bench.md
# "Running bench.sh" tells more. What stays here is what only a shell does: what the machine lacks is installed
# first (root on Debian; --no-install only names it), and the Redis password reaches the program through its
# environment alone.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/needs.sh
source "$ROOT/scripts/lib/needs.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
ensure_needs bench "$([[ " $* " == *' --no-install '* ]] && echo no || echo yes)"
# The one variable of the user's shell the run reads; environment.sh keeps it from every other program.
[[ -z ${REDIS_PASSWORD:-} ]] || export REDIS_PASSWORD
# BENCH_BUILD says for the program's jar what it says for the others, unless REDIS_BENCH_BUILD says otherwise. The run's
# JVM only orchestrates: the quick compiler and a small heap keep its CPU out of the way of what it measures.
REDIS_BENCH_BUILD=${REDIS_BENCH_BUILD:-${BENCH_BUILD:-}}
REDIS_BENCH_JAVA_OPTS=${REDIS_BENCH_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms64m -Xmx512m}
launch bench "$@"
