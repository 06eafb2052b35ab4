#!/usr/bin/env bash
# The published cache as one bench preset (--cache-scenario), and the time to live of the persons the apps
# store (--ttl). docs/bench.md "The cache scenario" tells what it reproduces. For bench.sh to source after
# settings.sh.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

BENCH_TTL=${BENCH_TTL:-}  # the apps' bench.ttl: a duration (300s) or a range drawn per person (300s-600s); none

# cache_preset: the published cache's setup. Redis with maxmemory well under what /add writes (lru: 64 bytes a
# person, where our persons take 136-250) and allkeys-lru, persons that expire after 5 to 10 minutes, 3 million of
# them written (the published cache held ~3 M), none vs gzip vs zstd-dict in one run; one repetition, no profile,
# a warm-up and waits for an idle JIT as short as --quick's. An option after it changes it.
cache_preset() {
	BENCH_APPS=string BENCH_MODES=per-key BENCH_COMPRESSION=none,gzip,zstd-dict BENCH_REDIS_SETTINGS=lru
	BENCH_TTL=300s-600s BENCH_REQUESTS=30000 BENCH_NOOP_REQUESTS=2000 BENCH_CONCURRENCY=200
	BENCH_WARMUP=1000 BENCH_WARMUP_ROUNDS=3 BENCH_WARMUP_SECONDS=20 BENCH_JIT_IDLE_TIMEOUT=3 BENCH_REPETITIONS=1
	BENCH_PROFILE=no BENCH_REDIS_BENCH_REQUESTS=20000
}

# check_ttl: refuses a TTL that is not none, a duration or a range of two (the forms bench.ttl takes). The apps bench.sh starts read BENCH_TTL from
# their environment as bench.ttl (Spring's relaxed binding); an app already running keeps its own.
check_ttl() {
	local duration='[0-9]+(ms|s|m|h|d)?'
	if [[ -z $BENCH_TTL ]]; then
		unset BENCH_TTL
		return 0
	fi
	[[ $BENCH_TTL == none || $BENCH_TTL =~ ^$duration(-$duration)?$ ]] ||
		refuse "--ttl must be none, a duration such as 300s or a range such as 300s-600s, was '$BENCH_TTL'"
	export BENCH_TTL
}
