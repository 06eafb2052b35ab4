package org.redisbench.corpus;

import org.redisbench.commandline.CommandLines;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.session.data.redis.config.annotation.web.http.EnableRedisHttpSession;

/**
 * A small shop service of the kind Spring users run, Spring Session, Spring Security and Spring Cache on Redis,
 * run as a command: {@code scripts/corpus.sh --port 6380 --kind sessions -n 100000}, this jar with those options,
 * writes 100,000 logged-in sessions through Spring's own machinery, prints the keys' {@code SCAN} pattern on stdout
 * and exits. The values are what such a service leaves in Redis, for the value advisor to measure
 * (docs/your-values.md).
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
		CommandLines.main(new CorpusCommand(), args);
	}

	/** Writes the corpus the command line asks for ({@link CorpusCommand}); the exit status. */
	static int run(String... args) {
		return CommandLines.execute(new CorpusCommand(), args);
	}

}
