#!/usr/bin/env bash
# Plays Redis faults against each app under a small load and prints what the app answered: Redis killed and
# restarted (outage), paused (slow), and out of memory (full); a 2xx it cannot back is a failure, and the exit status
# says so (docs/faults-and-security.md, "Faults"). Run with --help. Every option is `redis-bench faults`'s (module
# faults' FaultsCommand), read once by its parser, FAULTS_* variables among them; FAULTS_BUILD also says whether the
# program's own jar is built (REDIS_BENCH_BUILD), as it did for every jar faults.sh ran.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
# The private Redis's password, which environment.sh keeps from every process a script starts: handed to the one
# it is meant for, which puts it in Redis's config file and the apps' environment only.
[[ -z ${REDIS_PASSWORD:-} ]] || export REDIS_PASSWORD
REDIS_BENCH_BUILD=${REDIS_BENCH_BUILD:-${FAULTS_BUILD:-auto}}
REDIS_BENCH_BUILD_TIMEOUT=${REDIS_BENCH_BUILD_TIMEOUT:-${FAULTS_BUILD_TIMEOUT:-1800}}
launch faults "$@"
