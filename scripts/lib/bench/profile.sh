#!/usr/bin/env bash
# Where each variant's app CPU goes: after the measured phases of a variant's first repetition, /noop, /add and
# /check each run twice more, first as they are and then with async-profiler loaded into the app (jcmd
# JVMTI.agent_load, the native library from Maven Central that the bench-run build unpacks), so that
# profiling changes none of the measured figures and its own cost is measured side by side. /noop shows what a
# request costs without the codec and Redis (the connection's part above all), and costs a fraction of the other
# two. Writes profiles/<variant>/<phase>.collapsed (the stacks the report sorts into shares), .html (flame
# graph), and for both runs .ab.txt and .before|after.proc-stat.txt (<phase>.unprofiled.* for the first):
# The report gives each share in ms of the unprofiled run's app CPU a request. For bench.sh to source after
# measure.sh.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# The profiler's native library for this machine, once found.
PROFILER_LIBRARY=''

# The library of the bench-run build for this machine's platform; none on a platform it does not ship.
find_profiler() {
	[[ $BENCH_PROFILE == yes ]] || return 0
	local platform
	case $(uname -sm) in
	'Linux x86_64') platform=linux-x64 ;;
	'Linux aarch64') platform=linux-arm64 ;;
	*) log "no async-profiler for $(uname -sm): profiles skipped"; BENCH_PROFILE=no; return 0 ;;
	esac
	PROFILER_LIBRARY=$(find "$ROOT/bench-run/target" -path "*/async-profiler-*/$platform/libasyncProfiler.so" 2>/dev/null | sort | tail -n 1)
	[[ -n $PROFILER_LIBRARY ]] || die "async-profiler's library is missing under bench-run/target/: build with ./mvnw -pl bench-run package"
}

# The profiler's version, from its folder's name.
profiler_version() {
	basename "$(dirname "$(dirname "$PROFILER_LIBRARY")")" | sed 's/^async-profiler-//'
}

# profiler COMMAND: one async-profiler command to the app's JVM. jcmd parses name=value pairs itself, so the
# command goes in quotes. Returns 1 unless the agent answered 0.
profiler() {
	local answer
	answer=$("${APP_EXEC[@]}" timeout 60 jcmd "$APP_PID" JVMTI.agent_load "$PROFILER_LIBRARY" "\"$1\"" 2>&1) || true
	[[ $answer == *'return code: 0'* ]]
}

# profiled_run PREFIX PHASE LABEL: one ab run of /PHASE with the app's CPU time around it, into PREFIX.*.
profiled_run() {
	local prefix=$1 phase=$2 label=$3
	cat "/proc/$APP_PID/stat" >"$prefix.before.proc-stat.txt"
	run_ab "$prefix.ab.txt" "$BENCH_PROFILE_REQUESTS" "/$phase" "$label" || true
	cat "/proc/$APP_PID/stat" >"$prefix.after.proc-stat.txt" 2>/dev/null || true
}

# profile_variant DIR LABEL: each profiled phase of the variant twice more, as it is and under the profiler,
# into OUT/profiles/<variant>/ (DIR is raw/<variant>/rep1).
profile_variant() {
	local dir=$1 label=$2 into phase event prefix
	[[ $BENCH_PROFILE == yes && -n $APP_PID ]] || return 0
	# The app's JVM writes the profiles: a path relative to bench.sh's folder would be relative to the JVM's.
	into=$(cd "$OUT" && pwd)/profiles/$(basename "$(dirname "$dir")")
	mkdir -p "$into"
	for phase in "${PROFILE_PHASES[@]}"; do
		app_alive || return 0
		prefix=$into/$phase
		settle_jit "$label unprofiled $phase"
		profiled_run "$prefix.unprofiled" "$phase" "$label unprofiled $phase"
		app_alive || return 0
		settle_jit "$label profiled $phase"
		event=$BENCH_PROFILE_EVENT
		if ! profiler "start,event=$event,interval=$BENCH_PROFILE_INTERVAL"; then
			event=itimer
			profiler "start,event=$event,interval=$BENCH_PROFILE_INTERVAL" || { log "$label: async-profiler did not start; see the app's log"; return 0; }
			log "$label: perf_events refused, profiled with itimer"
		fi
		echo "$event" >"$prefix.event"
		profiled_run "$prefix" "$phase" "$label profiled $phase"
		profiler "dump,flamegraph,file=$prefix.html" || log "$label: no flame graph for $phase"
		profiler "stop,collapsed,file=$prefix.collapsed" || log "$label: no stacks for $phase"
	done
}
