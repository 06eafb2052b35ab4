package org.redisbench.openloop;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.redisbench.openloop.rules.Objective;
import org.redisbench.openloop.rules.SloSearch;
import org.redisbench.openloop.rules.SloSteps;
import org.redisbench.openloop.rules.SloSteps.Next;
import org.redisbench.openloop.rules.SloSteps.Over;
import org.redisbench.openloop.rules.SloSteps.Verdict;
import org.redisbench.openloop.rules.StepFigures;

/**
 * What scripts/test-open-loop.sh asks of a run's steps, as bench.sh asked it (bench asks open-loop-rules in its own
 * JVM): {@code describe STEP} prints a step's figures on one line
 * for its log; {@code slo OBJECTIVE START MAX PRECISION RESULT STEP...} prints the search's next rate
 * after the steps it ran so far, or, when it is over, writes its result to RESULT (slo&lt;N&gt;.env, which
 * bench-report reads) and prints it on one line.
 */
final class RulesCommand {

	static final String USAGE = """
			java -jar open-loop.jar describe STEP
			       java -jar open-loop.jar slo OBJECTIVE START MAX PRECISION RESULT STEP...""";

	private RulesCommand() {
	}

	static boolean handles(String[] args) {
		return args.length > 0 && (args[0].equals("describe") || args[0].equals("slo"));
	}

	/** The exit status: 0 done, 2 bad arguments, 1 a step's file unreadable. */
	static int run(String[] args, PrintStream out, PrintStream err) {
		try {
			if (args[0].equals("describe") && args.length == 2) {
				out.println(figures(args[1]).describe());
				return 0;
			}
			if (args[0].equals("slo") && args.length >= 6) {
				out.println(slo(Objective.parse(args[1]),
						new SloSearch(count(args[2]), count(args[3]), count(args[4])), Path.of(args[5]),
						Arrays.asList(args).subList(6, args.length)));
				return 0;
			}
			err.println("usage: " + USAGE);
			return 2;
		}
		catch (IllegalArgumentException ex) {
			err.println("open-loop " + args[0] + ": " + ex.getMessage());
			return 2;
		}
		catch (IOException ex) {
			err.println("open-loop " + args[0] + ": " + ex);
			return 1;
		}
	}

	/** The next rate, or the search's result in a sentence once it is written. */
	private static String slo(Objective objective, SloSearch search, Path result, List<String> files)
			throws IOException {
		Verdict verdict = new SloSteps(objective, search).after(files.stream().map(Path::of).toList(), result);
		return verdict instanceof Next next ? Long.toString(next.rate()) : ((Over) verdict).sentence();
	}

	private static StepFigures figures(String file) throws IOException {
		return StepFigures.parse(Files.readString(Path.of(file)));
	}

	private static long count(String text) {
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("START, MAX and PRECISION are whole numbers, was '" + text + "'");
		}
	}

}
