#!/usr/bin/env bash
# What the scripts know about the apps and the other jars, and how they are built when stale, for scripts
# to source after common.sh.

# Every app: its name (the part before -app) and the first port tried for it.
# shellcheck disable=SC2034
readonly APPS_KNOWN=(string kryo jackson)
declare -rA APP_DEFAULT_PORT=([string]=8080 [kryo]=18080 [jackson]=28080)

APPS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
readonly APPS_ROOT

# jar_of PART: the jar of an app (string, kryo, jackson) or of a tool module (report, compare, bench-run,
# codec-lab, redis-fill, latency-proxy).
jar_of() {
	case $1 in
	string | kryo | jackson) echo "$APPS_ROOT/$1-app/target/$1-app.jar" ;;
	launcher) echo "$APPS_ROOT/launcher/target/redis-bench.jar" ;;
	*) echo "$APPS_ROOT/$1/target/$1.jar" ;;
	esac
}

# Whether an app starts through a class-data-sharing archive of its own (yes) or as the published procedure starts
# it, java -jar (no). An archive halves the CPU of an app's start (kryo-app: 9 s of user time to 5, on a loaded
# 2-core machine, 2026-11-26), and the tests start apps about fifty times; it changes class loading only, not the
# JIT, which starts cold either way, but the classes' metadata is mapped from the archive, which RSS counts
# differently, so bench runs keep the published start unless told otherwise. scripts/lib/check.sh turns it on.
APP_CLASS_SHARING=${APP_CLASS_SHARING:-no}
declare -A APP_JAVA_VERSIONS=()

# Which of the JVM's compilers an app runs: full (the quick one, then the optimising one for hot code, as published)
# or c1 (the quick one only). A smoke run of a few hundred requests a phase ends before the optimising compiler's
# work pays back: the string app's four variants of 500 requests took 73 s of CPU with both, 51 s with c1 (one run
# each, a loaded 2-core machine, 2026-11-27). Figures of a c1 run are no app's figures: only tests pick it
# (scripts/lib/check.sh), and bench.sh records it in settings.env.
APP_JIT=${APP_JIT:-full}

# app_launch APP JAVA: sets APP_LAUNCH to what follows JAVA and its options to start the app: its jar, or, with
# APP_CLASS_SHARING=yes, the jar Spring Boot extracts from it and the archive of the classes it loads until its
# context is up, trained for that JAVA on the first start after a build. A failed training is a warning: the app
# starts from its jar.
app_launch() {
	local app=$1 java=$2 jar dir version archive extracted jit=()
	require_choice APP_JIT full c1
	[[ $APP_JIT == full ]] || jit=(-XX:TieredStopAtLevel=1)
	jar=$(jar_of "$app")
	APP_LAUNCH=("${jit[@]}" -jar "$jar")
	[[ $APP_CLASS_SHARING == yes ]] || return 0
	dir=$(dirname "$jar")/class-sharing
	extracted=$dir/extracted/$(basename "$jar")
	# asked once a script per java: a JVM's start, and bench.sh starts an app a variant
	[[ -n ${APP_JAVA_VERSIONS[$java]:-} ]] || APP_JAVA_VERSIONS[$java]=$("$java" -XshowSettings:properties -version 2>&1 |
		sed -n 's/^ *java\.vm\.version = //p')
	version=${APP_JAVA_VERSIONS[$java]}
	archive=$dir/$app-${version:-unknown}.jsa
	if [[ ! -f $archive || $archive -ot $jar ]]; then
		app_train_archive "$app" "$java" "$jar" "$dir" "$archive" || {
			log "warning: no class-sharing archive for the $app app (see $dir/training.log); it starts from its jar"
			return 0
		}
	fi
	APP_LAUNCH=("${jit[@]}" -XX:SharedArchiveFile="$archive" -Xlog:cds=off -Xlog:cds+dynamic=off -jar "$extracted")
}

# app_train_archive APP JAVA JAR DIR ARCHIVE: extracts JAR into DIR/extracted and starts it once, until its context
# is refreshed, against a Redis port nothing listens on (1), so that no Redis is touched, writing ARCHIVE. Files are
# written beside and renamed, so that a script starting the app meanwhile sees the old ones or the new.
app_train_archive() {
	local app=$1 java=$2 jar=$3 dir=$4 archive=$5 staging
	mkdir -p "$dir" || return 1
	if [[ ! -f $dir/extracted/$(basename "$jar") || $dir/extracted/$(basename "$jar") -ot $jar ]]; then
		staging=$(mktemp -d "$dir/extracting.XXXXXX") || return 1
		if ! "$java" -Djarmode=tools -jar "$jar" extract --destination "$staging/extracted" >"$dir/training.log" 2>&1; then
			rm -rf "$staging"
			return 1
		fi
		rm -rf "$dir/extracted"
		mv "$staging/extracted" "$dir/extracted"
		rm -rf "$staging"
	fi
	log "training the $app app's class-sharing archive for java $(basename "$archive" .jsa | sed "s/^$app-//")"
	if timeout -k 10 180 "$java" -XX:ArchiveClassesAtExit="$archive.$$" -Xlog:cds=off -Xlog:cds+dynamic=off \
		-Dspring.context.exit=onRefresh -jar "$dir/extracted/$(basename "$jar")" --server.port=0 \
		--server.address=127.0.0.1 --spring.data.redis.host=127.0.0.1 --spring.data.redis.port=1 \
		>>"$dir/training.log" 2>&1 </dev/null && [[ -s $archive.$$ ]]; then
		mv -f "$archive.$$" "$archive"
		return 0
	fi
	rm -f "$archive.$$"
	return 1
}

# sources_of PART: what the jar is built from; an app also from value-format, model, tool-output, common and codecs,
# the report and compare also from bench-run, run-results, the open-loop rules and report-html, the open-loop generator
# also from the open-loop rules and tool-output, the codec lab, the advisor and the migrator also from the libraries
# they share (estimates, redis-footprint, object-reading).
sources_of() {
	local lab="$APPS_ROOT/pom.xml $APPS_ROOT/command-line $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/processes $APPS_ROOT/common $APPS_ROOT/codecs $APPS_ROOT/report-html $APPS_ROOT/estimates $APPS_ROOT/redis-footprint"
	case $1 in
	string | kryo | jackson)
		echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/common $APPS_ROOT/codecs $APPS_ROOT/$1-app" ;;
	redis-fill) echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/common $APPS_ROOT/codecs $APPS_ROOT/$1" ;;
	codec-lab) echo "$lab $APPS_ROOT/$1" ;;
	value-advisor | migrate) echo "$lab $APPS_ROOT/object-reading $APPS_ROOT/$1" ;;
	run-results)
		echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/bench-run $APPS_ROOT/$1" ;;
	report | compare)
		echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/bench-run $APPS_ROOT/run-results $APPS_ROOT/open-loop-rules $APPS_ROOT/report-html $APPS_ROOT/$1" ;;
	open-loop) echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/open-loop-rules $APPS_ROOT/$1" ;;
	tool-output) echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/$1" ;;
	bench-run) echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/model $APPS_ROOT/tool-output $APPS_ROOT/$1" ;;
	model) echo "$APPS_ROOT/pom.xml $APPS_ROOT/value-format $APPS_ROOT/$1" ;;
	launcher) sed -n 's|^ *<module>\(.*\)</module>.*|'"$APPS_ROOT"'/\1|p' "$APPS_ROOT/pom.xml" | tr '\n' ' ' &&
		echo "$APPS_ROOT/pom.xml" ;;
	*) echo "$APPS_ROOT/pom.xml $APPS_ROOT/$1" ;;
	esac
}

# jar_is_stale PART: the jar is missing or older than one of its sources.
jar_is_stale() {
	local jar sources
	jar=$(jar_of "$1")
	read -ra sources <<<"$(sources_of "$1")"
	[[ ! -f $jar ]] || [[ -n $(find "${sources[@]}" -path '*/target' -prune -o -type f -newer "$jar" -print -quit) ]]
}

# build_jars POLICY TIMEOUT LOG PART...: POLICY auto builds when a jar is missing or stale, always builds,
# never only checks the jars exist (warning when stale). The Maven output goes to LOG.
build_jars() {
	local policy=$1 timeout=$2 build_log=$3 part stale=()
	shift 3
	for part; do
		jar_is_stale "$part" && stale+=("$part")
	done
	if [[ $policy == never ]]; then
		((${#stale[@]} == 0)) || log "warning: not building, though these jars are missing or stale: ${stale[*]}"
		for part; do
			[[ -f $(jar_of "$part") ]] || die "$(jar_of "$part") is missing and building is off"
		done
		return 0
	fi
	[[ $policy == always || ${#stale[@]} -gt 0 ]] || return 0
	local modules=() maven=(mvn)
	for part; do
		modules+=("$(realpath --relative-to="$APPS_ROOT" "$(dirname "$(dirname "$(jar_of "$part")")")")")
	done
	[[ -x $APPS_ROOT/mvnw ]] && maven=("$APPS_ROOT/mvnw")
	command -v "${maven[0]}" >/dev/null || die "the jars need building (${stale[*]}), but there is neither ./mvnw nor mvn"
	log "building ${stale[*]:-${*}}; log in $build_log"
	# Spring Boot's repackage leaves an app jar as it is when the app's own classes did not change, so a change
	# in common or codecs alone would never reach it: the jars go first.
	local rebuilt=("${stale[@]}")
	[[ $policy != always ]] || rebuilt=("$@")
	for part in "${rebuilt[@]}"; do
		rm -f "$(jar_of "$part")"
	done
	(cd "$APPS_ROOT" && timeout -k 10 "$timeout" "${maven[@]}" -B -DskipTests -pl "$(IFS=,; echo "${modules[*]}")" -am package) \
		>"$build_log" 2>&1 || die "build failed; see $build_log"
}
