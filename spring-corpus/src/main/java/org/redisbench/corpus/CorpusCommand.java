package org.redisbench.corpus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Checks;
import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.Refusal;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The command line of {@code scripts/corpus.sh}, which runs this jar with its arguments as they were given: what to
 * write and into which Redis. The options become Spring's properties here (where Redis is, {@code corpus.seed});
 * the password comes from {@code REDIS_PASSWORD} in the environment, so that it is on no command line.
 */
@Command(name = "spring-corpus", sortOptions = false, usageHelpWidth = 120,
		customSynopsis = { "scripts/corpus.sh --port P [options]",
				"       java -jar spring-corpus/target/spring-corpus.jar --port P [options]" },
		descriptionHeading = "%n",
		description = { "Writes values 1..N into the Redis at --port through a small Spring Boot shop service (Spring"
				+ " Session, Spring Security, Spring Cache; spring-corpus/), as such a service stores them, and prints"
				+ " the SCAN pattern of the keys it wrote on stdout. The same seed writes the same values. corpus.sh"
				+ " builds the service's jar first when it is stale." },
		footer = { "%nExit status: 0 written, 1 Redis failed, 2 a bad command line: one line saying which." })
final class CorpusCommand implements Callable<Integer> {

	/** Where the password of the Redis written to comes from: an option would show it to every user of the machine. */
	static final String PASSWORD_VARIABLE = "REDIS_PASSWORD";

	static final class What {

		@Option(names = "--kind", paramLabel = "K", defaultValue = "sessions", converter = Kind.Label.class,
				completionCandidates = Kind.Labels.class,
				description = { "what to write [${DEFAULT-VALUE}]",
						"  sessions    logged-in shoppers' sessions in Spring Session's Redis repository as",
						"              configured by default: a hash a session (spring:session:sessions:*), every",
						"              attribute JDK-serialized (Spring Security's SecurityContextImpl, a CSRF token,",
						"              a cart, a Locale, a ZoneId, an Instant), expiring in 30 minutes",
						"  cache-jdk   orders cached by @Cacheable with Boot's default cache configuration: a string",
						"              an order (orders::*), JDK-serialized, expiring in an hour",
						"  cache-json  the same orders through Spring Data Redis's",
						"              GenericJacksonJsonRedisSerializer, JSON with @class (json:orders::*)" })
		Kind kind = Kind.SESSIONS;

		@Option(names = { "-n", "--count" }, paramLabel = "N", defaultValue = "10000",
				description = "values written, ids 1..N [${DEFAULT-VALUE}]")
		long count = 10_000;

		@Option(names = "--seed", paramLabel = "S", defaultValue = "1",
				description = "what the values are made of [${DEFAULT-VALUE}]")
		long seed = 1;

	}

	static final class Where {

		/** No default, so that nothing is written to a Redis no one named. */
		@Option(names = "--port", paramLabel = "P", description = "its port; required")
		Integer port;

		@Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1",
				description = "its host [${DEFAULT-VALUE}]")
		String host = "127.0.0.1";

		@Option(names = "--db", paramLabel = "N", defaultValue = "0", description = "database number [${DEFAULT-VALUE}]")
		int db;

		@Option(names = "--user", paramLabel = "NAME", description = "ACL user; the password is read from "
				+ PASSWORD_VARIABLE + " in the environment, never an option")
		String user;

	}

	@ArgGroup(validate = false, heading = "%nWhat:%n", order = 1)
	What what = new What();

	@ArgGroup(validate = false, heading = "%nWhere (a Redis you name; it is written to, never flushed; the keys of a"
			+ " kind with the same seed are written over):%n", order = 2)
	Where where = new Where();

	static final class Help {

		@Option(names = { "-h", "--help" }, usageHelp = true, description = "this text")
		boolean help;

	}

	/** Last, as corpus.sh listed it: picocli puts an option of no group before every group. */
	@ArgGroup(validate = false, heading = "%n", order = 3)
	Help help = new Help();

	@Spec
	CommandSpec spec;

	private final Map<String, String> environment;

	CorpusCommand() {
		this(System.getenv());
	}

	/** Reading the password from {@code environment}, as a test gives it. */
	CorpusCommand(Map<String, String> environment) {
		this.environment = environment;
	}

	@Override
	public Integer call() {
		Map<String, Object> properties = springProperties();
		CommandLog log = new CommandLog(this.spec);
		log.say("writing " + this.what.count + " " + this.what.kind.label() + " into " + this.where.host + ":"
				+ this.where.port + "/" + this.where.db);
		SpringApplication application = new SpringApplication(SpringCorpus.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.setAdditionalProfiles(this.what.kind.profiles());
		// First among Spring's sources, so that the options win over a SPRING_DATA_REDIS_* the JVM inherited; a
		// property source rather than arguments, which Spring would show as the application's command line.
		application.addInitializers((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("spring-corpus options", properties)));
		try (ConfigurableApplicationContext context = application.run()) {
			Corpus corpus = context.getBean(this.what.kind.writer());
			write(corpus, log);
			this.spec.commandLine().getOut().println(corpus.keyPattern());
			this.spec.commandLine().getOut().flush();
		}
		catch (DataAccessException ex) {
			throw new Failure("Redis failed: " + ex.getMostSpecificCause().getMessage(), ex);
		}
		return 0;
	}

	/** What Spring is told, the options checked first: where Redis is, and what the values are made of. */
	Map<String, Object> springProperties() {
		if (this.where.port == null) {
			throw new Refusal("--port is required: corpus.sh writes only to a Redis you name");
		}
		if (this.where.port < 1 || this.where.port > 65_535) {
			throw new Refusal("--port is a port number, 1 to 65535, not " + this.where.port);
		}
		Checks.atLeast("--count", this.what.count, 1);
		Checks.atLeast("--seed", this.what.seed, 0);
		Checks.atLeast("--db", this.where.db, 0);
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.data.redis.host", this.where.host);
		properties.put("spring.data.redis.port", this.where.port);
		properties.put("spring.data.redis.database", this.where.db);
		if (this.where.user != null) {
			properties.put("spring.data.redis.username", this.where.user);
		}
		String password = this.environment.get(PASSWORD_VARIABLE);
		if (password != null && !password.isEmpty()) {
			properties.put("spring.data.redis.password", password);
		}
		properties.put("corpus.seed", this.what.seed);
		return properties;
	}

	/** Values 1..count, a line on stderr at every tenth. */
	private void write(Corpus corpus, CommandLog log) {
		long count = this.what.count;
		long started = System.nanoTime();
		long tenth = Math.max(1, count / 10);
		for (long id = 1; id <= count; id++) {
			corpus.write(id);
			if (id % tenth == 0 || id == count) {
				log.say(String.format("%s %,d of %,d written, %.1f s", this.what.kind.label(), id, count,
						(System.nanoTime() - started) / 1e9));
			}
		}
	}

}
