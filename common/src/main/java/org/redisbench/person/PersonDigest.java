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

	/**
	 * Copied for every digest: {@code MessageDigest.getInstance} looks the algorithm up among the security
	 * providers on every call, about 1% of a pipelined {@code /add}'s app CPU in a profile, and an instance is not
	 * safe to share between threads.
	 */
	private static final MessageDigest MD5 = newMd5();

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
			return (MessageDigest) MD5.clone();
		}
		catch (CloneNotSupportedException ex) {
			// A security provider configured ahead of the JDK's may give an MD5 that cannot be copied.
			return newMd5();
		}
	}

	private static MessageDigest newMd5() {
		try {
			return MessageDigest.getInstance("MD5");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java runtime must provide MD5", ex);
		}
	}

}
