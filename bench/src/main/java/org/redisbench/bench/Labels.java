package org.redisbench.bench;

import java.util.Iterator;
import java.util.List;

import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.valueformat.Named;

/** The words a list option of bench takes, as its --help names them (picocli's completionCandidates). */
final class Labels {

	private Labels() {
	}

	static final class Apps implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return App.labels().iterator();
		}

	}

	static final class Modes implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return List.of(RoundTrips.values()).stream().map(Named::labelOf).iterator();
		}

	}

	static final class Layouts implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Named.labels(Layout.class).iterator();
		}

	}

	static final class Stores implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Named.labels(Store.class).iterator();
		}

	}

	static final class RedisSetups implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Named.labels(RedisSetup.class).iterator();
		}

	}

}
