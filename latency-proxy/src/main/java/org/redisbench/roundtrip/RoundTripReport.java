package org.redisbench.roundtrip;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import org.redisbench.model.Quantities;
import org.redisbench.tooloutput.GarbledInput;

/**
 * The computed part of {@code scripts/roundtrip-experiment.sh}'s report, from the lines
 * {@link RoundTripExperiment} wrote at each round trip: seconds and µs per command, the pipelining speedups,
 * and how much longer a one-by-one {@code SET} took than over loopback (and than through the proxy adding
 * nothing, its own hop taken out) against the round trip asked.
 */
public final class RoundTripReport {

	/** The emulated distance is right when a one-by-one SET gains the round trip within this share. */
	static final double TOLERANCE_PERCENT = 15;

	private RoundTripReport() {
	}

	/** One line of {@link RoundTripExperiment}: a phase's commands, seconds, and their median round trip. */
	record Phase(String op, String mode, long requests, double seconds, OptionalDouble medianMicros) {

		static final String FORMAT = "op<TAB>mode<TAB>requests<TAB>seconds<TAB>median µs or -";

		double meanMicros() {
			return this.seconds * 1e6 / this.requests;
		}

		static Phase parse(String source, int line, String text) {
			String[] fields = text.split("\t", -1);
			if (fields.length != 5) {
				throw new GarbledInput(source, line, FORMAT, text);
			}
			try {
				long requests = Long.parseLong(fields[2]);
				double seconds = Double.parseDouble(fields[3]);
				OptionalDouble median = fields[4].equals("-") ? OptionalDouble.empty()
						: OptionalDouble.of(Double.parseDouble(fields[4]));
				if (requests < 1 || !(seconds >= 0)) {
					throw new GarbledInput(source, line, FORMAT + " (requests >= 1, seconds >= 0)", text);
				}
				return new Phase(fields[0], fields[1], requests, seconds, median);
			}
			catch (NumberFormatException ex) {
				throw new GarbledInput(source, line, FORMAT, text);
			}
		}

	}

	/** The phases at one round trip as the script names it: {@code 0} (loopback), {@code 0ms}, {@code 0.45ms}. */
	record Run(String rtt, String source, List<Phase> phases) {

		boolean loopback() {
			return this.rtt.equals("0");
		}

		/** Through the proxy adding nothing: what it adds is its own hop. */
		boolean hopOnly() {
			return !loopback() && rttMicros() == 0;
		}

		double rttMicros() {
			return Quantities.parseMicros(this.rtt);
		}

		Optional<Phase> phase(String op, String mode) {
			return this.phases.stream().filter((p) -> p.op().equals(op) && p.mode().equals(mode)).findFirst();
		}

		/** One by one over pipelined; empty for a one-by-one phase or without both. */
		OptionalDouble speedup(Phase phase) {
			if (!phase.mode().equals("pipelined") || !(phase.seconds() > 0)) {
				return OptionalDouble.empty();
			}
			return phase(phase.op(), "one-by-one").map((one) -> OptionalDouble.of(one.seconds() / phase.seconds()))
				.orElse(OptionalDouble.empty());
		}

		Phase oneByOneSet() {
			return phase("SET", "one-by-one")
				.orElseThrow(() -> new GarbledInput(this.source + ": no one-by-one SET line"));
		}

		static Run read(String rtt, Path file) {
			List<String> lines;
			try {
				lines = Files.readAllLines(file);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot read " + file + ": " + ex, ex);
			}
			return parse(rtt, file.toString(), lines);
		}

		static Run parse(String rtt, String source, List<String> lines) {
			Quantities.parseMicros(rtt);
			List<Phase> phases = new ArrayList<>();
			for (int i = 0; i < lines.size(); i++) {
				phases.add(Phase.parse(source, i + 1, lines.get(i)));
			}
			if (phases.isEmpty()) {
				throw new GarbledInput(source + ": no lines; expected " + Phase.FORMAT);
			}
			return new Run(rtt, source, List.copyOf(phases));
		}

	}

	/** A one-by-one SET at a round trip over one at a reference run: what the distance added, in µs. */
	record AddedDelay(String rtt, double meanMicros, double medianMicros, double expectedMicros) {

		static AddedDelay of(Run run, Run reference) {
			Phase at = run.oneByOneSet();
			Phase base = reference.oneByOneSet();
			return new AddedDelay(run.rtt(), at.meanMicros() - base.meanMicros(),
					median(at, run) - median(base, reference), run.rttMicros());
		}

		double errorPercent() {
			return 100 * (this.medianMicros - this.expectedMicros) / this.expectedMicros;
		}

		boolean withinTolerance() {
			return Math.abs(this.medianMicros - this.expectedMicros) <= this.expectedMicros * TOLERANCE_PERCENT / 100;
		}

		private static double median(Phase phase, Run run) {
			return phase.medianMicros()
				.orElseThrow(() -> new GarbledInput(run.source() + ": the one-by-one SET line has no median"));
		}

	}

	/** From {@code ## Ours} to the end of roundtrip.md. */
	static List<String> report(List<Run> runs) {
		List<String> md = new ArrayList<>();
		md.add("## Ours");
		md.add("");
		md.add("| emulated RTT | op | mode | seconds | µs per op (mean) | µs per op (median) | pipelining speedup |");
		md.add("|---|---|---|---|---|---|---|");
		for (Run run : runs) {
			for (Phase phase : run.phases()) {
				OptionalDouble speedup = run.speedup(phase);
				md.add(String.format(Locale.ROOT, "| %s | %s | %s | %.3f | %.2f | %s | %s |",
						run.loopback() ? "0 (loopback)" : run.rtt(), phase.op(), phase.mode(), phase.seconds(),
						phase.meanMicros(),
						phase.medianMicros().isPresent()
								? String.format(Locale.ROOT, "%.2f", phase.medianMicros().getAsDouble()) : "-",
						speedup.isPresent() ? String.format(Locale.ROOT, "%.1f×", speedup.getAsDouble()) : ""));
			}
		}
		md.add("");
		md.add("## Emulated distance: one-by-one SET against loopback");
		md.add("");
		Optional<Run> loopback = runs.stream().filter(Run::loopback).findFirst();
		if (loopback.isEmpty()) {
			md.add("No loopback run to compare with: add 0 to --rtt.");
			md.add("");
		}
		else {
			md.addAll(addedDelayTable(runs, loopback.get()));
		}
		Optional<Run> hop = runs.stream().filter(Run::hopOnly).reduce((first, second) -> second);
		if (hop.isPresent()) {
			md.add("## Emulated distance: one-by-one SET against the proxy adding nothing");
			md.add("");
			md.add("The same, over the proxy at no delay: what the proxy added beyond its own hop, which any user-space");
			md.add("proxy adds (one more pass through a process each way) and a real network would not.");
			md.add("");
			md.addAll(addedDelayTable(runs, hop.get()));
		}
		md.add("The median is of single round trips; the mean includes every command that waited for a CPU.");
		return md;
	}

	/** Per round trip asked (above 0), how much longer a one-by-one SET took than at the reference. */
	static List<String> addedDelayTable(List<Run> runs, Run reference) {
		List<String> md = new ArrayList<>();
		md.add(String.format(Locale.ROOT,
				"| emulated RTT | µs per SET over the reference (mean) | (median) | expected | within ±%.0f%% (median) |",
				TOLERANCE_PERCENT));
		md.add("|---|---|---|---|---|");
		for (Run run : runs) {
			if (run.loopback() || run.hopOnly()) {
				continue;
			}
			AddedDelay added = AddedDelay.of(run, reference);
			md.add(String.format(Locale.ROOT, "| %s | %+.1f | %+.1f | +%.1f | %s (%+.1f%%) |", added.rtt(),
					added.meanMicros(), added.medianMicros(), added.expectedMicros(),
					added.withinTolerance() ? "yes" : "no", added.errorPercent()));
		}
		md.add("");
		return md;
	}

}
