package org.redisbench.valueformat.objects;

import java.net.URI;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo 5 for a user's own objects, set up as Redisson's {@code Kryo5Codec} (the Kryo codec most Redis users of Java
 * run) sets it up: the class written with each value ({@code writeClassAndObject}), registration not required,
 * references off (so a cycle cannot be carried, and a shared object is written twice), a class without a
 * no-argument constructor created through Objenesis, the given class loader. Every setting here decides the bytes,
 * so this is the one place they are made: the value advisor's {@code kryo} candidates, the migrator and an
 * application's {@link KryoObjectSerializer} all build their Kryo here.
 */
public final class ObjectKryo {

	/** The most bytes one value may be written as. */
	public static final int MAX_BYTES = 64 * 1024 * 1024;

	private ObjectKryo() {
	}

	/**
	 * @param registrations the classes registered, in this order after Kryo's own: a class gets the next id, so
	 * reader and writer must register the same list ({@link RegistrationFile})
	 */
	public static Kryo create(ClassLoader loader, List<Class<?>> registrations) {
		return configure(new Kryo(), loader, registrations, new JavaSerializer());
	}

	/**
	 * A service's Kryo: as {@link #create(ClassLoader, List)}, the same bytes, refusing to read or write an
	 * unregistered class outside the allow list, reading an exception's JDK stream within it too
	 * ({@link AllowListJavaSerializer}), and reading back the JDK's unmodifiable collections, which Redisson's setup
	 * (and so the value advisor's) writes but cannot read ({@link UnmodifiableCollections}).
	 */
	public static Kryo create(ClassLoader loader, List<Class<?>> registrations, AllowList allowed) {
		Kryo kryo = new Kryo(new AllowListClassResolver(allowed), new MapReferenceResolver());
		UnmodifiableCollections.addTo(kryo);
		return configure(kryo, loader, registrations, new AllowListJavaSerializer(allowed));
	}

	/** @param throwables what writes and reads a {@code Throwable}: a JDK stream, as Redisson's setup writes it */
	private static Kryo configure(Kryo kryo, ClassLoader loader, List<Class<?>> registrations,
			JavaSerializer throwables) {
		kryo.setClassLoader(loader);
		kryo.setRegistrationRequired(false);
		kryo.setWarnUnregisteredClasses(false);
		kryo.setReferences(false);
		kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
		// Redisson's additions: without them Kryo reflects into java.util and java.net (--add-opens on JDK 17)
		kryo.addDefaultSerializer(Throwable.class, throwables);
		kryo.addDefaultSerializer(UUID.class, new DefaultSerializers.UUIDSerializer());
		kryo.addDefaultSerializer(URI.class, new DefaultSerializers.URISerializer());
		kryo.addDefaultSerializer(Pattern.class, new DefaultSerializers.PatternSerializer());
		for (Class<?> type : registrations) {
			try {
				kryo.register(type);
			}
			catch (RuntimeException ex) {
				// Kryo has no serializer it can build for the class (one it would reflect into the JDK for): left
				// unregistered, as on every side that registers the same list, so the values holding it fail when
				// written, with Kryo's reason
			}
		}
		return kryo;
	}

}
