package org.redisbench.corpus;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.redisbench.corpus.sessions.SessionCorpus;
import org.redisbench.corpus.shop.JsonCacheConfiguration;
import org.redisbench.corpus.shop.OrderCorpus;

/** The corpora the service writes, by the name the command line gives them. */
public enum Kind {

	/** Spring Session's repository as configured by default: a hash a session, JDK serialization. */
	SESSIONS("sessions", SessionCorpus.class),

	/** Spring Cache's orders with Boot's default cache configuration: JDK serialization. */
	CACHE_JDK("cache-jdk", OrderCorpus.class),

	/** Spring Cache's orders through Spring Data Redis's generic Jackson JSON serializer. */
	CACHE_JSON("cache-json", OrderCorpus.class, JsonCacheConfiguration.PROFILE);

	private final String label;

	private final Class<? extends Corpus> writer;

	private final String[] profiles;

	Kind(String label, Class<? extends Corpus> writer, String... profiles) {
		this.label = label;
		this.writer = writer;
		this.profiles = profiles;
	}

	public String label() {
		return this.label;
	}

	/** The bean that writes it. */
	public Class<? extends Corpus> writer() {
		return this.writer;
	}

	/** The Spring profiles that configure the service for it. */
	public String[] profiles() {
		return this.profiles.clone();
	}

	/** The kind of this label; a one-line refusal naming the labels otherwise. */
	public static Kind of(String label) {
		return Arrays.stream(values())
			.filter((kind) -> kind.label.equals(label))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown corpus '" + label + "' (one of: " + labels() + ")"));
	}

	public static String labels() {
		return Arrays.stream(values()).map(Kind::label).collect(Collectors.joining(", "));
	}

}
