package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * What came back for one command of a request. A request gets exactly one reply per command, in command
 * order, whatever failed: a command that was never sent has a reply saying so.
 */
sealed interface Reply permits Reply.Value, Reply.Failure {

	/** The reply to a SET Redis confirmed. */
	Value OK = new Value("OK".getBytes(StandardCharsets.US_ASCII));

	NotSent NOT_SENT = new NotSent();

	/** A string reply: a value read, or a status such as a SET's {@code OK}. */
	record Value(byte[] bytes) implements Reply {
	}

	/** No answer to the command: Redis refused it, or it went unanswered, or unsent. */
	sealed interface Failure extends Reply permits Refusal, NoReply, NotSent {

		/** What failed, in a few words for an error answer. */
		String describe();

	}

	/** Redis answered with an error: it refused the command. */
	record Refusal(Refusal.Kind kind, String message) implements Failure {

		@Override
		public String describe() {
			return "Redis refused: " + this.message;
		}

		enum Kind {

			/** The key holds another type than the command works on. */
			WRONG_TYPE,

			/** Any other error reply: out of memory, cluster down, a redirect, a login refused... */
			OTHER

		}

	}

	/** No reply came, and why. */
	record NoReply(NoReply.Why why, String message) implements Failure {

		@Override
		public String describe() {
			return (this.why == Why.DEADLINE_PASSED ? "Redis too slow: " : "Redis unavailable: ") + this.message;
		}

		enum Why {

			/**
			 * A pooled connection whose Redis went away since its last use, a restart for one: reset or closed
			 * by the other end when written or read. Another connection may well work.
			 */
			CONNECTION_LOST,

			/** Redis did not answer within the command timeout: slow or paused. */
			TIMED_OUT,

			/** No connection could be made: Redis down or unreachable, or the TLS handshake failed. */
			CANNOT_CONNECT,

			/** The request's deadline passed before the command was answered. */
			DEADLINE_PASSED,

			/** Any other failure of the client, such as no pooled connection free in time. */
			OTHER

		}

	}

	/** Not sent, because an earlier command of the request failed and decides its answer. */
	record NotSent() implements Failure {

		@Override
		public String describe() {
			return "not sent after an earlier failure";
		}

	}

	/** The replies of commands none of which was answered: the first failed, the others were not sent. */
	static List<Reply> failedFrom(Failure first, int commands) {
		Reply[] replies = new Reply[commands];
		Arrays.fill(replies, NOT_SENT);
		replies[0] = first;
		return Arrays.asList(replies);
	}

}
