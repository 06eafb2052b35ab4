package org.redisbench.bench;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.Refusal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** --cpu-placement read, and the commands it starts under taskset. */
class CpuPlacementTest {

	private static final Set<Integer> FOUR = Set.of(0, 1, 2, 3);

	@Test
	void aListsOwnCommasContinueItAndTheOrderGivenIsKept() {
		CpuPlacement placement = CpuPlacement.parse("app=1, redis=0,2 ,generator=0-3", FOUR);
		assertThat(placement.lists()).containsExactly(Map.entry("app", "1"), Map.entry("redis", "0,2"),
				Map.entry("generator", "0-3"));
		assertThat(placement.text()).isEqualTo("app=1,redis=0,2,generator=0-3");
		assertThat(CpuPlacement.parse("", FOUR)).isEqualTo(CpuPlacement.NONE);
		assertThat(CpuPlacement.NONE.text()).isEmpty();
	}

	@Test
	void aPinnedProcessStartsUnderTasksetAndAnotherAsItIs() {
		CpuPlacement placement = CpuPlacement.parse("redis=1", FOUR);
		List<String> server = List.of("ip", "netns", "exec", "rb-redis", "redis-server", "--port", "1");
		assertThat(placement.pinned(CpuPlacement.REDIS, server)).containsExactly("taskset", "-c", "1", "ip", "netns",
				"exec", "rb-redis", "redis-server", "--port", "1");
		assertThat(placement.pinned(CpuPlacement.APP, server)).isEqualTo(server);
		assertThat(placement.pins(CpuPlacement.REDIS)).isTrue();
		assertThat(placement.of(CpuPlacement.GENERATOR)).isEmpty();
	}

	@Test
	void aCpuListIsWhatTheKernelWritesAndACpuOfflineIsRefused() {
		assertThat(CpuPlacement.cpus("0-2,5", "CPUs")).containsExactly(0, 1, 2, 5);
		for (String bad : List.of("", "1-", "a", "0;1", "-1", "3-1")) {
			assertThatThrownBy(() -> CpuPlacement.cpus(bad, "CPUs")).as(bad).isInstanceOf(Refusal.class);
		}
		assertThatThrownBy(() -> CpuPlacement.parse("app=3-4", FOUR)).isInstanceOf(Refusal.class)
			.hasMessage("--cpu-placement: app's CPUs 3-4 are not all online here (online: 0,1,2,3)");
		assertThat(CpuPlacement.online()).as("this machine's").contains(0);
	}

}
