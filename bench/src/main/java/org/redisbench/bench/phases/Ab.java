package org.redisbench.bench.phases;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.BenchSettings;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;

/**
 * One ab load on the app, where the load client runs: {@code ab -n REQUESTS -c CONCURRENCY -s AB_TIMEOUT [-k]
 * URL/PATH}, its output into a file ({@code <phase>.ab.txt}, which run-results' AbOutput reads) and its exit status
 * beside it ({@code <phase>.ab.exit}), its progress lines on standard error, killed after BENCH_PHASE_TIMEOUT.
 */
public final class Ab {

	private static final Pattern COMPLETED = Pattern.compile("^Completed (\\d+) requests");

	private Ab() {
	}

	/** Runs it into {@code out}; ab's exit status, also written to {@code out}'s .exit file. */
	public static int run(RunContext context, VariantRun run, Path out, int requests, String path, String label) {
		BenchSettings settings = context.settings();
		List<String> arguments = new ArrayList<>(List.of("-n", String.valueOf(requests), "-c",
				String.valueOf(run.concurrency()), "-s", String.valueOf(settings.abTimeout().toSeconds())));
		if (settings.keepAlive()) {
			arguments.add("-k");
		}
		String url = run.url() + path;
		context.log().line(label + ": ab " + String.join(" ", arguments) + " " + url);
		List<String> command = new ArrayList<>(List.of("ab"));
		command.addAll(arguments);
		command.add(url);
		int status = load(context, context.placement().atClient(command), out, requests, label);
		RawFiles.write(Path.of(out.toString().replaceFirst("\\.txt$", "") + ".exit"), status + "\n");
		String text = RawFiles.read(out);
		if (text.contains("Cannot assign requested address")) {
			context.log().line(label + ": ab ran out of local ports (EADDRNOTAVAIL): closed connections linger in"
					+ " TIME_WAIT. Use --keep-alive, fewer requests, or a wider net.ipv4.ip_local_port_range /"
					+ " net.ipv4.tcp_tw_reuse=1.");
		}
		else if (status != 0) {
			String why = text.lines().filter((line) -> line.startsWith("apr_") || line.startsWith("ab:")
					|| line.matches("Benchmarking.*\\.\\.\\..*")).findFirst()
				.orElseGet(() -> text.lines().reduce((first, second) -> second).orElse(""));
			context.log().line(label + ": ab failed (exit " + status + "): " + why);
		}
		else {
			context.log().line(label + ": " + text.lines()
				.filter((line) -> line.matches("^(Requests per second|Failed requests|Non-2xx responses):.*"))
				.map((line) -> line.replaceAll(" +", " "))
				.collect(Collectors.joining(";")));
		}
		return status;
	}

	/** ab itself, its output copied into {@code out} as it comes, each "Completed N requests" shown as progress. */
	private static int load(RunContext context, List<String> command, Path out, int requests, String label) {
		Program.Ended ab = Program.runWatched(command, context.settings().phaseTimeout(), Duration.ZERO, out,
				(line) -> {
					Matcher completed = COMPLETED.matcher(line);
					if (completed.find()) {
						context.log().progress(label + ": " + completed.group(1) + "/" + requests + " requests done");
					}
					else if (line.startsWith("apr_")) {
						context.log().progress(label + ": ab: " + line);
					}
				});
		if (ab.status() == Program.NOT_STARTED) {
			RawFiles.write(out, ab.errors() + "\n");
		}
		return ab.status();
	}

}
