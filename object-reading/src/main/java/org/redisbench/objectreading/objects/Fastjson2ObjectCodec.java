package org.redisbench.objectreading.objects;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONB;

/**
 * fastjson2 with the class known when reading and no class name in the value, with the library's defaults
 * (properties through getters and setters or a constructor, as fastjson2's {@code FastJsonRedisSerializer<T>}
 * stores one type): JSON text ({@code fastjson2}) or fastjson2's binary JSONB ({@code fastjson2-jsonb}). The
 * readers it generates live in a class loader of its own, which may not see the user's classes: the
 * {@code NoClassDefFoundError} that follows is {@link TypedConversion}'s to report, as any candidate's.
 */
public final class Fastjson2ObjectCodec implements ObjectCodec {

	static final String JSON_ID = "fastjson2";

	static final String JSONB_ID = "fastjson2-jsonb";

	private final boolean binary;

	private Fastjson2ObjectCodec(boolean binary) {
		this.binary = binary;
	}

	static Fastjson2ObjectCodec json() {
		return new Fastjson2ObjectCodec(false);
	}

	static Fastjson2ObjectCodec jsonb() {
		return new Fastjson2ObjectCodec(true);
	}

	@Override
	public String id() {
		return this.binary ? JSONB_ID : JSON_ID;
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		try {
			return this.binary ? JSONB.toBytes(value) : JSON.toJSONBytes(value);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try {
			return this.binary ? JSONB.parseObject(bytes, type) : JSON.parseObject(bytes, type);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

}
