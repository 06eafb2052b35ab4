package org.redisbench.advise.objects;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.openjdk.jmh.annotations.TearDown;
import org.redisbench.objectreading.objects.CannotCarry;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ObjectCandidates;
import org.redisbench.objectreading.objects.ObjectCodec;
import org.redisbench.objectreading.objects.ObjectSample;
import org.redisbench.objectreading.objects.Shapes;
import org.redisbench.objectreading.objects.TypedConversion;

/**
 * A typed candidate's encode (object to the bytes Redis would hold) and decode (those bytes back to the object)
 * on the user's own decoded objects, one value an operation, taken in turn over the values the candidate carries
 * faithfully, so that the time is their mean per value. Compression is not in it: it is the codec's CPU.
 * <p>
 * A fork builds the objects again from {@link ObjectSampleFile} with a class loader of its own over the user's
 * classpath (the {@code classpath} parameter), made as the advisor makes its: a {@link URLClassLoader} whose
 * parent is the advisor's loader. {@link ObjectCpuRun} runs it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class ObjectBenchmark {

	/** A typed candidate's id ({@link ObjectCandidates#IDS}). */
	@Param("jdk")
	public String codec;

	/** The sample, written by {@link ObjectSampleFile}. */
	@Param("")
	public String sample;

	/** The user's classpath, its entries joined by the path separator; empty for the advisor's own classes. */
	@Param("")
	public String classpath;

	private URLClassLoader loader;

	private ObjectCodec candidate;

	private Object[] values;

	private Class<?>[] types;

	private byte[][] encoded;

	private int next;

	@Setup
	public void setUp() {
		ClassLoader classes = loader(this.classpath);
		List<Object> all = ObjectSampleFile.read(Path.of(this.sample), classes);
		ObjectSample objects = ObjectSample.of(all);
		this.candidate = ObjectCandidates.byId(this.codec, classes, objects);
		// only which values were carried as they were is used here, nothing of them printed
		TypedConversion conversion = TypedConversion.of(this.candidate, objects, Disclosure.HIDDEN);
		List<Object> carried = new ArrayList<>();
		List<byte[]> bytes = new ArrayList<>();
		for (int i = 0; i < all.size(); i++) {
			if (conversion.outcomes().get(i) instanceof TypedConversion.Faithful faithful) {
				carried.add(all.get(i));
				bytes.add(faithful.bytes());
			}
		}
		if (carried.isEmpty()) {
			throw new IllegalStateException(this.codec + " carries none of the sample's " + all.size() + " values");
		}
		this.values = carried.toArray();
		this.types = carried.stream().map((value) -> Shapes.declaredType(value.getClass())).toArray(Class<?>[]::new);
		this.encoded = bytes.toArray(new byte[0][]);
	}

	private ClassLoader loader(String entries) {
		if (entries.isEmpty()) {
			return ObjectBenchmark.class.getClassLoader();
		}
		List<URL> urls = new ArrayList<>();
		for (String entry : entries.split(File.pathSeparator)) {
			try {
				urls.add(Path.of(entry).toUri().toURL());
			}
			catch (MalformedURLException ex) {
				throw new IllegalArgumentException("not a classpath entry: " + entry, ex);
			}
		}
		this.loader = new URLClassLoader(urls.toArray(new URL[0]), ObjectBenchmark.class.getClassLoader());
		return this.loader;
	}

	@TearDown
	public void tearDown() throws java.io.IOException {
		if (this.loader != null) {
			this.loader.close();
		}
	}

	@Benchmark
	public byte[] encode() throws CannotCarry {
		return this.candidate.encode(this.values[advance()]);
	}

	@Benchmark
	public Object decode() throws CannotCarry {
		int at = advance();
		return this.candidate.decode(this.encoded[at], this.types[at]);
	}

	private int advance() {
		int at = this.next;
		this.next = (at + 1) % this.values.length;
		return at;
	}

}
