package org.redisbench.objectreading.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.objects.AllowList;

class ClassPolicyTest {

	private static final ClassLoader LOADER = ClassPolicyTest.class.getClassLoader();

	@Test
	void patternsCoverWhatTheySay() {
		AllowList allow = AllowOption.parse(" com.acme.** , org.shop.*,net.one.Cart,");
		assertEquals("com.acme.**,org.shop.*,net.one.Cart", allow.toString());
		assertTrue(allow.allows("com.acme.Cart"));
		assertTrue(allow.allows("com.acme.deep.er.Cart$Line"));
		assertFalse(allow.allows("com.acmex.Cart"));
		assertFalse(allow.allows("com.acme"));
		assertTrue(allow.allows("org.shop.Cart"));
		assertTrue(allow.allows("org.shop.Cart$Line"));
		assertFalse(allow.allows("org.shop.sub.Cart"));
		assertTrue(allow.allows("net.one.Cart"));
		assertFalse(allow.allows("net.one.Cart$Line"));
		assertFalse(allow.allows("net.one.Carts"));
		assertTrue(AllowOption.parse("").isEmpty());
	}

	@ParameterizedTest
	@ValueSource(strings = { "*", "**", "com.*.Cart", "com.acme.***", "com acme", "com.acme.", ".com", "com/acme/*" })
	void anythingButANameOrAPackageIsRefused(String pattern) {
		Refusal refusal = assertThrows(Refusal.class, () -> AllowOption.parse("com.ok.*," + pattern));
		assertEquals("--allow: '" + pattern + "' is no class name, package.* or package.**", refusal.getMessage());
	}

	@Test
	void theJdksValueTypesArraysAndEnumsBesideTheList() {
		AllowList allow = AllowOption.parse("com.acme.**");
		for (String allowed : new String[] { "java.lang.Long", "java.math.BigDecimal", "java.util.ArrayList",
				"java.time.Ser", "java.time.chrono.Ser", "java.util.concurrent.TimeUnit", "[I", "[[J",
				"[Ljava.lang.String;", "[[Lcom.acme.Cart;", "com.acme.Cart" }) {
			assertTrue(allow.allows(allowed), allowed);
		}
		for (String refused : new String[] { "java.net.URL", "java.lang.reflect.Proxy", "java.lang.Runtime",
				"javax.management.BadAttributeValueExpException", "[Ljava.net.URL;", "org.other.Cart", "[", "[Q",
				"[L;", "java.util.PriorityQueue" }) {
			assertFalse(allow.allows(refused), refused);
		}
		assertTrue(allow.allows(int[][].class));
		assertTrue(allow.allows(java.time.DayOfWeek.class));
		assertFalse(allow.allows(java.net.URL[].class));
	}

	/** The loader a library is given: what the policy refuses is not there, even to Class.forName. */
	@Test
	void theGuardedLoaderFindsOnlyWhatThePolicyAllows() throws Exception {
		ClassPolicy policy = new ClassPolicy(AllowOption.parse("org.redisbench.objectreading.decode.fixtures.allowed.*"),
				LOADER);
		assertEquals(org.redisbench.objectreading.decode.fixtures.allowed.Cart.class, Class
			.forName("org.redisbench.objectreading.decode.fixtures.allowed.Cart", false, policy.guardedLoader()));
		assertThrows(ClassNotFoundException.class,
				() -> Class.forName("org.redisbench.objectreading.decode.fixtures.gadget.Gadget", false,
						policy.guardedLoader()));
		assertThrows(ClassNotFoundException.class,
				() -> Class.forName("java.net.URL", false, policy.guardedLoader()));
	}

}
