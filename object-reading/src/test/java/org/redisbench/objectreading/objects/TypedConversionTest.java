package org.redisbench.objectreading.objects;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Every candidate's round trip passes through {@link TypedConversion}: a {@link LinkageError} from its library (a
 * class its generated code cannot see, a class that failed to initialise) is a value it cannot carry, with the
 * reason in a line, and the other values and candidates go on.
 */
class TypedConversionTest {

	/** A candidate whose library fails to link, when writing or when reading back. */
	private record Unlinkable(LinkageError onEncode, LinkageError onDecode) implements ObjectCodec {

		@Override
		public String id() {
			return "unlinkable";
		}

		@Override
		public byte[] encode(Object value) {
			if (this.onEncode != null) {
				throw this.onEncode;
			}
			return new byte[] { 1 };
		}

		@Override
		public Object decode(byte[] bytes, Class<?> type) {
			throw this.onDecode;
		}

	}

	private static final ObjectSample SAMPLE = ObjectSample.of(List.of(Corpus.cart(1), Corpus.cart(2), Corpus.cart(3)));

	private static TypedConversion convert(LinkageError onEncode, LinkageError onDecode) {
		return TypedConversion.of(new Unlinkable(onEncode, onDecode), SAMPLE, Disclosure.HIDDEN);
	}

	@Test
	void aClassTheGeneratedCodeCannotSeeIsAValueNotCarriedNotACrash() {
		TypedConversion conversion = convert(null,
				new NoClassDefFoundError("org/springframework/security/core/Authentication"));
		assertEquals(3, conversion.notCarried(), "every value tried, none stopped the others");
		assertEquals(List.of("written but not read back: unlinkable cannot link "
				+ "org.springframework.security.core.Authentication (NoClassDefFoundError: code it generates into a "
				+ "class loader of its own does not see the application's classes)"),
				List.copyOf(conversion.reasons().keySet()));
		assertEquals(3, conversion.reasons().values().iterator().next());
		assertInstanceOf(TypedConversion.NotCarried.class, conversion.outcomes().get(0));
	}

	@Test
	void anyLinkageErrorWhenWritingIsOneLineWithItsReason() {
		ExceptionInInitializerError failed = new ExceptionInInitializerError(
				new IllegalStateException("no serializer factory\n\tat com.acme.Codec.<clinit>"));
		assertEquals(List.of("unlinkable failed to link a class (ExceptionInInitializerError): no serializer factory"),
				List.copyOf(convert(failed, null).reasons().keySet()));
		assertEquals(List.of("unlinkable failed to link a class (NoClassDefFoundError): Could not initialize class "
				+ "com.acme.Codec"),
				List.copyOf(convert(new NoClassDefFoundError("Could not initialize class com.acme.Codec"), null)
					.reasons().keySet()));
		assertEquals(List.of("written but not read back: unlinkable failed to link a class "
				+ "(IncompatibleClassChangeError): Found interface com.acme.Line, but class was expected"),
				List.copyOf(convert(null, new IncompatibleClassChangeError(
						"Found interface com.acme.Line, but class was expected")).reasons().keySet()));
	}

}
