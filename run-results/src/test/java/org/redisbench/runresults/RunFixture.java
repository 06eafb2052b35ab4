package org.redisbench.runresults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.redisbench.model.Layout;
import org.redisbench.tooloutput.RedisInfo;
import org.redisbench.tooloutput.Resources;

/**
 * A writable copy of the real run kept under src/test/resources/run, so a test may spoil or add to it; and the
 * same run rearranged into the matrix layout of bench.sh, one variant folder per {@link Variant}.
 */
public final class RunFixture {

	/** How much more each cluster master's used_memory is than the next one's, so that sums are told from copies. */
	public static final long NODE_MEMORY_STEP = 1000;

	/** The apps the real run measured; any other app of a matrix gets the string app's outputs. */
	private static final List<String> REAL_APPS = List.of("string", "kryo");

	private RunFixture() {
	}

	/** A copy of the real run in {@code target}, read from this module's test classes or its test jar alike. */
	public static Path copy(Path target) throws IOException {
		URI run;
		try {
			run = RunFixture.class.getResource("/run").toURI();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
		if (!"jar".equals(run.getScheme())) {
			return copy(Path.of(run), target);
		}
		try (FileSystem jar = FileSystems.newFileSystem(run, Map.of())) {
			return copy(jar.provider().getPath(run), target);
		}
	}

	private static Path copy(Path source, Path target) throws IOException {
		Files.createDirectories(target);
		try (Stream<Path> files = Files.walk(source)) {
			files.filter(file -> !file.equals(source)).forEach(file -> {
				try {
					Files.copy(file, target.resolve(source.relativize(file).toString()));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		return target;
	}

	/**
	 * The real run as a matrix run of the given variants, in that order: each variant's folder holds its app's
	 * real outputs (an app the real run lacks, such as jackson, the string app's), plus real Prometheus scrapes of a kryo app around 5 /add and then 5 /check requests (the
	 * last /check a 404) as the scrapes around its add and check phases. On a cluster variant each INFO is given to every master with used_memory raised by
	 * {@code K * NODE_MEMORY_STEP} on master K, and each DBSIZE is split between the masters, the remainder on
	 * master 1.
	 */
	public static Path matrix(Path target, Variant... variants) throws IOException {
		copy(target);
		Path raw = target.resolve("raw");
		for (Variant variant : variants) {
			Path dir = raw.resolve(variant.name());
			copyTree(raw.resolve(REAL_APPS.contains(variant.app()) ? variant.app() : "string"), dir);
			Files.writeString(dir.resolve("variant.env"), """
					app=%s
					mode=%s
					compression=%s
					topology=%s
					masters=%d
					redis_rtt=%s
					app_rtt=%s
					concurrency=%d
					redis_settings=%s
					layout=%s
					""".formatted(variant.app(), variant.mode(), variant.compression(), variant.topology(),
					variant.masters(), written(variant.redisRtt()), written(variant.appRtt()),
					variant.concurrency(), variant.redisSettings(), variant.layout().label()));
			Path rep = dir.resolve("rep1");
			Files.writeString(rep.resolve("add.before.prometheus.txt"), Resources.raw("prometheus-0-start.txt"));
			Files.writeString(rep.resolve("add.after.prometheus.txt"), Resources.raw("prometheus-1-after-5-add.txt"));
			Files.writeString(rep.resolve("check.before.prometheus.txt"), Resources.raw("prometheus-1-after-5-add.txt"));
			Files.writeString(rep.resolve("check.after.prometheus.txt"), Resources.raw("prometheus-2-after-5-check.txt"));
			if (variant.isCluster()) {
				splitBetweenMasters(rep, variant.masters());
			}
		}
		for (String app : REAL_APPS) {
			deleteTree(raw.resolve(app));
		}
		Path settings = raw.resolve("env/settings.env");
		Files.writeString(settings, Files.readString(settings) + "variants="
				+ Stream.of(variants).map(Variant::name).collect(Collectors.joining(",")) + "\n");
		return target;
	}

	/** A round trip as bench.sh writes it into variant.env: 0 for no proxy, else a duration in ms. */
	private static String written(Rtt rtt) {
		return rtt.proxied() ? Rtt.ms(rtt.ms()) + "ms" : "0";
	}

	private static void splitBetweenMasters(Path rep, int masters) throws IOException {
		List<String> nodes = new ArrayList<>();
		for (int k = 1; k <= masters; k++) {
			nodes.add(k + " 127.0.0.1:" + (30000 + k));
		}
		Files.write(rep.resolve("nodes.txt"), nodes);
		for (Phase phase : Phase.AB) {
			for (String when : List.of("before", "after")) {
				Path info = rep.resolve(phase.label() + "." + when + ".info.txt");
				Path dbsize = rep.resolve(phase.label() + "." + when + ".dbsize.txt");
				String text = Files.readString(info);
				long keys = Long.parseLong(Files.readString(dbsize).strip());
				long used = RedisInfo.parse(text).longValue("used_memory");
				for (int k = 1; k <= masters; k++) {
					String node = phase.label() + "." + when + ".node" + k;
					Files.writeString(rep.resolve(node + ".info.txt"),
							text.replace("used_memory:" + used + "\r\n", "used_memory:" + (used + k * NODE_MEMORY_STEP) + "\r\n"));
					Files.writeString(rep.resolve(node + ".dbsize.txt"), (keys / masters + (k == 1 ? keys % masters : 0)) + "\n");
				}
				Files.delete(info);
				Files.delete(dbsize);
			}
		}
	}

	private static void copyTree(Path from, Path to) throws IOException {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path file : files.toList()) {
				Files.copy(file, to.resolve(from.relativize(file).toString()));
			}
		}
	}

	private static void deleteTree(Path dir) throws IOException {
		try (Stream<Path> files = Files.walk(dir)) {
			for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

	/** The same variant in hash buckets. */
	public static Variant inHashBuckets(Variant v) {
		return new Variant(v.app(), v.mode(), v.compression(), v.topology(), v.masters(), v.redisRtt(), v.appRtt(),
				v.concurrency(), v.redisSettings(), Layout.HASH_BUCKET);
	}

	/**
	 * What bench.sh writes around /add of a hash-bucket variant that wrote persons 1 .. {@code persons}: the HLEN of
	 * every bucket (none before it), and as DBSIZE after it the buckets, {@code persons:{0}} to
	 * {@code persons:{<persons / 100>}}.
	 */
	public static void writeBuckets(Path rep, int persons) throws IOException {
		StringBuilder sizes = new StringBuilder();
		for (int bucket = 0; bucket <= persons / 100; bucket++) {
			int first = Math.max(1, bucket * 100);
			sizes.append(Math.min(persons, bucket * 100 + 99) - first + 1).append('\n');
		}
		Files.writeString(rep.resolve("add.before.hlen.txt"), "");
		Files.writeString(rep.resolve("add.after.hlen.txt"), sizes);
		Files.writeString(rep.resolve("add.after.dbsize.txt"), (persons / 100 + 1) + "\n");
	}

}
