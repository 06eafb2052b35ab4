#!/usr/bin/env bash
# The value advisor (docs/your-values.md): reads a uniform sample of your own values, from a live Redis
# (read-only) or from files, tells their formats, reads JDK-serialized and typed JSON values as objects with your
# own classes (within an allow list), and measures what each encoding, compression and layout would do to Redis
# memory and to CPU; writes results/<timestamp>/advice.md with advice.csv, advice.json and charts. Run with --help.

set -euo pipefail

# Settings. Each can be set in the environment; the command-line options override them.
ADVISE_URI=${ADVISE_URI:-}                                # redis://[user@]host[:port][/db] or rediss://
ADVISE_FILE=${ADVISE_FILE:-}                              # JSON lines, or a folder of one value a file
ADVISE_CACERT=${ADVISE_CACERT:-}                          # PEM file of the CA a rediss:// source is trusted by
ADVISE_MATCH=${ADVISE_MATCH:-*}
ADVISE_SAMPLE=${ADVISE_SAMPLE:-10000}
ADVISE_MAX_VALUE_BYTES=${ADVISE_MAX_VALUE_BYTES:-65536}
ADVISE_SEED=${ADVISE_SEED:-1}
ADVISE_CLASSPATH=${ADVISE_CLASSPATH:-}                    # your service's jar and its dependencies
ADVISE_ALLOW=${ADVISE_ALLOW:-}                            # the classes the advisor may build: com.acme.**,...
ADVISE_OBJECTS=${ADVISE_OBJECTS:-all}                     # the typed candidates, by id (docs/your-values.md)
ADVISE_ENCODINGS=${ADVISE_ENCODINGS:-all}
ADVISE_COMPRESSIONS=${ADVISE_COMPRESSIONS:-all}
ADVISE_LAYOUTS=${ADVISE_LAYOUTS:-all}
ADVISE_DICTIONARY_BYTES=${ADVISE_DICTIONARY_BYTES:-0}    # 0: a hundredth of what it learns from, 1-110 KiB
ADVISE_TRAIN_VALUES=${ADVISE_TRAIN_VALUES:-0}             # 0: the whole other half of the sample
ADVISE_SHOW_VALUES=${ADVISE_SHOW_VALUES:-no}              # yes: the reports print your values where they differ
ADVISE_CPU=${ADVISE_CPU:-yes}
ADVISE_FORKS=${ADVISE_FORKS:-1}
ADVISE_WARMUP_ITERATIONS=${ADVISE_WARMUP_ITERATIONS:-2}
ADVISE_WARMUP_TIME=${ADVISE_WARMUP_TIME:-1s}
ADVISE_ITERATIONS=${ADVISE_ITERATIONS:-5}
ADVISE_ITERATION_TIME=${ADVISE_ITERATION_TIME:-1s}
ADVISE_JVM_ARGS=${ADVISE_JVM_ARGS:-}                      # e.g. -Xmx2g
ADVISE_OUTPUT=${ADVISE_OUTPUT:-}                          # default: results/<timestamp>
ADVISE_BUILD=${ADVISE_BUILD:-auto}                        # auto: when the jar is missing or stale; always; never
ADVISE_BUILD_TIMEOUT=${ADVISE_BUILD_TIMEOUT:-1800}

# What --quick sets, whatever else was given: JMH in the advisor's own JVM, three short iterations, so that
# there is an interval at all; the figures are rough, the verdicts few.
readonly QUICK_SETTINGS=(
	ADVISE_FORKS=0 ADVISE_WARMUP_ITERATIONS=1 ADVISE_WARMUP_TIME=100ms ADVISE_ITERATIONS=3
	ADVISE_ITERATION_TIME=100ms
)
readonly ENCODINGS_KNOWN=(as-is jsonb smile cbor msgpack) MAX_VALUE_BYTES=131072
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/results.sh
source "$ROOT/scripts/lib/results.sh"
JAR=$(jar_of value-advisor)
readonly JAR

usage() {
	advise_layouts
	cat <<EOF
Usage: scripts/advise.sh (--uri URI | --file PATH) [options]

Reads a uniform sample of your values and measures, on the sample itself, what each encoding x compression x
layout would do to Redis memory (projected to the source) and CPU (JMH); writes results/<timestamp>/advice.md,
advice.csv, advice.json and charts (docs/your-values.md). Environment variable in brackets, its value after it.

Source (one of them):
      --uri URI              redis://[user@]host[:port][/db], rediss:// for TLS; on a cluster, any node: every
                             master is scanned. Read-only: SCAN, TYPE, PTTL, MEMORY USAGE, OBJECT ENCODING,
                             GETRANGE, HSCAN, INFO, DBSIZE, CLUSTER NODES (and PING, AUTH, SELECT). The password
                             comes from ADVISE_PASSWORD or REDISCLI_AUTH, never needed on the command line
                                                           [ADVISE_URI=$ADVISE_URI]
      --file PATH            a file of JSON lines (a value a line) or a folder (a value a file: .json, .ser of
                             a JDK stream, any bytes)      [ADVISE_FILE=$ADVISE_FILE]
      --cacert FILE          the PEM CA certificate a rediss:// source is checked against [ADVISE_CACERT=$ADVISE_CACERT]

Sample:
      --match PATTERN        SCAN's MATCH                  [ADVISE_MATCH=$ADVISE_MATCH]
      --sample N             values sampled, uniformly over the whole match; memory is bounded by it
                                                           [ADVISE_SAMPLE=$ADVISE_SAMPLE]
      --max-value-bytes N    larger values are counted, never read whole; at most $MAX_VALUE_BYTES
                                                           [ADVISE_MAX_VALUE_BYTES=$ADVISE_MAX_VALUE_BYTES]
      --seed N               the sampling's random seed    [ADVISE_SEED=$ADVISE_SEED]

Your classes (JDK-serialized values, as Spring's RedisTemplate, Cache and Session store them by default, and
Spring Data Redis's typed JSON; read only through the allow list, docs/your-values.md):
      --classpath CP         your service's classes, ':'-separated: folders, jars, dir/* (every jar in it), a
                             Spring Boot fat jar (its BOOT-INF/classes and BOOT-INF/lib read as they are)
                                                           [ADVISE_CLASSPATH=$ADVISE_CLASSPATH]
      --allow LIST           the classes the advisor may build, comma-separated: com.acme.** (a package and those
                             under it), com.acme.* (a package), com.acme.Cart; beside them only the JDK's value
                             types. Anything else is refused before it is loaded, and counted
                                                           [ADVISE_ALLOW=$ADVISE_ALLOW]
      --objects LIST         the typed candidates run on the values read as objects, by id (jdk, kryo-registered,
                             ...; an unknown one is refused with the list), or all [ADVISE_OBJECTS=$ADVISE_OBJECTS]

Candidates:
      --encodings LIST       ${ENCODINGS_KNOWN[*]}, or all [ADVISE_ENCODINGS=$ADVISE_ENCODINGS]
      --compression LIST     ${KNOWN_COMPRESSIONS[*]}, or all [ADVISE_COMPRESSIONS=$ADVISE_COMPRESSIONS]
      --layouts LIST         ${ADVISE_LAYOUTS_KNOWN[*]}, or all [ADVISE_LAYOUTS=$ADVISE_LAYOUTS]
      --dictionary-bytes N   zstd-dict's dictionary size, 0 for a hundredth of what it learns from
                                                           [ADVISE_DICTIONARY_BYTES=$ADVISE_DICTIONARY_BYTES]
      --train-values N       the most values a dictionary learns from, 0 for the whole other half of the sample
                                                           [ADVISE_TRAIN_VALUES=$ADVISE_TRAIN_VALUES]

CPU (JMH):
      --no-cpu               no JMH: memory only            [ADVISE_CPU=$ADVISE_CPU]
  -f, --forks N              forks per benchmark, 0 for the advisor's own JVM [ADVISE_FORKS=$ADVISE_FORKS]
      --warmup-iterations N  per fork                      [ADVISE_WARMUP_ITERATIONS=$ADVISE_WARMUP_ITERATIONS]
      --warmup-time TIME     each, e.g. 1s or 500ms        [ADVISE_WARMUP_TIME=$ADVISE_WARMUP_TIME]
  -i, --iterations N         measurement iterations per fork; an interval needs 3 in all
                                                           [ADVISE_ITERATIONS=$ADVISE_ITERATIONS]
      --iteration-time TIME  each                          [ADVISE_ITERATION_TIME=$ADVISE_ITERATION_TIME]
      --quick                rough CPU figures in seconds; sets
$(fold -s -w 72 <<<"${QUICK_SETTINGS[*]}" | sed 's/ *$//; s/^/                             /')

Report:
      --show-values          print your values where the reports name one (a typed codec's first difference, a
                             map's key in its path), cut short. Without it they print no content of a
                             value, only its class and shape (a string's length and where it first differs, a
                             BigDecimal's scale, a key's position): a password hash, an e-mail or a token of your
                             Redis stays out of advice.md and advice.json, which people share
                                                           [ADVISE_SHOW_VALUES=$ADVISE_SHOW_VALUES]

Run:
  -o, --output DIR           output folder                 [ADVISE_OUTPUT=${ADVISE_OUTPUT:-results/<timestamp>}]
      --jvm-args ARGS        the advisor's JVM arguments, e.g. -Xmx2g [ADVISE_JVM_ARGS=$ADVISE_JVM_ARGS]
      --build | --no-build   always / never build the jar  [ADVISE_BUILD=$ADVISE_BUILD: when missing or stale]
  -h, --help                 this text

Exit status: 0 done, 1 error, 2 bad option, or a source that cannot be read (unreachable, refused, TLS
failure, a cluster node down, nothing matched), or classes that cannot read it (a --classpath entry that does
not exist, objects of classes an empty --allow does not name, nothing read with the classes given): one line
saying which. Needs a JDK 17+ and redis-server.
EOF
}

parse_options() {
	local quick=no
	while (($#)); do
		case $1 in
		--uri) ADVISE_URI=$(option_value "$1" "${2:-}"); shift ;;
		--file) ADVISE_FILE=$(option_value "$1" "${2:-}"); shift ;;
		--cacert) ADVISE_CACERT=$(option_value "$1" "${2:-}"); shift ;;
		--match) ADVISE_MATCH=$(option_value "$1" "${2:-}"); shift ;;
		--sample) ADVISE_SAMPLE=$(option_value "$1" "${2:-}"); shift ;;
		--max-value-bytes) ADVISE_MAX_VALUE_BYTES=$(option_value "$1" "${2:-}"); shift ;;
		--seed) ADVISE_SEED=$(option_value "$1" "${2:-}"); shift ;;
		--classpath) ADVISE_CLASSPATH=$(option_value "$1" "${2:-}"); shift ;;
		--allow) ADVISE_ALLOW=$(option_value "$1" "${2:-}"); shift ;;
		--objects) ADVISE_OBJECTS=$(option_value "$1" "${2:-}"); shift ;;
		--encodings) ADVISE_ENCODINGS=$(option_value "$1" "${2:-}"); shift ;;
		--compression) ADVISE_COMPRESSIONS=$(option_value "$1" "${2:-}"); shift ;;
		--compressions) renamed_option --compressions --compression ;;
		--layouts) ADVISE_LAYOUTS=$(option_value "$1" "${2:-}"); shift ;;
		--dictionary-bytes) ADVISE_DICTIONARY_BYTES=$(option_value "$1" "${2:-}"); shift ;;
		--train-values) ADVISE_TRAIN_VALUES=$(option_value "$1" "${2:-}"); shift ;;
		--show-values) ADVISE_SHOW_VALUES=yes ;;
		--no-cpu) ADVISE_CPU=no ;;
		-f | --forks) ADVISE_FORKS=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-iterations) ADVISE_WARMUP_ITERATIONS=$(option_value "$1" "${2:-}"); shift ;;
		--warmup-time) ADVISE_WARMUP_TIME=$(option_value "$1" "${2:-}"); shift ;;
		-i | --iterations) ADVISE_ITERATIONS=$(option_value "$1" "${2:-}"); shift ;;
		--iteration-time) ADVISE_ITERATION_TIME=$(option_value "$1" "${2:-}"); shift ;;
		--quick) quick=yes ;;
		-o | --output) ADVISE_OUTPUT=$(option_value "$1" "${2:-}"); shift ;;
		--jvm-args) ADVISE_JVM_ARGS=$(option_value "$1" "${2:-}"); shift ;;
		--build) ADVISE_BUILD=always ;;
		--no-build) ADVISE_BUILD=never ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	if [[ $quick == yes ]]; then
		local setting
		for setting in "${QUICK_SETTINGS[@]}"; do
			printf -v "${setting%%=*}" '%s' "${setting#*=}"
		done
	fi
}

# candidate_list NAME KNOWN...: the list in the variable NAME checked against KNOWN, 'all' for every one;
# prints it comma-separated.
candidate_list() {
	local name=$1 chosen=()
	shift
	if [[ ${!name} == all ]]; then
		(IFS=,; echo "$*")
		return 0
	fi
	local what=${name#ADVISE_}
	read_list chosen "${what,,}" "${!name}" "$@"
	(IFS=,; echo "${chosen[*]}")
}

check_settings() {
	[[ -n $ADVISE_URI || -n $ADVISE_FILE ]] || refuse "give --uri or --file"
	[[ -z $ADVISE_URI || -z $ADVISE_FILE ]] || refuse "give --uri or --file, not both"
	[[ -z $ADVISE_URI || $ADVISE_URI =~ ^rediss?:// ]] || refuse "--uri starts redis:// or rediss://"
	[[ $ADVISE_URI != *://*:*@* ]] ||
		log "warning: a password in --uri is seen by every user of this machine (ps); use ADVISE_PASSWORD"
	[[ -z $ADVISE_CACERT || -r $ADVISE_CACERT ]] || refuse "--cacert $ADVISE_CACERT is not a readable file"
	local name
	for name in ADVISE_SEED ADVISE_DICTIONARY_BYTES ADVISE_TRAIN_VALUES ADVISE_FORKS ADVISE_WARMUP_ITERATIONS \
		ADVISE_BUILD_TIMEOUT; do
		require_count "$name"
	done
	require_count ADVISE_SAMPLE 2
	require_count ADVISE_ITERATIONS 1
	require_count ADVISE_MAX_VALUE_BYTES 1
	((10#$ADVISE_MAX_VALUE_BYTES <= MAX_VALUE_BYTES)) ||
		refuse "ADVISE_MAX_VALUE_BYTES is at most $MAX_VALUE_BYTES (zstd as this project frames it holds one 128 KiB block)"
	for name in ADVISE_WARMUP_TIME ADVISE_ITERATION_TIME; do
		[[ ${!name} =~ ^[1-9][0-9]*(ms|s)$ ]] || refuse "$name is a whole number of ms or s, was '${!name}'"
	done
	require_choice ADVISE_CPU yes no
	require_choice ADVISE_SHOW_VALUES yes no
	require_choice ADVISE_BUILD auto always never
	ENCODINGS=$(candidate_list ADVISE_ENCODINGS "${ENCODINGS_KNOWN[@]}")
	COMPRESSIONS=$(candidate_list ADVISE_COMPRESSIONS "${KNOWN_COMPRESSIONS[@]}")
	LAYOUTS=$(candidate_list ADVISE_LAYOUTS "${ADVISE_LAYOUTS_KNOWN[@]}")
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server'
}

# advise_layouts: the vocabulary's layouts, each also under digested names, and as-stored, the source's own keys
# and hashes (value-advisor's Placement).
advise_layouts() {
	local layout
	vocabulary
	ADVISE_LAYOUTS_KNOWN=()
	for layout in "${KNOWN_LAYOUTS[@]}"; do
		ADVISE_LAYOUTS_KNOWN+=("$layout" "$layout-digest")
	done
	ADVISE_LAYOUTS_KNOWN+=(as-stored)
}

main() {
	advise_layouts
	parse_options "$@"
	check_settings
	local out status=0 jvm_args=() password=''
	out=$(results_dir "$ADVISE_OUTPUT") || refuse "no output folder"
	SCRIPT_LOG=$out/raw/advise.log
	# codec-lab too: its sources are common's and codecs', which the advisor's jar holds
	build_jars "$ADVISE_BUILD" "$ADVISE_BUILD_TIMEOUT" "$out/raw/build.log" codec-lab value-advisor
	read -ra jvm_args <<<"$ADVISE_JVM_ARGS"
	# The source's password, chosen as the advisor would (ADVISE_PASSWORD, even empty, before REDISCLI_AUTH), goes
	# to it as ADVISE_PASSWORD, for a --uri only: it inherits neither (environment.sh).
	[[ -z $ADVISE_URI ]] || password=${ADVISE_PASSWORD-${REDISCLI_AUTH:-}}
	ADVISE_PASSWORD=$password java "${jvm_args[@]}" -jar "$JAR" --uri "$ADVISE_URI" --file "$ADVISE_FILE" \
		--cacert "$ADVISE_CACERT" --match "$ADVISE_MATCH" --sample "$ADVISE_SAMPLE" \
		--max-value-bytes "$ADVISE_MAX_VALUE_BYTES" --seed "$ADVISE_SEED" --classpath "$ADVISE_CLASSPATH" \
		--allow "$ADVISE_ALLOW" --objects "$ADVISE_OBJECTS" --encodings "$ENCODINGS" \
		--compression "$COMPRESSIONS" --layouts "$LAYOUTS" \
		--dictionary-bytes "$ADVISE_DICTIONARY_BYTES" --train-values "$ADVISE_TRAIN_VALUES" \
		--show-values "$ADVISE_SHOW_VALUES" --cpu "$ADVISE_CPU" \
		--forks "$ADVISE_FORKS" --warmup-iterations "$ADVISE_WARMUP_ITERATIONS" --warmup-time "$ADVISE_WARMUP_TIME" \
		--iterations "$ADVISE_ITERATIONS" --iteration-time "$ADVISE_ITERATION_TIME" --out "$out" || status=$?
	# 2: the advisor's own one-line refusal of the source, already printed
	((status == 0 || status == 2)) || die "the advisor failed (exit $status)"
	((status == 0)) || exit 2
	log "advice: $out/advice.md, and in a browser $out/report.html"
	results_index "$out" "$JAR"
}

main "$@"
