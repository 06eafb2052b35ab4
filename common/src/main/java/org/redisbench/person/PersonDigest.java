package org.redisbench.person;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The integrity check carried inside every person: Base64 of the MD5 of
 * {@code id_name_sex_age_phone_address_}, exactly as published, so a reader can tell that what came
 * back from Redis is what was written.
 */
public final class PersonDigest {

	private PersonDigest() {
	}

	public static String of(Person person) {
		String text = person.getId() + "_" + person.getName() + "_" + person.getSex() + "_" + person.getAge() + "_"
				+ person.getPhone() + "_" + person.getAddress() + "_";
		return Base64.getEncoder().encodeToString(md5().digest(text.getBytes(StandardCharsets.UTF_8)));
	}

	public static boolean isIntact(Person person) {
		return person.getMd5() != null && person.getMd5().equals(of(person));
	}

	private static MessageDigest md5() {
		try {
			return MessageDigest.getInstance("MD5");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java runtime must provide MD5", ex);
		}
	}

}
