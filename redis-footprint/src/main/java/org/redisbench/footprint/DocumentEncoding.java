package org.redisbench.footprint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.Map;

import com.alibaba.fastjson2.JSONB;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;
import org.redisbench.commandline.Refusal;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.cbor.CBORMapper;
import tools.jackson.dataformat.smile.SmileMapper;

/**
 * How a JSON document is written, schema-less, by a maintained library, from the parsed document. An opaque
 * value is stored as it is by every encoding. {@link #decode} reads back what {@link #encode} wrote, in the
 * library's own document model, so that {@link #roundTrips} can compare it with the parsed original.
 */
public enum DocumentEncoding implements Form {

	/** The bytes as the source holds them; its CPU is Jackson writing and parsing the JSON text. */
	AS_IS("as-is") {
		@Override
		byte[] encodeJson(Document document) {
			return document.raw();
		}

		@Override
		byte[] writeJson(Document document) {
			return this.mapper.writeValueAsBytes(document.tree());
		}
	},

	/** fastjson2's binary JSON, from fastjson2's own parse of the text. */
	JSONB_FASTJSON2("jsonb") {
		@Override
		byte[] encodeJson(Document document) {
			return JSONB.toBytes(document.fastjson());
		}

		@Override
		Object decodeJson(byte[] bytes) {
			return JSONB.parse(bytes);
		}

		@Override
		Object original(Document document) {
			return document.fastjson();
		}
	},

	SMILE("smile", new SmileMapper()),

	CBOR("cbor", new CBORMapper()),

	/** MessagePack through msgpack-core, written from Jackson's tree: Jackson 3 has no MessagePack format. */
	MSGPACK("msgpack") {
		@Override
		byte[] encodeJson(Document document) {
			try (MessageBufferPacker packer = MessagePack.newDefaultBufferPacker()) {
				pack(packer, document.tree());
				return packer.toByteArray();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		@Override
		Object decodeJson(byte[] bytes) {
			try (MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(bytes)) {
				return unpack(unpacker);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	};

	private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

	private final String id;

	/** Writes and reads Jackson's tree of the document, unless the encoding writes its own. */
	final ObjectMapper mapper;

	DocumentEncoding(String id) {
		this(id, Document.JSON_MAPPER);
	}

	DocumentEncoding(String id, ObjectMapper mapper) {
		this.id = id;
		this.mapper = mapper;
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public boolean typed() {
		return false;
	}

	public static DocumentEncoding byId(String id) {
		for (DocumentEncoding encoding : values()) {
			if (encoding.id.equals(id)) {
				return encoding;
			}
		}
		throw new Refusal("unknown encoding '" + id + "'");
	}

	/** The bytes this encoding stores for the value. */
	byte[] encode(Document document) {
		return document.isJson() ? encodeJson(document) : document.raw();
	}

	/** What an application spends to write the value from its document: for {@link #AS_IS}, Jackson's JSON. */
	public byte[] write(Document document) {
		return document.isJson() ? writeJson(document) : document.raw();
	}

	/** The document read back from the stored bytes, in this encoding's document model. */
	public Object decode(byte[] bytes, boolean json) {
		return json ? decodeJson(bytes) : bytes;
	}

	/** Whether the stored bytes read back as a document equal to the parsed original. */
	boolean roundTrips(Document document, byte[] encoded) {
		if (!document.isJson()) {
			return true;
		}
		try {
			return original(document).equals(decodeJson(encoded));
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	byte[] encodeJson(Document document) {
		return this.mapper.writeValueAsBytes(document.tree());
	}

	byte[] writeJson(Document document) {
		return encodeJson(document);
	}

	Object decodeJson(byte[] bytes) {
		return this.mapper.readTree(bytes);
	}

	Object original(Document document) {
		return document.tree();
	}

	@Override
	public String toString() {
		return this.id;
	}

	private static void pack(MessageBufferPacker packer, JsonNode node) throws IOException {
		switch (node.getNodeType()) {
			case OBJECT -> {
				packer.packMapHeader(node.size());
				for (Map.Entry<String, JsonNode> property : node.properties()) {
					packer.packString(property.getKey());
					pack(packer, property.getValue());
				}
			}
			case ARRAY -> {
				packer.packArrayHeader(node.size());
				for (JsonNode element : node.values()) {
					pack(packer, element);
				}
			}
			case STRING -> packer.packString(node.stringValue());
			case BOOLEAN -> packer.packBoolean(node.booleanValue());
			case NULL -> packer.packNil();
			case NUMBER -> {
				if (node.isBigInteger()) {
					packer.packBigInteger(node.bigIntegerValue());
				}
				else if (node.isIntegralNumber()) {
					packer.packLong(node.longValue());
				}
				else {
					packer.packDouble(node.doubleValue());
				}
			}
			default -> throw new IllegalArgumentException("no MessagePack for a JSON " + node.getNodeType());
		}
	}

	/** Back into Jackson's tree, with the node types Jackson's JSON parser gives (int, long, big integer). */
	private static JsonNode unpack(MessageUnpacker unpacker) throws IOException {
		ValueType type = unpacker.getNextFormat().getValueType();
		switch (type) {
			case MAP -> {
				ObjectNode object = NODES.objectNode();
				int size = unpacker.unpackMapHeader();
				for (int i = 0; i < size; i++) {
					object.set(unpacker.unpackString(), unpack(unpacker));
				}
				return object;
			}
			case ARRAY -> {
				ArrayNode array = NODES.arrayNode();
				int size = unpacker.unpackArrayHeader();
				for (int i = 0; i < size; i++) {
					array.add(unpack(unpacker));
				}
				return array;
			}
			case STRING -> {
				return NODES.stringNode(unpacker.unpackString());
			}
			case BOOLEAN -> {
				return NODES.booleanNode(unpacker.unpackBoolean());
			}
			case NIL -> {
				unpacker.unpackNil();
				return NODES.nullNode();
			}
			case INTEGER -> {
				BigInteger value = unpacker.unpackBigInteger();
				if (value.bitLength() < Integer.SIZE) {
					return NODES.numberNode(value.intValue());
				}
				return value.bitLength() < Long.SIZE ? NODES.numberNode(value.longValue()) : NODES.numberNode(value);
			}
			case FLOAT -> {
				return NODES.numberNode(unpacker.unpackDouble());
			}
			default -> throw new IllegalArgumentException("no JSON for a MessagePack " + type);
		}
	}

}
