package org.redisbench.commandline;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A flag whose default comes from an environment variable saying yes or no (ADVISE_SHOW_VALUES=yes, MIGRATE_WRITE=no), as the
 * scripts took it; the flag given on the command line is picocli's {@code true}.
 */
public final class YesNo implements ITypeConverter<Boolean> {

	@Override
	public Boolean convert(String value) {
		return switch (value) {
			case "yes", "true" -> true;
			case "no", "false" -> false;
			default -> throw new TypeConversionException("yes or no, not '" + value + "'");
		};
	}

}
