package org.redisbench.migrate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.Refusal;
import org.redisbench.migrate.fixtures.Label;
import org.redisbench.migrate.fixtures.Link;
import org.redisbench.migrate.fixtures.Outsider;
import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A user's objects value by value, without Redis: Spring's typed JSON converted to tagged Kryo, a converted value
 * known as converted, a class outside --allow refused unbuilt, a value the format cannot carry faithfully left with
 * where it differs, and the options refused in one line.
 */
class ObjectConversionTest {

	private static final String ALLOW = "org.redisbench.migrate.fixtures.Label,org.redisbench.migrate.fixtures.Link";

	private static final RedisSerializer<Object> TYPED_JSON = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build();

	@TempDir
	Path folder;

	@Test
	void typedJsonBecomesTaggedKryoAndIsKnownAsConvertedAfter() {
		ObjectConversion conversion = conversion("jackson-typed", "kryo", "dry-run", null);
		Disposition verdict = conversion.classify(TYPED_JSON.serialize(new ArrayList<>(List.of(new Label("a", 1)))));
		assertThat(verdict).isInstanceOf(Disposition.Convert.class);
		byte[] converted = ((Disposition.Convert) verdict).converted();
		assertThat(converted[0]).as("Kryo's format tag").isEqualTo((byte) 0xF1);
		assertThat(conversion.classify(converted)).isInstanceOf(Disposition.InTarget.class);
		assertThat(conversion.decodes(converted)).isTrue();
	}

	@Test
	void aClassOutsideAllowIsRefusedAndNeverBuilt() {
		ObjectConversion conversion = conversion("jdk", "kryo+lz4", "write", null);
		Disposition verdict = conversion.classify(new JdkSerializationRedisSerializer().serialize(new Outsider()));
		assertThat(verdict).isEqualTo(new Disposition.Refused(Disposition.Reason.NOT_ALLOWED, Outsider.class.getName()));
		assertThat(Outsider.built).isFalse();
	}

	@Test
	void aValueKryoCannotCarryIsLeftWithTheReason() {
		Link cycle = new Link();
		cycle.next = cycle;
		ObjectConversion conversion = conversion("jdk", "kryo", "write", null);
		Disposition verdict = conversion.classify(new JdkSerializationRedisSerializer().serialize(cycle));
		assertThat(verdict).isInstanceOf(Disposition.Refused.class);
		assertThat(((Disposition.Refused) verdict).reason()).isEqualTo(Disposition.Reason.CANNOT_WRITE);
		Link line = new Link();
		line.next = new Link();
		assertThat(conversion.classify(new JdkSerializationRedisSerializer().serialize(line)))
			.isInstanceOf(Disposition.Convert.class);
	}

	@Test
	void badOptionsAreRefusedInOneLine() {
		assertThatThrownBy(() -> conversion("jdk", "jackson-typed", "write", null))
			.isInstanceOf(Refusal.class)
			.hasMessageStartingWith("--to jackson-typed: jackson-typed is not offered");
		assertThatThrownBy(() -> conversion("jdk", "jdk", "write", null)).hasMessageContaining("nothing to convert");
		assertThatThrownBy(() -> conversion("kryo", "fory", "write", null))
			.hasMessageContaining("read from jdk or jackson-typed");
		assertThatThrownBy(() -> conversion("jdk", "fory-registered", "write", null))
			.hasMessageContaining("needs --registrations FILE");
		assertThatThrownBy(() -> conversion("jdk", "fory-registered", "write", this.folder.resolve("none.txt")))
			.hasMessageContaining("does not exist: a dry run writes it");
		assertThatThrownBy(() -> conversion("jdk", "fory+zstd-dict", "write", null))
			.hasMessageContaining("needs --to-dictionary");
	}

	private ObjectConversion conversion(String from, String to, String mode, Path registrations) {
		List<String> args = new ArrayList<>(List.of("--uri", "redis://127.0.0.1:1", "--match", "*", "--from", from,
				"--to", to, "--allow", ALLOW, "--sample", "2", "--output",
				this.folder.resolve(mode + "-" + System.nanoTime()).toString()));
		if (registrations != null) {
			args.addAll(List.of("--registrations", registrations.toString()));
		}
		if (!mode.equals("dry-run")) {
			args.add("--" + mode);
		}
		return ObjectConversion.of(MigrateCommandTest.options(args.toArray(String[]::new)));
	}

}
