package org.redisbench.objectreading.objects;

import java.util.List;

/**
 * Every typed candidate for a sample of a user's decoded objects, each set up with the user's class loader (the
 * objects' classes come from the user's jars). The ids are fixed: reports, options and the other parts of the
 * advisor name candidates by them.
 */
public final class ObjectCandidates {

	/** The candidates' ids in the order {@link #all} lists them; {@code jdk} first, the values as they are stored. */
	public static final List<String> IDS = List.of(JdkObjectCodec.ID, JacksonTypedObjectCodec.ID, JacksonObjectCodec.JSON,
			Fastjson2ObjectCodec.JSON_ID, Fastjson2ObjectCodec.JSONB_ID, KryoObjectCodec.ID, KryoObjectCodec.REGISTERED,
			ForyObjectCodec.ID, ForyObjectCodec.REGISTERED, JacksonObjectCodec.SMILE, JacksonObjectCodec.CBOR,
			MsgpackObjectCodec.ID);

	private ObjectCandidates() {
	}

	public static List<ObjectCodec> all(ClassLoader loader, ObjectSample sample) {
		return IDS.stream().map((id) -> byId(id, loader, sample)).toList();
	}

	public static List<ObjectCodec> all(ClassLoader loader, List<Object> values) {
		return all(loader, ObjectSample.of(values));
	}

	/** @throws IllegalArgumentException for an id not in {@link #IDS} */
	public static ObjectCodec byId(String id, ClassLoader loader, ObjectSample sample) {
		return switch (id) {
			case JdkObjectCodec.ID -> new JdkObjectCodec(loader);
			case JacksonTypedObjectCodec.ID -> new JacksonTypedObjectCodec(loader);
			case JacksonObjectCodec.JSON -> JacksonObjectCodec.json(loader);
			case JacksonObjectCodec.SMILE -> JacksonObjectCodec.smile(loader);
			case JacksonObjectCodec.CBOR -> JacksonObjectCodec.cbor(loader);
			case MsgpackObjectCodec.ID -> new MsgpackObjectCodec(loader);
			case Fastjson2ObjectCodec.JSON_ID -> Fastjson2ObjectCodec.json();
			case Fastjson2ObjectCodec.JSONB_ID -> Fastjson2ObjectCodec.jsonb();
			case KryoObjectCodec.ID -> KryoObjectCodec.unregistered(loader);
			case KryoObjectCodec.REGISTERED -> KryoObjectCodec.registered(loader, sample.registrations());
			case ForyObjectCodec.ID -> ForyObjectCodec.unregistered(loader);
			case ForyObjectCodec.REGISTERED -> ForyObjectCodec.registered(loader, sample.registrations());
			default -> throw new IllegalArgumentException("no typed candidate '" + id + "'; there are " + IDS);
		};
	}

}
