package org.redisbench.corpus;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.dao.DataAccessException;
import org.springframework.session.data.redis.config.annotation.web.http.EnableRedisHttpSession;

/**
 * A small shop service of the kind Spring users run, Spring Session, Spring Security and Spring Cache on Redis,
 * run as a command: {@code java -jar spring-corpus.jar sessions 100000 --spring.data.redis.port=6380} writes
 * 100,000 logged-in sessions through Spring's own machinery, prints the keys' {@code SCAN} pattern on stdout and
 * exits. The values are what such a service leaves in Redis, for the value advisor to measure (docs/your-values.md).
 * <p>
 * {@code @EnableRedisHttpSession} is the configuration Boot's auto-configuration imports for a servlet app; it is
 * named here because the command starts no web server, and Boot's session auto-configuration needs one.
 * Exit status: 0 written, 1 Redis failed, 2 a bad command line.
 */
@SpringBootApplication
@EnableCaching
@EnableRedisHttpSession
public class SpringCorpus {

	public static void main(String[] args) {
		System.exit(run(args));
	}

	/** Writes the corpus the command line asks for; the exit status. */
	static int run(String... args) {
		Request request;
		try {
			request = Request.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println("spring-corpus: " + ex.getMessage());
			return 2;
		}
		SpringApplication application = new SpringApplication(SpringCorpus.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.setAdditionalProfiles(request.kind().profiles());
		int status = 0;
		try (ConfigurableApplicationContext context = application.run(args)) {
			Corpus corpus = context.getBean(request.kind().writer());
			write(corpus, request);
			System.out.println(corpus.keyPattern());
		}
		catch (DataAccessException ex) {
			System.err.println("spring-corpus: Redis failed: " + ex.getMostSpecificCause().getMessage());
			status = 1;
		}
		return status;
	}

	/** Values 1..count, a line on stderr at every tenth. */
	private static void write(Corpus corpus, Request request) {
		long started = System.nanoTime();
		long tenth = Math.max(1, request.count() / 10);
		for (long id = 1; id <= request.count(); id++) {
			corpus.write(id);
			if (id % tenth == 0 || id == request.count()) {
				System.err.printf("spring-corpus: %s %,d of %,d written, %.1f s%n", request.kind().label(), id,
						request.count(), (System.nanoTime() - started) / 1e9);
			}
		}
	}

}
