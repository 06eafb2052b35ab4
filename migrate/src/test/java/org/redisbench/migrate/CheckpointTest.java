package org.redisbench.migrate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The checkpoint read back as written, and refused for another migration or other masters. */
class CheckpointTest {

	private static final Checkpoint.Identity IDENTITY = new Checkpoint.Identity("redis://127.0.0.1:7000/0", "person_*",
			"jdk", "kryo+zstd-dict");

	private static final List<String> MASTERS = List.of("127.0.0.1:7000", "127.0.0.1:7001");

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
		checkpoint.tally.leave(Verdict.Reason.CHANGED_BY_APPLICATION, "person_3", "newer value");
		checkpoint.save(file);

		Checkpoint resumed = Checkpoint.resume(file, IDENTITY, MASTERS);

		assertThat(resumed.cursors).containsEntry("127.0.0.1:7000", "1234");
		assertThat(resumed.done).containsExactly("127.0.0.1:7001");
		assertThat(resumed.tally.converted).isEqualTo(7);
		assertThat(resumed.tally.left).containsEntry(Verdict.Reason.CHANGED_BY_APPLICATION, 1L);
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
			.isInstanceOf(MigrateException.class)
			.hasMessageContaining("another migration");
		assertThatThrownBy(() -> Checkpoint.resume(file, IDENTITY, List.of("127.0.0.1:7000")))
			.isInstanceOf(MigrateException.class)
			.hasMessageContaining("masters");
		Files.writeString(file, "{ not json");
		assertThatThrownBy(() -> Checkpoint.resume(file, IDENTITY, MASTERS)).isInstanceOf(MigrateException.class)
			.hasMessageContaining("cannot be read");
	}

}
