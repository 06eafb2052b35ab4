package org.redisbench.valueformat.starter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.objects.AllowList;
import org.redisbench.valueformat.objects.RegistrationFile;
import org.redisbench.valueformat.objects.ServiceFormat;

import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

import static org.redisbench.valueformat.objects.StarterSettings.ALLOW;
import static org.redisbench.valueformat.objects.StarterSettings.DICTIONARY;
import static org.redisbench.valueformat.objects.StarterSettings.READ_ALSO;
import static org.redisbench.valueformat.objects.StarterSettings.REGISTRATIONS;
import static org.redisbench.valueformat.objects.StarterSettings.WRITE;

/**
 * The formats in force, made from the {@code value-format.*} properties: the serializer every Redis value of the
 * service goes through, and what the actuator's {@code info} says of it. A setting it cannot be made from stops the
 * service with one line naming the property ({@link ValueFormatSettingException}).
 */
public final class ValueFormats {

	private final ValueFormatSerializer<Object> serializer;

	private final Map<String, Object> info;

	private ValueFormats(ValueFormatSerializer<Object> serializer, Map<String, Object> info) {
		this.serializer = serializer;
		this.info = info;
	}

	/** @throws ValueFormatSettingException for a setting the serializer cannot be made from */
	static ValueFormats from(ValueFormatProperties properties, ResourceLoader resources) {
		if (properties.getWrite() == null || properties.getWrite().isBlank()) {
			throw new ValueFormatSettingException(WRITE, "not set, though other value-format properties are: say the"
					+ " format every value is written in, e.g. kryo+zstd-dict");
		}
		ServiceFormat write = format(WRITE, properties.getWrite());
		Optional<ServiceFormat> readAlso = Optional.ofNullable(properties.getReadAlso())
			.filter((text) -> !text.isBlank())
			.map((text) -> format(READ_ALSO, text));
		AllowList allowed = allowList(properties, write);
		ClassLoader loader = resources.getClassLoader();
		List<Class<?>> registrations = registrations(properties, resources, loader, write, readAlso);
		Supplier<byte[]> dictionary = () -> dictionary(properties, resources);
		StoredFormat<Object> written = new StoredFormat<>(write.toString(),
				write.encoding(properties.getFrame(), allowed, loader, registrations, dictionary));
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("write", write.toString());
		readAlso.ifPresent((format) -> info.put("read-also", format.toString()));
		info.put("frame", properties.getFrame().label());
		info.put("allow", allowed.patterns());
		if (readAlso.isEmpty()) {
			return new ValueFormats(ValueFormatSerializer.alone(written), info);
		}
		StoredFormat<Object> old = new StoredFormat<>(readAlso.get().toString(),
				readAlso.get().encoding(properties.getFrame(), allowed, loader, registrations, dictionary));
		try {
			return new ValueFormats(ValueFormatSerializer.readingBoth(written, old), info);
		}
		catch (IllegalArgumentException ex) {
			// both compressed alike, or the same header: e.g. kryo+zstd beside fory+zstd
			throw new ValueFormatSettingException(READ_ALSO, old + " starts as " + written + " (" + WRITE + ") does, "
					+ old.encoding().signature() + ": a value's bytes cannot say which of the two to read it as");
		}
	}

	/** The serializer of every value: RedisTemplate's, the cache manager's, Spring Session's. */
	public ValueFormatSerializer<Object> serializer() {
		return this.serializer;
	}

	/** The formats in force, for the actuator's {@code info}: write, read-also, frame, allow. */
	public Map<String, Object> info() {
		return this.info;
	}

	private static ServiceFormat format(String property, String text) {
		try {
			return ServiceFormat.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new ValueFormatSettingException(property, ex.getMessage());
		}
	}

	/**
	 * The allow list, always required: every format the starter reads (JDK serialization, Kryo, Fory, typed JSON)
	 * builds whatever class a value names unless it restricts them.
	 */
	private static AllowList allowList(ValueFormatProperties properties, ServiceFormat write) {
		AllowList allowed;
		try {
			allowed = new AllowList(properties.getAllow());
		}
		catch (IllegalArgumentException ex) {
			throw new ValueFormatSettingException(ALLOW, ex.getMessage());
		}
		if (allowed.isEmpty()) {
			throw new ValueFormatSettingException(ALLOW, "not set, and reading " + write
					+ " builds whatever class a stored value names: list the packages of the service's values, e.g. "
					+ ALLOW + "=com.acme.**");
		}
		return allowed;
	}

	private static List<Class<?>> registrations(ValueFormatProperties properties, ResourceLoader resources,
			ClassLoader loader, ServiceFormat write, Optional<ServiceFormat> readAlso) {
		Optional<ServiceFormat> registering = Stream.concat(Stream.of(write), readAlso.stream())
			.filter(ServiceFormat::registers)
			.findFirst();
		if (registering.isEmpty()) {
			return List.of();
		}
		String location = properties.getRegistrations();
		if (location == null || location.isBlank()) {
			throw new ValueFormatSettingException(REGISTRATIONS, "not set, and " + registering.get()
					+ " needs the file of registered classes migrate wrote, e.g. " + REGISTRATIONS
					+ "=classpath:registrations.txt");
		}
		String text = new String(read(REGISTRATIONS, location, resources), StandardCharsets.UTF_8);
		try {
			return RegistrationFile.parse(Arrays.asList(text.split("\\R")), location, loader);
		}
		catch (IllegalArgumentException ex) {
			throw new ValueFormatSettingException(REGISTRATIONS, ex.getMessage());
		}
	}

	/** Asked for by zstd-dict only, once, when its serializer is made. */
	private static byte[] dictionary(ValueFormatProperties properties, ResourceLoader resources) {
		String location = properties.getDictionary();
		if (location == null || location.isBlank()) {
			throw new ValueFormatSettingException(DICTIONARY, "not set, and " + Compression.ZSTD_DICT
					+ " needs the zstd dictionary its values were compressed with, e.g. " + DICTIONARY
					+ "=classpath:values.dict");
		}
		return read(DICTIONARY, location, resources);
	}

	private static byte[] read(String property, String location, ResourceLoader resources) {
		Resource resource = resources.getResource(location.strip());
		try (InputStream in = resource.getInputStream()) {
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new ValueFormatSettingException(property, location + " cannot be read: " + ex.getMessage());
		}
	}

}
