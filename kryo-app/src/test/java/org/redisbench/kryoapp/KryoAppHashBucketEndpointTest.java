package org.redisbench.kryoapp;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisbench.model.Layout;
import org.redisbench.test.EndpointContractTest;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint contract with persons as fields of hash buckets, and what keeps a bucket a listpack: Kryo's
 * 87-byte persons fit the value limit the bench sets, not Redis's default of 64 bytes.
 */
@TestPropertySource(properties = "bench.layout=hash-bucket")
class KryoAppHashBucketEndpointTest extends EndpointContractTest {

	private static final int REDIS_DEFAULT_LISTPACK_VALUE = 64;

	@AfterEach
	void restoreListpackValueLimit() {
		listpackValueLimit(REDIS_DEFAULT_LISTPACK_VALUE);
	}

	@Test
	void bucketsAreListpacksWhenTheValueLimitFitsAPerson() {
		listpackValueLimit(Layout.LISTPACK_VALUE_BYTES);

		assertThat(get("/add").statusCode()).isEqualTo(200);
		assertThat(get("/add").statusCode()).isEqualTo(200);

		assertThat(encodings()).containsOnly("listpack");
		assertThat(get("/check").statusCode()).isEqualTo(200);
	}

	@Test
	void atRedisDefaultsABucketOfKryoPersonsIsAHashTable() {
		assertThat(get("/add").statusCode()).isEqualTo(200);

		assertThat(encodings()).containsOnly("hashtable");
	}

	/** A field over bench.max-value-bytes is refused by its length (FieldReadTest: it arrives cut to 65,537 bytes). */
	@Test
	void aFieldLargerThanAnyPersonIsRefusedByItsLength() {
		assertThat(get("/add").statusCode()).isEqualTo(200);
		persons().put(9, new byte[70_000]);
		persons().put(10, new byte[0]);

		HttpResponse<String> large = get("/checksingle/9");
		assertErrorNaming(large, 500, "9");
		assertThat(large.body()).contains("larger than 65536 bytes");
		assertThat(get("/checksingle/10").body()).contains("empty");
		assertThat(get("/checksingle/11").statusCode()).isEqualTo(200);
	}

	private List<String> encodings() {
		try (UnifiedJedis jedis = redis().client()) {
			return List.of(1L, 100L)
				.stream()
				.map((id) -> jedis.objectEncoding(Layout.HASH_BUCKET.key(id)))
				.map((encoding) -> new String(encoding))
				.toList();
		}
	}

	private void listpackValueLimit(int bytes) {
		try (UnifiedJedis jedis = redis().client()) {
			jedis.sendCommand(Protocol.Command.CONFIG, "SET", "hash-max-listpack-value", String.valueOf(bytes));
		}
	}

}
