package org.redisbench.fill;

import java.util.concurrent.Callable;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code fill memory}: what the Redis a fill would write to holds, each node's INFO memory and keys, and the sum. */
@Command(name = "memory", mixinStandardHelpOptions = true, sortOptions = false,
		description = "Each node's INFO memory and keys of a Redis of yours, and one line of them over all the nodes: "
				+ "the bytes summed, the fragmentation ratio their mean.")
final class MemoryCommand implements Callable<Integer> {

	@ArgGroup(validate = false, heading = "Where (the password from REDIS_PASSWORD):%n")
	TargetOptions target = new TargetOptions();

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n")
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	/** Whose environment holds the password. */
	@ParentCommand
	FillCommand fill;

	@Override
	public Integer call() {
		Reach reach = this.target.reach(this.fill.environment)
			.orElseThrow(() -> new Refusal("name the Redis to read: --host, --port or --cluster"));
		MemoryReport.lines(MemoryReport.read(Fill.reach(reach))).forEach(this.spec.commandLine().getOut()::println);
		return CommandLines.OK;
	}

}
