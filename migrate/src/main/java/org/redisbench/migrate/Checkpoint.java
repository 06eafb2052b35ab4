package org.redisbench.migrate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.commandline.Refusal;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a writing run is: per master, the SCAN cursor after the last page it finished, and the counts up to
 * there; written after every page to a file beside it and renamed over it, so that a run killed at any moment
 * (kill -9 included) leaves the last page's checkpoint whole. The same command resumes from it: the keys of the
 * page that was under way are read again, and those it had converted are in the format written by then, which
 * their first bytes tell, so nothing is converted twice. Only on the same Redis processes: a cursor is a position
 * in one process's key table (whose hashes are seeded at its start), and the counts are of the keys it held, so a
 * checkpoint of a node that restarted or was replaced since is refused. Public fields, for its JSON.
 */
final class Checkpoint {

	/** What the checkpoint is of: a resumed run must be the same migration. */
	public record Identity(String source, String match, String from, String to) {
	}

	static final String START = "0";

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	public Identity identity;

	/** The masters, in the order they are worked on, as CLUSTER NODES named them at the start. */
	public List<String> masters = new ArrayList<>();

	/** Per master, the cursor of the next page; a finished master is in {@link #done}. */
	public Map<String, String> cursors = new LinkedHashMap<>();

	public List<String> done = new ArrayList<>();

	/**
	 * Per master, the run_id of the Redis process the cursor was taken of (INFO server). Empty in a checkpoint
	 * written before they were kept, which no run resumes: which process it was taken of cannot be told.
	 */
	public Map<String, String> runIds = new LinkedHashMap<>();

	public Tally tally = new Tally();

	/** The source's memory when the first run started, before anything was converted. */
	public Memory.Reading before;

	/** Over every run so far: seconds spent converting, and the masters' CPU seconds meanwhile. */
	public double activeSeconds;

	public double redisCpuSeconds;

	public long pauses;

	public double pausedSeconds;

	public boolean finished;

	/** @param runIds each master's address and its process's run_id, in the order they are worked on */
	static Checkpoint start(Identity identity, Map<String, String> runIds, Memory.Reading before) {
		Checkpoint checkpoint = new Checkpoint();
		checkpoint.identity = identity;
		checkpoint.masters = List.copyOf(runIds.keySet());
		checkpoint.runIds = new LinkedHashMap<>(runIds);
		checkpoint.masters.forEach((master) -> checkpoint.cursors.put(master, START));
		checkpoint.before = before;
		return checkpoint;
	}

	/**
	 * The checkpoint in the file, if there is one.
	 * @param runIds the source's masters now, each address and its process's run_id, in order
	 * @throws Refusal when it cannot be read, or is of another migration, another set of masters or
	 * another Redis process on one of them
	 */
	static Checkpoint resume(Path file, Identity identity, Map<String, String> runIds) {
		if (!Files.exists(file)) {
			return null;
		}
		Checkpoint checkpoint;
		try {
			checkpoint = JSON.readValue(file.toFile(), Checkpoint.class);
		}
		catch (JacksonException ex) {
			throw new Refusal("checkpoint " + file + " cannot be read (" + Masters.firstLine(ex)
					+ "): remove it to start over");
		}
		if (!identity.equals(checkpoint.identity)) {
			throw new Refusal("checkpoint " + file + " is of another migration (" + describe(checkpoint.identity)
					+ "), not of this one (" + describe(identity) + "): finish that one with its own command, or give"
					+ " another --checkpoint");
		}
		List<String> masters = List.copyOf(runIds.keySet());
		if (!masters.equals(checkpoint.masters)) {
			throw new Refusal("checkpoint " + file + " was taken on masters " + checkpoint.masters
					+ ", the source's are now " + masters + ": a SCAN cursor holds on its own node only; give another"
					+ " --checkpoint to start over");
		}
		if (checkpoint.runIds == null || !checkpoint.runIds.keySet().equals(runIds.keySet())) {
			throw new Refusal("checkpoint " + file + " does not say which Redis process it was taken of (no"
					+ " run_id: an older migrate.sh wrote it), so its cursors may not hold now: remove it to start again");
		}
		runIds.forEach((master, now) -> {
			String then = checkpoint.runIds.get(master);
			if (!now.equals(then)) {
				throw new Refusal("checkpoint " + file + " was taken of another Redis process at " + master
						+ " (run_id " + abbreviated(then) + "... then, " + abbreviated(now) + "... now): its cursors and"
						+ " counts are of that one; remove it to start again");
			}
		});
		return checkpoint;
	}

	/** A run_id is 40 hex digits: the first 12 tell two apart in a line a person reads. */
	private static String abbreviated(String runId) {
		return runId.substring(0, Math.min(12, runId.length()));
	}

	private static String describe(Identity identity) {
		return identity == null ? "unknown"
				: identity.source() + " MATCH " + identity.match() + ", " + identity.from() + " to " + identity.to();
	}

	/** Written beside and renamed over the file: a reader, or a run resumed after a kill, sees one or the other. */
	void save(Path file) {
		Path partial = file.resolveSibling(file.getFileName() + ".partial");
		try {
			if (file.getParent() != null) {
				Files.createDirectories(file.getParent());
			}
			Files.write(partial, JSON.writeValueAsBytes(this));
			Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the checkpoint " + file, ex);
		}
	}

}
