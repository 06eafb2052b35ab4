package org.redisbench.advise;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The sampled values in a file of the advisor's own, for JMH's forked JVMs: a count, then length and bytes each. */
final class SampleFile {

	private SampleFile() {
	}

	static void write(Path file, List<SampledValue> values) {
		try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
			out.writeInt(values.size());
			for (SampledValue value : values) {
				out.writeInt(value.value().length);
				out.write(value.value());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static List<Document> read(Path file) {
		try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
			int count = in.readInt();
			List<Document> documents = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				documents.add(Document.of(in.readNBytes(in.readInt())));
			}
			return documents;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
