package org.redisbench.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code java -cp launcher/target/redis-bench.jar org.redisbench.html.Main index DIR}: writes DIR/index.html, the
 * list of the runs in DIR, by hand; every tool rewrites it at the end of its run through {@link ResultsFolder#index}.
 * Exit status 0, 2 for a wrong argument (one line on stderr).
 */
public final class Main {

	private Main() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 2 || !args[0].equals("index")) {
			System.err.println("usage: java -cp JAR org.redisbench.html.Main index DIR");
			System.exit(2);
		}
		Path folder = Path.of(args[1]);
		if (!Files.isDirectory(folder)) {
			System.err.println("index: no folder " + args[1]);
			System.exit(2);
		}
		int runs = IndexPage.write(folder, args[1]);
		System.out.println("wrote " + folder.resolve(IndexPage.FILE) + " (" + runs + (runs == 1 ? " run)" : " runs)"));
	}

}
