package org.redisbench.corpus;

import java.util.Arrays;
import java.util.Iterator;

import org.redisbench.corpus.sessions.SessionCorpus;
import org.redisbench.corpus.shop.JsonCacheConfiguration;
import org.redisbench.corpus.shop.OrderCorpus;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

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

	/** The kind of a label on the command line; a one-line refusal naming the labels otherwise. */
	static final class Label implements ITypeConverter<Kind> {

		@Override
		public Kind convert(String label) {
			return Arrays.stream(values())
				.filter((kind) -> kind.label.equals(label))
				.findFirst()
				.orElseThrow(() -> new TypeConversionException("unknown corpus '" + label + "' (one of: "
						+ String.join(", ", new Labels()) + ")"));
		}

	}

	/** The labels, for --help and the refusal. */
	static final class Labels implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Arrays.stream(values()).map(Kind::label).iterator();
		}

	}

}
