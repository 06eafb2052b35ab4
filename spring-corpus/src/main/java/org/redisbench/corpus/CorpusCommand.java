package org.redisbench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Checks;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.Refusal;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

/**
 * The service's command line, {@code KIND COUNT} and Spring's own {@code --name=value} properties (where Redis is,
 * {@code --corpus.seed}): picocli reads the first two and hands the properties, which it does not know, to Spring
 * as they were given; anything else is refused before Spring starts.
 */
@Command(name = "spring-corpus", usageHelpWidth = 120,
		customSynopsis = "java -jar spring-corpus.jar KIND COUNT [--NAME=VALUE]...",
		description = { "Writes COUNT values of KIND into Redis through the shop service's own Spring machinery and"
				+ " prints the keys' SCAN pattern (scripts/corpus.sh runs it). Every --NAME=VALUE is a Spring"
				+ " property, read by Spring: where Redis is (--spring.data.redis.host=H, --spring.data.redis.port=P,"
				+ " --spring.data.redis.database=D, --spring.data.redis.username=U) and what the values are made of"
				+ " (--corpus.seed=S)." },
		parameterListHeading = "%n", optionListHeading = "%n",
		footer = { "%nExit status: 0 written, 1 Redis failed, 2 a bad command line: one line saying which." })
final class CorpusCommand implements Callable<Integer> {

	@Parameters(index = "0", paramLabel = "KIND", converter = Kind.Label.class, completionCandidates = Kind.Labels.class,
			description = "what to write, one of: ${COMPLETION-CANDIDATES}")
	Kind kind;

	@Parameters(index = "1", paramLabel = "COUNT", description = "values written, ids 1..COUNT")
	long count;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "this text")
	boolean help;

	/** Spring's properties, which picocli leaves unmatched; Spring reads them itself. */
	@Unmatched
	final List<String> properties = new ArrayList<>();

	@Override
	public Integer call() {
		Checks.atLeast("COUNT", this.count, 1);
		for (String property : this.properties) {
			if (!property.startsWith("--") || property.length() == 2) {
				throw new Refusal("unknown argument '" + property + "': after KIND COUNT, Spring's --NAME=VALUE only");
			}
		}
		SpringApplication application = new SpringApplication(SpringCorpus.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.setAdditionalProfiles(this.kind.profiles());
		try (ConfigurableApplicationContext context = application.run(this.properties.toArray(String[]::new))) {
			Corpus corpus = context.getBean(this.kind.writer());
			write(corpus);
			System.out.println(corpus.keyPattern());
		}
		catch (DataAccessException ex) {
			throw new Failure("Redis failed: " + ex.getMostSpecificCause().getMessage(), ex);
		}
		return 0;
	}

	/** Values 1..count, a line on stderr at every tenth. */
	private void write(Corpus corpus) {
		long started = System.nanoTime();
		long tenth = Math.max(1, this.count / 10);
		for (long id = 1; id <= this.count; id++) {
			corpus.write(id);
			if (id % tenth == 0 || id == this.count) {
				System.err.printf("spring-corpus: %s %,d of %,d written, %.1f s%n", this.kind.label(), id, this.count,
						(System.nanoTime() - started) / 1e9);
			}
		}
	}

}
