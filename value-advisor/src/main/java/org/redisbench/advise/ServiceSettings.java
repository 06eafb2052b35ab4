package org.redisbench.advise;

import java.util.List;
import java.util.Optional;

import org.redisbench.footprint.Candidate;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Placement;
import org.redisbench.objectreading.objects.JacksonTypedObjectCodec;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.objects.ServiceFormat;
import org.redisbench.valueformat.objects.StarterSettings;
import org.redisbench.valueformat.objects.TypedJson;

/**
 * A ranked candidate as a Spring Boot service carries it out with value-format's starter: the dependency and the
 * properties that write it and read the values as they are now beside it, or the one line saying the starter does
 * not write it.
 */
final class ServiceSettings {

	private ServiceSettings() {
	}

	/**
	 * @param now what the values read as objects are stored in, as the starter names it; empty when none it reads
	 * @param allow the advisor's {@code --allow}
	 * @return empty when the candidate is what the values are already
	 */
	static Optional<StarterSettings> of(Candidate candidate, Placement layout, Optional<ServiceFormat> now,
			String allow) {
		Optional<ServiceFormat> written;
		try {
			written = written(candidate, now);
		}
		catch (IllegalArgumentException ex) {
			return Optional.of(StarterSettings.notWritten(candidate.label(), ex.getMessage()));
		}
		if (layout != Placement.KEY && layout != Placement.AS_STORED) {
			return Optional.of(StarterSettings.notWritten(candidate.label() + " in " + layout.label,
					"it keeps the layout of Spring's stores, each value under its own key"));
		}
		if (written.isEmpty() || written.equals(now)) {
			return Optional.empty();
		}
		return Optional.of(StarterSettings.of(written.get(), now, List.of(allow.split(",")), Optional.empty(),
				Optional.empty()));
	}

	/**
	 * What the service writes: a typed codec by its id ({@code jackson-typed} is the starter's {@code typed-json}),
	 * the values' own format compressed; empty for the values as they are.
	 *
	 * @throws IllegalArgumentException, in one line, for a candidate the starter does not write
	 */
	private static Optional<ServiceFormat> written(Candidate candidate, Optional<ServiceFormat> now) {
		Compression compression = candidate.compression();
		if (candidate.form().typed()) {
			String id = candidate.form().id().equals(JacksonTypedObjectCodec.ID) ? TypedJson.ID : candidate.form().id();
			return Optional.of(ServiceFormat.parse(id + "+" + compression));
		}
		if (candidate.form() != DocumentEncoding.AS_IS) {
			throw new IllegalArgumentException("it re-encodes JSON documents, where the starter writes a service's"
					+ " objects");
		}
		if (compression == Compression.NONE) {
			return Optional.empty();
		}
		if (now.isEmpty() || now.get().compression() != Compression.NONE) {
			throw new IllegalArgumentException("it compresses the values as they are, which are in no format the"
					+ " starter reads");
		}
		return Optional.of(ServiceFormat.parse(now.get() + "+" + compression));
	}

}
