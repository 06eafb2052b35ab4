package org.redisbench.advise;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.sampling.SampledValue;
import org.redisbench.objectreading.decode.DecodedSample;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ObjectCodec;
import org.redisbench.objectreading.objects.ObjectSample;
import org.redisbench.objectreading.objects.TypedConversion;

/**
 * The sample as the typed candidates see it: the values read as objects, which each codec re-encodes and reads
 * back ({@link TypedConversion}), and the others, stored as they are, as a JSON encoding stores a value that is not
 * JSON.
 */
final class ObjectValues {

	private final List<SampledValue> values;

	private final DecodedSample decoded;

	private final ObjectSample objects;

	ObjectValues(List<SampledValue> values, DecodedSample decoded) {
		this.values = values;
		this.decoded = decoded;
		this.objects = ObjectSample.of(decoded.objects());
	}

	/** What the codecs are set up for: the classes a registering codec registers come from it. */
	ObjectSample objects() {
		return this.objects;
	}

	/**
	 * Each value of the sample as the codec writes it, in the sample's order; a value it cannot carry stands in with
	 * its bytes as they are (it is counted, and the candidate not ranked). What a report may print of a value the
	 * codec changed is the disclosure's.
	 */
	Conversion.Encoded encode(ObjectCodec codec, Disclosure disclosure) {
		TypedConversion typed = TypedConversion.of(codec, this.objects, disclosure);
		List<byte[]> encoded = new ArrayList<>(this.values.size());
		int object = 0;
		for (int i = 0; i < this.values.size(); i++) {
			byte[] raw = this.values.get(i).value();
			encoded.add(this.decoded.object(i) == null ? raw
					: typed.outcomes().get(object++).encoded().orElse(raw));
		}
		return new Conversion.Encoded(encoded, typed.changed(), typed.firstDifference().orElse(null),
				typed.reasons());
	}

}
