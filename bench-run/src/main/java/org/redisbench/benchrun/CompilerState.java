package org.redisbench.benchrun;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import sun.jvmstat.monitor.Monitor;
import sun.jvmstat.monitor.MonitorException;
import sun.jvmstat.monitor.MonitoredHost;
import sun.jvmstat.monitor.MonitoredVm;
import sun.jvmstat.monitor.VmIdentifier;
import sun.tools.attach.HotSpotVirtualMachine;

/**
 * What another HotSpot JVM's JIT compiler has done and has still to do: the compilations it finished (the
 * {@code sun.ci.totalCompiles} counter of its performance data, what {@code jstat -compiler} prints) and those
 * queued or under way ({@code jcmd PID Compiler.queue}). The CPU share of the compiler threads says how busy the
 * compiler was; these say whether it is done: a warm-up whose last round finished a few compilations and left
 * none queued ends on compiled code, one that leaves a queue does not, whatever the share.
 * <p>
 * Read through the JDK's own readers, as jstat and jcmd read them: {@code jdk.internal.jvmstat} and
 * {@code jdk.attach}, whose packages the JVM reading them exports with {@code --add-exports
 * jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED}
 * (bench-run's pom compiles and tests with them, the launcher's manifest adds them for bench's warm-up). Attaching
 * starts the watched JVM's attach listener thread once; a warm-up round, not a measured phase, is when this is read.
 *
 * @param compiled compilations finished since the JVM started
 * @param pending compilations queued or under way
 */
public record CompilerState(long compiled, int pending) {

	/** A task line of Compiler.queue: its compile id first ("  1240       4       java.lang.String::hashCode"). */
	private static final Pattern TASK = Pattern.compile("^\\s*\\d+\\s+.*");

	/** A compiler thread's task under "Current compiles:" ("C2 CompilerThread0  1234       4       ..."). */
	private static final Pattern CURRENT = Pattern.compile("^C\\d CompilerThread\\d+\\s+\\d+\\s+.*");

	/**
	 * The state of the JVM of that process; empty when it cannot be read: no such process, not a HotSpot JVM of
	 * this user, or one started with {@code -XX:-UsePerfData} or {@code -XX:+DisableAttachMechanism}.
	 */
	public static Optional<CompilerState> of(long pid) {
		try {
			return Optional.of(new CompilerState(compiled(pid), pending(queue(pid))));
		}
		catch (IOException | MonitorException | URISyntaxException | AttachNotSupportedException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	private static long compiled(long pid) throws MonitorException, URISyntaxException {
		MonitoredHost host = MonitoredHost.getMonitoredHost((String) null);
		MonitoredVm vm = host.getMonitoredVm(new VmIdentifier(String.valueOf(pid)));
		try {
			Monitor compiles = vm.findByName("sun.ci.totalCompiles");
			if (compiles == null) {
				throw new MonitorException("no sun.ci.totalCompiles counter in JVM " + pid);
			}
			return ((Number) compiles.getValue()).longValue();
		}
		finally {
			vm.detach();
		}
	}

	private static String queue(long pid) throws IOException, AttachNotSupportedException {
		HotSpotVirtualMachine vm = (HotSpotVirtualMachine) VirtualMachine.attach(String.valueOf(pid));
		// transferTo reads into its buffer from offset 0: JDK 17's attach stream fails a read at any other offset
		// (readAllBytes' second read into its 8 KB buffer, "Array region 8075..8203 out of bounds for length 8192"),
		// so a queue longer than 8 KB could not be read: a Java 25 app on its AOT cache queued 1,000-1,700 tasks in
		// its first rounds, which a Java 17 run read as unknown (2026-12-06).
		try (InputStream out = vm.executeJCmd("Compiler.queue")) {
			ByteArrayOutputStream text = new ByteArrayOutputStream();
			out.transferTo(text);
			return text.toString(StandardCharsets.UTF_8);
		}
		finally {
			vm.detach();
		}
	}

	/** The tasks Compiler.queue lists, queued or under way. */
	static int pending(String queue) {
		return (int) queue.lines().filter((line) -> TASK.matcher(line).matches() || CURRENT.matcher(line).matches())
			.count();
	}

}
