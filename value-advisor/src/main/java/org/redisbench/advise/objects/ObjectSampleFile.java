package org.redisbench.advise.objects;

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

import org.redisbench.objectreading.objects.CannotCarry;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ForyObjectCodec;
import org.redisbench.objectreading.objects.JacksonTypedObjectCodec;
import org.redisbench.objectreading.objects.JdkObjectCodec;
import org.redisbench.objectreading.objects.ObjectCandidates;
import org.redisbench.objectreading.objects.ObjectCodec;
import org.redisbench.objectreading.objects.ObjectSample;
import org.redisbench.objectreading.objects.TypedConversion;

/**
 * The decoded sample in a file for JMH's forked JVMs, which build the objects again with the user's classes
 * ({@link ObjectBenchmark}). Each value is written by the first of {@link #CARRIERS} that carries it faithfully,
 * its id before its bytes; a value none carries is left out (no candidate's time is worth having on a value it
 * cannot carry). The forks read only a file the advisor wrote itself, from values it had already decoded.
 */
final class ObjectSampleFile {

	/** JDK serialization first: the values came from JDK streams, mostly, and it carries cycles and lambdas. */
	static final List<String> CARRIERS = List.of(JdkObjectCodec.ID, ForyObjectCodec.ID, JacksonTypedObjectCodec.ID);

	private ObjectSampleFile() {
	}

	/** @return how many of the sample's values were written */
	static int write(Path file, ObjectSample sample, ClassLoader loader) {
		List<ObjectCodec> carriers = CARRIERS.stream().map((id) -> ObjectCandidates.byId(id, loader, sample)).toList();
		List<String> ids = new ArrayList<>();
		List<byte[]> values = new ArrayList<>();
		for (int i = 0; i < sample.size(); i++) {
			for (ObjectCodec carrier : carriers) {
				if (TypedConversion.outcome(carrier, sample, i,
						Disclosure.HIDDEN) instanceof TypedConversion.Faithful faithful) {
					ids.add(carrier.id());
					values.add(faithful.bytes());
					break;
				}
			}
		}
		try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
			out.writeInt(values.size());
			for (int i = 0; i < values.size(); i++) {
				out.writeUTF(ids.get(i));
				out.writeInt(values.get(i).length);
				out.write(values.get(i));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return values.size();
	}

	static List<Object> read(Path file, ClassLoader loader) {
		ObjectSample none = ObjectSample.of(List.of());
		List<Object> values = new ArrayList<>();
		try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
			int count = in.readInt();
			List<ObjectCodec> carriers = CARRIERS.stream().map((id) -> ObjectCandidates.byId(id, loader, none)).toList();
			for (int i = 0; i < count; i++) {
				String id = in.readUTF();
				byte[] bytes = in.readNBytes(in.readInt());
				ObjectCodec carrier = carriers.get(CARRIERS.indexOf(id));
				values.add(carrier.decode(bytes, Object.class));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (CannotCarry ex) {
			throw new IllegalStateException("a value of the sample file does not read back: " + ex.reason(), ex);
		}
		return values;
	}

}
