#!/usr/bin/env bash
# Writes a corpus of Java objects into a Redis you name, through a real Spring Boot service's own machinery
# (module spring-corpus): Spring Session's sessions with Spring Security's context, or Spring Cache's entries,
# JDK-serialized or as Spring's typed JSON. Prints the SCAN pattern of the keys written, for advise.sh --match
# (docs/your-values.md, "Your Java objects: a Spring Session store, measured"). Run with --help.
# Every option is the service's (spring-corpus's CorpusCommand), read once by its parser.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh

require_commands java
# --help alone is answered by the jar there is: no build of minutes for a question.
[[ $# -eq 1 && $1 =~ ^(-h|--help)$ && -f $(jar_of spring-corpus) ]] ||
	build_jars auto 1800 "${TMPDIR:-/tmp}/spring-corpus-build.log" spring-corpus
# The password reaches the service in REDIS_PASSWORD, which it reads, and no other process (environment.sh).
[[ -z ${REDIS_PASSWORD:-} ]] || export REDIS_PASSWORD
# C1 only: the writer lives seconds to minutes, and C2's compiler threads cost more CPU than they save (4.7 against
# 12.1 s of user CPU for 2,000 sessions, 10.1 against 17.8 for 20,000, on the loaded 2-core machine, 2026-11-26).
exec java -XX:TieredStopAtLevel=1 -jar "$(jar_of spring-corpus)" "$@"
