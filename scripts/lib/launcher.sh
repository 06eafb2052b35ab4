#!/usr/bin/env bash
# The scripts as launchers of the one program, launcher/target/redis-bench.jar, for scripts to source after
# common.sh and apps.sh. A script is then `launch SUBCOMMAND "$@"`: every option is the subcommand's, read once
# by its parser; the launcher itself reads only --build / --no-build (whether to build the jar first), which the
# subcommands take too, so that they stay in --help and every documented command line.

# launch SUBCOMMAND ARG...: builds the jar when it is missing or older than a source (REDIS_BENCH_BUILD: auto,
# always or never; --build and --no-build among the arguments say always and never), then replaces the shell with
# java -jar redis-bench.jar SUBCOMMAND ARG... (REDIS_BENCH_JAVA_OPTS before -jar).
launch() {
	local policy=${REDIS_BENCH_BUILD:-auto} arg java_opts=()
	for arg in "${@:2}"; do
		case $arg in
		--build) policy=always ;;
		--no-build) policy=never ;;
		--help | -h) [[ -f $(jar_of launcher) ]] && policy=never ;;
		esac
	done
	build_jars "$policy" "${REDIS_BENCH_BUILD_TIMEOUT:-1800}" "${TMPDIR:-/tmp}/redis-bench.build.log" launcher
	read -ra java_opts <<<"${REDIS_BENCH_JAVA_OPTS:-}"
	exec java "${java_opts[@]}" -jar "$(jar_of launcher)" "$@"
}
