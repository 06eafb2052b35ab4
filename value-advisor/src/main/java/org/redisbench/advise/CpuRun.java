package org.redisbench.advise;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.redisbench.estimates.Estimate;
import org.redisbench.footprint.Conversion;

/** Runs {@link ValueBenchmark} through JMH for the candidates; its output goes to a log file. */
final class CpuRun {

	/** A candidate's ns per value, encode and decode, each with JMH's 99.9% interval. */
	record Cpu(Estimate encode, Estimate decode) {
	}

	private CpuRun() {
	}

	/** JMH's forks, warm-up and measurement as --forks, --warmup-* and --iteration* set them, for every run. */
	static ChainedOptionsBuilder settings(Options.Cpu settings) {
		return new OptionsBuilder().forks(settings.forks())
			.warmupIterations(settings.warmupIterations())
			.warmupTime(TimeValue.fromString(settings.warmupTime()))
			.measurementIterations(settings.iterations())
			.measurementTime(TimeValue.fromString(settings.iterationTime()))
			.jvmArgsAppend(settings.jvmArgs().toArray(String[]::new));
	}

	static Map<String, Cpu> measure(Options.Cpu settings, List<String> candidates, Path sample,
			Conversion.Dictionary dictionary,
			Path log) {
		ChainedOptionsBuilder options = settings(settings);
		options.include(ValueBenchmark.class.getName() + "\\.")
			.param("candidate", candidates.toArray(new String[0]))
			.param("sample", sample.toString())
			.param("dictionaryBytes", String.valueOf(dictionary.bytes()))
			.param("trainValues", String.valueOf(dictionary.trainValues()))
			.shouldFailOnError(true)
			.output(log.toString());
		Collection<RunResult> results;
		try {
			results = new Runner(options.build()).run();
		}
		catch (RunnerException ex) {
			throw new IllegalStateException("JMH failed; see " + log, ex);
		}
		Map<String, Estimate> encodes = new HashMap<>();
		Map<String, Estimate> decodes = new HashMap<>();
		for (RunResult result : results) {
			String benchmark = result.getParams().getBenchmark();
			Estimate estimate = new Estimate(result.getPrimaryResult().getScore(),
					result.getPrimaryResult().getScoreError());
			(benchmark.endsWith(".encode") ? encodes : decodes).put(result.getParams().getParam("candidate"), estimate);
		}
		Map<String, Cpu> cpu = new HashMap<>();
		for (String candidate : candidates) {
			cpu.put(candidate, new Cpu(encodes.get(candidate), decodes.get(candidate)));
		}
		return cpu;
	}

}
