package org.redisbench.roundtrip;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.tooloutput.GarbledInput;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code latency-proxy roundtrip-report RTT FILE.tsv...}: a round-trip experiment's tables again, from the raw
 * figures it kept in raw/ ({@link RoundTripReport}).
 */
@Command(name = "roundtrip-report", mixinStandardHelpOptions = true,
		description = "The tables of roundtrip-experiment again, from its raw/roundtrip-rtt-RTT.tsv files, a round "
				+ "trip before each: roundtrip-report 0 raw/roundtrip-rtt-0.tsv 0.45ms raw/roundtrip-rtt-0.45ms.tsv")
public final class RoundTripReportCommand implements Callable<Integer> {

	@Parameters(paramLabel = "RTT FILE.tsv", arity = "2..*")
	List<String> runs;

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n")
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		if (this.runs.size() % 2 != 0) {
			throw new Refusal("takes RTT FILE.tsv for each round trip");
		}
		List<RoundTripReport.Run> runs = new ArrayList<>();
		try {
			for (int i = 0; i < this.runs.size(); i += 2) {
				runs.add(RoundTripReport.Run.read(this.runs.get(i), Path.of(this.runs.get(i + 1))));
			}
		}
		catch (GarbledInput ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		RoundTripReport.report(runs).forEach(this.spec.commandLine().getOut()::println);
		return CommandLines.OK;
	}

}
