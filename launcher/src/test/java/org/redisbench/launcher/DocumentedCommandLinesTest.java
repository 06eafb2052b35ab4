package org.redisbench.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command line of a launcher script that README.md and docs/*.md show, in a code block or in inline code, is
 * one the launcher's parser takes: a reader who copies it gets the run it describes, not a refusal. Parsed only,
 * nothing run. scripts/test-docs.sh checks each option's name against the script's --help; this reads each line
 * whole, values, arity and subcommands included, as a shell would split it.
 */
class DocumentedCommandLinesTest {

	private static final Path ROOT = Path.of("..");

	/** How a script launches its subcommand (scripts/lib/launcher.sh): the whole command line goes to it. */
	private static final Pattern LAUNCH = Pattern.compile("(?m)^launch ([a-z-]+) \"\\$@\"$");

	private static final Pattern FENCE = Pattern.compile("^(`{3,})");

	/**
	 * The command lines the docs held when this was written: fewer means the extraction lost some (a floor, so
	 * that a page gaining an example does not fail it).
	 */
	private static final int DOCUMENTED = 117;

	@Test
	void everyDocumentedCommandLineOfALauncherScriptParses() throws IOException {
		Map<String, String> launchers = launchers();
		assertThat(launchers).containsEntry("scripts/bench.sh", "bench").containsEntry("scripts/lib/cluster.sh",
				"cluster");
		// One parser for every line: picocli resets each option to its initial value before a parse, and building the
		// launcher's fifteen subcommands anew for each line would take seconds.
		CommandLine launcher = CommandLines.of(new RedisBench());
		Map<String, Integer> parsed = new TreeMap<>();
		List<String> refused = new ArrayList<>();
		List<String> skipped = new ArrayList<>();
		for (Path doc : docs()) {
			for (Snippet snippet : snippets(doc)) {
				for (List<String> words : commands(snippet.text(), snippet.code())) {
					int at = 0;
					while (at < words.size() && !launchers.containsKey(words.get(at))) {
						at++;
					}
					if (at == words.size()) {
						continue;
					}
					String subcommand = launchers.get(words.get(at));
					List<String> args = words.subList(at + 1, words.size()).stream()
						.map(DocumentedCommandLinesTest::unbracketed).toList();
					String where = ROOT.relativize(doc) + ":" + snippet.line() + ": " + words.get(at) + " "
							+ String.join(" ", args);
					// In prose the script's name alone names it, and "scripts/bench.sh --rates" names one of its
					// options, whose value the sentence gives or does not need: no command line of their own.
					if (!snippet.code()
							&& (args.isEmpty() || namesAnOption(launcher.getSubcommands().get(subcommand), args))) {
						continue;
					}
					// "..." stands for arguments left out, those of the line before: not one to parse alone.
					if (args.contains("...")) {
						skipped.add(where);
						continue;
					}
					try {
						List<String> line = new ArrayList<>(List.of(subcommand));
						line.addAll(args);
						launcher.parseArgs(line.toArray(String[]::new));
						parsed.merge(words.get(at), 1, Integer::sum);
					}
					catch (ParameterException ex) {
						// "--port PORT": a value in capitals is the reader's to fill in, refused as written.
						if (ex.getValue() != null && ex.getValue().matches("[A-Z]+")) {
							skipped.add(where);
						}
						else {
							refused.add(where + ": " + ex.getMessage());
						}
					}
				}
			}
		}
		System.out.println("parsed " + parsed + "; skipped " + skipped);
		assertThat(refused).isEmpty();
		assertThat(parsed).containsOnlyKeys(launchers.keySet());
		assertThat(parsed.values().stream().mapToInt(Integer::intValue).sum()).isGreaterThanOrEqualTo(DOCUMENTED);
	}

	@Test
	void aLineIsSplitAsTheShellSplitsIt() {
		String text = "A=1 scripts/x.sh --m 'a b' \"c\\\"d\" \\\n  -n 2   # a note\nx=$(scripts/y.sh -q) && z | w";
		assertThat(commands(text, true)).containsExactly(
				List.of("A=1", "scripts/x.sh", "--m", "a b", "c\"d", "-n", "2"), List.of("x="),
				List.of("scripts/y.sh", "-q"), List.of("z"), List.of("w"));
		assertThat(commands("scripts/x.sh -n\n2", false)).containsExactly(List.of("scripts/x.sh", "-n", "2"));
	}

	/** Each script of scripts/ and scripts/lib/ that launches a subcommand, by its path, to that subcommand. */
	private static Map<String, String> launchers() throws IOException {
		Map<String, String> launchers = new TreeMap<>();
		for (Path folder : List.of(ROOT.resolve("scripts"), ROOT.resolve("scripts/lib"))) {
			try (Stream<Path> files = Files.list(folder)) {
				for (Path script : files.filter((file) -> file.toString().endsWith(".sh")).toList()) {
					Matcher launch = LAUNCH.matcher(Files.readString(script));
					if (launch.find()) {
						launchers.put(ROOT.relativize(script).toString(), launch.group(1));
					}
				}
			}
		}
		return launchers;
	}

	private static List<Path> docs() throws IOException {
		List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
		try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
			files.filter((file) -> file.toString().endsWith(".md")).sorted().forEach(docs::add);
		}
		return docs;
	}

	/**
	 * In prose, a script and one option that takes a value, without it: the sentence names the option. Its name is
	 * still checked, since an unknown one is no option of the subcommand.
	 */
	private static boolean namesAnOption(CommandLine subcommand, List<String> args) {
		if (args.size() != 1) {
			return false;
		}
		OptionSpec option = subcommand.getCommandSpec().findOption(args.get(0));
		return option != null && option.arity().min() > 0;
	}

	/** "[--pin]", an option shown as optional, is that option. */
	private static String unbracketed(String word) {
		return word.matches("\\[-[^\\]]+]") ? word.substring(1, word.length() - 1) : word;
	}

	/** Shell text from a page, where it starts; code when from a code block, whose lines are a script's. */
	private record Snippet(String text, int line, boolean code) {
	}

	/**
	 * A page's code blocks, line by line, and the inline code of its other text, a span whole over the lines it
	 * spans (Markdown joins them with a space).
	 */
	private static List<Snippet> snippets(Path doc) throws IOException {
		List<Snippet> snippets = new ArrayList<>();
		List<String> lines = Files.readAllLines(doc);
		StringBuilder paragraph = new StringBuilder();
		int paragraphLine = 0;
		String fence = null;
		boolean indentedCode = false;
		for (int n = 1; n <= lines.size(); n++) {
			String line = lines.get(n - 1);
			Matcher opening = FENCE.matcher(line);
			boolean blank = line.isBlank();
			if (fence != null) {
				if (line.strip().matches(Pattern.quote(fence) + "`*")) {
					fence = null;
				}
				else {
					snippets.add(new Snippet(line, n, true));
				}
				continue;
			}
			// An indented code block cannot interrupt a paragraph: it starts after a blank line.
			indentedCode = line.startsWith("    ") && (indentedCode || paragraph.isEmpty());
			if (indentedCode || blank || opening.find()) {
				spans(paragraph.toString(), paragraphLine, snippets);
				paragraph.setLength(0);
				if (indentedCode) {
					snippets.add(new Snippet(line, n, true));
				}
				else if (!blank) {
					fence = opening.group(1);
				}
				continue;
			}
			if (paragraph.isEmpty()) {
				paragraphLine = n;
			}
			paragraph.append(line).append('\n');
		}
		spans(paragraph.toString(), paragraphLine, snippets);
		return joinContinuations(snippets);
	}

	/** A code line ending in a backslash goes on on the next one, as the shell reads it. */
	private static List<Snippet> joinContinuations(List<Snippet> snippets) {
		List<Snippet> joined = new ArrayList<>();
		Snippet pending = null;
		for (Snippet snippet : snippets) {
			Snippet whole = pending == null ? snippet
					: new Snippet(pending.text() + "\n" + snippet.text(), pending.line(), true);
			pending = whole.code() && whole.text().stripTrailing().endsWith("\\") ? whole : null;
			if (pending == null) {
				joined.add(whole);
			}
		}
		if (pending != null) {
			joined.add(pending);
		}
		return joined;
	}

	/** CommonMark's code spans: a run of backticks up to the next run of the same length, none if there is none. */
	private static void spans(String paragraph, int firstLine, List<Snippet> snippets) {
		Matcher run = Pattern.compile("`+").matcher(paragraph);
		int from = 0;
		while (run.find(from)) {
			Matcher closing = Pattern.compile("(?<!`)" + run.group() + "(?!`)").matcher(paragraph);
			if (!closing.find(run.end())) {
				from = run.end();
				continue;
			}
			int line = firstLine + (int) paragraph.substring(0, run.start()).chars().filter((c) -> c == '\n').count();
			snippets.add(new Snippet(paragraph.substring(run.end(), closing.start()).replace('\n', ' '), line, false));
			from = closing.end();
		}
	}

	/**
	 * The simple commands of shell text, each as its words: quotes and backslashes as bash reads them, a comment
	 * from a word's "#" to the end of its line, and a new command after a newline (in code), "|", "&", ";", "(" or
	 * "$(". A backslash before a newline joins the lines.
	 */
	static List<List<String>> commands(String text, boolean code) {
		List<List<String>> commands = new ArrayList<>();
		List<String> command = new ArrayList<>();
		StringBuilder word = null;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			boolean separator = "|&;()".indexOf(c) >= 0
					|| (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '(') || (c == '\n' && code);
			if (separator || c == ' ' || c == '\t' || c == '\n') {
				if (word != null) {
					command.add(word.toString());
					word = null;
				}
				if (separator && !command.isEmpty()) {
					commands.add(command);
					command = new ArrayList<>();
				}
				continue;
			}
			if (c == '#' && word == null) {
				while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
					i++;
				}
				continue;
			}
			if (word == null) {
				word = new StringBuilder();
			}
			if (c == '\'') {
				int end = text.indexOf('\'', i + 1);
				end = end < 0 ? text.length() : end;
				word.append(text, i + 1, end);
				i = end;
			}
			else if (c == '"') {
				for (i++; i < text.length() && text.charAt(i) != '"'; i++) {
					if (text.charAt(i) == '\\' && i + 1 < text.length()
							&& "\"\\$`".indexOf(text.charAt(i + 1)) >= 0) {
						i++;
					}
					word.append(text.charAt(i));
				}
			}
			else if (c == '\\' && i + 1 < text.length()) {
				i++;
				if (text.charAt(i) == '\n') {
					if (word.isEmpty()) {
						word = null;
					}
				}
				else {
					word.append(text.charAt(i));
				}
			}
			else {
				word.append(c);
			}
		}
		if (word != null) {
			command.add(word.toString());
		}
		if (!command.isEmpty()) {
			commands.add(command);
		}
		return commands;
	}

}
