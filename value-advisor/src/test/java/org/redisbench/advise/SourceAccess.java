package org.redisbench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.redisbench.processes.RedisServer;
import redis.clients.jedis.Jedis;

/**
 * What the advisor may do to a source Redis: send the read commands docs/your-values.md lists ("What it reads"), as
 * a user allowed only those; and what a source's {@code INFO commandstats} and {@code ACL LOG} show it did.
 */
final class SourceAccess {

	/** The commands the advisor sends a source, as {@code INFO commandstats} names them. */
	static final List<String> READS = List.of("ping", "auth", "hello", "select", "info", "dbsize", "scan", "type",
			"pttl", "memory|usage", "object|encoding", "getrange", "hscan");

	/** The test's own reset of the counts, the last command before the advisor runs. */
	private static final String RESET = "config|resetstat";

	private SourceAccess() {
	}

	/** Creates {@code user} on {@code server}, allowed the advisor's read commands on every key and nothing else. */
	static void createReadOnlyUser(RedisServer server, String user, String password) {
		List<String> rules = new ArrayList<>(List.of("on", ">" + password, "~*", "resetchannels", "-@all"));
		READS.forEach((command) -> rules.add("+" + command));
		try (Jedis jedis = server.client()) {
			jedis.aclSetUser(user, rules.toArray(String[]::new));
		}
	}

	/** Zeroes {@code INFO commandstats} and empties {@code ACL LOG}: what follows is the advisor's. */
	static void resetCounts(RedisServer server) {
		try (Jedis jedis = server.client()) {
			jedis.aclLogReset();
			jedis.configResetStat();
		}
	}

	/** The commands {@code INFO commandstats} counted since {@link #resetCounts} other than reads and that reset. */
	static Set<String> otherThanReads(RedisServer server) {
		Set<String> others = new TreeSet<>(server.commandCalls().keySet());
		others.removeAll(READS);
		others.remove(RESET);
		return others;
	}

	/** Every command refused to any user since {@link #resetCounts}, as {@code ACL LOG} tells them. */
	static List<String> refused(RedisServer server) {
		try (Jedis jedis = server.client()) {
			return jedis.aclLog().stream().map((entry) -> entry.getUsername() + ": " + entry.getReason() + " " + entry.getObject()).toList();
		}
	}

}
