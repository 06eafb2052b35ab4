package org.redisbench.codecs;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamConstants;
import java.io.Serializable;
import java.io.UncheckedIOException;

import org.redisbench.person.Person;

/**
 * JDK serialization streams as an attacker writes them: by hand, naming classes that need not exist here,
 * so a test can offer any class name to a reader without having, or running, the class.
 */
final class JdkStreams implements ObjectStreamConstants {

	private JdkStreams() {
	}

	/** An object of {@code className} with no fields, as if that class were serializable. */
	static byte[] objectOf(String className) {
		return stream((out) -> {
			out.writeByte(TC_OBJECT);
			classDescriptor(out, className);
		});
	}

	/** A person whose {@code name} is declared an {@code Object}, holding an object of {@code className}. */
	static byte[] personHolding(String className) {
		return stream((out) -> {
			out.writeByte(TC_OBJECT);
			out.writeByte(TC_CLASSDESC);
			out.writeUTF(Person.class.getName());
			out.writeLong(1L);
			out.writeByte(SC_SERIALIZABLE);
			out.writeShort(1);
			out.writeByte('L');
			out.writeUTF("name");
			out.writeByte(TC_STRING);
			out.writeUTF("Ljava/lang/Object;");
			out.writeByte(TC_ENDBLOCKDATA);
			out.writeByte(TC_NULL);
			out.writeByte(TC_OBJECT);
			classDescriptor(out, className);
		});
	}

	/** An array of {@code className} said to be {@code length} long, its first element null. */
	static byte[] arrayOf(String className, int length) {
		return stream((out) -> {
			out.writeByte(TC_ARRAY);
			classDescriptor(out, "[L" + className + ";");
			out.writeInt(length);
			out.writeByte(TC_NULL);
		});
	}

	/** The {@code Class} object of {@code className}. */
	static byte[] classOf(String className) {
		return stream((out) -> {
			out.writeByte(TC_CLASS);
			classDescriptor(out, className);
		});
	}

	/** A dynamic proxy implementing {@code interfaceName}, the shape of the commons-collections chains. */
	static byte[] proxyOf(String interfaceName) {
		return stream((out) -> {
			out.writeByte(TC_OBJECT);
			out.writeByte(TC_PROXYCLASSDESC);
			out.writeInt(1);
			out.writeUTF(interfaceName);
			out.writeByte(TC_ENDBLOCKDATA);
			classDescriptor(out, "java.lang.reflect.Proxy");
		});
	}

	/** What {@link ObjectOutputStream} writes for a real object. */
	static byte[] written(Serializable object) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
			out.writeObject(object);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	private static void classDescriptor(DataOutputStream out, String className) throws IOException {
		out.writeByte(TC_CLASSDESC);
		out.writeUTF(className);
		out.writeLong(1L);
		out.writeByte(SC_SERIALIZABLE);
		out.writeShort(0);
		out.writeByte(TC_ENDBLOCKDATA);
		out.writeByte(TC_NULL);
	}

	private static byte[] stream(Body body) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (DataOutputStream out = new DataOutputStream(bytes)) {
			out.writeShort(STREAM_MAGIC);
			out.writeShort(STREAM_VERSION);
			body.write(out);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	@FunctionalInterface
	private interface Body {

		void write(DataOutputStream out) throws IOException;

	}

}
