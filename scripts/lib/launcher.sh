#!/usr/bin/env bash
# The scripts as launchers of the one program, launcher/target/redis-bench.jar, for scripts to source after
# common.sh and apps.sh. A script is then `launch SUBCOMMAND "$@"`: every option is the subcommand's, read once
# by its parser; the launcher itself reads only --build / --no-build (whether to build the jar first), which the
# subcommands take too, so that they stay in --help and every documented command line. A script that goes on
# running after the subcommand (bench.sh, which reads the settings it checked) calls launcher_prepare and then
# "${LAUNCHER[@]}" SUBCOMMAND ARG....

# launcher_prepare ARG...: builds the jar when it is missing or older than a source (REDIS_BENCH_BUILD: auto,
# always or never; --build and --no-build among the arguments say always and never), then sets LAUNCHER to the
# command that runs it: java -jar redis-bench.jar (REDIS_BENCH_JAVA_OPTS before -jar).
launcher_prepare() {
	local policy=${REDIS_BENCH_BUILD:-auto} arg java_opts=()
	for arg; do
		case $arg in
		--build) policy=always ;;
		--no-build) policy=never ;;
		--help | -h) [[ -f $(jar_of launcher) ]] && policy=never ;;
		esac
	done
	build_jars "$policy" "${REDIS_BENCH_BUILD_TIMEOUT:-1800}" "${TMPDIR:-/tmp}/redis-bench.build.log" launcher
	read -ra java_opts <<<"${REDIS_BENCH_JAVA_OPTS:-}"
	LAUNCHER=(java "${java_opts[@]}" -jar "$(jar_of launcher)")
}

# launch SUBCOMMAND ARG...: launcher_prepare, then replaces the shell with the launcher's SUBCOMMAND ARG....
launch() {
	launcher_prepare "${@:2}"
	exec "${LAUNCHER[@]}" "$@"
}
