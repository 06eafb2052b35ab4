package org.redisbench.corpus.shop;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The shop's data, made up deterministically: the same seed and id give the same order, cart and shopper on every
 * run, so that a corpus can be written again as it was. It stands where a real service would read its database.
 * <p>
 * Collections are the mutable JDK ones a repository returns ({@code ArrayList}, {@code LinkedHashMap},
 * {@code LinkedHashSet}), not {@code List.of}: Jackson's default typing writes the runtime class, and an
 * immutable collection's class cannot be read back.
 */
@Component
public class Shop {

	/** Orders are placed over the year from here, so that no run depends on the clock. */
	private static final Instant OPENED = Instant.parse("2026-01-01T00:00:00Z");

	private static final String[] PRODUCTS = { "Espresso machine", "Burr grinder", "Milk frother", "French press",
			"Pour-over kettle", "Ceramic dripper", "Paper filters (100)", "Travel mug", "Double-walled glass",
			"Cast iron skillet", "Chef's knife 20 cm", "Bamboo cutting board", "Dutch oven 5 l", "Silicone spatula set",
			"Digital kitchen scale", "Stand mixer", "Hand blender", "Rice cooker", "Toaster, 2 slots",
			"Electric kettle 1.7 l", "Wool throw blanket", "Linen duvet cover", "Feather pillow", "Bath towel set",
			"Scented candle", "Desk lamp", "Reading glasses", "Notebook A5 dotted", "Fountain pen", "Ink cartridges (6)",
			"Running shoes", "Rain jacket", "Merino socks (3 pairs)", "Yoga mat", "Water bottle 750 ml",
			"Headphones, wireless", "USB-C charger 65 W", "Phone case", "Screen protector", "Bluetooth speaker" };

	private static final String[] FIRST_NAMES = { "Anna", "Ben", "Clara", "David", "Elif", "Farid", "Greta", "Hugo",
			"Ines", "Jonas", "Katrin", "Luca", "Maria", "Nils", "Olga", "Pedro", "Quinn", "Rosa", "Samir", "Tanja",
			"Ugo", "Vera", "Wim", "Xenia", "Yusuf", "Zoe" };

	private static final String[] LAST_NAMES = { "Andersen", "Becker", "Costa", "Dubois", "Eriksen", "Fischer",
			"Garcia", "Hansen", "Ivanova", "Jansen", "Kowalski", "Lambert", "Moreau", "Nowak", "Olsen", "Petrov",
			"Rossi", "Schmidt", "Tanaka", "Urban", "Vogel", "Weber", "Yilmaz", "Zimmermann" };

	private static final String[] STREETS = { "Main Street", "Station Road", "Church Lane", "Hauptstraße",
			"Bahnhofstraße", "Rue de la Paix", "Via Roma", "Calle Mayor", "Kerkstraat", "Park Avenue" };

	/** City, country (ISO 3166) and a postcode pattern, # a digit. */
	private static final String[][] CITIES = { { "London", "GB", "SW1A #AA" }, { "Berlin", "DE", "10###" },
			{ "Munich", "DE", "80###" }, { "Paris", "FR", "750##" }, { "Lyon", "FR", "690##" },
			{ "Milan", "IT", "201##" }, { "Madrid", "ES", "280##" }, { "Amsterdam", "NL", "10## AB" },
			{ "Vienna", "AT", "1###" }, { "Zurich", "CH", "80##" }, { "Warsaw", "PL", "00-###" },
			{ "Stockholm", "SE", "111 ##" } };

	private static final String[] LOCALES = { "en-GB", "en-US", "de-DE", "fr-FR", "it-IT", "es-ES", "nl-NL", "pl-PL",
			"sv-SE", "de-CH" };

	private static final String[] ZONES = { "Europe/London", "America/New_York", "Europe/Berlin", "Europe/Paris",
			"Europe/Rome", "Europe/Madrid", "Europe/Amsterdam", "Europe/Warsaw", "Europe/Stockholm", "Europe/Zurich" };

	/** Codes that end in the percentage they take off. */
	private static final String[] PROMOTION_CODES = { "WELCOME10", "SPRING15", "LOYAL5", "BUNDLE20", "STUDENT10" };

	/** A salt for each thing made of an id, so that an order and a cart of the same id do not share their draws. */
	private enum Stream {
		ORDER, CART, SHOPPER, ADDRESS, LOGIN, PLACE, TOKEN
	}

	/** A starting point for each stream, drawn from the seed. */
	private final long[] streams = new long[Stream.values().length];

	public Shop(@Value("${corpus.seed:1}") long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		for (int i = 0; i < this.streams.length; i++) {
			this.streams[i] = random.nextLong();
		}
	}

	/** Order {@code id}, as the shop's database would return it. */
	public Order order(long id) {
		SplittableRandom random = random(Stream.ORDER, id);
		List<OrderLine> lines = lines(random, 1 + random.nextInt(6));
		Set<Promotion> promotions = new LinkedHashSet<>();
		for (int i = random.nextInt(100) < 70 ? 0 : 1 + random.nextInt(2); i > 0; i--) {
			String code = PROMOTION_CODES[random.nextInt(PROMOTION_CODES.length)];
			promotions.add(new Promotion(code, new BigDecimal(code.replaceAll("[^0-9]", ""))));
		}
		BigDecimal total = lines.stream().map(OrderLine::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
		for (Promotion promotion : promotions) {
			total = total.subtract(total.multiply(promotion.percentOff()).movePointLeft(2));
		}
		String customer = name(random);
		Map<String, Address> addresses = new LinkedHashMap<>();
		addresses.put("billing", address(random, customer));
		if (random.nextInt(100) < 30) {
			addresses.put("shipping", address(random, name(random)));
		}
		Instant placedAt = OPENED.plusSeconds(random.nextLong(365L * 24 * 3600));
		OrderStatus status = OrderStatus.values()[random.nextInt(OrderStatus.values().length)];
		return new Order(id, "ORD-%09d".formatted(id), customer, email(customer, id), status, placedAt,
				LocalDate.ofInstant(placedAt, ZoneOffset.UTC).plusDays(1 + random.nextInt(7)),
				Duration.ofMinutes(20 + random.nextInt(48 * 60)), total.setScale(2, RoundingMode.HALF_EVEN), lines,
				addresses, promotions);
	}

	/** The cart of shopper {@code id}'s session: one to four products. */
	public Cart cart(long id) {
		SplittableRandom random = random(Stream.CART, id);
		return new Cart(lines(random, 1 + random.nextInt(4)), "EUR",
				OPENED.plusSeconds(random.nextLong(365L * 24 * 3600)));
	}

	/** Shopper {@code id}: the user name they log in with. */
	public String username(long id) {
		return "shopper%07d".formatted(id);
	}

	/** Shopper {@code id}'s password as the user store keeps it. */
	public String storedPassword(long id) {
		return "{noop}" + password(id);
	}

	/** Shopper {@code id}'s password as they type it. */
	public String password(long id) {
		return "pw-" + Long.toHexString(random(Stream.SHOPPER, id).nextLong());
	}

	/** Shopper {@code id}'s roles: every one a user, some premium, a few support staff or administrators. */
	public List<String> roles(long id) {
		SplittableRandom random = random(Stream.SHOPPER, id);
		random.nextLong(); // the password's draw
		List<String> roles = new ArrayList<>(List.of("ROLE_USER"));
		int draw = random.nextInt(100);
		if (draw < 30) {
			roles.add("ROLE_PREMIUM");
		}
		if (draw >= 95) {
			roles.add("ROLE_SUPPORT");
		}
		if (draw == 99) {
			roles.add("ROLE_ADMIN");
		}
		return roles;
	}

	/** The address shopper {@code id} connects from, as a proxy forwards it. */
	public String remoteAddress(long id) {
		SplittableRandom random = random(Stream.ADDRESS, id);
		return "10.%d.%d.%d".formatted(random.nextInt(256), random.nextInt(256), 1 + random.nextInt(254));
	}

	/** The language shopper {@code id} chose. */
	public Locale locale(long id) {
		return Locale.forLanguageTag(LOCALES[random(Stream.PLACE, id).nextInt(LOCALES.length)]);
	}

	/** The time zone shopper {@code id} sees times in. */
	public ZoneId zone(long id) {
		SplittableRandom random = random(Stream.PLACE, id);
		random.nextInt(); // the locale's draw
		return ZoneId.of(ZONES[random.nextInt(ZONES.length)]);
	}

	/** When shopper {@code id} logged in before this session. */
	public Instant previousLogin(long id) {
		return OPENED.plusSeconds(random(Stream.LOGIN, id).nextLong(365L * 24 * 3600));
	}

	/** The CSRF token of shopper {@code id}'s session, a random UUID as Spring Security makes one. */
	public String csrfToken(long id) {
		return uuid(random(Stream.TOKEN, id));
	}

	/** A version 4 UUID, as {@code UUID.randomUUID()} makes one, of the next two draws. */
	public static String uuid(SplittableRandom random) {
		long high = random.nextLong() & ~0xF000L | 0x4000L;
		long low = random.nextLong() & ~(3L << 62) | (1L << 63);
		return new UUID(high, low).toString();
	}

	private List<OrderLine> lines(SplittableRandom random, int count) {
		List<OrderLine> lines = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			int product = random.nextInt(PRODUCTS.length);
			lines.add(new OrderLine("SKU-%05d".formatted(10_000 + product * 37), PRODUCTS[product],
					1 + (random.nextInt(100) < 80 ? 0 : random.nextInt(4)),
					BigDecimal.valueOf(199 + 100L * random.nextInt(300) + (random.nextBoolean() ? 0 : 50), 2)));
		}
		return lines;
	}

	private static String name(SplittableRandom random) {
		return FIRST_NAMES[random.nextInt(FIRST_NAMES.length)] + " " + LAST_NAMES[random.nextInt(LAST_NAMES.length)];
	}

	private static String email(String name, long id) {
		return name.toLowerCase(Locale.ROOT).replace(' ', '.') + "." + id + "@example.com";
	}

	private static Address address(SplittableRandom random, String name) {
		String[] city = CITIES[random.nextInt(CITIES.length)];
		StringBuilder postcode = new StringBuilder();
		for (char c : city[2].toCharArray()) {
			postcode.append(c == '#' ? (char) ('0' + random.nextInt(10)) : c);
		}
		return new Address(name, (1 + random.nextInt(200)) + " " + STREETS[random.nextInt(STREETS.length)],
				postcode.toString(), city[0], city[1]);
	}

	private SplittableRandom random(Stream stream, long id) {
		// SplittableRandom mixes its seed on every draw, so neighbouring ids give unrelated values.
		return new SplittableRandom(this.streams[stream.ordinal()] + id);
	}

}
