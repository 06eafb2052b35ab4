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
