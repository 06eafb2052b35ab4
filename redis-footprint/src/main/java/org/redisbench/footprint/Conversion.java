package org.redisbench.footprint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.github.luben.zstd.ZstdDictTrainer;
import com.github.luben.zstd.ZstdException;
import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Compressor;

/**
 * A candidate applied to the sample: each value encoded ({@link Encoded}), then compressed with common's
 * compressors, as this project's {@code CompressingSerializer} stores it (a tag byte, then the compressed bytes).
 * For zstd-dict the sample is split in two halves by position; each half is compressed with a dictionary trained on
 * the other half, so that no value is scored by a dictionary that learned it.
 */
public final class Conversion {

	/** The tag byte {@code CompressingSerializer} writes before a compressed value. */
	static final int TAG_BYTES = 1;

	/** zstd's own advice: a dictionary about a hundredth of what it is trained on, 110 KiB at most. */
	private static final int MIN_DICTIONARY = 1024;

	private static final int MAX_DICTIONARY = 112_640;

	/**
	 * What a candidate's encoding made of each value of the sample, before compression.
	 *
	 * @param values per value, in the sample's order, the bytes it is written as; where the encoding could not
	 * write it, its bytes as they are stand in for the sizes
	 * @param changed values that did not read back as they were (for a JSON encoding, those it could not write too)
	 * @param firstDifference what the first of them read back differently, or {@code null}
	 * @param notCarried why a typed codec could not carry values, each reason with its count, the most first
	 */
	public record Encoded(List<byte[]> values, int changed, String firstDifference, Map<String, Integer> notCarried) {
	}

	private final Candidate candidate;

	private final Encoded encoded;

	/** Per half (even, odd positions) the compressor its values are stored with. */
	private final Compressor[] compressors = new Compressor[2];

	private final int[] dictionaryBytes = new int[2];

	private final List<byte[]> stored = new ArrayList<>();

	private int compressionFailures;

	/** The largest value read whole: zstd in this project's framing holds one block, a value of up to 128 KiB. */
	public static final int MAX_VALUE_BYTES = 128 * 1024;

	private Conversion(Candidate candidate, Encoded encoded) {
		this.candidate = candidate;
		this.encoded = encoded;
	}

	/** @throws Refusal for an unknown label: a command-line value */
	public static Compression compression(String label) {
		try {
			return Compression.parse(label);
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
	}

	/**
	 * A JSON encoding's candidate: each document encoded and read back, compared with the parsed original.
	 *
	 * @param dictionary a zstd dictionary's size (0 to size it from the sample) and the most values it is trained
	 * on (0 for the whole other half)
	 * @throws Refusal when zstd cannot train a dictionary on this sample (too few or too small values)
	 */
	public static Conversion of(Candidate candidate, List<Document> documents, Dictionary dictionary) {
		DocumentEncoding encoding = (DocumentEncoding) candidate.form();
		List<byte[]> values = new ArrayList<>(documents.size());
		int changed = 0;
		for (Document document : documents) {
			byte[] value = encode(encoding, document);
			if (value == null || !encoding.roundTrips(document, value)) {
				changed++;
			}
			// one the encoding cannot hold is counted as not read back; its bytes as they are stand in for the sizes
			values.add(value == null ? document.raw() : value);
		}
		return of(candidate, new Encoded(values, changed, null, Map.of()), dictionary);
	}

	/** A candidate whose values are encoded already (a typed codec's): compressed as every candidate's. */
	public static Conversion of(Candidate candidate, Encoded encoded, Dictionary dictionary) {
		Conversion conversion = new Conversion(candidate, encoded);
		List<byte[]> values = encoded.values();
		conversion.prepare(values, dictionary);
		for (int i = 0; i < values.size(); i++) {
			byte[] value = conversion.store(values.get(i), i);
			conversion.stored.add(value);
			if (!conversion.decompresses(value, values.get(i), i)) {
				conversion.compressionFailures++;
			}
		}
		return conversion;
	}

	/** {@code null} when the encoding cannot hold the document (MessagePack and an integer beyond 64 bits). */
	private static byte[] encode(DocumentEncoding encoding, Document document) {
		try {
			return encoding.encode(document);
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
	public record Dictionary(int bytes, int trainValues) {
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
			throw new Refusal("zstd could not train a dictionary on " + encoded.size() + " values: "
					+ ex.getMessage());
		}
	}

	/** The bytes Redis would hold for the encoded value at this position of the sample. */
	public byte[] store(byte[] encoded, int position) {
		if (this.candidate.compression() == Compression.NONE) {
			return encoded;
		}
		byte[] compressed = this.compressors[position % 2].compress(encoded);
		byte[] value = new byte[TAG_BYTES + compressed.length];
		System.arraycopy(compressed, 0, value, TAG_BYTES, compressed.length);
		return value;
	}

	/** The encoded bytes back from what {@link #store} wrote. */
	public byte[] unstore(byte[] value, int position, int maxLength) {
		if (this.candidate.compression() == Compression.NONE) {
			return value;
		}
		return this.compressors[position % 2].decompress(Arrays.copyOfRange(value, TAG_BYTES, value.length), maxLength);
	}

	/** Whether the stored bytes decompress to what was encoded: the compression loses nothing. */
	private boolean decompresses(byte[] value, byte[] encoded, int position) {
		try {
			return Arrays.equals(unstore(value, position, Integer.MAX_VALUE - 8), encoded);
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	Candidate candidate() {
		return this.candidate;
	}

	public List<byte[]> stored() {
		return this.stored;
	}

	/** Values that did not read back as they were (the encoding's, and any the compression changed), or not carried. */
	public Fidelity fidelity() {
		return new Fidelity(this.encoded.changed() + this.compressionFailures, this.encoded.firstDifference(),
				this.encoded.notCarried());
	}

	/** The larger of the two dictionaries: what an application would ship. */
	public int dictionaryBytes() {
		return Math.max(this.dictionaryBytes[0], this.dictionaryBytes[1]);
	}

}
