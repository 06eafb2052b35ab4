package org.redisbench.bench;

import org.redisbench.valueformat.Named;

/** Where the apps keep the persons: Redis (single, and a cluster with --cluster) or a private memcached. */
public enum Store implements Named {

	REDIS, MEMCACHED;

	@Override
	public String label() {
		return Named.labelOf(this);
	}

}
