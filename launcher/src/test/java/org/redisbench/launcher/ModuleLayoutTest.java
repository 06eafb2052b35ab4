package org.redisbench.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds the build to docs/architecture.md, the page a new engineer reads to find a module: every module of the
 * root pom is a row of its table, every row a module, and the arrows run one way. The page's table says each
 * module's kind, so that one place names the tools and the apps, which no module but the launcher may depend on
 * in main code (a test may: it runs their jars). And no two main classes share a simple name, so that one name
 * says which program.
 */
class ModuleLayoutTest {

	/** Maven runs a module's tests in the module's folder. */
	private static final Path ROOT = Path.of("..");

	private static final Path PAGE = ROOT.resolve("docs/architecture.md");

	/** The page's section whose table lists the modules; the page has other tables. */
	private static final String SECTION = "## The modules";

	/** A row of that table: its first cell one or more `module/`, its second the kind. */
	private static final Pattern ROW = Pattern.compile("^\\|((?: *`[\\w-]+/`,?)+) *\\| *([a-z][a-z ]*?) *\\|");

	private static final Pattern MODULE = Pattern.compile("`([\\w-]+)/`");

	/** The JVM's entry point, not a helper named main (CommandLines.main takes the command first). */
	private static final Pattern MAIN_METHOD = Pattern
		.compile("\\bstatic\\s+void\\s+main\\s*\\(\\s*(final\\s+)?String\\s*(\\[\\s*]|\\.\\.\\.)");

	private static final Set<String> DEPENDED_ON_BY_THE_LAUNCHER_ONLY = Set.of("tool", "app");

	/** The launcher's kind: the one module that gathers the tools. */
	private static final String PROGRAM = "program";

	@Test
	void everyModuleOfTheRootPomIsOnTheArchitecturePage() throws Exception {
		Set<String> listed = kinds().keySet();
		assertThat(rootModules().stream().filter((module) -> !listed.contains(module)))
				.as("modules of the root pom missing from %s", PAGE).isEmpty();
	}

	@Test
	void everyModuleOnTheArchitecturePageIsOneOfTheRootPom() throws Exception {
		List<String> modules = rootModules();
		assertThat(kinds().keySet().stream().filter((module) -> !modules.contains(module)))
				.as("modules on %s that the root pom does not list", PAGE).isEmpty();
	}

	@Test
	void noModuleButTheLauncherDependsOnAToolOrAnApp() throws Exception {
		Map<String, String> kinds = kinds();
		Map<String, String> moduleByArtifact = new LinkedHashMap<>();
		for (String module : rootModules()) {
			moduleByArtifact.put(Pom.of(module).artifactId(), module);
		}
		List<String> arrows = new ArrayList<>();
		for (String module : rootModules()) {
			if (PROGRAM.equals(kinds.get(module))) {
				continue;
			}
			for (String artifact : Pom.of(module).mainDependenciesOnTheProject()) {
				String target = moduleByArtifact.get(artifact);
				if (target != null && DEPENDED_ON_BY_THE_LAUNCHER_ONLY.contains(kinds.get(target))) {
					arrows.add(module + " -> " + target + " (" + kinds.get(target) + ")");
				}
			}
		}
		assertThat(arrows).as("main-code dependencies on a tool or an app outside the launcher").isEmpty();
	}

	/** A stack trace, a manifest or a {@code java -cp JAR CLASS} line names a main class; one name, one program. */
	@Test
	void noTwoMainClassesShareASimpleName() throws Exception {
		Map<String, List<Path>> byName = new TreeMap<>();
		for (String module : rootModules()) {
			Path sources = ROOT.resolve(module).resolve("src/main/java");
			if (!Files.isDirectory(sources)) {
				continue;
			}
			try (Stream<Path> files = Files.walk(sources)) {
				for (Path file : files.filter((path) -> path.toString().endsWith(".java")).toList()) {
					if (MAIN_METHOD.matcher(Files.readString(file)).find()) {
						String name = file.getFileName().toString().replaceFirst("\\.java$", "");
						byName.computeIfAbsent(name, (key) -> new ArrayList<>()).add(ROOT.relativize(file));
					}
				}
			}
		}
		// The launcher's, the generator's and an app's: a scan that found none would forbid nothing.
		assertThat(byName).containsKeys("RedisBench", "OpenLoopGenerator", "SpringCorpus");
		assertThat(byName.entrySet().stream().filter((entry) -> entry.getValue().size() > 1)
				.map((entry) -> entry.getKey() + ": " + entry.getValue()))
				.as("main classes of the same simple name").isEmpty();
	}

	@Test
	void theRowsAreRead() throws Exception {
		// A kind renamed on the page would otherwise leave the arrows test nothing to forbid.
		assertThat(kinds()).containsEntry("launcher", PROGRAM).containsValues("library", "tool", "app");
	}

	private static List<String> rootModules() throws Exception {
		return Pom.of(ROOT).children("modules", "module").stream().map(Node::getTextContent).map(String::trim)
				.toList();
	}

	/** Each module the table of the page's section {@value #SECTION} lists, with its kind. */
	private static Map<String, String> kinds() throws IOException {
		Map<String, String> kinds = new LinkedHashMap<>();
		try (Stream<String> lines = Files.lines(PAGE)) {
			lines.dropWhile((line) -> !line.equals(SECTION)).skip(1).takeWhile((line) -> !line.startsWith("## "))
					.map(ROW::matcher).filter(Matcher::find).forEach((row) -> {
						Matcher module = MODULE.matcher(row.group(1));
						while (module.find()) {
							kinds.put(module.group(1), row.group(2));
						}
					});
		}
		return kinds;
	}

	/** A pom.xml, read with the JDK's parser: the project's own elements, not its plugins' or its profiles'. */
	private record Pom(Element project) {

		private static final Set<String> PROJECT_GROUPS = Set.of("org.redisbench", "${project.groupId}");

		static Pom of(String module) throws Exception {
			return of(ROOT.resolve(module));
		}

		static Pom of(Path folder) throws Exception {
			return new Pom(DocumentBuilderFactory.newInstance().newDocumentBuilder()
					.parse(folder.resolve("pom.xml").toFile()).getDocumentElement());
		}

		String artifactId() {
			return text(project, "artifactId");
		}

		/** The artifacts of this project that the module's main code depends on: any scope but test. */
		List<String> mainDependenciesOnTheProject() {
			return children("dependencies", "dependency").stream()
					.filter((dependency) -> PROJECT_GROUPS.contains(text(dependency, "groupId")))
					.filter((dependency) -> !"test".equals(text(dependency, "scope")))
					.map((dependency) -> text(dependency, "artifactId"))
					.toList();
		}

		/** The elements named {@code name} in the project's own element {@code list}. */
		List<Element> children(String list, String name) {
			return childElements(project, list).stream().flatMap((parent) -> childElements(parent, name).stream())
					.toList();
		}

		private static String text(Element parent, String name) {
			return childElements(parent, name).stream().findFirst().map(Node::getTextContent).map(String::trim)
					.orElse("");
		}

		private static List<Element> childElements(Element parent, String name) {
			List<Element> found = new ArrayList<>();
			for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
				if (child instanceof Element element && element.getTagName().equals(name)) {
					found.add(element);
				}
			}
			return found;
		}

	}

}
