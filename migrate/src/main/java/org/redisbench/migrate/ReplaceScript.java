package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The one server-side script that replaces a value: only while the key (or, given a field, the hash's field) still
 * holds exactly the bytes the migrator read, and with its remaining time to live kept ({@code KEEPTTL}; a hash's is
 * the key's, which {@code HSET} keeps). Redis runs a script whole, between two other clients' commands, so an
 * application's write lands either before it, and the value is left ("changed by the application"), or after it,
 * over the converted value: never under it.
 */
final class ReplaceScript {

	static final String SOURCE = """
			-- scripts/migrate.sh: KEYS[1] (its field ARGV[3], if given) is replaced by ARGV[2] only if it holds ARGV[1],
			-- its TTL kept
			local kind = redis.call('TYPE', KEYS[1])['ok']
			if kind == 'none' then return -1 end
			if ARGV[3] then
				if kind ~= 'hash' or redis.call('HGET', KEYS[1], ARGV[3]) ~= ARGV[1] then return 0 end
				redis.call('HSET', KEYS[1], ARGV[3], ARGV[2])
				return 1
			end
			if kind ~= 'string' or redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
			redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
			return 1
			""";

	/** What the script did to one key. */
	enum Result {

		REPLACED, CHANGED, GONE, MOVED

	}

	private ReplaceScript() {
	}

	/** Loads the script on the node: its SHA1, for {@code EVALSHA}. */
	static byte[] load(Jedis jedis) {
		return jedis.scriptLoad(SOURCE.getBytes(StandardCharsets.UTF_8));
	}

	/** The script's arguments for one value: its key, the bytes read, the converted ones, and its field if it has one. */
	static byte[][] arguments(ScanPage.Entry entry, byte[] converted) {
		return entry.field() == null ? new byte[][] { entry.key(), entry.value(), converted }
				: new byte[][] { entry.key(), entry.value(), converted, entry.field() };
	}

	/**
	 * The script's answer: 1, 0, -1; a cluster's MOVED or ASK when the key's slot moved meanwhile.
	 * @throws JedisDataException for any other error, {@code NOSCRIPT} included
	 */
	static Result result(Response<Object> response) {
		try {
			long answer = (Long) response.get();
			return answer == 1 ? Result.REPLACED : answer == 0 ? Result.CHANGED : Result.GONE;
		}
		catch (JedisDataException ex) {
			String message = String.valueOf(ex.getMessage());
			if (message.startsWith("MOVED") || message.startsWith("ASK")) {
				return Result.MOVED;
			}
			throw ex;
		}
	}

}
