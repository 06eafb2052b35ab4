package org.redisbench.migrate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.Refusal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The checkpoint read back as written, and refused for another migration, other masters, another Redis process on
 * the same address, or a checkpoint that does not say which process it was taken of.
 */
class CheckpointTest {

	private static final Checkpoint.Identity IDENTITY = new Checkpoint.Identity("redis://127.0.0.1:7000/0", "person_*",
			"jdk", "kryo+zstd-dict");

	/** Each master's address and its process's run_id, as INFO server names it. */
	private static final Map<String, String> MASTERS = runIds("127.0.0.1:7000", "3f2a9c01b7e4" + "0".repeat(28),
			"127.0.0.1:7001", "9d81e0c2aa53" + "1".repeat(28));

	@TempDir
	Path folder;

	@Test
	void resumesWhereItWasSavedAndLeavesNoPartialFile() {
		Path file = this.folder.resolve("checkpoint.json");
		assertThat(Checkpoint.resume(file, IDENTITY, MASTERS)).isNull();
		Checkpoint checkpoint = Checkpoint.start(IDENTITY, MASTERS, new Memory.Reading(100, 90, 1.5));
		checkpoint.cursors.put("127.0.0.1:7000", "1234");
		checkpoint.done.add("127.0.0.1:7001");
		checkpoint.tally.converted = 7;
		checkpoint.tally.leave(Disposition.Reason.CHANGED_BY_APPLICATION, "person_3", "newer value");
		checkpoint.save(file);

		Checkpoint resumed = Checkpoint.resume(file, IDENTITY, MASTERS);

		assertThat(resumed.cursors).containsEntry("127.0.0.1:7000", "1234");
		assertThat(resumed.done).containsExactly("127.0.0.1:7001");
		assertThat(resumed.tally.converted).isEqualTo(7);
		assertThat(resumed.tally.left).containsEntry(Disposition.Reason.CHANGED_BY_APPLICATION, 1L);
		assertThat(resumed.before).isEqualTo(new Memory.Reading(100, 90, 1.5));
		assertThat(resumed.finished).isFalse();
		assertThat(this.folder.resolve("checkpoint.json.partial")).doesNotExist();
	}

	@Test
	void aCheckpointOfAnotherMigrationOrOtherMastersIsRefused() throws Exception {
		Path file = this.folder.resolve("checkpoint.json");
		Checkpoint.start(IDENTITY, MASTERS, new Memory.Reading(0, 0, 0)).save(file);

		assertThatThrownBy(() -> Checkpoint.resume(file,
				new Checkpoint.Identity(IDENTITY.source(), "user:*", IDENTITY.from(), IDENTITY.to()), MASTERS))
			.isInstanceOf(Refusal.class)
			.hasMessageContaining("another migration");
		assertThatThrownBy(() -> Checkpoint.resume(file, IDENTITY, runIds("127.0.0.1:7000", "3f2a9c01b7e4")))
			.isInstanceOf(Refusal.class)
			.hasMessageContaining("masters");
		Files.writeString(file, "{ not json");
		assertThatThrownBy(() -> Checkpoint.resume(file, IDENTITY, MASTERS)).isInstanceOf(Refusal.class)
			.hasMessageContaining("cannot be read");
	}

	@Test
	void aCheckpointOfAnotherRedisProcessOnTheSameAddressIsRefused() {
		Path file = this.folder.resolve("checkpoint.json");
		Checkpoint.start(IDENTITY, MASTERS, new Memory.Reading(0, 0, 0)).save(file);
		String restarted = "c0ffee000000" + "2".repeat(28);

		assertThatThrownBy(() -> Checkpoint.resume(file, IDENTITY,
				runIds("127.0.0.1:7000", MASTERS.get("127.0.0.1:7000"), "127.0.0.1:7001", restarted)))
			.isInstanceOf(Refusal.class)
			.hasMessage("checkpoint " + file + " was taken of another Redis process at 127.0.0.1:7001 (run_id"
					+ " 9d81e0c2aa53... then, c0ffee000000... now): its cursors and counts are of that one; remove it"
					+ " to start again");
		assertThat(Checkpoint.resume(file, IDENTITY, MASTERS)).as("the same processes").isNotNull();
	}

	@Test
	void aCheckpointWrittenBeforeRunIdsWereKeptIsRefusedInOneLine() throws Exception {
		Path file = this.folder.resolve("checkpoint.json");
		Checkpoint.start(IDENTITY, MASTERS, new Memory.Reading(0, 0, 0)).save(file);
		// as an older migrate.sh wrote it: the same fields, no runIds
		Files.writeString(file, Files.readString(file).replaceAll("(?s)\"runIds\" *: *\\{[^}]*},?", ""));
		assertThat(Files.readString(file)).doesNotContain("runIds").contains("\"cursors\"");

		assertThatThrownBy(() -> Checkpoint.resume(file, IDENTITY, MASTERS)).isInstanceOf(Refusal.class)
			.hasMessageContaining("does not say which Redis process it was taken of")
			.hasMessageNotContaining("\n");
	}

	private static Map<String, String> runIds(String... addressesAndRunIds) {
		Map<String, String> runIds = new LinkedHashMap<>();
		for (int i = 0; i < addressesAndRunIds.length; i += 2) {
			runIds.put(addressesAndRunIds[i], addressesAndRunIds[i + 1]);
		}
		return runIds;
	}

}
