package org.redisbench.runresults;

import org.redisbench.model.Layout;

/**
 * One configuration of a run's matrix: which app, how it talks to its store ({@code per-key} or {@code pipeline}),
 * how it compresses values, which store ({@code single} Redis, {@code cluster<N>} or {@code memcached}) with which
 * Redis settings, how far away the store and the app are, how many requests ab keeps in flight, and where in Redis
 * a person lies.
 *
 * @param masters the servers holding data: 1 for a single Redis or memcached, N for a cluster of N masters
 * @param redisRtt the round trip a latency proxy added between the app and Redis, if one stood there
 * @param appRtt the round trip a latency proxy added between ab and the app, if one stood there
 * @param concurrency ab's {@code -c}
 * @param redisSettings Redis's persistence and eviction: {@link #DEFAULT_SETTINGS} (neither, as published),
 * {@code aof-everysec}, {@code rdb} or {@code lru}; memcached has only the default
 * @param layout a key per person, as published, or hash buckets; memcached has only a key per person
 */
public record Variant(String app, String mode, String compression, String topology, int masters, Rtt redisRtt,
		Rtt appRtt, int concurrency, String redisSettings, Layout layout) {

	/** Persistence off, no maxmemory: the published setup, and bench.sh's default. */
	public static final String DEFAULT_SETTINGS = "default";

	/** The settings under which Redis evicts: persons may be missing after /add, and /check then finds them so. */
	public static final String EVICTING_SETTINGS = "lru";

	/** The published post's {@code ab -c}, and bench.sh's default. */
	public static final int PUBLISHED_CONCURRENCY = 200;

	/** Without added distance, at the published concurrency, a key per person. */
	public Variant(String app, String mode, String compression, String topology, int masters) {
		this(app, mode, compression, topology, masters, Rtt.NONE, Rtt.NONE, PUBLISHED_CONCURRENCY, DEFAULT_SETTINGS,
				Layout.STRING_PER_KEY);
	}

	/** With Redis's default settings, a key per person, and a proxy wherever a round trip above 0 was added. */
	public Variant(String app, String mode, String compression, String topology, int masters, double redisRttMs,
			double appRttMs, int concurrency) {
		this(app, mode, compression, topology, masters, Rtt.of(redisRttMs), Rtt.of(appRttMs), concurrency,
				DEFAULT_SETTINGS, Layout.STRING_PER_KEY);
	}

	/** The round trip added between the app and Redis, in ms (0 also for a proxy adding nothing). */
	public double redisRttMs() {
		return this.redisRtt.ms();
	}

	/** The round trip added between ab and the app, in ms (0 also for a proxy adding nothing). */
	public double appRttMs() {
		return this.appRtt.ms();
	}

	/** The published post's setup, as a reader knows it. */
	public static final String PUBLISHED_SETUP = "per-key/none/single";

	/** What a run without a matrix measured, and what the published post compared. */
	public static Variant published(String app) {
		return new Variant(app, "per-key", "none", "single", 1);
	}

	/**
	 * Its name in the report: bench.sh's folder name under raw/ in the same order (the layout after the compression,
	 * unless published), but the added round trips only when there are some and the concurrency always.
	 */
	public String name() {
		return nameBesidesConcurrency() + "-c" + this.concurrency;
	}

	/** Its {@link #name()} without the concurrency: what the variants of a concurrency sweep share. */
	public String nameBesidesConcurrency() {
		return this.app + "-" + this.mode + "-" + this.compression
				+ (this.layout.isPublished() ? "" : "-" + this.layout.label()) + "-" + this.topology
				+ (hasDefaultSettings() ? "" : "-" + this.redisSettings)
				+ (this.redisRtt.proxied() ? "-redis" + Rtt.ms(this.redisRtt.ms()) + "ms" : "")
				+ (this.appRtt.proxied() ? "-app" + Rtt.ms(this.appRtt.ms()) + "ms" : "");
	}

	/**
	 * Its {@link #name()} as it would be under Redis's default settings: what it shares with its twins under other
	 * {@code --redis-settings}, by which compare matches runs that differ in them.
	 */
	public String nameBesidesRedisSettings() {
		return withRedisSettings(DEFAULT_SETTINGS).name();
	}

	/** Everything but the app: what two apps must share to be compared. */
	public String setup() {
		return this.mode + "/" + this.compression + "/" + this.topology
				+ (hasDefaultSettings() ? "" : "/" + this.redisSettings) + layoutTail() + conditions();
	}

	/** The layout as a label's tail, {@code ""} for the published one: {@code ", hash-bucket"}. */
	public String layoutTail() {
		return this.layout.isPublished() ? "" : ", " + this.layout.label();
	}

	/** The store and the layout in it, as a table cell: {@code single}, {@code cluster3, hash-bucket}. */
	public String store() {
		return this.topology + layoutTail();
	}

	/** The added round trips and ab's concurrency, as a label's tail: {@code ", Redis RTT 0.2 ms, c200"}. */
	public String conditions() {
		return distance() + ", c" + this.concurrency;
	}

	/** The proxies in the way, {@code ""} when there are none: {@code ", Redis RTT 0.2 ms"}. */
	public String distance() {
		return (this.redisRtt.proxied() ? ", Redis RTT " + Rtt.ms(this.redisRtt.ms()) + " ms" : "")
				+ (this.appRtt.proxied() ? ", app RTT " + Rtt.ms(this.appRtt.ms()) + " ms" : "");
	}

	/** The added round trips as a table cell: Redis's, then the app's, in ms ({@code 0.2 · 0}, {@code 0 (proxy) · 0}). */
	public String rtts() {
		return this.redisRtt.label() + " · " + this.appRtt.label();
	}

	/**
	 * The published post's configuration, whatever the concurrency: per-key, uncompressed, a key per person in one
	 * Redis, no added distance.
	 */
	public boolean publishedSetup() {
		return this.mode.equals("per-key") && this.compression.equals("none") && this.topology.equals("single")
				&& this.layout.isPublished() && hasDefaultSettings() && !this.redisRtt.proxied()
				&& !this.appRtt.proxied();
	}

	/** A Redis Cluster: the data spread over its masters. */
	public boolean isCluster() {
		return this.topology.startsWith("cluster");
	}

	public boolean isMemcached() {
		return this.topology.equals("memcached");
	}

	public boolean hasDefaultSettings() {
		return this.redisSettings.equals(DEFAULT_SETTINGS);
	}

	public boolean sameSetup(Variant other) {
		return other != null && setup().equals(other.setup());
	}

	public Variant withApp(String other) {
		return new Variant(other, this.mode, this.compression, this.topology, this.masters, this.redisRtt,
				this.appRtt, this.concurrency, this.redisSettings, this.layout);
	}

	public Variant withMode(String other) {
		return new Variant(this.app, other, this.compression, this.topology, this.masters, this.redisRtt,
				this.appRtt, this.concurrency, this.redisSettings, this.layout);
	}

	public Variant withCompression(String other) {
		return new Variant(this.app, this.mode, other, this.topology, this.masters, this.redisRtt, this.appRtt,
				this.concurrency, this.redisSettings, this.layout);
	}

	/** The same configuration with other Redis settings. */
	public Variant withRedisSettings(String other) {
		return new Variant(this.app, this.mode, this.compression, this.topology, this.masters, this.redisRtt,
				this.appRtt, this.concurrency, other, this.layout);
	}

	/** The same configuration on a single Redis. */
	public Variant onSingleRedis() {
		return new Variant(this.app, this.mode, this.compression, "single", 1, this.redisRtt, this.appRtt,
				this.concurrency, this.redisSettings, this.layout);
	}

	public Variant withRedisRtt(Rtt other) {
		return new Variant(this.app, this.mode, this.compression, this.topology, this.masters, other, this.appRtt,
				this.concurrency, this.redisSettings, this.layout);
	}

	/** The same configuration without the proxies that add nothing: its twin, where no proxy stands in the way. */
	public Variant withoutProxyHops() {
		return new Variant(this.app, this.mode, this.compression, this.topology, this.masters,
				this.redisRtt.hopOnly() ? Rtt.NONE : this.redisRtt, this.appRtt.hopOnly() ? Rtt.NONE : this.appRtt,
				this.concurrency, this.redisSettings, this.layout);
	}

	public Variant withConcurrency(int other) {
		return new Variant(this.app, this.mode, this.compression, this.topology, this.masters, this.redisRtt,
				this.appRtt, other, this.redisSettings, this.layout);
	}

}
