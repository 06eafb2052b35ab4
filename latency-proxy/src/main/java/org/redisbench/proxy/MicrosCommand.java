package org.redisbench.proxy;

import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Quantities;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code latency-proxy micros DURATION...}: each duration in µs as --rtt and --delay read it, for scripts. */
@Command(name = "micros", mixinStandardHelpOptions = true,
		description = "Each duration in µs, as --rtt and --delay read it: micros 0.45ms prints 450.")
final class MicrosCommand implements Callable<Integer> {

	@Parameters(paramLabel = "DURATION", arity = "1..*")
	List<String> durations;

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n")
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() {
		for (String duration : this.durations) {
			try {
				this.spec.commandLine().getOut().println(Quantities.microsText(duration));
			}
			catch (IllegalArgumentException ex) {
				throw new Refusal(ex.getMessage());
			}
		}
		return CommandLines.OK;
	}

}
