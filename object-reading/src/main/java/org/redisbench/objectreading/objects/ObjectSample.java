package org.redisbench.objectreading.objects;

import java.util.List;

/**
 * The decoded values of a sample with what their graphs hold ({@link ObjectGraph}), walked once for every
 * candidate: the cycles and lambdas a codec is told of before it tries, the classes a registering codec
 * registers.
 */
public final class ObjectSample {

	private final List<Object> values;

	private final List<ObjectGraph> graphs;

	private final List<Class<?>> registrations;

	private ObjectSample(List<Object> values) {
		this.values = List.copyOf(values);
		this.graphs = this.values.stream().map(ObjectGraph::of).toList();
		this.registrations = Registrations.of(this.graphs);
	}

	/** @param values the decoded values, none {@code null} */
	public static ObjectSample of(List<Object> values) {
		return new ObjectSample(values);
	}

	public List<Object> values() {
		return this.values;
	}

	public int size() {
		return this.values.size();
	}

	/** What {@code kryo-registered} and {@code fory-registered} register, in this order: for advice to list. */
	public List<Class<?>> registrations() {
		return this.registrations;
	}

	ObjectGraph graph(int position) {
		return this.graphs.get(position);
	}

}
