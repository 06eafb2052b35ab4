package org.redisbench.advise.objects;

import java.io.File;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.redisbench.estimates.Estimate;
import org.redisbench.objectreading.objects.ObjectSample;

/**
 * Runs {@link ObjectBenchmark} through JMH for typed candidates on a decoded sample: the sample goes to the
 * forks through {@link ObjectSampleFile}, the user's classpath as a parameter, and each fork rebuilds both.
 * How long and how many forks is the caller's (the advisor's {@code CpuRun} settings, already in the options
 * it passes); JMH's output goes to the log.
 */
public final class ObjectCpuRun {

	/** A candidate's ns per value, encode and decode, each with JMH's 99.9% interval. */
	public record Cpu(Estimate encode, Estimate decode) {
	}

	private ObjectCpuRun() {
	}

	/**
	 * @param settings JMH's forks, warm-up and measurement, as the advisor sets them for its other candidates
	 * @param codecs the typed candidates to time: those that carried the whole sample faithfully
	 * @param classpath the user's classpath entries (jars and folders), as the advisor's class loader reads them
	 * @param work a folder for the sample file, deleted when the run ends
	 */
	public static Map<String, Cpu> measure(ChainedOptionsBuilder settings, List<String> codecs, ObjectSample sample,
			ClassLoader loader, List<Path> classpath, Path work, Path log) {
		Path sampleFile = work.resolve("objects.bin");
		try {
			if (ObjectSampleFile.write(sampleFile, sample, loader) == 0) {
				throw new IllegalStateException("none of the sample's values can be written for JMH's forks");
			}
			settings.include(ObjectBenchmark.class.getName() + "\\.")
				.param("codec", codecs.toArray(new String[0]))
				.param("sample", sampleFile.toString())
				.param("classpath", classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)))
				.shouldFailOnError(true)
				.output(log.toString());
			Collection<RunResult> results;
			try {
				results = new Runner(settings.build()).run();
			}
			catch (RunnerException ex) {
				throw new IllegalStateException("JMH failed; see " + log, ex);
			}
			Map<String, Estimate> encodes = new HashMap<>();
			Map<String, Estimate> decodes = new HashMap<>();
			for (RunResult result : results) {
				Estimate estimate = new Estimate(result.getPrimaryResult().getScore(),
						result.getPrimaryResult().getScoreError());
				(result.getParams().getBenchmark().endsWith(".encode") ? encodes : decodes)
					.put(result.getParams().getParam("codec"), estimate);
			}
			Map<String, Cpu> cpu = new HashMap<>();
			for (String codec : codecs) {
				cpu.put(codec, new Cpu(encodes.get(codec), decodes.get(codec)));
			}
			return cpu;
		}
		finally {
			try {
				java.nio.file.Files.deleteIfExists(sampleFile);
			}
			catch (java.io.IOException ex) {
				// a leftover sample file in the advisor's own work folder: nothing else depends on it
			}
		}
	}

}
