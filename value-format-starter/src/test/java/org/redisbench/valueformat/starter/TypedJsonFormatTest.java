package org.redisbench.valueformat.starter;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.starter.shop.Order;
import org.redisbench.valueformat.starter.shop.Orders;

import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Spring's typed JSON as a format a service writes, reading only the allowed classes. */
class TypedJsonFormatTest {

	private static final ClassLoader LOADER = TypedJsonFormatTest.class.getClassLoader();

	private static ValueFormatSerializer<Object> serializer(String write, String readAlso, String allow) {
		ValueFormatProperties properties = new ValueFormatProperties();
		properties.setWrite(write);
		properties.setReadAlso(readAlso);
		properties.setAllow(List.of(allow));
		return ValueFormats.from(properties, new DefaultResourceLoader(LOADER)).serializer();
	}

	@Test
	void writesTypedJsonAndReadsTheJdkValuesBefore() {
		ValueFormatSerializer<Object> values = serializer("typed-json", "jdk", "org.redisbench.valueformat.starter.shop.**");
		Order order = Orders.build(3);

		byte[] written = values.serialize(order);
		assertThat(ValueFormat.of(written)).isEqualTo(ValueFormat.TYPED_JSON);
		assertThat(new String(written, StandardCharsets.UTF_8)).contains("\"@class\":\"" + Order.class.getName() + "\"");
		assertThat(values.deserialize(written)).isEqualTo(order);
		assertThat(values.deserialize(new JdkSerializationRedisSerializer(LOADER).serialize(order))).isEqualTo(order);
		assertThat(values.formats()).containsExactly("typed-json", "jdk");
		assertThat(values.reads(0)).isEqualTo(1);
		assertThat(values.reads(1)).isEqualTo(1);
	}

	@Test
	void aClassOutsideTheAllowListIsRefused() {
		byte[] written = serializer("typed-json+zstd", "jdk", "org.redisbench.valueformat.starter.shop.**")
			.serialize(Orders.build(3));

		assertThat(written[0]).isEqualTo((byte) 0xCB);
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> serializer("typed-json+zstd", "jdk", "com.acme.**").deserialize(written));
	}

}
