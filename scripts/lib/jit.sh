#!/usr/bin/env bash
# A JVM's CPU time and its JIT compiler's, read from /proc, and a wait for the compiler to go idle: for bench.sh,
# which measures an app's CPU per request, so that compiling is told apart from serving. For scripts to source.
# redis-bench instrument-cost, a Java program, waits with instrument-cost's IdleCompiler, by the same rule.

# jit_thread_stats PID: the stat lines of the JVM's JIT compiler threads, so that a report can tell the CPU a
# phase spent compiling from what it spent serving (a thread's name keeps 15 characters: "C2 CompilerThre").
# A thread may end between the listing and the reading: it is left out.
jit_thread_stats() {
	local task name
	for task in "/proc/$1/task"/*; do
		name=$(cat "$task/comm" 2>/dev/null) || continue
		[[ $name != C[12]' CompilerThre'* ]] || cat "$task/stat" 2>/dev/null || true
	done
}

# stat_ticks: user + system clock ticks of each /proc/.../stat line read, one a line. The name in brackets
# may hold spaces ("C2 CompilerThre"), so fields are counted after its closing bracket.
stat_ticks() {
	sed 's/^.*) //' | awk '{ print $12 + $13 }'
}

# process_ticks PID: the process's CPU clock ticks so far, all threads.
process_ticks() {
	stat_ticks <"/proc/$1/stat"
}

# jit_ticks PID: the CPU clock ticks of the JVM's JIT compiler threads so far.
jit_ticks() {
	jit_thread_stats "$1" | stat_ticks | awk '{ sum += $1 } END { print sum + 0 }'
}

# wait_for_jit_idle PID TIMEOUT: returns 0 once the JVM's compiler threads used at most one clock tick in a
# second (an idle app's compiler uses about one in four seconds), 1 after TIMEOUT seconds without that or when
# the process is gone. Echoes the seconds waited.
wait_for_jit_idle() {
	local pid=$1 timeout=$2 start=$SECONDS previous current
	current=$(jit_ticks "$pid")
	while ((SECONDS - start < timeout)) && kill -0 "$pid" 2>/dev/null; do
		sleep 1
		previous=$current
		current=$(jit_ticks "$pid")
		if ((current - previous <= 1)); then
			echo $((SECONDS - start))
			return 0
		fi
	done
	echo $((SECONDS - start))
	return 1
}
