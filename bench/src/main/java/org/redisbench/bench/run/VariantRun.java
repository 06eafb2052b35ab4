package org.redisbench.bench.run;

import java.nio.file.Path;
import java.util.OptionalLong;

import org.redisbench.bench.app.AppUnderTest;
import org.redisbench.bench.stores.Topology;

/**
 * One repetition of one variant while it runs: its folder (raw/&lt;variant&gt;/rep&lt;N&gt;), the label its log
 * lines start with, its topology, its app and where the load client reaches the app (through the app's latency
 * proxy when the variant has one). The parts of a run take it to know where they measure and what.
 */
public final class VariantRun {

	private final PlannedVariant variant;

	private final Path dir;

	private final String label;

	private final Topology topology;

	private AppUnderTest app;

	private String url;

	public VariantRun(PlannedVariant variant, Path dir, String label, Topology topology) {
		this.variant = variant;
		this.dir = dir;
		this.label = label;
		this.topology = topology;
	}

	public PlannedVariant variant() {
		return this.variant;
	}

	/** raw/&lt;variant&gt;/rep&lt;N&gt;. */
	public Path dir() {
		return this.dir;
	}

	/** {@code rep R/N variant V/M <name>}, what its log lines start with. */
	public String label() {
		return this.label;
	}

	public Topology topology() {
		return this.topology;
	}

	public int concurrency() {
		return this.variant.concurrency();
	}

	/** Its app, once started (or found where it already runs). */
	public AppUnderTest app() {
		return this.app;
	}

	/** Its app, started; where the client reaches it until a proxy is put in front ({@link #reachAt}). */
	public void started(AppUnderTest started) {
		this.app = started;
		this.url = started.url();
	}

	/** From now on the client reaches the app at {@code proxied}. */
	public void reachAt(String proxied) {
		this.url = proxied;
	}

	/** Where the load client reaches the app: {@code http://host:port}, no slash at the end. */
	public String url() {
		return this.url;
	}

	/** The app's process when the run started it; empty for an app given by its URL. */
	public OptionalLong appPid() {
		return this.app == null ? OptionalLong.empty() : this.app.pid();
	}

	/** False once an app the run started has exited: whatever answers on its port then is not it. */
	public boolean appAlive() {
		return this.app != null && this.app.alive();
	}

}
