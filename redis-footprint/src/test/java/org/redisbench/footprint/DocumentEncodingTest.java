package org.redisbench.footprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DocumentEncodingTest {

	private static final String DOCUMENT = """
			{"id": 12, "big": 9007199254740993, "ratio": 0.125,
			 "name": "Zoë \\u00e9 ✓", "tags": ["a", "b", null, true, false],
			 "nested": {"empty": {}, "list": [[], [1.5e300]]},
			 "negative": -2147483649}""";

	@ParameterizedTest
	@EnumSource(DocumentEncoding.class)
	void readsBackAnEqualDocument(DocumentEncoding encoding) {
		Document document = Document.of(DOCUMENT.getBytes(StandardCharsets.UTF_8));
		assertTrue(document.isJson());
		assertTrue(encoding.roundTrips(document, encoding.encode(document)));
	}

	@ParameterizedTest
	@EnumSource(DocumentEncoding.class)
	void noticesADocumentThatChanged(DocumentEncoding encoding) {
		Document document = Document.of(DOCUMENT.getBytes(StandardCharsets.UTF_8));
		Document other = Document.of(DOCUMENT.replace("12", "13").getBytes(StandardCharsets.UTF_8));
		assertFalse(encoding.roundTrips(document, encoding.encode(other)));
	}

	@ParameterizedTest
	@EnumSource(DocumentEncoding.class)
	void storesAValueThatIsNotJsonAsItIs(DocumentEncoding encoding) {
		for (String text : new String[] { "plain text", "12345", "\"a JSON string\"", "{not json" }) {
			Document document = Document.of(text.getBytes(StandardCharsets.UTF_8));
			assertFalse(document.isJson(), text);
			assertArrayEquals(document.raw(), encoding.encode(document), text);
		}
	}

}
