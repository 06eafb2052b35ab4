package org.redisbench.tooloutput;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Each thread's run-queue wait so far ({@link ProcScheduling#waitNs}), read again and again: the open-loop generator
 * reads every thread of the processes it accounts ten times a second (about 190 threads), and opening and closing
 * each {@code /proc/PID/task/TID/schedstat} was most of a read's cost. So each file stays open and is read again from
 * its start, which makes the kernel write it anew (a read 1.9 µs against 9.0 opened and closed each time, os.pread
 * and os.open in Python on the development machine, 2026-12-06). A thread that is no longer listed has its file
 * closed; one whose open file fails (its id reused by a newer thread) is opened again once.
 */
public final class RunQueueWaits implements AutoCloseable {

	/** Three decimal numbers of up to 20 digits and their separators fit in it. */
	private static final int SCHEDSTAT_BYTES = 80;

	/** The open schedstat files by process, then thread id. */
	private final Map<Long, Map<Long, FileChannel>> open = new HashMap<>();

	private final ByteBuffer buffer = ByteBuffer.allocate(SCHEDSTAT_BYTES);

	/**
	 * Each thread's run-queue wait so far in ns, by thread id; none when the process does not exist (any more). A
	 * thread that ends while its siblings are read is left out: what it waited is gone with it.
	 */
	public synchronized Optional<Map<Long, Long>> of(long pid) {
		Map<Long, FileChannel> before = this.open.getOrDefault(pid, new HashMap<>());
		Map<Long, FileChannel> kept = new HashMap<>();
		Map<Long, Long> waits = new HashMap<>();
		Path tasks = Path.of("/proc", Long.toString(pid), "task");
		try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
			for (Path thread : threads) {
				long tid = Long.parseLong(thread.getFileName().toString());
				Optional<FileChannel> file = Optional.ofNullable(before.remove(tid));
				OptionalLong wait = file.map(this::read).orElse(OptionalLong.empty());
				if (wait.isEmpty()) {
					file.ifPresent(RunQueueWaits::closeQuietly);
					file = opened(thread.resolve("schedstat"));
					wait = file.map(this::read).orElse(OptionalLong.empty());
				}
				if (wait.isPresent()) {
					kept.put(tid, file.orElseThrow());
					waits.put(tid, wait.getAsLong());
				}
				else {
					// ended between the listing and the read, or a kernel without schedstat: not counted
					file.ifPresent(RunQueueWaits::closeQuietly);
				}
			}
		}
		catch (IOException | DirectoryIteratorException ex) {
			// the process ended while its threads were listed: a partial reading would pass its missing threads'
			// whole waits to the next one
			kept.values().forEach(RunQueueWaits::closeQuietly);
			kept.clear();
			waits.clear();
		}
		before.values().forEach(RunQueueWaits::closeQuietly);
		if (kept.isEmpty()) {
			this.open.remove(pid);
		}
		else {
			this.open.put(pid, kept);
		}
		return waits.isEmpty() ? Optional.empty() : Optional.of(waits);
	}

	/** The wait a schedstat file gives, read from its start; none when the read fails. */
	private OptionalLong read(FileChannel file) {
		this.buffer.clear();
		try {
			int read = file.read(this.buffer, 0);
			return read <= 0 ? OptionalLong.empty()
					: OptionalLong.of(ProcScheduling
						.waitNs(new String(this.buffer.array(), 0, read, StandardCharsets.US_ASCII)));
		}
		catch (IOException | IllegalArgumentException ex) {
			return OptionalLong.empty();
		}
	}

	private static Optional<FileChannel> opened(Path schedstat) {
		try {
			return Optional.of(FileChannel.open(schedstat, StandardOpenOption.READ));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	private static void closeQuietly(FileChannel file) {
		try {
			file.close();
		}
		catch (IOException ex) {
			// a /proc file: nothing was written, nothing to lose
		}
	}

	@Override
	public synchronized void close() {
		this.open.values().forEach((files) -> files.values().forEach(RunQueueWaits::closeQuietly));
		this.open.clear();
	}

}
