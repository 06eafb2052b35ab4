package org.redisbench.advise;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the advisor writes is shared: by default no content of a user's value is in it, only with
 * {@code --show-values yes}. The values are maps keyed by a password hash, as a session's attributes or a cache of
 * credentials would be; Jackson with the class known reads each {@code Long} back as an {@code Integer}, a first
 * difference whose path goes through the key.
 */
class PrivateValuesTest {

	private static final String SECRET = "{bcrypt}$2a$10$dXJ3SW6G7P50lGmMkkmwe.20cQQubK3.HZWzG3YB1tlRy.fqvM/BG";

	@TempDir
	Path folder;

	@Test
	void noValueIsWrittenUnlessAskedFor() throws IOException {
		Path values = Files.createDirectories(this.folder.resolve("values"));
		JdkSerializationRedisSerializer jdk = new JdkSerializationRedisSerializer();
		for (int i = 0; i < 3; i++) {
			Map<String, Object> credentials = new HashMap<>(Map.of(SECRET + i, (long) i));
			Files.write(values.resolve("credentials-" + i + ".ser"), jdk.serialize(credentials));
		}
		String hidden = written(advise(values, "no"));
		assertTrue(hidden.contains("hashMap[key 0, a String of 69 chars]: class java.lang.Long ≠ java.lang.Integer"),
				hidden);
		assertFalse(hidden.contains(SECRET) || hidden.contains(SECRET.substring(20, 40)), hidden);
		String shown = written(advise(values, "yes"));
		assertTrue(shown.contains("hashMap[\"" + SECRET), "asked for, the values are shown: " + shown);
	}

	private Path advise(Path values, String showValues) {
		Path out = this.folder.resolve("out-" + showValues);
		List<String> args = new ArrayList<>(List.of("--file", values.toString(), "--sample", "10", "--objects",
				"jackson", "--encodings", "as-is", "--compression", "none", "--layouts", "string-per-key", "--no-cpu",
				"--output", out.toString()));
		if (showValues.equals("yes")) {
			args.add("--show-values");
		}
		assertEquals(0, CommandLines.execute(new AdviseCommand(), args.toArray(String[]::new)));
		return out;
	}

	/** Every report file the advisor wrote (advice.md, .json, .csv, the page, the charts), as one text. */
	private static String written(Path out) throws IOException {
		StringBuilder text = new StringBuilder();
		try (Stream<Path> files = Files.list(out)) {
			List<Path> reports = files.filter(Files::isRegularFile).toList();
			assertTrue(reports.contains(out.resolve(AdviceReport.FILE)) && reports.contains(out.resolve(AdviceFiles.JSON)),
					reports::toString);
			for (Path report : reports) {
				text.append(new String(Files.readAllBytes(report), StandardCharsets.UTF_8)).append('\n');
			}
		}
		return text.toString();
	}

}
