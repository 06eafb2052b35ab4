package org.redisbench.valueformat;

import org.redisbench.valueformat.Compression;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.EnumSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.person.DictionaryTrainer;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CompressingSerializerTest {

	/** Stands in for an app's codec: common must not depend on either. */
	private static final RedisSerializer<Person> CODEC = new DataStreamCodec();

	private static byte[] dictionary;

	@BeforeAll
	static void trainDictionary() {
		dictionary = DictionaryTrainer.train(CODEC, 2000, 1024);
	}

	private static RedisSerializer<Person> wrapped(Compression compression) {
		return Compressions.wrap(compression, CODEC, () -> dictionary);
	}

	@ParameterizedTest
	@EnumSource(Compression.class)
	void roundTripsAPerson(Compression compression) {
		Person person = PersonFactory.create(123456);
		RedisSerializer<Person> serializer = wrapped(compression);

		assertThat(serializer.deserialize(serializer.serialize(person))).isEqualTo(person);
	}

	@Test
	void noneIsTheCodecItself() {
		assertThat(wrapped(Compression.NONE)).isSameAs(CODEC);
	}

	@Test
	void dictionaryMakesZstdPayForASinglePerson() {
		Person person = PersonFactory.create(123456);
		int raw = CODEC.serialize(person).length;

		int plainZstd = wrapped(Compression.ZSTD).serialize(person).length;
		int dictionaryZstd = wrapped(Compression.ZSTD_DICT).serialize(person).length;

		assertThat(dictionaryZstd).isLessThan(plainZstd).isLessThan(raw);
	}

	@ParameterizedTest
	@EnumSource(value = Compression.class, mode = EnumSource.Mode.EXCLUDE, names = "NONE")
	void valueWrittenWithAnotherSettingIsRefused(Compression compression) {
		Person person = PersonFactory.create(7);
		for (Compression other : EnumSet.complementOf(EnumSet.of(compression))) {
			byte[] value = wrapped(other).serialize(person);

			assertThatExceptionOfType(SerializationException.class)
				.isThrownBy(() -> wrapped(compression).deserialize(value))
				.withMessageContaining(compression.toString());
		}
	}

	@Test
	void valueCompressedWithAnotherDictionaryIsRefused() {
		byte[] otherDictionary = DictionaryTrainer.train(CODEC, 2000, 1024);
		byte[] value = Compressions.wrap(Compression.ZSTD_DICT, CODEC, () -> otherDictionary).serialize(PersonFactory.create(7));

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> wrapped(Compression.ZSTD_DICT).deserialize(value))
			.withMessageContaining("dictionary");
	}

	@ParameterizedTest
	@EnumSource(value = Compression.class, mode = EnumSource.Mode.EXCLUDE, names = "NONE")
	void forgedLengthIsRefusedBeforeAllocating(Compression compression) {
		byte[] huge = new byte[Compressions.MAX_LENGTH + 1];
		RedisSerializer<Person> writer = Compressions.wrap(compression, new RawBytes(huge), () -> dictionary);
		RedisSerializer<Person> reader = Compressions.wrap(compression, new RawBytes(new byte[0]), () -> dictionary);

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> reader.deserialize(writer.serialize(new Person())))
			.withMessageContaining("more than");
	}

	@ParameterizedTest
	@EnumSource(value = Compression.class, mode = EnumSource.Mode.EXCLUDE, names = "NONE")
	void truncatedValueIsRefused(Compression compression) {
		byte[] value = wrapped(compression).serialize(PersonFactory.create(7));
		byte[] truncated = Arrays.copyOf(value, value.length - 3);

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> wrapped(compression).deserialize(truncated));
	}

	/** Writes fixed bytes whatever the person; reads nothing. For values of a chosen size. */
	private record RawBytes(byte[] bytes) implements RedisSerializer<Person> {

		@Override
		public byte[] serialize(Person person) {
			return this.bytes;
		}

		@Override
		public Person deserialize(byte[] bytes) {
			return new Person();
		}

	}

	private static final class DataStreamCodec implements RedisSerializer<Person> {

		@Override
		public byte[] serialize(Person person) {
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			try (DataOutputStream out = new DataOutputStream(bytes)) {
				out.writeLong(person.getId());
				out.writeInt(person.getAge());
				for (String field : new String[] { person.getName(), person.getAddress(), person.getPhone(),
						person.getSex(), person.getMd5() }) {
					out.writeUTF(field);
				}
			}
			catch (IOException ex) {
				throw new SerializationException("cannot write", ex);
			}
			return bytes.toByteArray();
		}

		@Override
		public Person deserialize(byte[] bytes) {
			try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
				Person person = new Person();
				person.setId(in.readLong());
				person.setAge(in.readInt());
				person.setName(in.readUTF());
				person.setAddress(in.readUTF());
				person.setPhone(in.readUTF());
				person.setSex(in.readUTF());
				person.setMd5(in.readUTF());
				return person;
			}
			catch (IOException ex) {
				throw new SerializationException("cannot read", ex);
			}
		}

	}

}
