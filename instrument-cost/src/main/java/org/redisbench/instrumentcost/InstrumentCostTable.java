package org.redisbench.instrumentcost;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.redisbench.model.Spread;
import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.ProcStat;

/**
 * instrument-cost's table: per setting and path, the median (min-max) over the rounds of ab's requests/s and
 * of the app's CPU ms per request, from the facts the run wrote down and nothing it computed, so that a kept
 * facts.txt (-o) gives the same table again.
 * <p>
 * FACTS has a line per measured phase, its fields separated by spaces:
 * {@code JAVA THREADS TOMCAT SETTINGS KEEP_ALIVE PATH TICKS_BEFORE TICKS_AFTER CLK_TCK REQUESTS AB_OUTPUT}: the
 * setting's six words as the table shows them (TOMCAT a thread count or {@code -}), the app's CPU clock ticks
 * (/proc utime + stime, all threads) before and after the phase, the clock ticks a second, the requests ab was
 * asked for, and ab's output, the rest of the line, relative to FACTS's folder unless absolute.
 */
final class InstrumentCostTable {

	private static final String ROW = "%-8s %-9s %-7s %-24s %-10s %-5s %-26s %-26s";

	private static final int FIELDS = 11;

	/**
	 * The order of the rows: as sort -k1,1 -k2,2 -k3,3n -k4,4 -k5,5 -k6,6r put them (the script's table before
	 * it was Java), so /noop comes before /add. A Tomcat of {@code -} (virtual threads, where Tomcat's count does not apply) sorts first, as sort
	 * -n takes it for 0.
	 */
	static final Comparator<Setting> ORDER = Comparator.comparing(Setting::java)
		.thenComparing(Setting::threads)
		.thenComparingInt(setting -> setting.tomcat().matches("\\d+") ? Integer.parseInt(setting.tomcat()) : 0)
		.thenComparing(Setting::settings)
		.thenComparing(Setting::keepAlive)
		.thenComparing(Setting::path, Comparator.reverseOrder());

	private InstrumentCostTable() {
	}

	/** What a row names: a runtime, the server's and the client's settings, and the path. */
	record Setting(String java, String threads, String tomcat, String settings, String keepAlive, String path) {
	}

	/** One measured phase's figures. */
	record Phase(Setting setting, double requestsPerSecond, double cpuMsPerRequest) {
	}

	/** A facts file or an ab output that does not hold what the table needs; the message says where. */
	static final class FactsException extends Exception {

		FactsException(String message) {
			super(message);
		}

	}

	/** The app's CPU ms a request over a phase, from its CPU clock ticks before and after. */
	static double cpuMsPerRequest(long ticksBefore, long ticksAfter, long ticksPerSecond, long requests) {
		return ProcStat.millis(ticksAfter - ticksBefore, ticksPerSecond) / requests;
	}

	/** Every phase of FACTS, in its order. */
	static List<Phase> read(Path facts) throws IOException, FactsException {
		List<String> lines;
		try {
			lines = Files.readAllLines(facts);
		}
		catch (NoSuchFileException ex) {
			throw new FactsException("no facts file " + facts);
		}
		Path folder = facts.toAbsolutePath().getParent();
		List<Phase> phases = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			if (!lines.get(i).isBlank()) {
				phases.add(phase(lines.get(i), folder, facts + ":" + (i + 1)));
			}
		}
		if (phases.isEmpty()) {
			throw new FactsException(facts + " holds no measured phase");
		}
		return phases;
	}

	/** One line of a facts file; WHERE names it in errors. */
	static Phase phase(String line, Path folder, String where) throws IOException, FactsException {
		String[] fields = line.strip().split(" +", FIELDS);
		if (fields.length != FIELDS) {
			throw new FactsException(where + ": " + FIELDS + " fields expected (JAVA THREADS TOMCAT SETTINGS "
					+ "KEEP_ALIVE PATH TICKS_BEFORE TICKS_AFTER CLK_TCK REQUESTS AB_OUTPUT), found " + fields.length);
		}
		long before = count(fields[6], "TICKS_BEFORE", where);
		long after = count(fields[7], "TICKS_AFTER", where);
		long hz = count(fields[8], "CLK_TCK", where);
		long requests = count(fields[9], "REQUESTS", where);
		if (after < before || hz == 0 || requests == 0) {
			throw new FactsException(where + ": ticks " + before + " to " + after + ", " + hz + " a second, "
					+ requests + " requests measure no phase");
		}
		Path abFile = folder.resolve(fields[10]);
		AbOutput ab;
		try {
			ab = AbOutput.parse(Files.readString(abFile));
		}
		catch (NoSuchFileException ex) {
			throw new FactsException(where + ": no ab output " + abFile);
		}
		if (!ab.finished()) {
			throw new FactsException(where + ": ab did not finish in " + abFile);
		}
		if (ab.completeRequests() == null || ab.completeRequests() != requests) {
			throw new FactsException(where + ": ab completed " + ab.completeRequests() + " requests, not the "
					+ requests + " asked for, in " + abFile);
		}
		Setting setting = new Setting(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]);
		return new Phase(setting, ab.requestsPerSecond(), cpuMsPerRequest(before, after, hz, requests));
	}

	private static long count(String field, String name, String where) throws FactsException {
		if (!field.matches("\\d{1,18}")) {
			throw new FactsException(where + ": " + name + " is a whole number, was '" + field + "'");
		}
		return Long.parseLong(field);
	}

	/** The table of FACTS: its header and a row per setting. */
	static List<String> of(Path facts) throws IOException, FactsException {
		return lines(read(facts));
	}

	/** The header and a row per setting, in {@link #ORDER}. */
	static List<String> lines(List<Phase> phases) {
		Map<Setting, List<Phase>> rounds = new TreeMap<>(ORDER);
		for (Phase phase : phases) {
			rounds.computeIfAbsent(phase.setting(), setting -> new ArrayList<>()).add(phase);
		}
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, ROW, "java", "threads", "tomcat", "settings", "keep-alive", "path",
				"requests/s", "app CPU ms per request"));
		rounds.forEach((setting, measured) -> lines.add(String.format(Locale.ROOT, ROW, setting.java(),
				setting.threads(), setting.tomcat(), setting.settings(), setting.keepAlive(), setting.path(),
				spread(measured.stream().mapToDouble(Phase::requestsPerSecond).toArray(), "%.0f"),
				spread(measured.stream().mapToDouble(Phase::cpuMsPerRequest).toArray(), "%.3f"))));
		return lines;
	}

	/** {@code median (min-max)}, each in FORMAT. */
	static String spread(double[] values, String format) {
		Spread spread = Spread.of(values);
		return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", spread.median(), spread.min(),
				spread.max());
	}

}
