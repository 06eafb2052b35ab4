package org.redisbench.launcher;

import org.redisbench.advise.AdviseCommand;
import org.redisbench.bench.BenchCommand;
import org.redisbench.bench.ClusterCommand;
import org.redisbench.commandline.CommandLines;
import org.redisbench.compare.CompareCommand;
import org.redisbench.faults.FaultsCommand;
import org.redisbench.fill.FillCommand;
import org.redisbench.fill.MemoryAtScaleCommand;
import org.redisbench.html.IndexCommand;
import org.redisbench.instrumentcost.InstrumentCostCommand;
import org.redisbench.lab.CodecLabCommand;
import org.redisbench.migrate.MigrateCommand;
import org.redisbench.proxy.LatencyProxyCommand;
import org.redisbench.report.ReportCommand;
import org.redisbench.roundtrip.RoundTripCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/**
 * The one program: each tool is a subcommand, read by one parser ({@link CommandLines}). The scripts in
 * {@code scripts/} run it through {@code scripts/lib/launcher.sh}, so {@code scripts/advise.sh --sample 10} is
 * {@code redis-bench advise --sample 10}.
 */
@Command(name = "redis-bench", mixinStandardHelpOptions = true, version = "redis-bench 1.0.0-SNAPSHOT",
		description = "Measures how a Java service should store its objects in Redis or memcached.",
		subcommands = { HelpCommand.class, BenchCommand.class, AdviseCommand.class, MigrateCommand.class,
				CodecLabCommand.class, FillCommand.class, MemoryAtScaleCommand.class, LatencyProxyCommand.class,
				RoundTripCommand.class, InstrumentCostCommand.class, ReportCommand.class, CompareCommand.class,
				FaultsCommand.class, IndexCommand.class, ClusterCommand.class })
public final class RedisBench {

	public static void main(String[] args) {
		CommandLines.main(new RedisBench(), args);
	}

}
