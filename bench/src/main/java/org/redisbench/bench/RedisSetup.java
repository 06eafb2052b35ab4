package org.redisbench.bench;

import org.redisbench.valueformat.Named;

/**
 * The persistence and eviction a Redis bench starts runs with (--redis-settings): default (persistence off, as
 * published), aof-everysec, rdb (BENCH_RDB_SAVE's rule) or lru (maxmemory under what /add writes, allkeys-lru).
 */
public enum RedisSetup implements Named {

	DEFAULT, AOF_EVERYSEC, RDB, LRU;

	@Override
	public String label() {
		return Named.labelOf(this);
	}

}
