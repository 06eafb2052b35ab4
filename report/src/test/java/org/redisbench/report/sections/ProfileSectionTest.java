package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.runresults.CpuProfile;
import org.redisbench.runresults.CpuShare;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.ProfiledPhase;
import org.redisbench.tooloutput.Resources;
import org.redisbench.runresults.RunFixture;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

/** The real run with a profiled /noop and /add of its kryo app: the fixture's stacks beside the measured phases' own files. */
class ProfileSectionTest {

	/** The fixture's kryo app, at the run's -c. */
	private static final Variant KRYO = Variant.published("kryo").withConcurrency(50);

	@TempDir
	Path temp;

	@Test
	void eachShareReadsAsMillisecondsOfTheUnprofiledRunAndAsAShareOfTheSamples() throws IOException {
		Path out = RunFixture.copy(this.temp);
		// named as the variant's raw folder: this fixture is from before the matrix, raw/kryo
		Path profiles = out.resolve("profiles").resolve("kryo");
		Files.createDirectories(profiles);
		Path measured = out.resolve("raw/kryo/rep1");
		String collapsed = Resources.raw("profile-kryo-pipeline.collapsed");
		Files.writeString(profiles.resolve("add.collapsed"), collapsed);
		Files.writeString(profiles.resolve("add.html"), "<html></html>");
		// /noop: the fixture's acceptor and dispatcher stacks alone
		Files.writeString(profiles.resolve("noop.collapsed"), collapsed.lines()
			.filter(line -> line.contains("Acceptor.run") || line.contains("DispatcherServlet.getHandler"))
			.collect(Collectors.joining("\n")));
		for (String file : List.of("ab.txt", "before.proc-stat.txt", "after.proc-stat.txt")) {
			Files.copy(measured.resolve("add." + file), profiles.resolve("add." + file));
			// the run just before without the profiler: the measured /check, so that its CPU differs
			Files.copy(measured.resolve("check." + file), profiles.resolve("add.unprofiled." + file));
			Files.copy(measured.resolve("noop." + file), profiles.resolve("noop." + file));
			Files.copy(measured.resolve("noop." + file), profiles.resolve("noop.unprofiled." + file));
		}

		RunResults run = RunResults.load(out);
		assertEquals(List.of(Phase.NOOP, Phase.ADD), run.profiles().stream().map(ProfiledPhase::phase).toList(),
				"no /check was profiled");
		ProfiledPhase add = run.profiles().get(1);
		double addCpuMs = measuredCpuMs(run, Phase.ADD);
		double checkCpuMs = measuredCpuMs(run, Phase.CHECK);
		assertEquals(addCpuMs, add.profiled().cpuMsPerRequest(), 1e-12);
		assertEquals(checkCpuMs, add.unprofiled().cpuMsPerRequest(), 1e-12);
		assertTrue(Math.abs(addCpuMs - checkCpuMs) > 0.01, addCpuMs + " vs " + checkCpuMs);
		assertEquals(16 / 91.0 * checkCpuMs, add.cpuMsOf(CpuShare.CODEC), 1e-12);
		double sum = 0;
		for (CpuShare share : CpuShare.values()) {
			sum += add.cpuMsOf(share);
		}
		assertEquals(checkCpuMs, sum, 1e-12, "the shares add up to the unprofiled run's CPU");

		String section = render(run);
		assertTrue(section.contains("(`ab` without `-k`: a new connection for every request, as measured)"), section);
		assertTrue(section.contains("**kryo, per-key, none, single, c50**: the codec " + Markdown.num(16 / 91.0 * checkCpuMs)
				+ " ms of " + Markdown.num(checkCpuMs) + " on /add; flame graphs [add](profiles/kryo/add.html)\n"), section);
		assertTrue(section.contains("\n| | /noop | /add |\n"), section);
		assertTrue(section.contains("\n| app CPU ms a request, without the profiler | "
				+ Markdown.num(measuredCpuMs(run, Phase.NOOP)) + " | " + Markdown.num(checkCpuMs) + " |\n"), section);
		assertTrue(section.contains("\n| samples | 18 | 91 |\n"), section);
		assertTrue(section.contains("\n| codec | – | " + Markdown.num(16 / 91.0 * checkCpuMs) + " · 17.6% |\n"), section);
		assertTrue(section.contains("\n| connections: accept, close | " + Markdown.num(13 / 18.0 * measuredCpuMs(run, Phase.NOOP))
				+ " · 72.2% | " + Markdown.num(13 / 91.0 * checkCpuMs) + " · 14.3% |\n"), section);
		assertTrue(section.contains("### What profiling cost"), section);
		String cost = section.substring(section.indexOf("### What profiling cost"));
		assertTrue(cost.lines().anyMatch(line -> line.startsWith("| kryo | per-key | none | single | /noop |")
				&& line.split("\\+0\\.0%", -1).length == 3), cost);
	}

	@Test
	void withoutTheUnprofiledRunsCpuASharesIsItsPercentageAlone() throws IOException {
		CpuProfile profile = CpuProfile.parse(Resources.raw("profile-kryo-pipeline.collapsed"));
		ProfiledPhase old = new ProfiledPhase(KRYO, Phase.ADD, profile, null, new ProfiledPhase.Cost(100.0, 0.3),
				ProfiledPhase.Cost.NONE);
		assertNull(old.cpuMsOf(CpuShare.CODEC));
		assertEquals("17.6%", ProfileSection.share(old, CpuShare.CODEC));
	}

	private static double measuredCpuMs(RunResults run, Phase phase) {
		return run.records().stream()
			.filter(r -> r.variant().equals(KRYO) && r.phase() == phase)
			.findFirst()
			.orElseThrow()
			.app()
			.cpuMsPerRequest();
	}

	@Test
	void aRunWithoutProfilesSaysHowToGetThem() throws IOException {
		RunResults run = RunResults.load(RunFixture.copy(this.temp));
		assertEquals(List.of(), run.profiles());
		String section = render(run);
		assertTrue(section.contains("Not profiled: this run has no `profiles/<variant>/<phase>.collapsed`"), section);
		assertNull(section.lines().filter(line -> line.startsWith("|")).findFirst().orElse(null), section);
	}

	private static String render(RunResults run) {
		Markdown md = new Markdown();
		new ProfileSection().writeTo(md, run);
		return md.text();
	}

}
