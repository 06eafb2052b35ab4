package org.redisbench.valueformat.objects;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.ObjectFormats.Choice;
import org.redisbench.valueformat.readboth.Encoding;

/**
 * A format as the starter's {@code value-format.write} and {@code value-format.read-also} name it
 * ({@link StarterSettings}): one the migrator writes too ({@code kryo+zstd-dict}, {@link Choice}), or Spring's typed
 * JSON ({@code typed-json}, {@code typed-json+zstd}). The one list of what the starter reads and writes, which the
 * advisor's and the migrator's settings for a service are checked against.
 */
public sealed interface ServiceFormat {

	/** @throws IllegalArgumentException in one line, naming what is known */
	static ServiceFormat parse(String text) {
		String name = text.strip();
		int plus = name.indexOf('+');
		if ((plus < 0 ? name : name.substring(0, plus)).equals(TypedJson.ID)) {
			return new Json(plus < 0 ? Compression.NONE : Compression.parse(name.substring(plus + 1)));
		}
		return new Objects(Choice.parse(name));
	}

	/**
	 * The format of values that start as {@code header} does, compressed with {@code compression}: what a service
	 * reads them as beside the format it writes; empty for values no serializer of the starter reads.
	 */
	static Optional<ServiceFormat> storedAs(ValueFormat header, Compression compression) {
		return switch (header) {
			case JDK -> Optional.of(new Objects(new Choice(ObjectFormat.JDK, compression)));
			case TYPED_JSON -> Optional.of(new Json(compression));
			default -> Optional.empty();
		};
	}

	/** The serializers the starter reads and writes, each alone or with a compression after a plus. */
	static List<String> serializers() {
		return Stream.concat(Arrays.stream(ObjectFormat.values()).map(ObjectFormat::id), Stream.of(TypedJson.ID))
			.toList();
	}

	/** Whether its bytes depend on the file of registered classes. */
	boolean registers();

	Compression compression();

	Encoding<Object> encoding(Frame frame, AllowList allowed, ClassLoader loader, List<Class<?>> registrations,
			Supplier<byte[]> dictionary);

	/** A format of the migrator's, set up as it writes it. */
	record Objects(Choice choice) implements ServiceFormat {

		@Override
		public boolean registers() {
			return this.choice.format().registers();
		}

		@Override
		public Compression compression() {
			return this.choice.compression();
		}

		@Override
		public Encoding<Object> encoding(Frame frame, AllowList allowed, ClassLoader loader,
				List<Class<?>> registrations, Supplier<byte[]> dictionary) {
			return ObjectFormats.encoding(this.choice, frame, allowed, loader, registrations, dictionary);
		}

		@Override
		public String toString() {
			return this.choice.toString();
		}

	}

	/** Spring Data Redis's typed JSON: Jackson loads the class an {@code @class} property names. */
	record Json(Compression compression) implements ServiceFormat {

		@Override
		public boolean registers() {
			return false;
		}

		@Override
		public Encoding<Object> encoding(Frame frame, AllowList allowed, ClassLoader loader,
				List<Class<?>> registrations, Supplier<byte[]> dictionary) {
			return TypedJson.encoding(this.compression, frame, allowed, dictionary);
		}

		@Override
		public String toString() {
			return (this.compression == Compression.NONE) ? TypedJson.ID : TypedJson.ID + "+" + this.compression;
		}

	}

}
