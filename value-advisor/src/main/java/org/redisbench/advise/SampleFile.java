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

import org.redisbench.footprint.Document;

/**
 * The sampled values in a file of the advisor's own, for JMH's forked JVMs: a count, then per value whether it is a
 * JSON document to the encodings (a value read as an object is not), its length and bytes.
 */
final class SampleFile {

	private SampleFile() {
	}

	static void write(Path file, List<Document> documents) {
		try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
			out.writeInt(documents.size());
			for (Document document : documents) {
				out.writeBoolean(document.isJson());
				out.writeInt(document.raw().length);
				out.write(document.raw());
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
				boolean json = in.readBoolean();
				byte[] raw = in.readNBytes(in.readInt());
				documents.add(json ? Document.of(raw) : Document.opaque(raw));
			}
			return documents;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
