package org.redisbench.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code redis-bench index DIR}: writes DIR/index.html by hand; every tool rewrites it at the end of its run through
 * {@link ResultsFolder#index}.
 */
@Command(name = "index", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
		description = { "Writes DIR/index.html: every run in DIR, newest first, with its headline figures, and a picker"
				+ " of two runs to compare (docs/report-html.md). Every bench, codec lab, advisor and compare run"
				+ " rewrites it at its end; this writes it by hand." },
		parameterListHeading = "%nFolder:%n", optionListHeading = "%n",
		footer = { "%nExit status: 0 written, 1 it could not be written, 2 DIR is no folder or a bad option: one"
				+ " line saying which." })
public final class IndexCommand implements Callable<Integer> {

	@Parameters(paramLabel = "DIR", description = "a folder of runs, as results/")
	String folder;

	@ArgGroup(validate = false, heading = "%nBuild (read by scripts/lib/launcher.sh):%n")
	final JarBuild build = new JarBuild();

	@Override
	public Integer call() {
		Path path = Path.of(this.folder);
		if (!Files.isDirectory(path)) {
			throw new Refusal("no folder " + this.folder);
		}
		int runs;
		try {
			runs = IndexPage.write(path, this.folder);
		}
		catch (IOException ex) {
			throw new Failure("cannot write " + path.resolve(IndexPage.FILE) + ": " + ex.getMessage(), ex);
		}
		System.out.println("wrote " + path.resolve(IndexPage.FILE) + " (" + runs + (runs == 1 ? " run)" : " runs)"));
		return 0;
	}

}
