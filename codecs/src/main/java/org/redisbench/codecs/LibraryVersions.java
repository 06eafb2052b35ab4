package org.redisbench.codecs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The versions of the codec libraries this module was built with, as the root pom names them. */
final class LibraryVersions {

	private static final Properties versions = load();

	private LibraryVersions() {
	}

	static String of(String library) {
		String version = versions.getProperty(library);
		if (version == null) {
			throw new IllegalArgumentException("no version recorded for " + library);
		}
		return version;
	}

	private static Properties load() {
		try (InputStream in = LibraryVersions.class.getResourceAsStream("versions.properties")) {
			if (in == null) {
				throw new IllegalStateException("versions.properties is missing from the codecs jar");
			}
			Properties properties = new Properties();
			properties.load(in);
			return properties;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
