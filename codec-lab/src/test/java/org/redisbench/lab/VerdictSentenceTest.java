package org.redisbench.lab;

import org.junit.jupiter.api.Test;
import org.redisbench.estimates.Estimate;
import org.redisbench.estimates.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictSentenceTest {

	@Test
	void sentencesNameTheFasterCodecAndTheFigures() {
		Estimate kryo = new Estimate(480, 12);
		Estimate json = new Estimate(1020, 30);
		String faster = VerdictSentence.of(Verdict.of(kryo, json), "kryo", "fastjson2", Operation.DECODE_PERSON, kryo, json);
		assertEquals("kryo decodes and verifies a person faster than fastjson2: 480.0 ± 12.0 vs 1,020 ± 30 ns "
				+ "(0.47×)", faster);
		Estimate wide = new Estimate(1000, 600);
		String same = VerdictSentence.of(Verdict.of(wide, json), "kryo", "fastjson2", Operation.DECODE_PERSON, wide, json);
		assertTrue(same.contains("indistinguishable here"), same);
	}

}
