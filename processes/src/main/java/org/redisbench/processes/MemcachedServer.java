package org.redisbench.processes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A {@code memcached} of our own, on a free port of 127.0.0.1. Tests may kill it, pause it
 * ({@code SIGSTOP}) and start it again on the same port to play an outage. It is inspected and planted into
 * over Memcached's text protocol on a socket of its own, not through the client the apps use.
 */
public final class MemcachedServer extends ServerProcess implements Store {

	private final List<String> extraArguments;

	/** {@code extraArguments} such as {@code -m 2 -M}: 2 MB of items, refusing a set instead of evicting. */
	public MemcachedServer(String... extraArguments) {
		this.extraArguments = List.of(extraArguments);
	}

	/** As {@code bench.memcached.servers} names it. */
	public String address() {
		return "127.0.0.1:" + port();
	}

	@Override
	protected String program() {
		return "memcached";
	}

	@Override
	protected List<String> command(Path directory) {
		List<String> command = new ArrayList<>(List.of("memcached", "-l", "127.0.0.1", "-p", String.valueOf(port()),
				"-U", "0", "-t", "2",
				// Refused as root without it, ignored otherwise.
				"-u", System.getProperty("user.name")));
		command.addAll(this.extraArguments);
		return command;
	}

	@Override
	protected OptionalLong answeringPid() {
		return OptionalLong.of(Long.parseLong(stats("").get("pid")));
	}

	/** The value's bytes, or {@code null} when it holds no such key. */
	public byte[] get(String key) {
		return exchange("get " + key + "\r\n", (in) -> {
			String header = readLine(in);
			if (header.equals("END")) {
				return null;
			}
			int length = Integer.parseInt(header.substring(header.lastIndexOf(' ') + 1));
			byte[] value = in.readNBytes(length);
			readLine(in);
			expect("END", readLine(in));
			return value;
		});
	}

	public boolean contains(String key) {
		return get(key) != null;
	}

	public void set(String key, byte[] value) {
		set(key, 0, value);
	}

	/** Stores a value with the given client flags, as another client could have written it. */
	public void set(String key, int flags, byte[] value) {
		ByteArrayOutputStream command = new ByteArrayOutputStream();
		command.writeBytes(("set " + key + " " + flags + " 0 " + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
		command.writeBytes(value);
		command.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
		exchange(command.toByteArray(), (in) -> expect("STORED", readLine(in)));
	}

	/**
	 * The seconds {@code key} has left to live ({@code mg key t}), -1 for never; {@code null} when it holds no
	 * such key.
	 */
	public Long secondsToLive(String key) {
		return exchange("mg " + key + " t\r\n", (in) -> {
			String reply = readLine(in);
			return reply.equals("EN") ? null : Long.valueOf(reply.substring(reply.indexOf(" t") + 2).split(" ")[0]);
		});
	}

	/** Makes {@code key} expire at once, as its time to live running out would. */
	public void expire(String key) {
		exchange("touch " + key + " -1\r\n", (in) -> expect("TOUCHED", readLine(in)));
	}

	@Override
	public void flushAll() {
		exchange("flush_all\r\n", (in) -> expect("OK", readLine(in)));
	}

	/** {@code stats} or {@code stats slabs}, as name to value. */
	public Map<String, String> stats(String group) {
		return exchange(("stats " + group).trim() + "\r\n", (in) -> {
			Map<String, String> stats = new LinkedHashMap<>();
			for (String line = readLine(in); !line.equals("END"); line = readLine(in)) {
				String[] parts = line.split(" ", 3);
				stats.put(parts[1], parts[2]);
			}
			return stats;
		});
	}

	/** How many of {@code person_<firstId>} to {@code person_<firstId + count - 1>} it holds. */
	public int persons(long firstId, int count) {
		int found = 0;
		for (long id = firstId; id < firstId + count; id += 100) {
			StringBuilder command = new StringBuilder("get");
			for (long key = id; key < Math.min(id + 100, firstId + count); key++) {
				command.append(" person_").append(key);
			}
			found += exchange(command.append("\r\n").toString(), (in) -> {
				int values = 0;
				for (String header = readLine(in); !header.equals("END"); header = readLine(in)) {
					in.readNBytes(Integer.parseInt(header.substring(header.lastIndexOf(' ') + 1)) + 2);
					values++;
				}
				return values;
			});
		}
		return found;
	}

	private <T> T exchange(String command, Reading<T> reading) {
		return exchange(command.getBytes(StandardCharsets.US_ASCII), reading);
	}

	private <T> T exchange(byte[] command, Reading<T> reading) {
		try (Socket socket = new Socket("127.0.0.1", port())) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(command);
			out.flush();
			return reading.read(socket.getInputStream());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("memcached on port " + port(), ex);
		}
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b < 0) {
				throw new IOException("connection closed after '" + line + "'");
			}
			if (b != '\r') {
				line.write(b);
			}
		}
		return line.toString(StandardCharsets.US_ASCII);
	}

	private static Void expect(String expected, String line) throws IOException {
		if (!line.equals(expected)) {
			throw new IOException("expected " + expected + ", memcached answered '" + line + "'");
		}
		return null;
	}

	@FunctionalInterface
	private interface Reading<T> {

		T read(InputStream in) throws IOException;

	}

}
