#!/usr/bin/env bash
# The time to live of the persons the apps store (--ttl; --cache-scenario sets one, docs/bench.md "The cache
# scenario"). For bench.sh to source after settings.sh.

# export_ttl: the apps bench.sh starts read BENCH_TTL (checked by redis-bench bench: none, a duration or a range of
# two) from their environment as bench.ttl (Spring's relaxed binding); none given, none inherited. An app already
# running keeps its own.
export_ttl() {
	if [[ -z $BENCH_TTL ]]; then
		unset BENCH_TTL
	else
		export BENCH_TTL
	fi
}
