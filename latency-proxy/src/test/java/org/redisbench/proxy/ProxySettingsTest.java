package org.redisbench.proxy;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Quantities;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProxySettingsTest {

	@Test
	void durationsAndRatesTakeTcsUnits() {
		assertThat(Quantities.parseNanos("0.225ms")).isEqualTo(225_000);
		assertThat(Quantities.parseNanos("50us")).isEqualTo(50_000);
		assertThat(Quantities.parseNanos("2s")).isEqualTo(2_000_000_000L);
		assertThat(Quantities.parseNanos("0")).isZero();
		assertThat(Quantities.parseBitsPerSecond("1gbit")).isEqualTo(1_000_000_000L);
		assertThat(Quantities.parseBitsPerSecond("2.5Mbit")).isEqualTo(2_500_000L);
		assertThat(Quantities.parseBitsPerSecond("10mbps")).as("bytes per second, as tc").isEqualTo(80_000_000L);
		assertThat(Quantities.formatNanos(225_000)).isEqualTo("225us");
		assertThat(Quantities.formatNanos(1_500_000)).isEqualTo("1.5ms");
		assertThat(Quantities.formatBitsPerSecond(1_000_000_000L)).isEqualTo("1gbit");
		assertThat(Quantities.formatBitsPerSecond(0)).isEqualTo("unlimited");
	}

	@Test
	void aNumberWithoutUnitOrWithAnUnknownOneIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> Quantities.parseNanos("5")).withMessageContaining("no unit");
		assertThatIllegalArgumentException().isThrownBy(() -> Quantities.parseNanos("5min"))
			.withMessageContaining("unknown unit");
		assertThatIllegalArgumentException().isThrownBy(() -> Quantities.parseBitsPerSecond("-1gbit"))
			.withMessageContaining("not a rate");
	}

	@Test
	void theCommandLineNeedsBothAddressesAndTakesTheNetworkOptions() {
		ProxySettings settings = settings("--listen", "127.0.0.1:0", "--target", "localhost:6379", "--delay", "0.225ms",
				"--jitter", "0.05ms", "--rate", "1gbit");
		assertThat(settings.delayNanos()).isEqualTo(225_000);
		assertThat(settings.jitterNanos()).isEqualTo(50_000);
		assertThat(settings.target().getPort()).isEqualTo(6379);
		assertThat(settings.describe()).isEqualTo(
				"to localhost:6379, one-way delay 225us ±50us each direction, rate 1gbit");
		assertThat(settings("--listen", "127.0.0.1:0", "--target", "localhost:6379", "--rtt", "1ms").delayNanos())
			.as("half the round trip each way")
			.isEqualTo(500_000);
		assertThatThrownBy(() -> settings("--listen", "127.0.0.1:0")).isInstanceOf(Refusal.class)
			.hasMessageContaining("--target");
		assertThatThrownBy(() -> settings("--listen", "127.0.0.1:0", "--target", "nohost")).isInstanceOf(Refusal.class)
			.hasMessageContaining("HOST:PORT");
		assertThatThrownBy(() -> settings("--listen", "127.0.0.1:0", "--target", "h:1", "--delay", "5"))
			.isInstanceOf(Refusal.class)
			.hasMessageContaining("no unit");
	}

	@Test
	void aBadOptionIsOneLineAndExitStatusTwo() {
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new LatencyProxyCommand());
		line.setErr(new PrintWriter(err, true));
		assertThat(line.execute("--listen", "127.0.0.1:0", "--target", "127.0.0.1:1", "--delay", "5"))
			.isEqualTo(CommandLines.REFUSED);
		assertThat(line.execute("--self-test", "--rtts", "0.45")).isEqualTo(CommandLines.REFUSED);
		assertThat(line.execute("--dealy", "5ms")).isEqualTo(CommandLines.REFUSED);
		assertThat(err.toString()).hasLineCount(3).contains("did you mean --delay?");
	}

	@Test
	void helpNamesTheNetworkOptionsAndMicrosReadsARoundTripAsTheProxyDoes() {
		StringWriter out = new StringWriter();
		CommandLine line = CommandLines.of(new LatencyProxyCommand());
		line.setOut(new PrintWriter(out, true));
		assertThat(line.execute("--help")).isEqualTo(CommandLines.OK);
		assertThat(out.toString()).contains("--delay", "--rtt", "--jitter", "--rate", "--spin");
		StringWriter micros = new StringWriter();
		CommandLine subcommand = CommandLines.of(new LatencyProxyCommand());
		subcommand.setOut(new PrintWriter(micros, true));
		assertThat(subcommand.execute("micros", "0.45ms")).isEqualTo(CommandLines.OK);
		assertThat(micros.toString()).isEqualToIgnoringNewLines("450");
	}

	@Test
	void theSelfTestsSettingsComeFromTheEnvironmentsDefaults() {
		LatencyProxyCommand command = new LatencyProxyCommand();
		CommandLines.of(command).parseArgs("--self-test", "--pin", "-n", "2000");
		assertThat(command.selfTest.run).isTrue();
		assertThat(command.selfTest.pin).isTrue();
		assertThat(command.selfTest.requests).isEqualTo(2000);
		assertThat(command.selfTest.rounds).isEqualTo(3);
		assertThat(command.selfTest.rtts).isEqualTo("0.2ms,0.45ms,2ms,10ms");
		LatencyProxyCommand unpinned = new LatencyProxyCommand();
		CommandLines.of(unpinned).parseArgs("--self-test");
		assertThat(unpinned.selfTest.pin).isFalse();
	}

	/** The proxy's settings as its command line gives them. */
	static ProxySettings settings(String... args) {
		LatencyProxyCommand command = new LatencyProxyCommand();
		CommandLines.of(command).parseArgs(args);
		return command.settings();
	}

}
