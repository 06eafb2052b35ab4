package org.redisbench.objectreading.objects;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.redisbench.objectreading.decode.Outcome;

/**
 * One typed candidate applied to a sample of decoded objects: per value, the bytes the codec writes and whether
 * its own decode of them is the value ({@link StructuralDiff}), or why it cannot carry the value. The bytes of
 * the values it carries go on to compression and a Redis of the advisor's own, as the bytes of a JSON encoding
 * do ({@link #encoded}).
 * <p>
 * Every candidate's round trip passes here, so here a {@link LinkageError} from a candidate's library is a value it
 * cannot carry, as its own {@link CannotCarry} is: a library that generates code into a class loader of its own
 * (fastjson2's readers) cannot see the user's classes, and the advisor must go on with the other candidates.
 */
public final class TypedConversion {

	/** What became of one value. */
	public sealed interface Outcome permits Faithful, Changed, NotCarried {

		/** The bytes Redis would hold, empty when the codec cannot write or read back the value. */
		Optional<byte[]> encoded();

	}

	/** Written and read back as it was. */
	public record Faithful(byte[] bytes) implements Outcome {

		@Override
		public Optional<byte[]> encoded() {
			return Optional.of(this.bytes);
		}

	}

	/** Written and read back, but not as it was: the first difference, as {@link StructuralDiff} writes it. */
	public record Changed(byte[] bytes, String firstDifference) implements Outcome {

		@Override
		public Optional<byte[]> encoded() {
			return Optional.of(this.bytes);
		}

	}

	/** Not written, or not read back from what was written, and why, in words. */
	public record NotCarried(String reason) implements Outcome {

		@Override
		public Optional<byte[]> encoded() {
			return Optional.empty();
		}

	}

	private final String codec;

	private final List<Outcome> outcomes;

	private TypedConversion(String codec, List<Outcome> outcomes) {
		this.codec = codec;
		this.outcomes = outcomes;
	}

	/** @param disclosure how much of a value a first difference and a reason may print */
	public static TypedConversion of(ObjectCodec codec, ObjectSample sample, Disclosure disclosure) {
		List<Outcome> outcomes = new ArrayList<>(sample.size());
		for (int i = 0; i < sample.size(); i++) {
			outcomes.add(outcome(codec, sample, i, disclosure));
		}
		return new TypedConversion(codec.id(), Collections.unmodifiableList(outcomes));
	}

	/** What the codec does with the value at this position of the sample. */
	public static Outcome outcome(ObjectCodec codec, ObjectSample sample, int position, Disclosure disclosure) {
		Object value = sample.values().get(position);
		ObjectGraph graph = sample.graph(position);
		if (!codec.carriesCycles() && graph.cycle().isPresent()) {
			return new NotCarried(
					"a cycle, which " + codec.id() + " does not carry: " + graph.cycle().get().text(disclosure));
		}
		if (!codec.carriesLambdas() && graph.lambda().isPresent()) {
			return new NotCarried(
					"a lambda, which " + codec.id() + " cannot rebuild: " + graph.lambda().get().text(disclosure));
		}
		byte[] bytes;
		try {
			bytes = codec.encode(value);
		}
		catch (CannotCarry ex) {
			return new NotCarried(ex.reason());
		}
		catch (LinkageError ex) {
			return new NotCarried(Reasons.linkage(codec.id(), ex));
		}
		Object decoded;
		try {
			decoded = codec.decode(bytes, Shapes.declaredType(value.getClass()));
		}
		catch (CannotCarry ex) {
			return new NotCarried("written but not read back: " + ex.reason());
		}
		catch (LinkageError ex) {
			return new NotCarried("written but not read back: " + Reasons.linkage(codec.id(), ex));
		}
		Optional<String> difference = StructuralDiff.firstDifference(value, decoded, disclosure);
		return difference.<Outcome>map((first) -> new Changed(bytes, first)).orElseGet(() -> new Faithful(bytes));
	}

	public String codecId() {
		return this.codec;
	}

	/** Per value of the sample, in its order. */
	public List<Outcome> outcomes() {
		return this.outcomes;
	}

	/** Per value, the bytes the codec writes, empty where it cannot carry the value. */
	public List<Optional<byte[]>> encoded() {
		return this.outcomes.stream().map(Outcome::encoded).toList();
	}

	public int faithful() {
		return count(Faithful.class);
	}

	public int changed() {
		return count(Changed.class);
	}

	public int notCarried() {
		return count(NotCarried.class);
	}

	/** Whether every value was carried and read back as it was: only such a candidate is ranked. */
	public boolean isFaithful() {
		return faithful() == this.outcomes.size();
	}

	/** The first value read back changed, its first difference. */
	public Optional<String> firstDifference() {
		return this.outcomes.stream()
			.filter(Changed.class::isInstance)
			.map((outcome) -> ((Changed) outcome).firstDifference())
			.findFirst();
	}

	/** Why values were not carried, each reason with its count, the most frequent first. */
	public Map<String, Integer> reasons() {
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (Outcome outcome : this.outcomes) {
			if (outcome instanceof NotCarried notCarried) {
				counts.merge(notCarried.reason(), 1, Integer::sum);
			}
		}
		Map<String, Integer> sorted = new LinkedHashMap<>();
		counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
			.forEach((entry) -> sorted.put(entry.getKey(), entry.getValue()));
		return sorted;
	}

	private int count(Class<? extends Outcome> kind) {
		return (int) this.outcomes.stream().filter(kind::isInstance).count();
	}

}
