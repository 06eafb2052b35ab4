package org.redisbench.valueformat.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.valueformat.objects.KryoObjectSerializer;
import org.redisbench.valueformat.starter.shop.Orders;

import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What the starter writes by default is, after its one tag byte, a frame the stock {@code zstd} and {@code lz4} tools
 * decode: into the very Kryo bytes the value was compressed from.
 */
class StockToolsTest {

	private static final ClassLoader LOADER = StockToolsTest.class.getClassLoader();

	@TempDir
	Path files;

	@ParameterizedTest
	@ValueSource(strings = { "kryo+zstd", "kryo+zstd-dict", "kryo+lz4" })
	void theDefaultFrameDecodesWithTheStockTool(String format) throws Exception {
		String tool = format.endsWith("lz4") ? "lz4" : "zstd";
		assumeTrue(onPath(tool), tool + " is not on the PATH: install it (apt-get install " + tool
				+ ") for this test to run");
		ValueFormatProperties properties = new ValueFormatProperties();
		properties.setWrite(format);
		properties.setAllow(List.of("org.redisbench.valueformat.starter.shop.**"));
		properties.setDictionary("file:" + ShopApplications.dictionary(this.files));
		RedisSerializer<Object> starter = ValueFormats.from(properties, new DefaultResourceLoader(LOADER)).serializer();
		byte[] kryo = new KryoObjectSerializer(LOADER, List.of()).serialize(Orders.build(42));

		byte[] value = starter.serialize(Orders.build(42));
		Path frame = this.files.resolve(format + ".frame");
		Files.write(frame, Arrays.copyOfRange(value, 1, value.length));
		List<String> command = new ArrayList<>(List.of(tool, "-d", "-c", "-q"));
		if (format.endsWith("zstd-dict")) {
			command.addAll(List.of("-D", ShopApplications.dictionary(this.files).toString()));
		}
		command.add(frame.toString());

		assertThat(run(command)).isEqualTo(kryo);
	}

	private static boolean onPath(String tool) throws InterruptedException {
		try {
			return new ProcessBuilder(tool, "--version").redirectErrorStream(true).start().waitFor() == 0;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static byte[] run(List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
		byte[] out = process.getInputStream().readAllBytes();
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as("%s exit status", command).isZero();
		return out;
	}

}
