package org.redisbench.tooloutput;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code CLIENT LIST} reply, one {@code id=... flags=... tot-mem=...} line a client, read in the same
 * {@code MULTI} as an INFO: what the clients' buffers took at the instant INFO read {@code used_memory}.
 */
public final class ClientList {

	private static final Pattern CLIENT = Pattern.compile("^id=\\d+ .*?\\bflags=(\\S*) .*?\\btot-mem=(\\d+)\\b");

	private ClientList() {
	}

	/**
	 * The memory of every client but the replicas (flag {@code S}), whose buffers INFO counts apart
	 * ({@code mem_clients_slaves}), as {@code mem_clients_normal} counts them, but computed by Redis for the
	 * reply rather than kept from its cron's last visit to each client; {@code null} without a client line (a run
	 * from before bench.sh read CLIENT LIST, or a Redis that refused it).
	 */
	public static Long memory(String text) {
		long total = 0;
		boolean any = false;
		for (String line : text.split("\\R")) {
			Matcher client = CLIENT.matcher(line);
			if (client.find()) {
				any = true;
				if (client.group(1).indexOf('S') < 0) {
					total += Long.parseLong(client.group(2));
				}
			}
		}
		return any ? total : null;
	}

}
