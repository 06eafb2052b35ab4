package org.redisbench.migrate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.redisbench.commandline.Refusal;
import org.redisbench.footprint.ConversionFootprint;
import org.redisbench.footprint.sampling.SourceUri;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The migrator, run by {@link MigrateCommand} (docs/migrate.md): rewrites the matched keys of a live Redis (one node,
 * or every master of a cluster) from one codec and compression to another, in place. A dry run by default: what
 * would change, and the memory after, projected with the value advisor's measurement. With {@code --write}, each
 * key in the source format is decoded, encoded anew, decoded back and compared, and replaced by one server-side
 * script only if it still holds the bytes read ({@link ReplaceScript}); at a bounded pace, checkpointed after
 * every page. Exit status: 0 done, 1 the source failed while running (a writing run resumes from its checkpoint),
 * 2 bad input or a source it must not or cannot work on (one line on stderr).
 */
public final class Migrator {

	private Migrator() {
	}

	static void run(MigrateOptions options) throws InterruptedException {
		ValueConversion conversion = options.objects() ? ObjectConversion.of(options)
				: PersonConversion.of(options.from(), options.to(), options.fromDictionary(), options.toDictionary());
		SourceUri uri = SourceUri.parse(options.uri(), System.getenv(), options.caCertificate());
		try (Masters masters = Masters.connect(uri)) {
			Checkpoint.Identity identity = new Checkpoint.Identity(uri.describe(), options.match(), conversion.from(),
					conversion.to());
			MigrationReport report = new MigrationReport(options.mode(), identity, masters.addresses(),
					conversion.service(options));
			switch (options.mode()) {
				case DRY_RUN -> dryRun(options, uri, masters, conversion, report);
				case WRITE -> write(options, masters, conversion, identity, report);
				case VERIFY_ONLY -> {
				}
			}
			if (options.verify() || options.mode() == MigrateOptions.Mode.VERIFY_ONLY) {
				report.verified = verify(options, masters, conversion);
			}
			report.write(options.out());
			say("report: %s", options.out().resolve(MigrationReport.FILE));
		}
	}

	/** Reads every matched key and what it would become; then projects the memory after from a sample. */
	private static void dryRun(MigrateOptions options, SourceUri uri, Masters masters, ValueConversion conversion,
			MigrationReport report) throws InterruptedException {
		Tally tally = new Tally();
		Pace pace = new Pace(options.rate(), options.maxOps(), options.maxP99Millis());
		long start = System.nanoTime();
		walkAll(options, masters, conversion, pace, tally, "dry run", (master, page) -> {
			for (ScanPage.Entry entry : page.entries()) {
				classify(conversion, entry, tally, (converted) -> {
					tally.wouldConvert++;
					if (entry.field() != null) {
						tally.wouldConvertFields++;
					}
				});
			}
		});
		report.tally = tally;
		report.seconds = (System.nanoTime() - start) / 1e9;
		report.pauses = pace.pauses();
		report.pausedSeconds = pace.pausedSeconds();
		report.before = Memory.read(masters);
		ValueConversion settled = conversion.settled();
		long strings = tally.wouldConvert - tally.wouldConvertFields;
		if (strings >= 2) {
			say("projecting the memory after from a sample of %,d values, measured as the advisor measures", options.sample());
			report.projection = ConversionFootprint.measure(uri, options.match(), options.sample(),
					options.maxValueBytes(), options.seed(), (value) -> {
						return settled.classify(value) instanceof Disposition.Convert convert
								? Optional.of(convert.converted()) : Optional.empty();
					}, strings);
		}
	}

	/** Converts every matched key in the source format, from the checkpoint's cursors if there is one. */
	private static void write(MigrateOptions options, Masters masters, ValueConversion conversion,
			Checkpoint.Identity identity, MigrationReport report) throws InterruptedException {
		Checkpoint checkpoint = Checkpoint.resume(options.checkpoint(), identity, masters.runIds());
		Map<String, byte[]> scripts = new HashMap<>();
		for (Masters.Master master : masters.all()) {
			scripts.put(master.toString(), WriteAccess.check(master, options.match()));
		}
		if (checkpoint == null) {
			FirstUse.touch(masters, options.match(), scripts, conversion.hashFields());
			checkpoint = Checkpoint.start(identity, masters.runIds(), Memory.read(masters));
			checkpoint.save(options.checkpoint());
		}
		else {
			report.resumed = new MigrationReport.Resumed(options.checkpoint(), checkpoint.finished,
					checkpoint.tally.converted);
			if (checkpoint.finished) {
				say("the migration in %s finished before: nothing to do; the report's counts are of that run"
						+ " (remove it to run again)", options.checkpoint());
			}
			else {
				say("resuming from %s: %,d keys read, %,d converted so far", options.checkpoint(),
						checkpoint.tally.matched, checkpoint.tally.converted);
			}
		}
		if (!checkpoint.finished) {
			convert(options, masters, conversion, checkpoint, scripts);
			checkpoint.finished = true;
			report.after = Memory.read(masters);
			checkpoint.save(options.checkpoint());
		}
		report.tally = checkpoint.tally;
		report.before = checkpoint.before;
		report.seconds = checkpoint.activeSeconds;
		report.redisCpuSeconds = checkpoint.redisCpuSeconds;
		report.pauses = checkpoint.pauses;
		report.pausedSeconds = checkpoint.pausedSeconds;
		if (report.after == null) {
			report.after = Memory.read(masters);
		}
	}

	private static void convert(MigrateOptions options, Masters masters, ValueConversion conversion,
			Checkpoint checkpoint, Map<String, byte[]> scripts) throws InterruptedException {
		Pace pace = new Pace(options.rate(), options.maxOps(), options.maxP99Millis());
		Tally tally = checkpoint.tally;
		Progress progress = new Progress("write", masters.all().size(), tally.matched);
		long start = System.nanoTime();
		double activeBefore = checkpoint.activeSeconds;
		double cpuBefore = checkpoint.redisCpuSeconds;
		long pausesBefore = checkpoint.pauses;
		double pausedBefore = checkpoint.pausedSeconds;
		double cpuStart = Memory.cpuSeconds(masters);
		Walk walk = new Walk(options, pace, conversion.hashFields());
		long[] cpuRead = { System.nanoTime() };
		double[] cpuNow = { cpuStart };
		List<Masters.Master> all = masters.all();
		for (int index = 0; index < all.size(); index++) {
			Masters.Master master = all.get(index);
			if (checkpoint.done.contains(master.toString())) {
				continue;
			}
			int number = index;
			long dbSize = master.jedis().dbSize();
			byte[] sha = scripts.get(master.toString());
			walk.master(masters, master, checkpoint.cursors.get(master.toString()), (page, next) -> {
				tally.matched += page.entries().size();
				List<ScanPage.Entry> convertible = new ArrayList<>();
				List<byte[]> converted = new ArrayList<>();
				for (ScanPage.Entry entry : page.entries()) {
					classify(conversion, entry, tally, (bytes) -> {
						convertible.add(entry);
						converted.add(bytes);
					});
				}
				replace(master, sha, convertible, converted, tally);
				checkpoint.cursors.put(master.toString(), next);
				if (Checkpoint.START.equals(next)) {
					checkpoint.done.add(master.toString());
				}
				if (System.nanoTime() - cpuRead[0] >= 1_000_000_000L || Checkpoint.START.equals(next)) {
					cpuNow[0] = Memory.cpuSeconds(masters);
					cpuRead[0] = System.nanoTime();
				}
				checkpoint.activeSeconds = activeBefore + (System.nanoTime() - start) / 1e9;
				checkpoint.redisCpuSeconds = cpuBefore + cpuNow[0] - cpuStart;
				checkpoint.pauses = pausesBefore + pace.pauses();
				checkpoint.pausedSeconds = pausedBefore + pace.pausedSeconds();
				checkpoint.save(options.checkpoint());
				progress.show(tally, number, Checkpoint.START.equals(next) ? 1 : Progress.share(next, dbSize),
						activeBefore, false);
			});
			progress.show(tally, number, 1, activeBefore, true);
		}
	}

	/** The page's convertible keys, each through the script: replaced, or left with the reason. */
	private static void replace(Masters.Master master, byte[] sha, List<ScanPage.Entry> entries, List<byte[]> converted,
			Tally tally) {
		if (entries.isEmpty()) {
			return;
		}
		List<Response<Object>> answers = new ArrayList<>(entries.size());
		Pipeline pipeline = master.jedis().pipelined();
		for (int i = 0; i < entries.size(); i++) {
			answers.add(pipeline.evalsha(sha, 1, ReplaceScript.arguments(entries.get(i), converted.get(i))));
		}
		pipeline.sync();
		for (int i = 0; i < entries.size(); i++) {
			ReplaceScript.Result result;
			try {
				result = ReplaceScript.result(answers.get(i));
			}
			catch (JedisDataException ex) {
				if (!String.valueOf(ex.getMessage()).startsWith("NOSCRIPT")) {
					throw ex;
				}
				// the node lost its scripts (SCRIPT FLUSH, a restart): loaded again, this key sent again
				byte[] again = ReplaceScript.load(master.jedis());
				result = ReplaceScript.result(single(master, again, entries.get(i), converted.get(i)));
			}
			switch (result) {
				case REPLACED -> tally.converted++;
				case CHANGED -> tally.leave(Disposition.Reason.CHANGED_BY_APPLICATION, entries.get(i).name(), "newer value");
				case GONE -> tally.leave(Disposition.Reason.GONE, entries.get(i).name(), "no such key when replaced");
				case MOVED -> tally.leave(Disposition.Reason.MOVED, entries.get(i).name(), "slot moved");
			}
		}
	}

	private static Response<Object> single(Masters.Master master, byte[] sha, ScanPage.Entry entry, byte[] converted) {
		Pipeline pipeline = master.jedis().pipelined();
		Response<Object> answer = pipeline.evalsha(sha, 1, ReplaceScript.arguments(entry, converted));
		pipeline.sync();
		return answer;
	}

	/** Reads every matched key again and counts the formats their first bytes name, and whether each decodes. */
	private static Tally verify(MigrateOptions options, Masters masters, ValueConversion conversion)
			throws InterruptedException {
		Tally tally = new Tally();
		walkAll(options, masters, conversion, new Pace(options.rate(), options.maxOps(), options.maxP99Millis()), tally,
				"verify",
				(master, page) -> {
					for (ScanPage.Entry entry : page.entries()) {
						if (entry.unread() != null) {
							tally.leave(entry.unread(), entry.name(), entry.unread().meaning);
							continue;
						}
						tally.formats.merge(ValueConversion.formatOf(entry.value()), 1L, Long::sum);
						if (conversion.decodes(entry.value())) {
							tally.decodes++;
						}
						else {
							tally.doesNotDecode++;
							tally.examples.putIfAbsent(Disposition.Reason.DOES_NOT_DECODE, entry.name());
						}
					}
				});
		say("verify: %,d keys, formats %s, %,d decode, %,d do not", tally.matched, tally.formats, tally.decodes,
				tally.doesNotDecode);
		return tally;
	}

	@FunctionalInterface
	private interface PageStep {

		void page(Masters.Master master, ScanPage page);

	}

	/** Every master from the start, for the runs that keep no checkpoint. */
	private static void walkAll(MigrateOptions options, Masters masters, ValueConversion conversion, Pace pace,
			Tally tally, String what, PageStep step) throws InterruptedException {
		Progress progress = new Progress(what, masters.all().size(), 0);
		Walk walk = new Walk(options, pace, conversion.hashFields());
		List<Masters.Master> all = masters.all();
		for (int index = 0; index < all.size(); index++) {
			Masters.Master master = all.get(index);
			int number = index;
			long dbSize = master.jedis().dbSize();
			walk.master(masters, master, Checkpoint.START, (page, next) -> {
				tally.matched += page.entries().size();
				step.page(master, page);
				progress.show(tally, number, Checkpoint.START.equals(next) ? 1 : Progress.share(next, dbSize), 0, false);
			});
			progress.show(tally, number, 1, 0, true);
		}
	}

	/** Counts the key's verdict; hands on the converted bytes of one to convert. */
	private static void classify(ValueConversion conversion, ScanPage.Entry entry, Tally tally,
			Consumer<byte[]> toConvert) {
		if (entry.unread() != null) {
			tally.leave(entry.unread(), entry.name(), entry.unread().meaning);
			return;
		}
		Disposition verdict = conversion.classify(entry.value());
		if (verdict instanceof Disposition.Convert convert) {
			toConvert.accept(convert.converted());
		}
		else if (verdict instanceof Disposition.Refused refused) {
			tally.leave(refused.reason(), entry.name(), refused.detail());
		}
		else {
			tally.inTarget++;
		}
	}

	static void say(String format, Object... args) {
		System.out.println(String.format(Locale.ROOT, format, args));
	}

}
