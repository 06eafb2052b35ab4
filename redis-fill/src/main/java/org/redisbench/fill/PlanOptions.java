package org.redisbench.fill;

import java.util.Map;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.valueformat.Compression;
import org.redisbench.model.Layout;

/**
 * What {@code plan} projects, from {@code --name value} arguments as {@link FillOptions} takes them.
 *
 * @param what the fill's codec, compression and layout, as the plan names them
 * @param ttl whether the persons expire: an expiry table beside the key table
 * @param headroom bytes a local fill leaves available beyond the plan
 * @param local whether every node is on this machine: then the fill must also fit in its MemAvailable
 */
record PlanOptions(long persons, String what, boolean ttl, long headroom, boolean local) {

	static final String USAGE = """
			usage: java -jar redis-fill.jar plan [--name value]... < the sample's lines and the nodes'
			  --persons N (required)   --codec kryo   --compression none   --layout string-per-key   --ttl SECONDS
			  --headroom BYTES (0)   --local true (the nodes are on this machine: MemAvailable counts)
			  a node on standard input: node NAME USED_MEMORY KEYS MAXMEMORY POLICY SLOTS""";

	static PlanOptions parse(String... args) {
		Map<String, String> given = FillOptions.named(args);
		if (!given.containsKey("persons")) {
			throw new IllegalArgumentException("--persons is required");
		}
		PlanOptions options = new PlanOptions(Long.parseLong(FillOptions.take(given, "persons", "")),
				String.join(", ", PersonCodec.byId(FillOptions.take(given, "codec", "kryo")).id(),
						Compression.parse(FillOptions.take(given, "compression", "none")).label(),
						Layout.parse(FillOptions.take(given, "layout", "string-per-key")).label()),
				Long.parseLong(FillOptions.take(given, "ttl", "0")) > 0,
				Long.parseLong(FillOptions.take(given, "headroom", "0")),
				Boolean.parseBoolean(FillOptions.take(given, "local", "false")));
		if (!given.isEmpty()) {
			throw new IllegalArgumentException("unknown options " + given.keySet());
		}
		if (options.persons < 1 || options.headroom < 0) {
			throw new IllegalArgumentException("--persons must be at least 1 and --headroom at least 0");
		}
		return options;
	}

}
