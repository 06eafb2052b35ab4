package org.redisbench.migrate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.redisbench.footprint.ConversionFootprint;
import org.redisbench.valueformat.objects.StarterSettings;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a run found and did: {@value #FILE} for a reader, {@value #JSON_FILE} for a script. Keys by what became of
 * them, the memory before and after (measured), and for a dry run the memory projected after; the masters' CPU
 * and the time a writing run took, over every run of a resumed migration.
 */
final class MigrationReport {

	static final String FILE = "migrate.md";

	static final String JSON_FILE = "migrate.json";

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	final MigrateOptions.Mode mode;

	final Checkpoint.Identity identity;

	final List<String> masters;

	/** How the service reads both, which the report ends with. */
	final StarterSettings service;

	Tally tally;

	Tally verified;

	Memory.Reading before;

	Memory.Reading after;

	ConversionFootprint.Result projection;

	/** The checkpoint a writing run went on from; null when it started one, or keeps none. */
	Resumed resumed;

	double seconds;

	double redisCpuSeconds;

	long pauses;

	double pausedSeconds;

	/**
	 * A writing run's counts, times and CPU are its checkpoint's, over every run of the migration: a run that went
	 * on from one says so, and what it converted itself, so that an earlier run's work is never shown as its own.
	 * @param finished the checkpoint had finished: this run converted nothing
	 * @param convertedBefore the values converted by the earlier runs
	 */
	record Resumed(Path checkpoint, boolean finished, long convertedBefore) {

		String describe() {
			return this.finished ? "the earlier runs of checkpoint " + this.checkpoint + ", which had finished"
					: "every run of checkpoint " + this.checkpoint + ", this one resumed from it";
		}

	}

	MigrationReport(MigrateOptions.Mode mode, Checkpoint.Identity identity, List<String> masters,
			StarterSettings service) {
		this.mode = mode;
		this.identity = identity;
		this.masters = masters;
		this.service = service;
	}

	void write(Path out) {
		try {
			Files.createDirectories(out);
			Files.write(out.resolve(JSON_FILE), JSON.writeValueAsBytes(json()));
			Files.writeString(out.resolve(FILE), markdown());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the report into " + out, ex);
		}
	}

	private String mode() {
		return this.mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** The projected saving: bytes a value less in Redis, over the values a dry run found to convert. */
	/** Over the string values to convert: the sample measures those only, not a hash's fields. */
	double projectedSaving() {
		return this.projection.saved(this.tally.wouldConvert - this.tally.wouldConvertFields);
	}

	Map<String, Object> json() {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("mode", mode());
		json.put("source", this.identity.source());
		json.put("masters", this.masters);
		json.put("match", this.identity.match());
		json.put("from", this.identity.from());
		json.put("to", this.identity.to());
		if (this.tally != null) {
			json.put("counts_of", this.resumed == null ? "this run" : this.resumed.describe());
			Map<String, Object> keys = keys(this.tally);
			if (this.mode == MigrateOptions.Mode.WRITE) {
				keys.put("converted_this_run", convertedThisRun());
			}
			json.put("keys", keys);
			json.put("seconds", round(this.seconds));
			json.put("keys_per_second", round(this.seconds > 0 ? this.tally.matched / this.seconds : 0));
			json.put("pauses", this.pauses);
			json.put("paused_seconds", round(this.pausedSeconds));
		}
		if (this.mode == MigrateOptions.Mode.WRITE) {
			json.put("redis_cpu_seconds", round(this.redisCpuSeconds));
		}
		if (this.before != null) {
			Map<String, Object> memory = new LinkedHashMap<>();
			memory.put("used_memory_before", this.before.usedMemory());
			memory.put("data_bytes_before", this.before.dataBytes());
			if (this.after != null) {
				memory.put("used_memory_after", this.after.usedMemory());
				memory.put("data_bytes_after", this.after.dataBytes());
				memory.put("saved_bytes", this.before.dataBytes() - this.after.dataBytes());
			}
			json.put("memory", memory);
		}
		if (this.projection != null) {
			Map<String, Object> projected = new LinkedHashMap<>();
			projected.put("sampled", this.projection.sampled());
			projected.put("measured", this.projection.converted());
			projected.put("bytes_per_value_before", round(this.projection.bytesBefore()));
			projected.put("bytes_per_value_after", round(this.projection.bytesAfter()));
			projected.put("spread_before", round(this.projection.spreadBefore()));
			projected.put("spread_after", round(this.projection.spreadAfter()));
			projected.put("saved_bytes", Math.round(projectedSaving()));
			projected.put("data_bytes_after", Math.round(this.before.dataBytes() - projectedSaving()));
			json.put("projection", projected);
		}
		if (this.verified != null) {
			Map<String, Object> verify = new LinkedHashMap<>();
			verify.put("keys", this.verified.matched);
			verify.put("formats", this.verified.formats);
			verify.put("decodes", this.verified.decodes);
			verify.put("does_not_decode", this.verified.doesNotDecode);
			verify.put("unread", ids(this.verified.left));
			json.put("verify", verify);
		}
		json.put("service", this.service.json());
		return json;
	}

	private long convertedThisRun() {
		return this.tally.converted - (this.resumed == null ? 0 : this.resumed.convertedBefore());
	}

	private static Map<String, Object> keys(Tally tally) {
		Map<String, Object> keys = new LinkedHashMap<>();
		keys.put("matched", tally.matched);
		keys.put("converted", tally.converted);
		keys.put("would_convert", tally.wouldConvert);
		keys.put("would_convert_hash_fields", tally.wouldConvertFields);
		keys.put("already_in_target", tally.inTarget);
		keys.put("left", tally.left(true));
		keys.put("refused", tally.left(false));
		keys.put("by_reason", ids(tally.left));
		Map<String, String> examples = new LinkedHashMap<>();
		tally.examples.forEach((reason, example) -> examples.put(id(reason), example));
		keys.put("examples", examples);
		return keys;
	}

	private static Map<String, Long> ids(Map<Disposition.Reason, Long> counts) {
		Map<String, Long> ids = new LinkedHashMap<>();
		counts.forEach((reason, count) -> ids.put(id(reason), count));
		return ids;
	}

	private static String id(Disposition.Reason reason) {
		return reason.name().toLowerCase(Locale.ROOT);
	}

	private static double round(double value) {
		return Math.round(value * 100) / 100.0;
	}

	private String markdown() {
		StringBuilder md = new StringBuilder();
		md.append("# Migration, ").append(mode()).append("\n\n");
		md.append(String.format(Locale.ROOT, "`%s` MATCH `%s`, %s to %s; masters: %s.%n%n", this.identity.source(),
				this.identity.match(), this.identity.from(), this.identity.to(), String.join(", ", this.masters)));
		if (this.tally != null) {
			if (this.resumed != null) {
				md.append(String.format(Locale.ROOT, "The counts, times and CPU below are of %s: %,d converted by this"
						+ " run.%n%n", this.resumed.describe(), convertedThisRun()));
			}
			md.append("| keys (and hash fields) | count |\n|---|---:|\n");
			row(md, "matched (read)", this.tally.matched);
			if (this.mode == MigrateOptions.Mode.DRY_RUN) {
				row(md, "would be converted", this.tally.wouldConvert);
				if (this.tally.wouldConvertFields > 0) {
					row(md, "...of them hash fields (not in the projection, which measures string values)",
							this.tally.wouldConvertFields);
				}
			}
			else {
				row(md, "converted", this.tally.converted);
			}
			row(md, "already in " + this.identity.to(), this.tally.inTarget);
			this.tally.left.forEach((reason, count) -> row(md, (reason.raced() ? "left: " : "refused: ") + reason.label,
					count));
			md.append('\n');
			if (!this.tally.examples.isEmpty()) {
				md.append("What each reason means, with the first key left for it:\n\n");
				this.tally.examples.forEach((reason, example) -> md.append("- **").append(reason.label).append("**: ")
					.append(reason.meaning).append(". `").append(example.replace('`', '\'')).append("`\n"));
				md.append('\n');
			}
			md.append(String.format(Locale.ROOT, "%.1f s, %,.0f keys/s; %d pauses, %.1f s paused.%n%n", this.seconds,
					this.seconds > 0 ? this.tally.matched / this.seconds : 0, this.pauses, this.pausedSeconds));
		}
		if (this.mode == MigrateOptions.Mode.WRITE) {
			md.append(String.format(Locale.ROOT,
					"Redis CPU meanwhile, over every master and whatever else they served: %.1f s (%.0f%% of a core).%n%n",
					this.redisCpuSeconds, this.seconds > 0 ? 100 * this.redisCpuSeconds / this.seconds : 0));
		}
		if (this.before != null) {
			md.append("| memory, every master | bytes |\n|---|---:|\n");
			row(md, "data memory (used_memory less client buffers), before", this.before.dataBytes());
			if (this.after != null) {
				row(md, "data memory after", this.after.dataBytes());
				row(md, "saved", this.before.dataBytes() - this.after.dataBytes());
			}
			if (this.projection != null) {
				row(md, "projected saving", Math.round(projectedSaving()));
				row(md, "projected data memory after", Math.round(this.before.dataBytes() - projectedSaving()));
			}
			md.append('\n');
		}
		if (this.projection != null) {
			md.append(String.format(Locale.ROOT,
					"Projected from %,d sampled values (%,d of them to convert), loaded as they are and converted into a"
							+ " redis-server of the advisor's own: %.1f bytes a value (± %.1f) before, %.1f (± %.1f) after.%n%n",
					this.projection.sampled(), this.projection.converted(), this.projection.bytesBefore(),
					this.projection.spreadBefore(), this.projection.bytesAfter(), this.projection.spreadAfter()));
		}
		if (this.verified != null) {
			md.append("| verify: format | keys |\n|---|---:|\n");
			this.verified.formats.forEach((format, count) -> row(md, format, count));
			row(md, "decode", this.verified.decodes);
			row(md, "do not decode", this.verified.doesNotDecode);
			this.verified.left.forEach((reason, count) -> row(md, "unread: " + reason.label, count));
			md.append('\n');
		}
		md.append("## The service, reading both\n\n");
		if (this.service instanceof StarterSettings.Written) {
			md.append("Before the values are rewritten, switch the service to write the new format and read the old"
					+ " one beside it: in a Spring Boot service, the value-format starter with these properties"
					+ " (docs/starter.md).\n\n");
		}
		md.append(this.service.markdown());
		return md.toString();
	}

	private static void row(StringBuilder md, String what, long count) {
		md.append(String.format(Locale.ROOT, "| %s | %,d |%n", what, count));
	}

}
