package org.redisbench.runresults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.redisbench.tooloutput.CsvFile;

/**
 * Every sampled phase of a run, in run order, and {@value #CSV}: each of their series, one point a line.
 */
public final class OverTime {

	public static final String CSV = "over-time.csv";

	private static final List<String> COLUMNS = List.of("variant", "repetition", "phase", "seconds", "measure", "value");

	private final List<Timeline> timelines;

	public OverTime(List<Timeline> timelines) {
		this.timelines = List.copyOf(timelines);
	}

	public static OverTime load(Path output) {
		List<Timeline> timelines = new ArrayList<>();
		for (Map.Entry<Variant, Path> variant : RunResults.folders(output).entrySet()) {
			for (Path rep : RunResults.repetitions(variant.getValue())) {
				int repetition = Integer.parseInt(rep.getFileName().toString().substring(3));
				for (Phase phase : Phase.AB) {
					if (Files.exists(rep.resolve(phase.label() + ".samples.start"))) {
						Timeline timeline = Timeline.load(variant.getKey(), repetition, phase, rep);
						if (timeline.sampled()) {
							timelines.add(timeline);
						}
					}
				}
			}
		}
		return new OverTime(timelines);
	}

	public List<Timeline> timelines() {
		return this.timelines;
	}

	public boolean isEmpty() {
		return this.timelines.isEmpty();
	}

	/** The phase's timelines of each configuration's first sampled repetition: what a chart compares. */
	public List<Timeline> firstRepetitions(Phase phase) {
		List<Timeline> first = new ArrayList<>();
		for (Timeline timeline : this.timelines) {
			if (timeline.phase() == phase
					&& first.stream().noneMatch(other -> other.variant().equals(timeline.variant()))) {
				first.add(timeline);
			}
		}
		return first;
	}

	/** Writes {@value #CSV} into the output folder; nothing when no phase was sampled. */
	public void writeCsv(Path output) {
		if (isEmpty()) {
			return;
		}
		List<Map<String, Object>> rows = new ArrayList<>();
		for (Timeline timeline : this.timelines) {
			timeline.series().forEach((measure, points) -> points.forEach(point -> rows.add(Map.of("variant",
					timeline.variant().name(), "repetition", timeline.repetition(), "phase", timeline.phase().label(),
					"seconds", String.format(Locale.ROOT, "%.3f", point.seconds()), "measure", measure.label(),
					"value", point.value()))));
		}
		CsvFile.write(output.resolve(CSV), COLUMNS, rows);
	}

}
