package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

import org.redisbench.commandline.Refusal;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;

/**
 * Whether the connection's user may write the matched keys, asked before anything is written, on each master:
 * {@code SET probe "" XX KEEPTTL} on a key the match covers that does not exist (XX: set only if it exists, so
 * nothing is written) and the replacement script on it (which finds no key and writes nothing). Redis checks a
 * command's ACL before anything else, a cluster's redirection included, so a MOVED answer still says yes; a
 * read-only user (NOPERM) or a replica (READONLY) says no. {@code ACL GETUSER} would need an admin user; this needs
 * only what the migration itself needs.
 */
final class WriteAccess {

	private WriteAccess() {
	}

	/**
	 * @return the script's SHA1 on this master
	 * @throws Refusal one line naming the user, the node and what Redis said
	 */
	static byte[] check(Masters.Master master, String match) {
		Jedis jedis = master.jedis();
		String user = whoAmI(jedis);
		byte[] probe = probeKey(match);
		try {
			jedis.set(probe, new byte[0], SetParams.setParams().xx().keepTtl());
			byte[] sha = ReplaceScript.load(jedis);
			jedis.evalsha(sha, 1, probe, new byte[0], new byte[0]);
			return sha;
		}
		catch (JedisDataException ex) {
			String message = Masters.firstLine(ex);
			if (message.startsWith("MOVED") || message.startsWith("ASK")) {
				return ReplaceScript.load(jedis);
			}
			throw new Refusal("--write: user '" + user + "' may not write '" + match + "' on " + master + ": "
					+ message + " (it needs SET, EVALSHA and SCRIPT LOAD on the matched keys, of a master)");
		}
	}

	private static String whoAmI(Jedis jedis) {
		try {
			return jedis.aclWhoAmI();
		}
		catch (JedisDataException ex) {
			return "(ACL WHOAMI refused)";
		}
	}

	/**
	 * A key the match covers, with a random part no key holds: the match's {@code *} become the random part, its
	 * {@code ?} an x; a match with classes or escapes gives its literal beginning and the random part.
	 */
	static byte[] probeKey(String match) {
		String random = "migrate-probe-" + HexFormat.of().formatHex(randomBytes());
		String key;
		if (match.contains("[") || match.contains("\\")) {
			int special = match.length();
			for (char c : new char[] { '*', '?', '[', '\\' }) {
				int at = match.indexOf(c);
				special = at < 0 ? special : Math.min(special, at);
			}
			key = match.substring(0, special) + random;
		}
		else {
			key = match.contains("*") ? match.replace("*", random) : match.replace('?', 'x') + random;
			key = key.replace('?', 'x');
		}
		return key.getBytes(StandardCharsets.UTF_8);
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[8];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

}
