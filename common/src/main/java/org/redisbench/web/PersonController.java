package org.redisbench.web;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.store.PersonStorage;
import org.redisbench.store.StoreProperties;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The published endpoints, all GET so that {@code ab} and a browser can drive them. Success bodies have a
 * fixed length, because {@code ab} counts a body of another length as a failed request. Each answers plain
 * text, and a browser the same text in a page ({@link BrowserPage}); a prefetch never reaches them
 * ({@link PrefetchRefusal}).
 */
@RestController
@RequestMapping(produces = { MediaType.TEXT_PLAIN_VALUE, MediaType.TEXT_HTML_VALUE })
public class PersonController {

	/** The ids an {@code /add} stored or a {@code /check} verified, as {@code first-last}. */
	public static final String IDS_HEADER = "Person-Ids";

	static final int MAX_KEY_LENGTH = 256;

	static final int MAX_VALUE_LENGTH = 4096;

	private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,18}");

	private final PersonStorage store;

	private final int batchSize;

	private final IdSequence addIds;

	private final IdSequence checkIds;

	PersonController(PersonStorage store, StoreProperties properties) {
		this.store = store;
		this.batchSize = properties.batchSize();
		// one range for both, so that /check verifies the ids /add wrote
		this.addIds = new IdSequence(properties.ids());
		this.checkIds = new IdSequence(properties.ids());
	}

	@GetMapping(path = "/add")
	ResponseEntity<String> add() {
		long first = this.addIds.reserve(this.batchSize);
		List<Person> persons = new ArrayList<>(this.batchSize);
		for (long id = first; id < first + this.batchSize; id++) {
			persons.add(PersonFactory.create(id));
		}
		this.store.storeAll(persons);
		return withIds(first, "added " + this.batchSize + "\n");
	}

	@GetMapping(path = "/check")
	ResponseEntity<String> check() {
		long first = this.checkIds.reserve(this.batchSize);
		this.store.verifyAll(first, this.batchSize);
		return withIds(first, "checked " + this.batchSize + "\n");
	}

	/**
	 * Names the ids a request covered in a header, not the body (whose length {@code ab} holds fixed), so a
	 * fault test can check afterwards that every id of every 200 is really in Redis.
	 */
	private ResponseEntity<String> withIds(long first, String body) {
		return ResponseEntity.ok().header(IDS_HEADER, first + "-" + (first + this.batchSize - 1)).body(body);
	}

	@GetMapping(path = "/reset")
	String reset() {
		this.addIds.reset();
		this.checkIds.reset();
		return "reset\n";
	}

	@GetMapping(path = "/checksingle/{id}")
	String checkSingle(@PathVariable String id) {
		return this.store.verifyOne(parseId(id)) + "\n";
	}

	/**
	 * Plain decimal digits only: Spring's number conversion would also take {@code +5}, {@code 0x10} or the
	 * digits of other scripts, so one person would answer to many spellings.
	 */
	static long parseId(String text) {
		if (ID.matcher(text).matches()) {
			try {
				return Long.parseLong(text);
			}
			catch (NumberFormatException ex) {
				// More than Long.MAX_VALUE: refused below like any other malformed id.
			}
		}
		throw new BadRequestException("id must be a positive integer, was '" + PrintableText.excerpt(text) + "'");
	}

	@GetMapping(path = "/save/{key}/{value}")
	String save(@PathVariable String key, @PathVariable String value) {
		if (key.length() > MAX_KEY_LENGTH || value.length() > MAX_VALUE_LENGTH) {
			throw new BadRequestException("key is limited to " + MAX_KEY_LENGTH + " characters and value to "
					+ MAX_VALUE_LENGTH);
		}
		// A key is named in the log line of a failed write, where a line break would forge another line.
		if (hasControlCharacter(key) || hasControlCharacter(value)) {
			throw new BadRequestException("key and value must not contain control characters");
		}
		this.store.saveRaw(key, value);
		return "saved\n";
	}

	private static boolean hasControlCharacter(String text) {
		return text.chars().anyMatch(Character::isISOControl);
	}

	/** Does nothing: {@code ab} against it measures the HTTP ceiling that the other endpoints sit under. */
	@GetMapping(path = "/noop")
	String noop() {
		return "noop\n";
	}

}
