package org.redisbench.valueformat.objects;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AllowListTest {

	private static final ClassLoader LOADER = AllowListTest.class.getClassLoader();

	private static final AllowList THIS_PACKAGE = new AllowList(List.of("org.redisbench.valueformat.objects.*"));

	private static final AllowList ELSEWHERE = new AllowList(List.of("com.acme.**"));

	record Line(String sku, BigDecimal price) implements Serializable {
	}

	record Cart(List<Line> lines, Instant at, Map<String, Integer> counts, int[] ids) implements Serializable {
	}

	private static final Cart CART = new Cart(new ArrayList<>(List.of(new Line("a-1", new BigDecimal("9.90")))),
			Instant.ofEpochSecond(7), Map.of("a-1", 1), new int[] { 1, 2 });

	@Test
	void patterns() {
		assertThat(ELSEWHERE.allows("com.acme.Cart")).isTrue();
		assertThat(ELSEWHERE.allows("com.acme.shop.Cart$Line")).isTrue();
		assertThat(ELSEWHERE.allows("com.acmex.Cart")).isFalse();
		assertThat(new AllowList(List.of("com.acme.*")).allows("com.acme.shop.Cart")).isFalse();
		assertThat(new AllowList(List.of("com.acme.Cart")).allows("[Lcom.acme.Cart;")).isTrue();
		assertThat(ELSEWHERE.allows("[[J")).isTrue();
		assertThat(ELSEWHERE.allows("java.util.ArrayList")).isTrue();
		assertThat(ELSEWHERE.allows("javax.management.BadAttributeValueExpException")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> new AllowList(List.of("com.acme.**;!*")))
			.withMessage("'com.acme.**;!*' is no class name, package.* or package.**");
		assertThat(new AllowList(List.of()).allows("java.time.Instant")).isTrue();
		assertThat(new AllowList(List.of()).allows("com.acme.Cart")).isFalse();
	}

	/** The same bytes as Spring's JDK serializer; read back only when the classes are allowed. */
	@Test
	void jdkReadsOnlyTheAllowedClasses() {
		byte[] spring = new JdkSerializationRedisSerializer(LOADER).serialize(CART);
		RedisSerializer<Object> allowed = ObjectFormat.JDK.serializer(LOADER, List.of(), THIS_PACKAGE);

		assertThat(allowed.serialize(CART)).isEqualTo(spring);
		assertThat(((Cart) allowed.deserialize(spring)).lines()).isEqualTo(CART.lines());
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> ObjectFormat.JDK.serializer(LOADER, List.of(), ELSEWHERE).deserialize(spring))
			.withMessageContaining("com.acme.**")
			.withMessageContaining("REJECTED");
	}

	@Test
	void kryoReadsOnlyTheAllowedClassesAndWritesTheSameBytes() {
		byte[] unrestricted = ObjectFormat.KRYO.serializer(LOADER, List.of()).serialize(CART);
		RedisSerializer<Object> allowed = ObjectFormat.KRYO.serializer(LOADER, List.of(), THIS_PACKAGE);

		assertThat(allowed.serialize(CART)).isEqualTo(unrestricted);
		assertThat(((Cart) allowed.deserialize(unrestricted)).at()).isEqualTo(CART.at());
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> ObjectFormat.KRYO.serializer(LOADER, List.of(), ELSEWHERE).deserialize(unrestricted))
			.withMessageContaining("is not in the allow list (com.acme.**)");
	}

	@Test
	void aServicesEncodingWritesTheStandardFrameAndReadsTheAppsCompactOne() {
		ObjectFormats.Choice choice = ObjectFormats.Choice.parse("kryo+zstd");
		byte[] compact = ObjectFormats.encoding(choice, LOADER, List.of(), () -> null).serializer().serialize(CART);
		RedisSerializer<Object> service = ObjectFormats
			.encoding(choice, Frame.STANDARD, THIS_PACKAGE, LOADER, List.of(), () -> null)
			.serializer();

		assertThat(compact[0]).isEqualTo((byte) 0xC3);
		assertThat(service.serialize(CART)[0]).isEqualTo((byte) 0xCB);
		assertThat(((Cart) service.deserialize(compact)).counts()).isEqualTo(CART.counts());
		assertThat(choice.compression()).isEqualTo(Compression.ZSTD);
	}

}
