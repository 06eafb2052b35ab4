package org.redisbench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.Compression;

class ConversionTest {

	private static final Conversion.Dictionary AUTO = new Conversion.Dictionary(0, 0);

	private static List<Document> documents(int count) {
		List<Document> documents = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String value = i % 10 == 0 ? "opaque value " + i
					: "{\"id\":" + i + ",\"name\":\"customer " + i + "\",\"city\":\"Lyon\",\"orders\":[" + i + ",7]}";
			documents.add(Document.of(value.getBytes(StandardCharsets.UTF_8)));
		}
		return documents;
	}

	@Test
	void everyCandidateReadsBackEveryValue() {
		List<Document> documents = documents(400);
		for (DocumentEncoding encoding : DocumentEncoding.values()) {
			for (Compression compression : Compression.values()) {
				Conversion conversion = Conversion.of(new Candidate(encoding, compression), documents, AUTO);
				assertTrue(conversion.fidelity().faithful(), encoding + "+" + compression);
				assertEquals(documents.size(), conversion.stored().size());
			}
		}
	}

	@Test
	void aCompressedValueCarriesTheTagByteOfTheProjectsSerializer() {
		List<Document> documents = documents(10);
		Conversion none = Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.NONE), documents, AUTO);
		assertEquals(documents.get(3).raw().length, none.stored().get(3).length);
		Conversion lz4 = Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.LZ4), documents, AUTO);
		byte[] encoded = lz4.unstore(lz4.stored().get(3), 3, 1 << 16);
		assertEquals(new String(documents.get(3).raw(), StandardCharsets.UTF_8),
				new String(encoded, StandardCharsets.UTF_8));
	}

	/**
	 * Even values all alike, odd values all alike but different: scored by a dictionary trained on its own half a
	 * value would shrink to a few bytes; scored by the other half's, as it must be, it cannot.
	 */
	@Test
	void aDictionaryNeverScoresTheValuesItLearned() {
		List<Document> documents = new ArrayList<>();
		for (int i = 0; i < 400; i++) {
			String word = i % 2 == 0 ? "alpha-bravo-charlie-delta-echo-" : "zulu-yankee-xray-whiskey-victor-";
			documents.add(Document.of((word.repeat(4) + (i % 7)).getBytes(StandardCharsets.UTF_8)));
		}
		Conversion conversion = Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.ZSTD_DICT), documents,
				new Conversion.Dictionary(1024, 0));
		Conversion plain = Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.ZSTD), documents, AUTO);
		assertEquals(0, conversion.fidelity().changed());
		assertTrue(conversion.stored().get(0).length >= plain.stored().get(0).length - 4,
				() -> conversion.stored().get(0).length + " bytes with the other half's dictionary, "
						+ plain.stored().get(0).length + " without one");
		assertTrue(conversion.dictionaryBytes() > 0);
	}

	@Test
	void aDocumentAnEncodingCannotHoldIsCountedNotThrown() {
		List<Document> documents = documents(20);
		documents.set(5, Document.of("{\"huge\": 123456789012345678901234567890}".getBytes(StandardCharsets.UTF_8)));
		assertEquals(1, Conversion.of(new Candidate(DocumentEncoding.MSGPACK, Compression.NONE), documents, AUTO)
			.fidelity()
			.changed());
		assertEquals(0, Conversion.of(new Candidate(DocumentEncoding.CBOR, Compression.NONE), documents, AUTO)
			.fidelity()
			.changed());
	}

	/** A typed codec's values come encoded, with what did not come back: compressed as any, its fidelity kept. */
	@Test
	void encodedValuesKeepTheirFidelity() {
		List<byte[]> values = new ArrayList<>();
		for (Document document : documents(200)) {
			values.add(document.raw());
		}
		Conversion.Encoded encoded = new Conversion.Encoded(values, 1, "lines[0].price: 9.99, read back 9.990",
				java.util.Map.of("no default constructor: com.acme.Money", 2));
		Conversion conversion = Conversion.of(new Candidate(new TypedForm("kryo"), Compression.ZSTD), encoded, AUTO);
		assertEquals(200, conversion.stored().size());
		Fidelity fidelity = conversion.fidelity();
		assertEquals(1, fidelity.changed());
		assertEquals(2, fidelity.notCarriedValues());
		assertEquals("no default constructor: com.acme.Money (2)", fidelity.notCarriedBecause());
		assertTrue(!fidelity.faithful());
		assertEquals("objects:kryo+zstd", conversion.candidate().id());
		Conversion clean = Conversion.of(new Candidate(new TypedForm("kryo"), Compression.LZ4),
				new Conversion.Encoded(values, 0, null, java.util.Map.of()), AUTO);
		assertTrue(clean.fidelity().faithful());
	}

	@Test
	void tooFewValuesToTrainADictionaryIsSaid() {
		List<Document> documents = documents(4);
		Refusal refusal = assertThrows(Refusal.class,
				() -> Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.ZSTD_DICT), documents, AUTO));
		assertTrue(refusal.getMessage().startsWith("zstd could not train a dictionary"));
	}

}
