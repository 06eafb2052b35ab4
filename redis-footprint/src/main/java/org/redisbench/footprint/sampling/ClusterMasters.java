package org.redisbench.footprint.sampling;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.commandline.Refusal;
import redis.clients.jedis.HostAndPort;

/**
 * The masters a CLUSTER NODES reply names, for the tools that visit every master of a user's cluster (the advisor
 * reads from each, the migrator writes to each): a node marked failing or without an address stops them, master or
 * replica, since a cluster with a node down is not one they can read or convert whole.
 */
public final class ClusterMasters {

	/** A line of CLUSTER NODES: its id, host:port@bus-port[,hostname], flags. */
	private static final Pattern NODE = Pattern.compile("^\\S+ (\\S+?)(?:@\\d+)?(?:,\\S*)? (\\S+) .*$",
			Pattern.MULTILINE);

	private ClusterMasters() {
	}

	/** @throws Refusal naming the first node that is down */
	public static List<HostAndPort> of(String clusterNodes) {
		List<HostAndPort> masters = new ArrayList<>();
		Matcher matcher = NODE.matcher(clusterNodes);
		while (matcher.find()) {
			HostAndPort address = HostAndPort.from(matcher.group(1));
			String flags = matcher.group(2);
			if (flags.contains("fail") || flags.contains("noaddr")) {
				throw new Refusal("cluster node " + address + " is down (" + flags + ")");
			}
			if (flags.contains("master")) {
				masters.add(address);
			}
		}
		return masters;
	}

}
