package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.io.ObjectInputStream;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import com.esotericsoftware.kryo.util.ObjectMap;

/**
 * Kryo's {@link JavaSerializer}, which Redisson's setup writes a {@code Throwable} with (a JDK stream inside the Kryo
 * bytes), writing the same bytes and reading that stream within an {@link AllowList}: Kryo's own reads it with no
 * filter, so an allowed exception class would let a value carry a stream naming any class.
 */
final class AllowListJavaSerializer extends JavaSerializer {

	private final AllowList allowed;

	AllowListJavaSerializer(AllowList allowed) {
		this.allowed = allowed;
	}

	/** As Kryo's: the exceptions of one value share one stream, kept in the graph's context under this serializer. */
	@Override
	@SuppressWarnings({ "rawtypes", "unchecked" })
	public Object read(Kryo kryo, Input input, Class type) {
		ObjectMap context = kryo.getGraphContext();
		try {
			ObjectInputStream stream = (ObjectInputStream) context.get(this);
			if (stream == null) {
				stream = new AllowListObjectInputStream(input, kryo.getClassLoader(), this.allowed);
				context.put(this, stream);
			}
			return stream.readObject();
		}
		catch (AllowListObjectInputStream.NotAllowed ex) {
			throw new KryoException(ex.getMessage(), ex);
		}
		catch (IOException | ClassNotFoundException ex) {
			throw new KryoException("Error during Java deserialization.", ex);
		}
	}

}
