package org.redisbench.openloop;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A step's command line: {@code [--cpu NAME=PID]... [--clock-ticks N] URL RATE SECONDS LEAD_IN OUT}. {@code --cpu}
 * names a process whose CPU a request the step writes as {@code cpu_ms_per_request_NAME} (repeatable; the
 * processes of one name are summed); {@code --clock-ticks} is /proc's clock ticks a second ({@code getconf
 * CLK_TCK}), {@link CpuAccount#USER_HZ} when not given.
 */
record Arguments(String url, double rate, int seconds, int leadIn, Path out, List<CpuAccount.Process> processes,
		long clockTicks) {

	static final String USAGE = "usage: java -jar open-loop.jar [--cpu NAME=PID]... [--clock-ticks N] URL RATE "
			+ "SECONDS LEAD_IN OUT";

	/** The arguments, or an IllegalArgumentException saying in one line what is wrong with them. */
	static Arguments parse(String[] args) {
		List<CpuAccount.Process> processes = new ArrayList<>();
		long clockTicks = CpuAccount.USER_HZ;
		int i = 0;
		for (; i < args.length && args[i].startsWith("--"); i += 2) {
			if (i + 1 == args.length) {
				throw new IllegalArgumentException(args[i] + " takes a value");
			}
			switch (args[i]) {
				case "--cpu" -> processes.add(CpuAccount.Process.parse(args[i + 1]));
				case "--clock-ticks" -> clockTicks = whole(args[i + 1], "--clock-ticks", 1);
				default -> throw new IllegalArgumentException("no option " + args[i]);
			}
		}
		if (args.length - i != 5 || !args[i].startsWith("http://")) {
			throw new IllegalArgumentException("URL (http://...), RATE, SECONDS, LEAD_IN and OUT");
		}
		double rate;
		try {
			rate = Double.parseDouble(args[i + 1]);
		}
		catch (NumberFormatException ex) {
			rate = 0;
		}
		if (!(rate > 0)) {
			throw new IllegalArgumentException("RATE is a number above 0, was '" + args[i + 1] + "'");
		}
		return new Arguments(args[i], rate, (int) whole(args[i + 2], "SECONDS", 1),
				(int) whole(args[i + 3], "LEAD_IN", 0), Path.of(args[i + 4]), List.copyOf(processes), clockTicks);
	}

	private static long whole(String text, String name, long from) {
		long value;
		try {
			value = Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			value = from - 1;
		}
		if (value < from) {
			throw new IllegalArgumentException(name + " is a whole number from " + from + ", was '" + text + "'");
		}
		return value;
	}

}
