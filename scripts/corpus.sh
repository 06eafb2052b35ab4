#!/usr/bin/env bash
# Writes a corpus of Java objects into a Redis you name, through a real Spring Boot service's own machinery
# (module spring-corpus): Spring Session's sessions with Spring Security's context, or Spring Cache's entries,
# JDK-serialized or as Spring's typed JSON. Prints the SCAN pattern of the keys written, for advise.sh --match
# (docs/your-values.md, "Your Java objects: a Spring Session store, measured").
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh

KIND=sessions
COUNT=10000
SEED=1
HOST=127.0.0.1
PORT=''                 # where to write; no default, so that nothing is written to a Redis no one named
DB=0
USER_NAME=''            # ACL user; the password only ever comes from REDIS_PASSWORD in the environment
readonly BUILD_TIMEOUT=1800  # seconds building spring-corpus may take
JAR=$(jar_of spring-corpus)
readonly JAR

usage() {
	cat <<USAGE
Usage: scripts/corpus.sh --port P [options]

Writes values 1..N into the Redis at --port through a small Spring Boot shop service (Spring Session, Spring
Security, Spring Cache; spring-corpus/), as such a service stores them, and prints the SCAN pattern of the keys
it wrote on stdout. The same seed writes the same values. Builds the service's jar first when it is stale.

What:
      --kind K        what to write                                     [$KIND]
                        sessions    logged-in shoppers' sessions in Spring Session's Redis repository as
                                    configured by default: a hash a session (spring:session:sessions:*), every
                                    attribute JDK-serialized (Spring Security's SecurityContextImpl, a CSRF
                                    token, a cart, a Locale, a ZoneId, an Instant), expiring in 30 minutes
                        cache-jdk   orders cached by @Cacheable with Boot's default cache configuration: a
                                    string an order (orders::*), JDK-serialized, expiring in an hour
                        cache-json  the same orders through Spring Data Redis's GenericJacksonJsonRedisSerializer,
                                    JSON with @class (json:orders::*)
  -n, --count N       values written, ids 1..N                         [$COUNT]
      --seed S        what the values are made of                       [$SEED]

Where (a Redis you name; it is written to, never flushed; the keys of a kind with the same seed are written over):
      --port P        its port; required
      --host H        its host                                          [$HOST]
      --db N          database number                                   [$DB]
      --user NAME     ACL user; the password is read from REDIS_PASSWORD in the environment, never an option

  -h, --help          this text
USAGE
}

while (($#)); do
	case $1 in
	--kind) KIND=$(option_value "$1" "${2:-}"); shift ;;
	-n | --count) COUNT=$(option_value "$1" "${2:-}"); shift ;;
	--seed) SEED=$(option_value "$1" "${2:-}"); shift ;;
	--port) PORT=$(option_value "$1" "${2:-}"); shift ;;
	--host) HOST=$(option_value "$1" "${2:-}"); shift ;;
	--db) DB=$(option_value "$1" "${2:-}"); shift ;;
	--user) USER_NAME=$(option_value "$1" "${2:-}"); shift ;;
	-h | --help) usage; exit 0 ;;
	*) refuse "unknown option: $1" ;;
	esac
	shift
done
[[ -n $PORT ]] || refuse "--port is required: corpus.sh writes only to a Redis you name"
require_count PORT 1
require_count COUNT 1
require_count SEED
require_count DB
# The service knows its kinds; it refuses another in one line, before Spring starts.
require_commands java

build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/spring-corpus-build.log" spring-corpus
properties=(--spring.data.redis.host="$HOST" --spring.data.redis.port="$PORT" --spring.data.redis.database="$DB"
	--corpus.seed="$SEED")
[[ -z $USER_NAME ]] || properties+=(--spring.data.redis.username="$USER_NAME")
log "writing $COUNT $KIND into $HOST:$PORT/$DB"
# The password, if any, reaches the service by Spring's own variable, and nothing else does (environment.sh).
password=()
[[ -z ${REDIS_PASSWORD:-} ]] || password=(SPRING_DATA_REDIS_PASSWORD="$REDIS_PASSWORD")
status=0
# C1 only: the writer lives seconds to minutes, and C2's compiler threads cost more CPU than they save (4.7 against
# 12.1 s of user CPU for 2,000 sessions, 10.1 against 17.8 for 20,000, on the loaded 2-core machine, 2026-11-26).
env "${password[@]}" java -XX:TieredStopAtLevel=1 -jar "$JAR" "$KIND" "$COUNT" "${properties[@]}" || status=$?
((status != 2)) || refuse "spring-corpus refused the command line above"
((status == 0)) || die "spring-corpus failed (exit $status)"
