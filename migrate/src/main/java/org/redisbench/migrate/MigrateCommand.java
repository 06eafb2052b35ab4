package org.redisbench.migrate;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Checks;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.commandline.YesNo;
import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.sampling.SourceUri;
import org.redisbench.html.ResultsFolder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import redis.clients.jedis.exceptions.JedisException;

/**
 * {@code redis-bench migrate}, which scripts/migrate.sh launches (docs/migrate.md, "Switching in place"): the
 * migrator's command line, every option with its environment variable, checked before the source is touched;
 * then the run, its report into results/&lt;timestamp&gt; unless {@code --output} names a folder.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
		customSynopsis = { "scripts/migrate.sh --uri URI --match PATTERN --from CODEC --to CODEC [--write] [options]",
				"       scripts/migrate.sh ... --from jdk --to fory-registered+zstd --allow 'com.acme.**'",
				"           --classpath app.jar --registrations registrations.txt [--write]   (a user's own objects)" },
		description = { "%nRewrites the matched keys of a live Redis from one codec and compression to another, in place,"
				+ " while the application keeps reading them with a serializer that reads both (bench.read-also for"
				+ " this project's apps, MigratingSerializer with codecs' ObjectFormats for a user's own classes;"
				+ " docs/migrate.md). A dry run unless --write: every matched key read, what it would become counted,"
				+ " the memory after projected from a sample measured as scripts/advise.sh measures. Writes"
				+ " results/<timestamp>/migrate.md and migrate.json. Environment variable in brackets, its value after"
				+ " it." },
		footer = { "%nExit status: 0 done, 1 an error while running (a writing run resumes from its checkpoint), 2 bad"
				+ " input or a source it must not or cannot work on (an unknown codec, --to equal to --from,"
				+ " unreachable, a cluster node down, a user that may not write, a checkpoint of another migration):"
				+ " one line saying which. Needs a JDK 17+ and redis-server (the projection's own)." })
public final class MigrateCommand implements Callable<Integer> {

	@ArgGroup(validate = false, heading = "%nSource:%n", order = 1)
	final Source source = new Source();

	@ArgGroup(validate = false, heading = "%nWhat is converted (the project's persons, unless --allow names a user's own"
			+ " classes):%n", order = 2)
	final Converted converted = new Converted();

	@ArgGroup(validate = false, heading = "%nA user's own objects (docs/migrate.md, \"Your own classes\"), read as"
			+ " scripts/advise.sh reads them; a hash's fields (Spring Session's attributes) each converted on its own,"
			+ " in hashes of at most 1000 fields:%n", order = 3)
	final Objects objects = new Objects();

	@ArgGroup(validate = false, heading = "%nDictionaries (a zstd-dict side):%n", order = 4)
	final Dictionaries dictionaries = new Dictionaries();

	@ArgGroup(validate = false, heading = "%nWriting:%n", order = 5)
	final Writing writing = new Writing();

	@ArgGroup(validate = false, heading = "%nPace (every mode):%n", order = 6)
	final Pace pace = new Pace();

	@ArgGroup(validate = false, heading = "%nProjection (dry run):%n", order = 7)
	final Projection projection = new Projection();

	@ArgGroup(validate = false, heading = "%nRun:%n", order = 8)
	final Run run = new Run();

	@ArgGroup(validate = false, heading = "%nBuild (read by scripts/lib/launcher.sh):%n", order = 9)
	final JarBuild build = new JarBuild();

	static final class Source {

		@Option(names = "--uri", paramLabel = "URI", defaultValue = "${MIGRATE_URI:-}",
				description = "redis://[user@]host[:port][/db], rediss:// for TLS; on a cluster, any node: every master"
						+ " is worked on, and a node down refuses the run. The password comes from ADVISE_PASSWORD or"
						+ " REDISCLI_AUTH (as scripts/advise.sh reads it), never needed on the command line"
						+ " [MIGRATE_URI=${DEFAULT-VALUE}]")
		String uri;

		@Option(names = "--cacert", paramLabel = "FILE", defaultValue = "${MIGRATE_CACERT:-}",
				description = "the PEM CA certificate a rediss:// source is checked against"
						+ " [MIGRATE_CACERT=${DEFAULT-VALUE}]")
		String caCertificate;

		@Option(names = "--match", paramLabel = "PATTERN", defaultValue = "${MIGRATE_MATCH:-}",
				description = "SCAN's MATCH: the keys to convert [MIGRATE_MATCH=${DEFAULT-VALUE}]")
		String match;

	}

	static final class Converted {

		@Option(names = "--from", paramLabel = "CODEC", defaultValue = "${MIGRATE_FROM:-}",
				description = "what the keys hold now: a person codec, e.g. jdk, fastjson2, kryo+gzip; a user's objects:"
						+ " jdk or jackson-typed (Spring's typed JSON) [MIGRATE_FROM=${DEFAULT-VALUE}]")
		String from;

		@Option(names = "--to", paramLabel = "CODEC", defaultValue = "${MIGRATE_TO:-}",
				description = "what to write: a person codec, e.g. kryo+zstd-dict, as the app writes it with"
						+ " bench.read-also=FROM; a user's objects: jdk, kryo, kryo-registered, fory or fory-registered,"
						+ " with +gzip, +lz4, +zstd or +zstd-dict (a format with no header of its own after its format"
						+ " tag) [MIGRATE_TO=${DEFAULT-VALUE}]")
		String to;

		@Option(names = "--max-value-bytes", paramLabel = "N", defaultValue = "${MIGRATE_MAX_VALUE_BYTES:-65536}",
				description = "larger values are counted and left, never read whole; at most 131072"
						+ " [MIGRATE_MAX_VALUE_BYTES=${DEFAULT-VALUE}]")
		int maxValueBytes;

	}

	static final class Objects {

		@Option(names = "--allow", paramLabel = "PATTERNS", defaultValue = "${MIGRATE_ALLOW:-}",
				description = "the classes a value may be built of: com.acme.Cart, com.acme.*, com.acme.**, comma-"
						+ "separated; a value naming another class is refused unread [MIGRATE_ALLOW=${DEFAULT-VALUE}]")
		String allow;

		@Option(names = "--classpath", paramLabel = "CP", defaultValue = "${MIGRATE_CLASSPATH:-}",
				description = "the application's classes: jars, folders, dir/*, or its Spring Boot fat jar, :-separated"
						+ " [MIGRATE_CLASSPATH=${DEFAULT-VALUE}]")
		String classpath;

		@Option(names = "--registrations", paramLabel = "FILE", defaultValue = "${MIGRATE_REGISTRATIONS:-}",
				description = "for kryo-registered and fory-registered: the classes registered, one a line, in order;"
						+ " a dry run writes it when it does not exist, a writing run needs it, and the application"
						+ " reads the same file [MIGRATE_REGISTRATIONS=${DEFAULT-VALUE}]")
		String registrations;

	}

	static final class Dictionaries {

		@Option(names = "--from-dictionary", paramLabel = "FILE", defaultValue = "${MIGRATE_FROM_DICTIONARY:-}",
				description = "the zstd dictionary the application reads: for persons, the file the app's"
						+ " bench.zstd-dictionary names (this project's apps: <app>/src/main/resources/person.zdict)"
						+ " [MIGRATE_FROM_DICTIONARY=${DEFAULT-VALUE}]")
		String from;

		@Option(names = "--to-dictionary", paramLabel = "FILE", defaultValue = "${MIGRATE_TO_DICTIONARY:-}",
				description = "the same for what is written; for a user's objects (--to only), the file the"
						+ " application is given too [MIGRATE_TO_DICTIONARY=${DEFAULT-VALUE}]")
		String to;

	}

	static final class Writing {

		@Option(names = "--write", defaultValue = "${MIGRATE_WRITE:-no}", converter = YesNo.class,
				description = "convert: each key by one server-side script, only while it holds the bytes read (else"
						+ " \"changed by the application\", left), its TTL kept; refused (exit 2) unless the user may"
						+ " SET and EVALSHA the matched keys on every master [MIGRATE_WRITE=${DEFAULT-VALUE}]")
		boolean write;

		@Option(names = "--checkpoint", paramLabel = "FILE", defaultValue = "${MIGRATE_CHECKPOINT:-}",
				description = "SCAN cursors and counts after every page, results/migrate-checkpoint.json when empty;"
						+ " the same command resumes from it, and a checkpoint of another source, match, conversion,"
						+ " set of masters or Redis process (another run_id at the same address) is refused (exit 2)"
						+ " [MIGRATE_CHECKPOINT=${DEFAULT-VALUE}]")
		String checkpoint;

		@Option(names = "--verify", defaultValue = "${MIGRATE_VERIFY:-no}", converter = YesNo.class,
				description = "afterwards (or alone, without --write), read every matched key again and count the"
						+ " formats their first bytes name and the values that decode [MIGRATE_VERIFY=${DEFAULT-VALUE}]")
		boolean verify;

	}

	static final class Pace {

		@Option(names = "--rate", paramLabel = "N", defaultValue = "${MIGRATE_RATE:-1000}",
				description = "keys a second, over all masters [MIGRATE_RATE=${DEFAULT-VALUE}]")
		int rate;

		@Option(names = "--batch", paramLabel = "N", defaultValue = "${MIGRATE_BATCH:-100}",
				description = "keys a SCAN page asks for: a pipelined round trip of reads, one of replacements"
						+ " [MIGRATE_BATCH=${DEFAULT-VALUE}]")
		int batch;

		@Option(names = "--max-ops", paramLabel = "N", defaultValue = "${MIGRATE_MAX_OPS:-0}",
				description = "pause while a master's instantaneous_ops_per_sec (the migrator's own included) is above"
						+ " N; 0: no bound [MIGRATE_MAX_OPS=${DEFAULT-VALUE}]")
		long maxOps;

		@Option(names = "--max-p99", paramLabel = "MS", defaultValue = "${MIGRATE_MAX_P99:-10}",
				description = "pause while the p99 of PINGs, one every 50 ms on a connection of their own over the last"
						+ " 2 s, is above MS; 0: no bound [MIGRATE_MAX_P99=${DEFAULT-VALUE}]")
		String maxP99;

	}

	static final class Projection {

		@Option(names = "--sample", paramLabel = "N", defaultValue = "${MIGRATE_SAMPLE:-10000}",
				description = "values the memory after is projected from, sampled uniformly over the match"
						+ " [MIGRATE_SAMPLE=${DEFAULT-VALUE}]")
		int sample;

		@Option(names = "--seed", paramLabel = "N", defaultValue = "${MIGRATE_SEED:-1}",
				description = "the sampling's random seed [MIGRATE_SEED=${DEFAULT-VALUE}]")
		long seed;

	}

	static final class Run {

		@Option(names = { "-o", "--output" }, paramLabel = "DIR", defaultValue = "${MIGRATE_OUTPUT:-}",
				description = "output folder, results/<timestamp> when empty [MIGRATE_OUTPUT=${DEFAULT-VALUE}]")
		String output;

		@Option(names = "--jvm-args", paramLabel = "ARGS", defaultValue = "${MIGRATE_JVM_ARGS:-}",
				description = "no longer read here: the migrator's JVM arguments are the launcher's REDIS_BENCH_JAVA_OPTS,"
						+ " e.g. REDIS_BENCH_JAVA_OPTS=-Xmx2g; given, it is refused with that hint"
						+ " [MIGRATE_JVM_ARGS=${DEFAULT-VALUE}]")
		String jvmArgs;

	}

	/**
	 * The migrator as a process of its own, without the launcher's other tools on its classpath: what LiveSwitchTest
	 * kills midway (SIGKILL) and starts again to resume.
	 */
	public static void main(String[] args) {
		CommandLines.main(new MigrateCommand(), args);
	}

	@Override
	public Integer call() throws InterruptedException {
		MigrateOptions options = options();
		say("%s: %s MATCH %s, %s to %s", options.mode().name().toLowerCase(Locale.ROOT).replace('_', '-'),
				options.uri(), options.match(), options.from(), options.to());
		try {
			Migrator.run(options);
		}
		catch (JedisException ex) {
			throw new Failure("the source failed: " + Masters.firstLine(ex)
					+ " (the same command resumes a writing run from its checkpoint)", ex);
		}
		return CommandLines.OK;
	}

	/** The options checked and the output folder made: every refusal before the source is touched. */
	MigrateOptions options() {
		String uri = this.source.uri;
		if (uri.isEmpty()) {
			throw new Refusal("give --uri");
		}
		if (!uri.matches("rediss?://.*")) {
			throw new Refusal("--uri starts redis:// or rediss://");
		}
		if (SourceUri.showsPassword(uri)) {
			say("warning: a password in --uri is seen by every user of this machine (ps); use ADVISE_PASSWORD");
		}
		if (this.source.match.isEmpty()) {
			throw new Refusal("give --match: the keys to convert, as SCAN's MATCH");
		}
		if (this.converted.from.isEmpty() || this.converted.to.isEmpty()) {
			throw new Refusal("give --from and --to");
		}
		if (!this.run.jvmArgs.isEmpty()) {
			throw new Refusal("--jvm-args is now REDIS_BENCH_JAVA_OPTS, e.g. REDIS_BENCH_JAVA_OPTS='"
					+ this.run.jvmArgs + "' scripts/migrate.sh ...");
		}
		Path ca = Checks.readableFile("--cacert", this.source.caCertificate);
		if (this.objects.allow.isEmpty() && !(this.objects.classpath.isEmpty() && this.objects.registrations.isEmpty())) {
			throw new Refusal("give --allow with --classpath or --registrations: the classes a user's values may be"
					+ " built of");
		}
		Path fromDictionary = Checks.readableFile("--from-dictionary", this.dictionaries.from);
		Path toDictionary = Checks.readableFile("--to-dictionary", this.dictionaries.to);
		Checks.atLeast("--rate", this.pace.rate, 1);
		Checks.atLeast("--batch", this.pace.batch, 1);
		Checks.atLeast("--max-ops", this.pace.maxOps, 0);
		Checks.atLeast("--sample", this.projection.sample, 2);
		Checks.atLeast("--seed", this.projection.seed, 0);
		Checks.atLeast("--max-value-bytes", this.converted.maxValueBytes, 1);
		if (this.converted.maxValueBytes > Conversion.MAX_VALUE_BYTES) {
			throw new Refusal("--max-value-bytes is at most " + Conversion.MAX_VALUE_BYTES
					+ " (zstd as this project frames it holds one 128 KiB block)");
		}
		if (!this.pace.maxP99.matches("\\d{1,6}(\\.\\d{1,3})?")) {
			throw new Refusal("--max-p99 is milliseconds, e.g. 10 or 2.5, was '" + this.pace.maxP99 + "'");
		}
		MigrateOptions.Mode mode = this.writing.write ? MigrateOptions.Mode.WRITE
				: this.writing.verify ? MigrateOptions.Mode.VERIFY_ONLY : MigrateOptions.Mode.DRY_RUN;
		Path checkpoint = this.writing.checkpoint.isEmpty()
				? ResultsFolder.repository().resolve("results/migrate-checkpoint.json") : Path.of(this.writing.checkpoint);
		Path out;
		try {
			out = ResultsFolder.create(this.run.output);
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
		return new MigrateOptions(uri, ca, this.source.match, this.converted.from, this.converted.to, fromDictionary,
				toDictionary, mode, mode == MigrateOptions.Mode.WRITE && this.writing.verify, this.pace.rate,
				this.pace.batch, this.pace.maxOps, Double.parseDouble(this.pace.maxP99), this.converted.maxValueBytes,
				this.projection.sample, this.projection.seed, checkpoint, out, this.objects.classpath,
				this.objects.allow, this.objects.registrations.isEmpty() ? null : Path.of(this.objects.registrations));
	}

	private static void say(String format, Object... args) {
		System.out.println(String.format(Locale.ROOT, format, args));
	}

}
