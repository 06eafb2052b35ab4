package org.redisbench.model;

import java.util.List;
import java.util.stream.Collectors;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Named;

/**
 * The vocabulary as bash declarations, for scripts/lib/vocabulary.sh to read: the scripts take their lists and
 * defaults from here instead of typing them out.
 */
public final class Vocabulary {

	private Vocabulary() {
	}

	public static void main(String[] args) {
		if (args.length != 1 || !args[0].equals("--shell")) {
			System.err.println("usage: java -cp model.jar org.redisbench.model.Vocabulary --shell");
			System.exit(2);
		}
		System.out.print(shell());
	}

	/** {@code readonly} bash declarations: arrays of labels and the sizes every script shares. */
	public static String shell() {
		return String.join("\n", array("KNOWN_COMPRESSIONS", Named.labels(Compression.class)),
				array("KNOWN_LAYOUTS", Named.labels(Layout.class)), number("BATCH_SIZE", Batch.SIZE),
				number("BUCKET_SIZE", Layout.BUCKET_SIZE), number("LISTPACK_VALUE_BYTES", Layout.LISTPACK_VALUE_BYTES))
				+ "\n";
	}

	private static String array(String name, List<String> labels) {
		return "readonly " + name + "=(" + labels.stream().collect(Collectors.joining(" ")) + ")";
	}

	private static String number(String name, int value) {
		return "readonly " + name + "=" + value;
	}

}
