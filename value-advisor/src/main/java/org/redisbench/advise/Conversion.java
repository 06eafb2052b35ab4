package org.redisbench.advise;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.github.luben.zstd.ZstdDictTrainer;
import com.github.luben.zstd.ZstdException;
import org.redisbench.codec.Compressions;
import org.redisbench.model.Compression;
import org.redisbench.codec.Compressor;

/**
 * A candidate applied to the sample: each value encoded, then compressed with common's compressors, as this
 * project's {@code CompressingSerializer} stores it (a tag byte, then the compressed bytes). For zstd-dict the
 * sample is split in two halves by position; each half is compressed with a dictionary trained on the other
 * half, so that no value is scored by a dictionary that learned it.
 */
final class Conversion {

	/** The tag byte {@code CompressingSerializer} writes before a compressed value. */
	static final int TAG_BYTES = 1;

	/** zstd's own advice: a dictionary about a hundredth of what it is trained on, 110 KiB at most. */
	private static final int MIN_DICTIONARY = 1024;

	private static final int MAX_DICTIONARY = 112_640;

	private final Candidate candidate;

	/** Per half (even, odd positions) the compressor its values are stored with. */
	private final Compressor[] compressors = new Compressor[2];

	private final int[] dictionaryBytes = new int[2];

	private final List<byte[]> stored = new ArrayList<>();

	private int roundTripFailures;

	private Conversion(Candidate candidate) {
		this.candidate = candidate;
	}

	static Compression compression(String id) {
		for (Compression compression : Compression.values()) {
			if (compression.toString().equals(id)) {
				return compression;
			}
		}
		throw new AdviceException("unknown compression '" + id + "'");
	}

	/**
	 * @param dictionary a zstd dictionary's size (0 to size it from the sample) and the most values it is trained
	 * on (0 for the whole other half)
	 * @throws AdviceException when zstd cannot train a dictionary on this sample (too few or too small values)
	 */
	static Conversion of(Candidate candidate, List<Document> documents, Dictionary dictionary) {
		Conversion conversion = new Conversion(candidate);
		List<byte[]> encoded = new ArrayList<>(documents.size());
		boolean[] encodes = new boolean[documents.size()];
		for (int i = 0; i < documents.size(); i++) {
			encoded.add(conversion.encode(documents.get(i)));
			encodes[i] = encoded.get(i) != null;
			if (!encodes[i]) {
				// counted below as not read back; its bytes as they are stand in for the sizes
				encoded.set(i, documents.get(i).raw());
			}
		}
		conversion.prepare(encoded, dictionary);
		for (int i = 0; i < documents.size(); i++) {
			byte[] value = conversion.store(encoded.get(i), i);
			conversion.stored.add(value);
			if (!encodes[i] || !conversion.readsBack(documents.get(i), value, i)) {
				conversion.roundTripFailures++;
			}
		}
		return conversion;
	}

	/** {@code null} when the encoding cannot hold the document (MessagePack and an integer beyond 64 bits). */
	private byte[] encode(Document document) {
		try {
			return this.candidate.encoding().encode(document);
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	private void prepare(List<byte[]> encoded, Dictionary settings) {
		Compression compression = this.candidate.compression();
		if (compression == Compression.NONE) {
			return;
		}
		for (int half = 0; half < 2; half++) {
			byte[] dictionary = compression == Compression.ZSTD_DICT ? train(encoded, 1 - half, settings) : null;
			this.dictionaryBytes[half] = dictionary == null ? 0 : dictionary.length;
			this.compressors[half] = Compressions.compressor(compression, () -> dictionary);
		}
	}

	/** A dictionary's size and the most values it learns from; 0 for the advisor's choice. */
	record Dictionary(int bytes, int trainValues) {
	}

	private static byte[] train(List<byte[]> all, int half, Dictionary settings) {
		List<byte[]> encoded = new ArrayList<>();
		for (int i = half; i < all.size() && (settings.trainValues() == 0 || encoded.size() < settings.trainValues());
				i += 2) {
			encoded.add(all.get(i));
		}
		long total = 0;
		for (byte[] value : encoded) {
			total += value.length;
		}
		int size = settings.bytes() > 0 ? settings.bytes()
				: (int) Math.max(MIN_DICTIONARY, Math.min(MAX_DICTIONARY, total / 100));
		try {
			ZstdDictTrainer trainer = new ZstdDictTrainer((int) Math.min(Integer.MAX_VALUE - 8, total), size);
			for (byte[] value : encoded) {
				trainer.addSample(value);
			}
			return trainer.trainSamples();
		}
		catch (ZstdException | IllegalArgumentException ex) {
			throw new AdviceException("zstd could not train a dictionary on " + encoded.size() + " values: "
					+ ex.getMessage());
		}
	}

	/** The bytes Redis would hold for the encoded value at this position of the sample. */
	byte[] store(byte[] encoded, int position) {
		if (this.candidate.compression() == Compression.NONE) {
			return encoded;
		}
		byte[] compressed = this.compressors[position % 2].compress(encoded);
		byte[] value = new byte[TAG_BYTES + compressed.length];
		System.arraycopy(compressed, 0, value, TAG_BYTES, compressed.length);
		return value;
	}

	/** The encoded bytes back from what {@link #store} wrote. */
	byte[] unstore(byte[] value, int position, int maxLength) {
		if (this.candidate.compression() == Compression.NONE) {
			return value;
		}
		return this.compressors[position % 2].decompress(Arrays.copyOfRange(value, TAG_BYTES, value.length), maxLength);
	}

	private boolean readsBack(Document document, byte[] value, int position) {
		try {
			byte[] encoded = unstore(value, position, Integer.MAX_VALUE - 8);
			return this.candidate.encoding().roundTrips(document, encoded)
					&& (document.isJson() || Arrays.equals(encoded, document.raw()));
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	Candidate candidate() {
		return this.candidate;
	}

	List<byte[]> stored() {
		return this.stored;
	}

	int roundTripFailures() {
		return this.roundTripFailures;
	}

	/** The larger of the two dictionaries: what an application would ship. */
	int dictionaryBytes() {
		return Math.max(this.dictionaryBytes[0], this.dictionaryBytes[1]);
	}

}
