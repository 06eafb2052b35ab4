package org.redisbench.processes;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The commit a run was made from, as its records name it: the short hash, and " with uncommitted changes" when the
 * work tree differs from it; "unknown" outside a git checkout or without git. A table in the docs quotes it.
 */
public final class SourceCommit {

	private static final Duration GIT_TIMEOUT = Duration.ofSeconds(30);

	private SourceCommit() {
	}

	public static String of(Path repository) {
		Program.Ended head = Program.run(List.of("git", "-C", repository.toString(), "rev-parse", "--short", "HEAD"),
				GIT_TIMEOUT);
		if (!head.succeeded()) {
			return "unknown";
		}
		boolean clean = Program.run(List.of("git", "-C", repository.toString(), "diff", "--quiet", "HEAD"), GIT_TIMEOUT)
			.succeeded();
		return head.text() + (clean ? "" : " with uncommitted changes");
	}

}
