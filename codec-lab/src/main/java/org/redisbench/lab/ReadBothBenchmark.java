package org.redisbench.lab;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.readboth.MigratingSerializer;
import org.redisbench.codecs.migration.PersonReadAlso;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * What reading two formats costs a decode: a person decoded through the serializer an app with
 * {@code bench.read-also} runs, against the decoder an app without it runs on the same values (docs/migrate.md).
 * Decode alone, without the md5 check {@link CodecBenchmark} adds, so that the detection is measured against the least
 * it could hide in; and the detection alone. {@link DetectionCost} turns the JSON JMH writes into ratios.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class ReadBothBenchmark {

	/** The persons taken in turn, as {@link CodecBenchmark} takes them. */
	static final int POOL = CodecBenchmark.POOL;

	/** {@code bench.read-also} of the app, then the app's codec and {@code bench.compression}: {@code FROM>TO}. */
	@Param({ "jdk>kryo", "fastjson2>kryo+zstd" })
	public String migration;

	/** Whose values: the app's own ({@code new}) or those of the format read as well ({@code old}). */
	@Param({ "new", "old" })
	public String values;

	private RedisSerializer<Person> plain;

	private MigratingSerializer<Person> readingBoth;

	private byte[][] plainValues;

	private byte[][] readingBothValues;

	private int next;

	@Setup
	public void setUp() {
		String[] fromTo = this.migration.split(">");
		PersonReadAlso old = PersonReadAlso.parse(fromTo[0]);
		// "kryo" is kryo with none, "kryo+zstd" keeps its zstd: the appended none is the second word only when alone
		String[] codecPlusCompression = (fromTo[1] + "+none").split("\\+");
		CodecSetup app = CodecSetup.of(codecPlusCompression[0], codecPlusCompression[1]);
		RedisSerializer<Person> appWrites = Compressions.wrap(app.compression(), app.codec().newSerializer(),
				ReadBothBenchmark::noDictionary);
		RedisSerializer<Person> oldWrites = Compressions.wrap(old.compression(), old.codec().newSerializer(),
				ReadBothBenchmark::noDictionary);
		// the apps' serializer, without the count of reads by format around it (the starter's StarterCost times that)
		this.readingBoth = new MigratingSerializer<>(
				old.written(app.codec(), app.compression(), ReadBothBenchmark::noDictionary).encoding(),
				old.stored().encoding());
		boolean newValues = this.values.equals("new");
		this.plain = newValues ? appWrites : oldWrites;
		Person[] persons = LabPersons.first(POOL);
		this.plainValues = new byte[POOL][];
		this.readingBothValues = new byte[POOL][];
		for (int i = 0; i < POOL; i++) {
			this.plainValues[i] = this.plain.serialize(persons[i]);
			this.readingBothValues[i] = newValues ? this.readingBoth.serialize(persons[i]) : this.plainValues[i];
			// both read back what was written, before anything is measured
			check(this.plain.deserialize(this.plainValues[i]), persons[i]);
			check(this.readingBoth.deserialize(this.readingBothValues[i]), persons[i]);
		}
	}

	/** The decoder of an app without {@code bench.read-also}: the app's for new values, the old app's for old ones. */
	@Benchmark
	public Person plain() {
		return this.plain.deserialize(this.plainValues[advance()]);
	}

	/** The app's decoder with {@code bench.read-also}, on the same persons as it stores them. */
	@Benchmark
	public Person readingBoth() {
		return this.readingBoth.deserialize(this.readingBothValues[advance()]);
	}

	/**
	 * The detection alone: what the reading-both decode does before it hands the value on. Less {@link #firstByte()},
	 * over a plain decode's time, it is the detection's share, settled by far narrower intervals than the difference
	 * of two decodes.
	 */
	@Benchmark
	public MigratingSerializer.Detected detect() {
		return this.readingBoth.detect(this.readingBothValues[advance()]);
	}

	/**
	 * What the detection's time holds that is not detection: this harness's call, and the first touch of the next
	 * value's memory, which a decode pays anyway (the plain decoder touches the same bytes first).
	 */
	@Benchmark
	public byte firstByte() {
		return this.readingBothValues[advance()][0];
	}

	private int advance() {
		int at = this.next;
		this.next = (at + 1) % POOL;
		return at;
	}

	private static void check(Person decoded, Person written) {
		if (!written.equals(decoded)) {
			throw new IllegalStateException("decoded " + decoded + ", not " + written);
		}
	}

	private static byte[] noDictionary() {
		throw new IllegalStateException("the pairs measured use no zstd dictionary");
	}

}
