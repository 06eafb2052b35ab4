package org.redisbench.proxy;

import org.junit.jupiter.api.Test;
import org.redisbench.model.Quantities;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

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
		ProxySettings settings = ProxySettings.fromArguments("--listen", "127.0.0.1:0", "--target", "localhost:6379",
				"--delay", "0.225ms", "--jitter", "0.05ms", "--rate", "1gbit");
		assertThat(settings.delayNanos()).isEqualTo(225_000);
		assertThat(settings.jitterNanos()).isEqualTo(50_000);
		assertThat(settings.target().getPort()).isEqualTo(6379);
		assertThat(settings.describe()).isEqualTo(
				"to localhost:6379, one-way delay 225us ±50us each direction, rate 1gbit");
		assertThat(ProxySettings.fromArguments("--listen", "127.0.0.1:0", "--target", "localhost:6379", "--rtt", "1ms")
			.delayNanos()).as("half the round trip each way").isEqualTo(500_000);
		assertThatIllegalArgumentException().isThrownBy(() -> ProxySettings.fromArguments("--listen", "127.0.0.1:0"))
			.withMessageContaining("--target");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ProxySettings.fromArguments("--listen", "127.0.0.1:0", "--target", "nohost"))
			.withMessageContaining("HOST:PORT");
		assertThatIllegalArgumentException().isThrownBy(() -> ProxySettings.fromArguments("--delay"))
			.withMessageContaining("needs a value");
	}

}
