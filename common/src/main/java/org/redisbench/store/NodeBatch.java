package org.redisbench.store;

import java.util.List;

import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The commands of a request that go to one Redis node, pipelined on one connection: all written, then all
 * replies read. Reading stops at the request's deadline, whichever node it reads and however slowly the
 * replies trickle in, so a request over many nodes takes no longer than one over a single node.
 */
final class NodeBatch implements AutoCloseable {

	private final Connection connection;

	private final boolean borrowed;

	private final List<Integer> commands;

	/**
	 * @param borrowed whether closing the batch gives the connection back, or its owner does
	 * @param commands the indexes of its commands in the request
	 */
	NodeBatch(Connection connection, boolean borrowed, List<Integer> commands) {
		this.connection = connection;
		this.borrowed = borrowed;
		this.commands = commands;
	}

	/** Writes the commands; if that fails, none has a reply and each gets the failure. */
	void write(List<Command> commands, Reply[] replies) {
		try {
			for (int index : this.commands) {
				this.connection.sendCommand(commands.get(index).arguments());
			}
		}
		catch (JedisException ex) {
			fail(JedisFailures.of(ex), 0, replies);
		}
	}

	/** Reads the replies of the commands written, each waiting at most until the deadline. */
	void read(List<Command> commands, Reply[] replies, Deadline deadline) {
		int timeout = this.connection.getSoTimeout();
		int original = timeout;
		try {
			for (int i = 0; i < this.commands.size(); i++) {
				int index = this.commands.get(i);
				if (replies[index] != null) {
					// The write failed: every command has its reply already.
					return;
				}
				long left = deadline.remainingMillis();
				if (left <= 0) {
					// Replies left unread on it: the connection cannot serve another request.
					this.connection.setBroken();
					fail(deadline.passedReply(), i, replies);
					return;
				}
				try {
					if (left < timeout) {
						timeout = (int) left;
						this.connection.setSoTimeout(timeout);
					}
					replies[index] = commands.get(index).replyOf(this.connection.getOne());
				}
				catch (JedisDataException ex) {
					// An error reply, for this command alone.
					replies[index] = JedisFailures.of(ex);
				}
				catch (JedisException ex) {
					fail(JedisFailures.of(ex), i, replies);
					return;
				}
			}
		}
		finally {
			if (timeout != original && !this.connection.isBroken()) {
				this.connection.setSoTimeout(original);
			}
		}
	}

	/** The commands from this one on got no reply: the connection failed. */
	private void fail(Reply.Failure failure, int from, Reply[] replies) {
		for (int i = from; i < this.commands.size(); i++) {
			replies[this.commands.get(i)] = failure;
		}
	}

	@Override
	public void close() {
		if (this.borrowed) {
			this.connection.close();
		}
	}

}
