package org.redisbench.report;

/**
 * One configuration of a run's matrix: which app, how it talks to Redis ({@code per-key} or {@code pipeline}),
 * how it compresses values, and against which Redis ({@code single} or {@code cluster<N>}).
 *
 * @param masters the Redis servers holding data: 1 for a single Redis, N for a cluster of N masters
 */
public record Variant(String app, String mode, String compression, String topology, int masters) {

	/** What a run without a matrix measured, and what the published post compared. */
	static final String PUBLISHED_SETUP = "per-key/none/single";

	static Variant published(String app) {
		return new Variant(app, "per-key", "none", "single", 1);
	}

	/** The folder name bench.sh gives it under raw/. */
	public String name() {
		return this.app + "-" + this.mode + "-" + this.compression + "-" + this.topology;
	}

	/** Everything but the app: what two apps must share to be compared. */
	public String setup() {
		return this.mode + "/" + this.compression + "/" + this.topology;
	}

	public boolean isCluster() {
		return !this.topology.equals("single");
	}

	boolean sameSetup(Variant other) {
		return other != null && setup().equals(other.setup());
	}

}
