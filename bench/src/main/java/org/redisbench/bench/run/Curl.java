package org.redisbench.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.redisbench.processes.Program;

/**
 * An HTTP GET to the app, run with curl where the load client runs (an app in another network namespace is reached
 * only from there): {@code curl -fsS -m SECONDS}, so that a status of 400 or more fails.
 */
public final class Curl {

	private final Placement placement;

	public Curl(Placement placement) {
		this.placement = placement;
	}

	/** GET {@code url}, its body written to {@code into} ({@code /dev/null} to drop it); its errors in the result. */
	public Program.Ended get(String url, Path into, Duration timeout) {
		List<String> command = this.placement.atClient(List.of("curl", "-fsS", "-m", String.valueOf(timeout.toSeconds()),
				"-o", into.toString(), url));
		return Program.run(command, timeout.plusSeconds(10), Map.of(), "");
	}

}
