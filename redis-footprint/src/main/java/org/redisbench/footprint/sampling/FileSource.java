package org.redisbench.footprint.sampling;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.redisbench.commandline.Refusal;

/**
 * Values from files: a file of JSON lines (one value a line, blank lines skipped) or a folder whose regular
 * files each hold one value (named by the file). Sampled like a Redis's keys, so the memory is bounded by the
 * sample; a file larger than --max-value-bytes is counted and never read whole.
 */
public final class FileSource {

	private final Path path;

	private final int maxValueBytes;

	public FileSource(Path path, int maxValueBytes) {
		this.path = path;
		this.maxValueBytes = maxValueBytes;
	}

	public ValueSample read(int sampleSize, long seed) {
		ValueSample sample = new ValueSample(this.path.toString());
		try {
			if (Files.isDirectory(this.path)) {
				readFolder(sampleSize, seed, sample);
			}
			else if (Files.isRegularFile(this.path)) {
				readLines(sampleSize, seed, sample);
			}
			else {
				throw new Refusal("no such file or folder: " + this.path);
			}
		}
		catch (IOException ex) {
			throw new Refusal("cannot read " + this.path + ": " + ex.getMessage());
		}
		if (sample.matched == 0) {
			throw new Refusal("no value in " + this.path);
		}
		return sample;
	}

	private void readLines(int sampleSize, long seed, ValueSample sample) throws IOException {
		Reservoir<SampledValue> reservoir = new Reservoir<>(sampleSize, seed);
		try (BufferedReader reader = Files.newBufferedReader(this.path, StandardCharsets.UTF_8)) {
			long number = 0;
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				number++;
				if (line.isBlank()) {
					continue;
				}
				byte[] value = line.getBytes(StandardCharsets.UTF_8);
				if (value.length > this.maxValueBytes) {
					// the reservoir keeps its place, so that too-large lines are sampled like the rest
					reservoir.offer(new SampledValue(name(number), null, false));
				}
				else {
					reservoir.offer(new SampledValue(name(number), value, false));
				}
			}
		}
		keep(reservoir, sample);
	}

	private void readFolder(int sampleSize, long seed, ValueSample sample) throws IOException {
		Reservoir<Path> reservoir = new Reservoir<>(sampleSize, seed);
		try (Stream<Path> files = Files.list(this.path)) {
			files.filter(Files::isRegularFile).sorted().forEach(reservoir::offer);
		}
		Reservoir<SampledValue> values = new Reservoir<>(sampleSize, seed);
		for (Path file : reservoir.kept()) {
			byte[] name = file.getFileName().toString().getBytes(StandardCharsets.UTF_8);
			values.offer(new SampledValue(name, bounded(file), false));
		}
		keep(values, sample);
		sample.matched = reservoir.seen();
	}

	/** At most --max-value-bytes + 1 bytes: {@code null} for a larger file. */
	private byte[] bounded(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file)) {
			byte[] value = in.readNBytes(this.maxValueBytes + 1);
			return value.length > this.maxValueBytes ? null : value;
		}
	}

	private static void keep(Reservoir<SampledValue> reservoir, ValueSample sample) {
		sample.matched = reservoir.seen();
		List<SampledValue> kept = reservoir.kept();
		sample.sampledKeys = kept.size();
		for (SampledValue value : kept) {
			if (value.value() == null) {
				sample.skip(ValueSample.Skipped.TOO_LARGE);
			}
			else {
				sample.values.add(value);
				sample.keysRead++;
			}
		}
	}

	private static byte[] name(long line) {
		return ("line:" + line).getBytes(StandardCharsets.US_ASCII);
	}

}
