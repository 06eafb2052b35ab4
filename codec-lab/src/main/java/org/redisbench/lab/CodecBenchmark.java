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
import org.openjdk.jmh.infra.Blackhole;
import org.redisbench.person.Person;

/**
 * Encode, and decode then verify the md5, of one person and of a batch of {@value #BATCH} (what one
 * {@code /add} or {@code /check} does), for each codec x compression. scripts/codec-lab.sh runs it with JMH's gc
 * profiler, whose {@code gc.alloc.rate.norm} is the bytes allocated per operation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class CodecBenchmark {

	static final int BATCH = 100;

	/**
	 * Persons taken in turn, so that consecutive operations see different values, as a request does; few
	 * enough that their values stay in the CPU's cache, as a batch's do.
	 */
	static final int POOL = 10 * BATCH;

	/** Every {@code PersonCodec} id (a test keeps the lists complete); the script passes the available ones. */
	@Param({ "fastjson2", "kryo", "kryo-handwritten", "jackson-json", "jdk", "protobuf", "msgpack", "smile", "fst",
			"fory" })
	public String codec;

	@Param({ "none", "gzip", "lz4", "zstd", "zstd-dict" })
	public String compression;

	private LabCodec lab;

	private Person[] persons;

	private byte[][] values;

	private int next;

	@Setup
	public void setUp() {
		this.lab = CodecSetup.of(this.codec, this.compression).start();
		this.persons = LabPersons.first(POOL);
		this.values = new byte[POOL][];
		for (int i = 0; i < POOL; i++) {
			this.values[i] = this.lab.encode(this.persons[i]);
			// a codec that does not round-trip fails here, before anything is measured
			this.lab.decodeIntact(this.values[i]);
		}
	}

	@Benchmark
	public byte[] encodePerson() {
		return this.lab.encode(this.persons[advance(1)]);
	}

	@Benchmark
	public Person decodePerson() {
		return this.lab.decodeIntact(this.values[advance(1)]);
	}

	@Benchmark
	public void encodeBatch(Blackhole values) {
		int first = advance(BATCH);
		for (int i = first; i < first + BATCH; i++) {
			values.consume(this.lab.encode(this.persons[i]));
		}
	}

	@Benchmark
	public void decodeBatch(Blackhole persons) {
		int first = advance(BATCH);
		for (int i = first; i < first + BATCH; i++) {
			persons.consume(this.lab.decodeIntact(this.values[i]));
		}
	}

	/** The index of the next {@code count} persons; a batch never wraps, since {@link #POOL} is a multiple. */
	private int advance(int count) {
		int first = this.next;
		this.next = (first + count) % POOL;
		return first;
	}

}
