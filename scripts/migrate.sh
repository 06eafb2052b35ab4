#!/usr/bin/env bash
# The migrator (docs/migrate.md, "Switching in place"): rewrites the matched keys of a live Redis, one node or every
# master of a cluster, from one codec and compression to another, in place. A dry run unless --write: what would
# change and the memory after, projected as the value advisor measures. Writes results/<timestamp>/migrate.md and
# migrate.json. Run with --help.

set -euo pipefail

# Settings. Each can be set in the environment; the command-line options override them.
MIGRATE_URI=${MIGRATE_URI:-}                              # redis://[user@]host[:port][/db] or rediss://
MIGRATE_CACERT=${MIGRATE_CACERT:-}                        # PEM file of the CA a rediss:// source is trusted by
MIGRATE_MATCH=${MIGRATE_MATCH:-}
MIGRATE_FROM=${MIGRATE_FROM:-}                            # CODEC[+COMPRESSION], e.g. jdk
MIGRATE_TO=${MIGRATE_TO:-}                                # e.g. kryo+zstd-dict
MIGRATE_FROM_DICTIONARY=${MIGRATE_FROM_DICTIONARY:-}      # for a zstd-dict side: the app's person.zdict
MIGRATE_TO_DICTIONARY=${MIGRATE_TO_DICTIONARY:-}
MIGRATE_CLASSPATH=${MIGRATE_CLASSPATH:-}                  # a user's own objects: their classes, as advise.sh takes them
MIGRATE_ALLOW=${MIGRATE_ALLOW:-}                          # ...and the classes they may be built of, e.g. com.acme.**
MIGRATE_REGISTRATIONS=${MIGRATE_REGISTRATIONS:-}          # kryo-registered, fory-registered: the classes, in order
MIGRATE_WRITE=${MIGRATE_WRITE:-no}
MIGRATE_VERIFY=${MIGRATE_VERIFY:-no}
MIGRATE_CHECKPOINT=${MIGRATE_CHECKPOINT:-}                # default: results/migrate-checkpoint.json
MIGRATE_RATE=${MIGRATE_RATE:-1000}
MIGRATE_BATCH=${MIGRATE_BATCH:-100}
MIGRATE_MAX_OPS=${MIGRATE_MAX_OPS:-0}                     # 0: no bound
MIGRATE_MAX_P99=${MIGRATE_MAX_P99:-10}                    # ms; 0: no bound
MIGRATE_MAX_VALUE_BYTES=${MIGRATE_MAX_VALUE_BYTES:-65536}
MIGRATE_SAMPLE=${MIGRATE_SAMPLE:-10000}
MIGRATE_SEED=${MIGRATE_SEED:-1}
MIGRATE_JVM_ARGS=${MIGRATE_JVM_ARGS:-}                    # e.g. -Xmx2g
MIGRATE_OUTPUT=${MIGRATE_OUTPUT:-}                        # default: results/<timestamp>
MIGRATE_BUILD=${MIGRATE_BUILD:-auto}                      # auto: when the jar is missing or stale; always; never
MIGRATE_BUILD_TIMEOUT=${MIGRATE_BUILD_TIMEOUT:-1800}

readonly MAX_VALUE_BYTES=131072
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"
JAR=$(jar_of migrate)
readonly JAR

usage() {
	cat <<EOF
Usage: scripts/migrate.sh --uri URI --match PATTERN --from CODEC --to CODEC [--write] [options]
       scripts/migrate.sh ... --from jdk --to fory-registered+zstd --allow 'com.acme.**'
           --classpath app.jar --registrations registrations.txt [--write]   (a user's own objects)

Rewrites the matched keys of a live Redis from one codec and compression to another, in place, while the
application keeps reading them with a serializer that reads both (bench.read-also for this project's apps,
MigratingSerializer with codecs' ObjectFormats for a user's own classes; docs/migrate.md). A dry run
unless --write: every matched key read, what it would become counted, the memory after projected from a sample
measured as scripts/advise.sh measures. Writes results/<timestamp>/migrate.md and migrate.json. Environment
variable in brackets, its value after it.

Source:
      --uri URI              redis://[user@]host[:port][/db], rediss:// for TLS; on a cluster, any node: every
                             master is worked on, and a node down refuses the run. The password comes from
                             ADVISE_PASSWORD or REDISCLI_AUTH (as scripts/advise.sh reads it), never needed on
                             the command line                [MIGRATE_URI=$MIGRATE_URI]
      --cacert FILE          the PEM CA certificate a rediss:// source is checked against
                                                           [MIGRATE_CACERT=$MIGRATE_CACERT]
      --match PATTERN        SCAN's MATCH: the keys to convert [MIGRATE_MATCH=$MIGRATE_MATCH]

What is converted (the project's persons, unless --allow names a user's own classes):
      --from CODEC           what the keys hold now: a person codec, e.g. jdk, fastjson2, kryo+gzip; a user's
                             objects: jdk or jackson-typed (Spring's typed JSON)  [MIGRATE_FROM=$MIGRATE_FROM]
      --to CODEC             what to write: a person codec, e.g. kryo+zstd-dict, as the app writes it with
                             bench.read-also=FROM; a user's objects: jdk, kryo, kryo-registered, fory or
                             fory-registered, with +gzip, +lz4, +zstd or +zstd-dict (a format with no header of
                             its own after its format tag)   [MIGRATE_TO=$MIGRATE_TO]
      --max-value-bytes N    larger values are counted and left, never read whole; at most $MAX_VALUE_BYTES
                                                           [MIGRATE_MAX_VALUE_BYTES=$MIGRATE_MAX_VALUE_BYTES]

A user's own objects (docs/migrate.md, "Your own classes"), read as scripts/advise.sh reads them; a hash's fields
(Spring Session's attributes) each converted on its own, in hashes of at most 1000 fields:
      --allow PATTERNS       the classes a value may be built of: com.acme.Cart, com.acme.*, com.acme.**, comma-
                             separated; a value naming another class is refused unread [MIGRATE_ALLOW=$MIGRATE_ALLOW]
      --classpath CP         the application's classes: jars, folders, dir/*, or its Spring Boot fat jar, :-separated
                                                           [MIGRATE_CLASSPATH=$MIGRATE_CLASSPATH]
      --registrations FILE   for kryo-registered and fory-registered: the classes registered, one a line, in order;
                             a dry run writes it when it does not exist, a writing run needs it, and the application
                             reads the same file     [MIGRATE_REGISTRATIONS=$MIGRATE_REGISTRATIONS]

Dictionaries (a zstd-dict side):
      --from-dictionary FILE, --to-dictionary FILE
                             the zstd dictionary the application reads: for persons, the file the app's
                             bench.zstd-dictionary names (this project's apps: <app>/src/main/resources/person.zdict);
                             for a user's objects (--to only), the file the application is given too

Writing:
      --write                convert: each key by one server-side script, only while it holds the bytes read
                             (else "changed by the application", left), its TTL kept; refused (exit 2) unless
                             the user may SET and EVALSHA the matched keys on every master
                                                           [MIGRATE_WRITE=$MIGRATE_WRITE]
      --checkpoint FILE      SCAN cursors and counts after every page; the same command resumes from it, and a
                             checkpoint of another source, match, conversion, set of masters or Redis process
                             (another run_id at the same address) is refused (exit 2)
                             [MIGRATE_CHECKPOINT=${MIGRATE_CHECKPOINT:-results/migrate-checkpoint.json}]
      --verify               afterwards (or alone, without --write), read every matched key again and count the
                             formats their first bytes name and the values that decode [MIGRATE_VERIFY=$MIGRATE_VERIFY]

Pace (every mode):
      --rate N               keys a second, over all masters [MIGRATE_RATE=$MIGRATE_RATE]
      --batch N              keys a SCAN page asks for: a pipelined round trip of reads, one of replacements
                                                           [MIGRATE_BATCH=$MIGRATE_BATCH]
      --max-ops N            pause while a master's instantaneous_ops_per_sec (the migrator's own included) is
                             above N; 0: no bound          [MIGRATE_MAX_OPS=$MIGRATE_MAX_OPS]
      --max-p99 MS           pause while the p99 of PINGs, one every 50 ms on a connection of their own over the
                             last 2 s, is above MS; 0: no bound [MIGRATE_MAX_P99=$MIGRATE_MAX_P99]

Projection (dry run):
      --sample N             values the memory after is projected from, sampled uniformly over the match
                                                           [MIGRATE_SAMPLE=$MIGRATE_SAMPLE]
      --seed N               the sampling's random seed    [MIGRATE_SEED=$MIGRATE_SEED]

Run:
  -o, --output DIR           output folder                 [MIGRATE_OUTPUT=${MIGRATE_OUTPUT:-results/<timestamp>}]
      --jvm-args ARGS        the migrator's JVM arguments, e.g. -Xmx2g [MIGRATE_JVM_ARGS=$MIGRATE_JVM_ARGS]
      --build | --no-build   always / never build the jar  [MIGRATE_BUILD=$MIGRATE_BUILD: when missing or stale]
  -h, --help                 this text

Exit status: 0 done, 1 an error while running (a writing run resumes from its checkpoint), 2 bad input or a
source it must not or cannot work on (an unknown codec, --to equal to --from, unreachable, a cluster node down, a
user that may not write, a checkpoint of another migration): one line saying which. Needs a JDK 17+ and
redis-server (the projection's own).
EOF
}

parse_options() {
	while (($#)); do
		case $1 in
		--uri) MIGRATE_URI=$(option_value "$1" "${2:-}"); shift ;;
		--cacert) MIGRATE_CACERT=$(option_value "$1" "${2:-}"); shift ;;
		--match) MIGRATE_MATCH=$(option_value "$1" "${2:-}"); shift ;;
		--from) MIGRATE_FROM=$(option_value "$1" "${2:-}"); shift ;;
		--to) MIGRATE_TO=$(option_value "$1" "${2:-}"); shift ;;
		--from-dictionary) MIGRATE_FROM_DICTIONARY=$(option_value "$1" "${2:-}"); shift ;;
		--to-dictionary) MIGRATE_TO_DICTIONARY=$(option_value "$1" "${2:-}"); shift ;;
		--classpath) MIGRATE_CLASSPATH=$(option_value "$1" "${2:-}"); shift ;;
		--allow) MIGRATE_ALLOW=$(option_value "$1" "${2:-}"); shift ;;
		--registrations) MIGRATE_REGISTRATIONS=$(option_value "$1" "${2:-}"); shift ;;
		--max-value-bytes) MIGRATE_MAX_VALUE_BYTES=$(option_value "$1" "${2:-}"); shift ;;
		--write) MIGRATE_WRITE=yes ;;
		--checkpoint) MIGRATE_CHECKPOINT=$(option_value "$1" "${2:-}"); shift ;;
		--verify) MIGRATE_VERIFY=yes ;;
		--rate) MIGRATE_RATE=$(option_value "$1" "${2:-}"); shift ;;
		--batch) MIGRATE_BATCH=$(option_value "$1" "${2:-}"); shift ;;
		--max-ops) MIGRATE_MAX_OPS=$(option_value "$1" "${2:-}"); shift ;;
		--max-p99) MIGRATE_MAX_P99=$(option_value "$1" "${2:-}"); shift ;;
		--sample) MIGRATE_SAMPLE=$(option_value "$1" "${2:-}"); shift ;;
		--seed) MIGRATE_SEED=$(option_value "$1" "${2:-}"); shift ;;
		-o | --output) MIGRATE_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		--jvm-args) MIGRATE_JVM_ARGS=$(option_value "$1" "${2:-}"); shift ;;
		--build) MIGRATE_BUILD=always ;;
		--no-build) MIGRATE_BUILD=never ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
}

check_settings() {
	[[ -n $MIGRATE_URI ]] || refuse "give --uri"
	[[ $MIGRATE_URI =~ ^rediss?:// ]] || refuse "--uri starts redis:// or rediss://"
	[[ $MIGRATE_URI != *://*:*@* ]] ||
		log "warning: a password in --uri is seen by every user of this machine (ps); use ADVISE_PASSWORD"
	[[ -n $MIGRATE_MATCH ]] || refuse "give --match: the keys to convert, as SCAN's MATCH"
	[[ -n $MIGRATE_FROM && -n $MIGRATE_TO ]] || refuse "give --from and --to"
	[[ -z $MIGRATE_CACERT || -r $MIGRATE_CACERT ]] || refuse "--cacert $MIGRATE_CACERT is not a readable file"
	[[ -n $MIGRATE_ALLOW || (-z $MIGRATE_CLASSPATH && -z $MIGRATE_REGISTRATIONS) ]] ||
		refuse "give --allow with --classpath or --registrations: the classes a user's values may be built of"
	local name
	for name in MIGRATE_FROM_DICTIONARY MIGRATE_TO_DICTIONARY; do
		[[ -z ${!name} || -r ${!name} ]] || refuse "$name ${!name} is not a readable file"
	done
	for name in MIGRATE_MAX_OPS MIGRATE_SEED MIGRATE_BUILD_TIMEOUT; do
		require_count "$name"
	done
	require_count MIGRATE_RATE 1
	require_count MIGRATE_BATCH 1
	require_count MIGRATE_SAMPLE 2
	require_count MIGRATE_MAX_VALUE_BYTES 1
	((10#$MIGRATE_MAX_VALUE_BYTES <= MAX_VALUE_BYTES)) ||
		refuse "MIGRATE_MAX_VALUE_BYTES is at most $MAX_VALUE_BYTES (zstd as this project frames it holds one 128 KiB block)"
	[[ $MIGRATE_MAX_P99 =~ ^[0-9]+(\.[0-9]{1,3})?$ ]] ||
		refuse "MIGRATE_MAX_P99 is milliseconds, e.g. 10 or 2.5, was '$MIGRATE_MAX_P99'"
	require_choice MIGRATE_WRITE yes no
	require_choice MIGRATE_VERIFY yes no
	require_choice MIGRATE_BUILD auto always never
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server'
}

main() {
	parse_options "$@"
	check_settings
	local out status=0 jvm_args=() mode=dry-run verify=no password checkpoint
	if [[ $MIGRATE_WRITE == yes ]]; then
		mode=write verify=$MIGRATE_VERIFY
	elif [[ $MIGRATE_VERIFY == yes ]]; then
		mode=verify
	fi
	checkpoint=${MIGRATE_CHECKPOINT:-$ROOT/results/migrate-checkpoint.json}
	out=$(results_dir "$MIGRATE_OUTPUT") || refuse "no output folder"
	SCRIPT_LOG=$out/raw/migrate.log
	build_jars "$MIGRATE_BUILD" "$MIGRATE_BUILD_TIMEOUT" "$out/raw/build.log" migrate
	read -ra jvm_args <<<"$MIGRATE_JVM_ARGS"
	# The source's password, chosen as the advisor chooses it (ADVISE_PASSWORD, even empty, before REDISCLI_AUTH),
	# goes to the migrator as ADVISE_PASSWORD: it inherits neither (environment.sh).
	password=${ADVISE_PASSWORD-${REDISCLI_AUTH:-}}
	log "$mode: $MIGRATE_URI MATCH $MIGRATE_MATCH, $MIGRATE_FROM to $MIGRATE_TO"
	ADVISE_PASSWORD=$password java "${jvm_args[@]}" -jar "$JAR" --uri "$MIGRATE_URI" --cacert "$MIGRATE_CACERT" \
		--match "$MIGRATE_MATCH" --from "$MIGRATE_FROM" --to "$MIGRATE_TO" \
		--from-dictionary "$MIGRATE_FROM_DICTIONARY" --to-dictionary "$MIGRATE_TO_DICTIONARY" \
		--classpath "$MIGRATE_CLASSPATH" --allow "$MIGRATE_ALLOW" --registrations "$MIGRATE_REGISTRATIONS" --mode "$mode" \
		--verify "$verify" --rate "$MIGRATE_RATE" --batch "$MIGRATE_BATCH" --max-ops "$MIGRATE_MAX_OPS" \
		--max-p99 "$MIGRATE_MAX_P99" --max-value-bytes "$MIGRATE_MAX_VALUE_BYTES" --sample "$MIGRATE_SAMPLE" \
		--seed "$MIGRATE_SEED" --checkpoint "$checkpoint" --out "$out" || status=$?
	# 2: the migrator's own one-line refusal, already printed
	((status == 0 || status == 2)) || die "the migrator failed (exit $status)"
	((status == 0)) || exit 2
	log "report: $out/migrate.md"
}

main "$@"
