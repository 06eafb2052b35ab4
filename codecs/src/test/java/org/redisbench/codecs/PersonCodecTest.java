package org.redisbench.codecs;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class PersonCodecTest {

	@Test
	void listsEachCodecOnceWithAUniqueId() {
		assertThat(Arrays.stream(PersonCodec.values()).map(PersonCodec::id)).doesNotHaveDuplicates()
			.allMatch((id) -> id.matches("[a-z0-9-]+"));
	}

	@ParameterizedTest
	@EnumSource(PersonCodec.class)
	void isFoundByItsId(PersonCodec codec) {
		assertThat(PersonCodec.byId(codec.id())).isSameAs(codec);
	}

	@Test
	void unknownIdIsRefusedNamingTheIds() {
		assertThatIllegalArgumentException().isThrownBy(() -> PersonCodec.byId("xml"))
			.withMessageContaining("xml")
			.withMessageContaining("fastjson2, kryo");
	}

	@ParameterizedTest
	@EnumSource(PersonCodec.class)
	void configurationIsOneLine(PersonCodec codec) {
		assertThat(codec.configuration()).isNotBlank().doesNotContain("\n").doesNotContainPattern("@[\\w.-]+@");
	}

	@ParameterizedTest
	@EnumSource(PersonCodec.class)
	void anAvailableCodecMakesASerializerAnUnavailableOneSaysWhy(PersonCodec codec) {
		if (codec.availability() instanceof Availability.Unavailable unavailable) {
			assertThatIllegalStateException().isThrownBy(codec::newSerializer).withMessageContaining(unavailable.why());
		}
		else {
			assertThat(codec.newSerializer()).isNotNull();
		}
	}

}
