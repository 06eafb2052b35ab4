package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real run with a profiled /add of its kryo app: the fixture's stacks beside the measured /add's own files. */
class ProfileSectionTest {

	/** The fixture's kryo app, at the run's -c. */
	private static final Variant KRYO = Variant.published("kryo").withConcurrency(50);

	@TempDir
	Path temp;

	@Test
	void aProfiledPhaseGivesItsSharesItsCodecMillisecondsAndItsFlameGraph() throws IOException {
		Path out = RunFixture.copy(this.temp);
		// named as the variant's raw folder: this fixture is from before the matrix, raw/kryo
		Path profiles = out.resolve("profiles").resolve("kryo");
		Files.createDirectories(profiles);
		Path measured = out.resolve("raw/kryo/rep1");
		Files.writeString(profiles.resolve("add.collapsed"), Resources.raw("profile-kryo-pipeline.collapsed"));
		Files.writeString(profiles.resolve("add.html"), "<html></html>");
		for (String file : List.of("ab.txt", "before.proc-stat.txt", "after.proc-stat.txt")) {
			Files.copy(measured.resolve("add." + file), profiles.resolve("add." + file));
			// as if profiling had cost nothing: the run without it, just before, measured the same
			Files.copy(measured.resolve("add." + file), profiles.resolve("add.unprofiled." + file));
		}

		RunResults run = RunResults.load(out);
		ProfiledPhase add = run.profiles().get(0);
		assertEquals(1, run.profiles().size(), "no /check was profiled");
		double measuredCpuMs = run.records().stream()
			.filter(r -> r.variant().equals(KRYO) && r.phase() == Phase.ADD)
			.findFirst()
			.orElseThrow()
			.app()
			.cpuMsPerRequest();
		assertEquals(measuredCpuMs, add.profiled().cpuMsPerRequest(), 1e-12);
		assertEquals(add.profiled(), add.unprofiled());
		assertEquals(16 / 91.0 * measuredCpuMs, add.cpuMsOf(CpuShare.CODEC), 1e-12);

		String section = render(run);
		String row = section.lines().filter(line -> line.startsWith("| kryo |") && line.contains("| 91 |"))
			.findFirst()
			.orElseThrow(() -> new AssertionError(section));
		assertTrue(row.contains("| 17.6% | 13.2% | 19.8% | 23.1% | 5.5% | 8.8% | 11.0% | 1.1% | "
				+ Markdown.num(16 / 91.0 * measuredCpuMs) + " | [add](profiles/kryo/add.html) |"), row);
		assertTrue(section.contains("### What profiling cost"), section);
		String cost = section.substring(section.indexOf("### What profiling cost"));
		assertTrue(cost.lines().anyMatch(line -> line.startsWith("| kryo | per-key | none | single | /add |")
				&& line.split("\\+0\\.0%", -1).length == 3), cost);
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
