package org.redisbench.model;

import org.junit.jupiter.api.Test;
import org.redisbench.valueformat.Compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VocabularyTest {

	@Test
	void scriptsReadEveryLabelAndSize() {
		String shell = Vocabulary.shell();
		assertTrue(shell.contains("readonly KNOWN_COMPRESSIONS=(none gzip lz4 zstd zstd-dict)\n"), shell);
		assertTrue(shell.contains("readonly KNOWN_LAYOUTS=(string-per-key hash-bucket)\n"), shell);
		assertTrue(shell.contains("readonly BATCH_SIZE=100\n"), shell);
		assertTrue(shell.contains("readonly BUCKET_SIZE=100\n"), shell);
		assertTrue(shell.contains("readonly LISTPACK_VALUE_BYTES=512\n"), shell);
	}

	@Test
	void aLabelParsesBackToItsWord() {
		for (Compression compression : Compression.values()) {
			assertEquals(compression, Compression.parse(compression.label()));
		}
		assertEquals(Layout.HASH_BUCKET, Layout.parse("hash-bucket"));
	}

	@Test
	void anUnknownLabelNamesEveryKnownOne() {
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Layout.parse("bucket"));
		assertEquals("unknown layout 'bucket', one of: string-per-key, hash-bucket", refused.getMessage());
	}

	@Test
	void keysAreThePublishedOnesAndBucketsOfAHundred() {
		assertArrayEquals("person_42".getBytes(), Layout.STRING_PER_KEY.key(42));
		assertArrayEquals("person_-7".getBytes(), Layout.STRING_PER_KEY.key(-7));
		assertArrayEquals("person_-9223372036854775808".getBytes(), Layout.STRING_PER_KEY.key(Long.MIN_VALUE));
		assertArrayEquals("persons:{0}".getBytes(), Layout.HASH_BUCKET.key(99));
		assertArrayEquals("persons:{1}".getBytes(), Layout.HASH_BUCKET.key(100));
		assertArrayEquals("persons:{-1}".getBytes(), Layout.HASH_BUCKET.key(-1));
	}

}
