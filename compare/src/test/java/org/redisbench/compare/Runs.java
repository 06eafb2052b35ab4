package org.redisbench.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.redisbench.runresults.RunFixture;

/**
 * Runs to compare, made from the real run kept under src/test/resources/run (a string and a kryo app, one repetition
 * each, variants {@link #STRING} and {@link #KRYO}), with the figures a test needs written in: more repetitions with
 * given /add rates, per-second samples, other settings.
 */
final class Runs {

	static final String STRING = "string-per-key-none-single-c50";

	static final String KRYO = "kryo-per-key-none-single-c50";

	private Runs() {
	}

	/** A copy of the real run in {@code target}. */
	static Path copy(Path target) {
		try {
			return RunFixture.copy(target);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The app's repetitions, one per rate, each its first repetition's outputs with ab's /add rate set to the rate
	 * given: {@code rep1} gets the first.
	 */
	static void addRates(Path run, String app, double... rates) {
		Path folder = run.resolve("raw").resolve(app);
		for (int i = 0; i < rates.length; i++) {
			Path rep = folder.resolve("rep" + (i + 1));
			if (i > 0) {
				copyTree(folder.resolve("rep1"), rep);
			}
			Path ab = rep.resolve("add.ab.txt");
			String text = read(ab).replaceFirst("(?m)^Requests per second:\\s+[0-9.]+",
					String.format(Locale.ROOT, "Requests per second:    %.2f", rates[i]));
			write(ab, text);
		}
	}

	/**
	 * The run as bench.sh's matrix lays it out with its Redis under each of {@code settings} ({@code --redis-settings}),
	 * the order bench.sh runs them in: a folder with its variant.env a variant, each a copy of the app's outputs,
	 * named as bench.sh names it ({@code string-per-key-none-single-aof-everysec}), and the variants and settings in
	 * settings.env.
	 */
	static void redisSettings(Path run, String... settings) {
		Path raw = run.resolve("raw");
		List<String> variants = new ArrayList<>();
		for (String setting : settings) {
			for (String app : List.of("string", "kryo")) {
				String name = app + "-per-key-none-single" + (setting.equals("default") ? "" : "-" + setting);
				copyTree(raw.resolve(app), raw.resolve(name));
				write(raw.resolve(name).resolve("variant.env"), "app=" + app + "\nmode=per-key\ncompression=none\n"
						+ "topology=single\nmasters=1\nredis_settings=" + setting + "\n");
				variants.add(name);
			}
		}
		for (String app : List.of("string", "kryo")) {
			deleteTree(raw.resolve(app));
		}
		setting(run, "variants", String.join(",", variants));
		setting(run, "redis_settings", String.join(",", settings));
	}

	/** Sets {@code key=value} in the run's settings.env. */
	static void setting(Path run, String key, String value) {
		Path settings = run.resolve(RunFolder.SETTINGS);
		String text = read(settings);
		String line = key + "=" + value;
		write(settings, text.matches("(?s)(.*\\n)?" + key + "=[^\\n]*(\\n.*)?")
				? text.replaceFirst("(?m)^" + key + "=.*$", line) : text + line + "\n");
	}

	/**
	 * Per-second samples of the app's phase in its first repetition, as bench.sh's sampler writes them: a scrape of the
	 * app's metrics every 0.2 s, its requests counted up by {@code rates} (a second's rate each interval) and its CPU by
	 * {@code cpuMsPerRequest} for each request.
	 */
	static void perSecond(Path run, String app, String phase, double[] rates, double cpuMsPerRequest) {
		Path rep = run.resolve("raw").resolve(app).resolve("rep1");
		double interval = 0.2;
		StringBuilder scrapes = new StringBuilder();
		double requests = 0;
		double cpuNs = 1e9;
		for (int k = 0; k <= rates.length; k++) {
			if (k > 0) {
				requests += rates[k - 1] * interval;
				cpuNs += rates[k - 1] * interval * cpuMsPerRequest * 1e6;
			}
			scrapes.append(String.format(Locale.ROOT, """
					process_start_time_seconds 1000.0
					process_uptime_seconds %.3f
					http_server_requests_seconds_count{method="GET",outcome="SUCCESS",status="200",uri="/%s"} %.3f
					process_cpu_time_ns_total %.1f
					# sample end
					""", 10 + k * interval, phase, requests, cpuNs));
		}
		write(rep.resolve(phase + ".samples.start"), "1010.0\n");
		write(rep.resolve(phase + ".samples.prometheus.txt"), scrapes.toString());
	}

	private static void copyTree(Path source, Path target) {
		try (Stream<Path> files = Files.walk(source)) {
			for (Path file : (Iterable<Path>) files::iterator) {
				Path copy = target.resolve(source.relativize(file).toString());
				if (Files.isDirectory(file)) {
					Files.createDirectories(copy);
				}
				else {
					Files.copy(file, copy);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void deleteTree(Path folder) {
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static void write(Path file, String text) {
		try {
			Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static List<String> lines(Path file) {
		return read(file).lines().toList();
	}

}
