package org.redisbench.bench.stores;

import java.time.Duration;
import java.util.List;

/**
 * --redis-stall's pauses: {@code CLIENT PAUSE <ms> WRITE} on every node, once a second, from a thread of its own
 * until closed; closing also sends {@code CLIENT UNPAUSE}, so that no pause outlasts it.
 */
final class StallLoop implements Stores.Stall {

	private final RedisCli cli;

	private final List<Node> nodes;

	private final Thread thread;

	private volatile boolean closed;

	private StallLoop(RedisCli cli, List<Node> nodes, Duration pause) {
		this.cli = cli;
		this.nodes = List.copyOf(nodes);
		this.thread = new Thread(() -> pauseEverySecond(pause), "redis stall");
		this.thread.setDaemon(true);
	}

	static StallLoop start(RedisCli cli, List<Node> nodes, Duration pause) {
		StallLoop loop = new StallLoop(cli, nodes, pause);
		loop.thread.start();
		return loop;
	}

	private void pauseEverySecond(Duration pause) {
		String ms = String.valueOf(pause.toMillis());
		try {
			while (!this.closed) {
				// A pause that fails costs that pause only: the next second's is sent all the same.
				this.nodes.forEach((node) -> this.cli.run(node, "", List.of("CLIENT", "PAUSE", ms, "WRITE")));
				Thread.sleep(1000);
			}
		}
		catch (InterruptedException closing) {
			// close() interrupts the sleep: the loop ends here.
		}
		catch (IllegalStateException interruptedCall) {
			// close() interrupted a redis-cli call of ours (Program says so this way): the loop ends here too.
			if (!this.closed) {
				throw interruptedCall;
			}
		}
	}

	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.thread.interrupt();
		try {
			this.thread.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.nodes.forEach((node) -> this.cli.run(node, "", List.of("CLIENT", "UNPAUSE")));
	}

}
