package org.redisbench.advise;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.redisbench.footprint.Candidate;
import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.Document;
import org.redisbench.footprint.DocumentEncoding;

/**
 * Encode (from the parsed document to the bytes Redis would hold) and decode (from those bytes to the
 * library's document) of the user's own values, one value an operation, taken in turn over the whole sample,
 * so that the time is the sample's mean per value. {@link CpuRun} runs it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class ValueBenchmark {

	/** ENCODING+COMPRESSION; the advisor passes the candidates it measured. */
	@Param("as-is+none")
	public String candidate;

	/** The sample, written by the advisor ({@link SampleFile}). */
	@Param("")
	public String sample;

	/** A zstd dictionary's size, 0 for the advisor's own choice. */
	@Param("0")
	public int dictionaryBytes;

	/** The most values a zstd dictionary learns from, 0 for the whole other half. */
	@Param("0")
	public int trainValues;

	private DocumentEncoding encoding;

	private Conversion conversion;

	private List<Document> documents;

	private byte[][] stored;

	private int next;

	@Setup
	public void setUp() {
		this.documents = SampleFile.read(Path.of(this.sample));
		Candidate parsed = Candidate.byId(this.candidate);
		this.encoding = (DocumentEncoding) parsed.form();
		this.conversion = Conversion.of(parsed, this.documents,
				new Conversion.Dictionary(this.dictionaryBytes, this.trainValues));
		this.stored = this.conversion.stored().toArray(new byte[0][]);
	}

	@Benchmark
	public byte[] encode() {
		int at = advance();
		return this.conversion.store(this.encoding.write(this.documents.get(at)), at);
	}

	@Benchmark
	public Object decode() {
		int at = advance();
		return this.encoding.decode(this.conversion.unstore(this.stored[at], at, Conversion.MAX_VALUE_BYTES * 4),
				this.documents.get(at).isJson());
	}

	private int advance() {
		int at = this.next;
		this.next = (at + 1) % this.stored.length;
		return at;
	}

}
