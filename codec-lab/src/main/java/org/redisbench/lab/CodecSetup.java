package org.redisbench.lab;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.DictionaryTrainer;
import org.redisbench.codecs.FstPersonSerializer;
import org.redisbench.codecs.PersonCodec;

/**
 * One codec x compression, set up as an app would use it, except that a zstd dictionary is trained here for
 * the codec. {@link DictionaryTrainer} trains it on persons with random ids, stamped at random moments of
 * 2020-2040, so none of them is one of the persons the lab measures (see {@link LabPersons}).
 */
public record CodecSetup(PersonCodec codec, Compression compression) {

	/** As for the dictionaries the apps ship: more samples or a larger dictionary compress persons no smaller. */
	static final int DICTIONARY_SAMPLES = 20_000;

	static final int DICTIONARY_BYTES = 2048;

	/**
	 * Training takes seconds, so once per codec and JVM: each JMH fork trains its own; a JMH run without forks
	 * (the smoke run) and the tests share one.
	 */
	private static final Map<PersonCodec, byte[]> DICTIONARIES = new ConcurrentHashMap<>();

	/**
	 * The JVM flags the codecs need to run here, space-separated, empty for none: FST reflects into
	 * {@code java.lang}. Without them a codec is unavailable, and its rows say so.
	 */
	static String jvmFlags(List<PersonCodec> codecs) {
		return codecs.contains(PersonCodec.FST) ? FstPersonSerializer.REQUIRED_FLAGS : "";
	}

	public static CodecSetup of(String codecId, String compressionId) {
		return new CodecSetup(PersonCodec.byId(codecId), compression(compressionId));
	}

	/** A compression by the id the apps' {@code bench.compression} takes: none, gzip, lz4, zstd, zstd-dict. */
	public static Compression compression(String id) {
		return Arrays.stream(Compression.values())
			.filter((compression) -> compression.toString().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no compression '" + id + "'; the compressions are "
					+ Arrays.stream(Compression.values()).map(Compression::toString).collect(Collectors.joining(", "))));
	}

	/**
	 * The codec, compressed; for zstd-dict with the codec's dictionary, trained on first use.
	 * @throws IllegalStateException when the codec is unavailable, saying why
	 */
	public LabCodec start() {
		var serializer = this.codec.newSerializer();
		return new LabCodec(Compressions.wrap(this.compression, serializer, () -> DICTIONARIES.computeIfAbsent(this.codec,
				(codec) -> DictionaryTrainer.train(serializer, DICTIONARY_SAMPLES, DICTIONARY_BYTES))));
	}

	@Override
	public String toString() {
		return this.codec.id() + " " + this.compression;
	}

}
