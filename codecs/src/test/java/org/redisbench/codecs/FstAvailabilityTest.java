package org.redisbench.codecs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** FST runs where the JVM has its flags, and says which flags where it has not. */
@Tag("fst")
class FstAvailabilityTest {

	@Test
	void availableInThisJvmWhichHasTheFlags() {
		assertThat(PersonCodec.FST.availability()).isInstanceOf(Availability.Available.class);
		assertThat(PersonCodec.FST.newSerializer()).isInstanceOf(FstPersonSerializer.class);
	}

	@Test
	void unavailableWithoutTheFlagsNamingThem() throws IOException, InterruptedException {
		Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), PrintAvailability.class.getName())
			.redirectErrorStream(true)
			.start();
		boolean exited = java.waitFor(2, TimeUnit.MINUTES);
		if (!exited) {
			java.destroyForcibly();
		}
		String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

		assertThat(exited).as("the JVM without flags exited: %s", output).isTrue();
		assertThat(output).contains("Unavailable[why=FST " + LibraryVersions.of("fst") + " needs the JVM flag "
				+ FstPersonSerializer.REQUIRED_FLAGS + "]");
	}

	/** Run in a JVM without FST's flags. */
	static final class PrintAvailability {

		public static void main(String[] args) {
			System.out.println(PersonCodec.FST.availability());
		}

	}

}
