package org.redisbench.processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ThrowawayCertificatesTest {

	@TempDir
	Path parent;

	@Test
	void closedCertificatesLeaveNoFolderBehind() throws IOException {
		Path directory;
		try (ThrowawayCertificates certificates = ThrowawayCertificates.generate(this.parent, "IP:127.0.0.1")) {
			directory = certificates.caCertificate().getParent();
			assertThat(directory.resolve("client.key")).as("a private key").exists();
		}

		assertThat(Files.exists(directory)).as(directory + " removed").isFalse();
		assertThat(entries(this.parent)).isEmpty();
	}

	@Test
	void certificatesThatCannotBeMadeLeaveNoFolderBehind() throws IOException {
		assertThatIllegalStateException().isThrownBy(() -> ThrowawayCertificates.generate(this.parent, "not-a-name-type"))
			.withMessageContaining("openssl x509 failed");

		assertThat(entries(this.parent)).as("left in " + this.parent).isEmpty();
	}

	private static List<Path> entries(Path directory) throws IOException {
		try (Stream<Path> entries = Files.list(directory)) {
			return entries.toList();
		}
	}

}
