package org.redisbench.valueformat.starter;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.github.luben.zstd.ZstdDictTrainer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.redisbench.person.PersonFactory;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.objects.AllowList;
import org.redisbench.valueformat.objects.KryoObjectSerializer;
import org.redisbench.valueformat.objects.ObjectFormats;

import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * A value through the starter's serializer against the bare codec it is built on, the same bytes either way: what
 * the starter adds (reading a second format beside, telling the two by the first byte, counting each read) in
 * nanoseconds a value. {@code kryo+zstd-dict} in the standard frame, a person, read from its stored bytes and written;
 * {@code bare} is {@code ObjectFormats.encoding(...)}'s serializer, {@code starter} what the properties
 * {@code value-format.write=kryo+zstd-dict}, {@code value-format.read-also=jdk} make. docs/starter.md quotes a run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = "-XX:+UseParallelGC")
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
public class StarterCost {

	private static final String ALLOW = "org.redisbench.person.**";

	private RedisSerializer<Object> bare;

	private ValueFormatSerializer<Object> starter;

	private Object person;

	private byte[] stored;

	@Setup
	public void setUp() {
		ClassLoader loader = StarterCost.class.getClassLoader();
		RedisSerializer<Object> kryo = new KryoObjectSerializer(loader, List.of());
		ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 2048);
		for (long id = 1_000_001; id <= 1_002_000; id++) {
			trainer.addSample(kryo.serialize(PersonFactory.create(id)));
		}
		byte[] dictionary = trainer.trainSamples();
		this.bare = ObjectFormats
			.encoding(ObjectFormats.Choice.parse("kryo+zstd-dict"), Frame.STANDARD, new AllowList(List.of(ALLOW)),
					loader, List.of(), () -> dictionary)
			.serializer();
		ValueFormatProperties properties = new ValueFormatProperties();
		properties.setWrite("kryo+zstd-dict");
		properties.setReadAlso("jdk");
		properties.setAllow(List.of(ALLOW));
		properties.setDictionary("memory:dictionary");
		this.starter = ValueFormats.from(properties, new DefaultResourceLoader(loader) {

			@Override
			public Resource getResource(String location) {
				return new ByteArrayResource(dictionary);
			}

		}).serializer();
		this.person = PersonFactory.create(7);
		this.stored = this.bare.serialize(this.person);
		if (!Arrays.equals(this.stored, this.starter.serialize(this.person))) {
			throw new IllegalStateException("the starter and the bare codec write different bytes");
		}
	}

	@Benchmark
	public Object readBare() {
		return this.bare.deserialize(this.stored);
	}

	@Benchmark
	public Object readStarter() {
		return this.starter.deserialize(this.stored);
	}

	/**
	 * What the starter adds to a read, alone: the format told twice by the first byte (for the count, and by
	 * {@code MigratingSerializer} to pick the reader) and the count. A few nanoseconds against microseconds, which
	 * a noisy machine measures where it cannot tell {@link #readStarter} from {@link #readBare}.
	 */
	@Benchmark
	public void readStarterOwnWork(Blackhole blackhole) {
		blackhole.consume(this.starter.readsOf(this.stored));
		this.starter.readsOf(this.stored).increment();
	}

	@Benchmark
	public byte[] writeBare() {
		return this.bare.serialize(this.person);
	}

	@Benchmark
	public byte[] writeStarter() {
		return this.starter.serialize(this.person);
	}

}
