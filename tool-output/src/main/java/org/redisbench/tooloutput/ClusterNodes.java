package org.redisbench.tooloutput;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The masters a CLUSTER NODES reply names, for the tools that visit every master of a user's cluster (the advisor
 * reads from each, the migrator writes to each): a node marked failing or without an address stops them, master or
 * replica, since a cluster with a node down is not one they can read or convert whole.
 */
public final class ClusterNodes {

	/** A master's address as the reply gives it. */
	public record Master(String host, int port) {

		@Override
		public String toString() {
			return this.host + ":" + this.port;
		}

	}

	/** A line of CLUSTER NODES: its id, host:port@bus-port[,hostname], flags. */
	private static final Pattern NODE = Pattern.compile("^\\S+ (\\S+?)(?:@\\d+)?(?:,\\S*)? (\\S+) .*$",
			Pattern.MULTILINE);

	private ClusterNodes() {
	}

	/** @throws IllegalStateException naming the first node that is down */
	public static List<Master> masters(String clusterNodes) {
		List<Master> masters = new ArrayList<>();
		Matcher matcher = NODE.matcher(clusterNodes);
		while (matcher.find()) {
			String address = matcher.group(1);
			String flags = matcher.group(2);
			if (flags.contains("fail") || flags.contains("noaddr")) {
				throw new IllegalStateException("cluster node " + address + " is down (" + flags + ")");
			}
			if (flags.contains("master")) {
				int colon = address.lastIndexOf(':');
				masters.add(new Master(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))));
			}
		}
		return masters;
	}

}
