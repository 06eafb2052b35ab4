#!/usr/bin/env bash
# The warm-up before a variant's measured phases, thrown away: rounds of ab on every endpoint measured (/add,
# /check, /noop), each run as a measured phase runs (a metrics scrape, a wait for an idle JIT compiler, ab, a
# scrape), until the compiler is quiet during ab. On 2 cores the compiler's two threads compete with 200 busy
# request threads: a kryo app on /noop alone took about 160,000 requests to stop compiling (0.56 ms of app CPU
# a request at first, 0.06 ms at the end, ab -k -c 50, 2026-11-25), and for 5-22 s after each round its
# compiler went on with what the round had queued. A round ends the warm-up once its ab phases together spent
# less than BENCH_WARMUP_JIT_SHARE % of the app's CPU compiling, or after BENCH_WARMUP_ROUNDS rounds, or once
# BENCH_WARMUP_SECONDS have passed (bench-run's WarmupRound decides, and says why in warmup.txt). Only the
# ab phases count, because only they are billed in a measured phase: counted over the whole round, the scrapes
# and the compiling they set off kept the share at 3.7-5.5% through 12 rounds while the measured phases after
# them compiled 0.007-0.047 ms of a 0.31 ms /add (eeeb279). Each round ends on an empty store and /reset, so
# warm-up rounds never fill Redis. Writes warmup.txt into the repetition's folder, a line per round. For
# bench.sh to source after measure.sh.

# wait_for_app_jit_idle: wait_for_jit_idle for bench.sh's app; nothing to wait for without a process of its own.
wait_for_app_jit_idle() {
	if [[ -z $APP_PID ]] || ! app_alive; then
		echo 0
		return 0
	fi
	wait_for_jit_idle "$APP_PID" "$BENCH_JIT_IDLE_TIMEOUT"
}

# settle_jit LABEL: waits for the compiler threads to go idle before a phase, so that what earlier phases
# gave them to compile is not billed to it; says so when they did not within the time allowed.
settle_jit() {
	local waited
	waited=$(wait_for_app_jit_idle) || log "$1: the JIT compiler was still busy after $waited s; measuring anyway"
}

# warmup_scrape: a Prometheus scrape, as measure takes one before and after every phase. The scrape runs through
# the same dispatcher, filters and message converters with other types: compiled without it, that shared code
# is thrown out at the first scrape and compiled again in the next measured phase (a quiet kryo app's /noop went
# from 0.004 to 0.041-0.055 ms of compiling a request after one scrape, ab -k -c 200, 2026-11-25).
warmup_scrape() {
	client curl -fsS -m 10 -o /dev/null "$APP_URL/actuator/prometheus" || true
}

# warm_up DIR LABEL: the warm-up rounds of one repetition, into DIR/warmup*.
warm_up() {
	local dir=$1 label=$2 round path app_ticks jit_ticks_sum app_before jit_before waited waited_sum idle line
	local started=$SECONDS
	((BENCH_WARMUP > 0)) || return 0
	: >"$dir/warmup.txt"
	for ((round = 1; round <= BENCH_WARMUP_ROUNDS; round++)); do
		app_ticks=0 jit_ticks_sum=0 waited_sum=0 idle=yes
		for path in add check noop; do
			app_alive || return 0
			warmup_scrape
			waited=$(wait_for_app_jit_idle) || idle=no
			waited_sum=$((waited_sum + waited))
			[[ -z $APP_PID ]] || { app_before=$(process_ticks "$APP_PID"); jit_before=$(jit_ticks "$APP_PID"); }
			run_ab "$dir/warmup$round-$path.ab.txt" "$BENCH_WARMUP" "/$path" \
				"$label warm-up $round/$BENCH_WARMUP_ROUNDS $path" || true
			if [[ -n $APP_PID ]] && app_alive; then
				app_ticks=$((app_ticks + $(process_ticks "$APP_PID") - app_before))
				jit_ticks_sum=$((jit_ticks_sum + $(jit_ticks "$APP_PID") - jit_before))
			fi
			warmup_scrape
		done
		fresh_ids "$dir" "$label"
		[[ -z $APP_PID ]] || app_alive || return 0
		# The round's verdict is bench-run's WarmupRound, the rule the report explains: one place for both. It also
		# reads the app's compiler (compilations finished and pending) through the JDK's jstat and jcmd readers,
		# whose packages it is given as bench-run's pom compiles it.
		line=$(java --add-exports jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED \
			--add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -cp "$(jar_of bench-run)" \
			org.redisbench.benchrun.WarmupRound "$round" "$([[ -n $APP_PID ]] && echo "$app_ticks" || echo unknown)" \
			"$jit_ticks_sum" "$idle" "$waited_sum" $((SECONDS - started)) "$BENCH_WARMUP_JIT_SHARE" \
			"$BENCH_WARMUP_ROUNDS" "$BENCH_WARMUP_SECONDS" "${APP_PID:-unknown}") ||
			die "$label: bench-run's WarmupRound failed"
		echo "$line" >>"$dir/warmup.txt"
		log "$label: warm-up $line"
		[[ $line != *ended=* ]] || return 0
	done
}
