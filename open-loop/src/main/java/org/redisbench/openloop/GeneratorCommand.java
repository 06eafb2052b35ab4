package org.redisbench.openloop;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Checks;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Refusal;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * The generator's command line, {@code [--cpu NAME=PID]... [--clock-ticks N] [--runqueue-tick-ms MS] URL RATE SECONDS
 * LEAD_IN OUT}, as
 * bench's StepRunner builds it, and the step it asks for ({@link OpenLoopGenerator} runs it).
 */
@Command(name = "open-loop", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
		description = { "Requests GET URL at RATE a second, open loop: LEAD_IN seconds uncounted, then SECONDS counted, "
				+ "each request timed from when it was due. Writes OUT (the step's figures, NAME=value), OUT.hgrm "
				+ "(the latency histogram's percentiles), OUT.requests (each counted request: due, latency, lag, "
				+ "failed) and OUT.runqueue (each process's run-queue wait every --runqueue-tick-ms).",
				"bench.sh --rates and --slo start it, a JVM of its own, once a step (docs/open-loop.md)." },
		footer = "%nExit status: 0 the step ran, whatever its errors; 1 Gatling could not run it; 2 a bad command "
				+ "line: one line.")
final class GeneratorCommand implements Callable<Integer> {

	@Option(names = "--cpu", paramLabel = "NAME=PID", converter = ProcessConverter.class,
			description = "a process whose CPU a request the step writes as cpu_ms_per_request_NAME, its threads' "
					+ "run-queue wait as runqueue_ms_per_s_NAME and its CPUs as cpus_allowed_NAME (the generator's "
					+ "own too, and its nice value); repeatable, the processes of one name summed (a cluster's nodes)")
	List<CpuAccount.Process> processes = new ArrayList<>();

	@Option(names = "--clock-ticks", paramLabel = "N",
			description = "/proc's clock ticks a second, as getconf CLK_TCK says [${DEFAULT-VALUE}]")
	long clockTicks = CpuAccount.USER_HZ;

	@Option(names = "--runqueue-tick-ms", paramLabel = "MS",
			description = "how often each process's run-queue wait is read for OUT.runqueue; 0: never, and no "
					+ "OUT.runqueue (the reads cost the generator CPU of its own: docs/open-loop.md) [${DEFAULT-VALUE}]")
	long runQueueTickMs = RunQueueTicks.TICK_MS;

	@Parameters(index = "0", paramLabel = "URL", description = "what to GET, http://...")
	String url;

	// The numbers are read by step(), not by picocli: a misspelt option followed by its value shifts them, and
	// picocli refuses a value while it reads it, before it names the unknown option at the end of the line.
	@Parameters(index = "1", paramLabel = "RATE", description = "requests a second, a number above 0")
	String rate;

	@Parameters(index = "2", paramLabel = "SECONDS", description = "counted seconds, a whole number from 1")
	String seconds;

	@Parameters(index = "3", paramLabel = "LEAD_IN", description = "uncounted seconds before them, a whole number "
			+ "from 0")
	String leadIn;

	@Parameters(index = "4", paramLabel = "OUT", description = "the step's file; its histogram is OUT.hgrm")
	Path out;

	@Override
	public Integer call() throws IOException {
		OpenLoopGenerator.run(step(), this.runQueueTickMs, this.out);
		return CommandLines.OK;
	}

	/** The step the arguments ask for, refused before Gatling starts when they are out of range. */
	Step step() {
		if (!this.url.startsWith("http://")) {
			throw new Refusal("URL is http://..., was '" + this.url + "'");
		}
		double rate;
		try {
			rate = Double.parseDouble(this.rate);
		}
		catch (NumberFormatException ex) {
			rate = Double.NaN;
		}
		// An infinite rate would never end its schedule.
		if (!(rate > 0 && Double.isFinite(rate))) {
			throw new Refusal("RATE is a number above 0, was '" + this.rate + "'");
		}
		Checks.atLeast("--clock-ticks", this.clockTicks, 1);
		Checks.atLeast("--runqueue-tick-ms", this.runQueueTickMs, 0);
		return new Step(this.url, rate, whole("SECONDS", this.seconds, 1), whole("LEAD_IN", this.leadIn, 0),
				new CpuAccount(List.copyOf(this.processes), this.clockTicks));
	}

	private static int whole(String name, String text, int from) {
		int value;
		try {
			value = Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			value = from - 1;
		}
		if (value < from) {
			throw new Refusal(name + " is a whole number from " + from + ", was '" + text + "'");
		}
		return value;
	}

	/** {@code app=1234}, in CpuAccount's own words when it is not one. */
	static final class ProcessConverter implements ITypeConverter<CpuAccount.Process> {

		@Override
		public CpuAccount.Process convert(String text) {
			try {
				return CpuAccount.Process.parse(text);
			}
			catch (IllegalArgumentException ex) {
				throw new TypeConversionException(ex.getMessage());
			}
		}

	}

}
