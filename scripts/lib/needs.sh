#!/usr/bin/env bash
# What the scripts need from the machine, in one list that scripts/bench.sh, scripts/test.sh and .ci/run all
# read: each command with the Debian package that brings it, and whether the bench needs it or only the tests.
# ensure_needs checks the list before a script starts anything; run as root on Debian it installs what is
# missing with one printed apt-get line, otherwise it prints that line and exits 2. For scripts to source after
# common.sh.

# The JDK the apps build and run on: 17 is the release they are compiled for (pom.xml maven.compiler.release).
readonly NEEDS_JAVA_MAJOR=17 NEEDS_JDK_PACKAGE=openjdk-17-jdk-headless

# COMMAND PACKAGE WHO: bench (scripts/bench.sh and every test) or test (the tests only).
readonly NEEDS=(
	"redis-server redis-server bench"
	"redis-cli redis-tools bench"
	"redis-benchmark redis-tools bench"
	"ab apache2-utils bench"
	"curl curl bench"
	"timeout coreutils bench"
	"memcached memcached test"
	"jq jq test"
	"shellcheck shellcheck test"
	"docker-compose docker-compose test"
	"openssl openssl test"
	"ip iproute2 test"
	"tc iproute2 test"
	"setpriv util-linux test"
	"nsenter util-linux test"
	"taskset util-linux test"
	"ps procps test"
	"pgrep procps test"
	"pkill procps test"
	"sysctl procps test"
	"git git test"
	# python3-yaml brings python3 and the yaml module that scripts/lib/compose_check.py reads docker-compose's
	# output with; Debian's docker-compose depends on it too
	"python3 python3-yaml test"
	"pyflakes3 pyflakes3 test"
	"prometheus prometheus test"
	"prometheus-redis-exporter prometheus-redis-exporter test"
	# iso-codes has no command: isoquery reads it and recommends it, and apt-get installs what is recommended;
	# its JSON records are value-advisor's AdviseJsonTest's corpus that no one here wrote
	"isoquery isoquery test"
	"chromium chromium test"
)

# java_major: the major version of the java on PATH ("17" for 17.0.15, "8" for 1.8.0), empty when none answers.
java_major() {
	{ java -version 2>&1 || true; } | sed -n '1s/.*version "\(1\.\)\{0,1\}\([0-9]*\).*/\2/p'
}

# missing_packages WHO: the Debian packages, once each, of what WHO (bench or test) needs and is not here.
missing_packages() {
	local who=$1 need command package needed_by packages=() major
	major=$(java_major)
	if ! command -v javac >/dev/null 2>&1 || [[ -z $major ]] || ((major < NEEDS_JAVA_MAJOR)); then
		packages+=("$NEEDS_JDK_PACKAGE")
	fi
	for need in "${NEEDS[@]}"; do
		read -r command package needed_by <<<"$need"
		[[ $needed_by == bench || $who == test ]] || continue
		command -v "$command" >/dev/null 2>&1 && continue
		[[ " ${packages[*]} " == *" $package "* ]] || packages+=("$package")
	done
	((${#packages[@]} == 0)) || printf '%s\n' "${packages[@]}"
}

# ensure_needs WHO INSTALL: returns once everything WHO needs is here. Missing packages are installed when
# INSTALL is yes, this is root and apt-get exists, after one line naming them; otherwise the apt-get line to run
# is printed and the script exits 2, before it has started anything.
ensure_needs() {
	local who=$1 install=$2 packages line
	mapfile -t packages < <(missing_packages "$who")
	((${#packages[@]} > 0)) || return 0
	line="apt-get install -y ${packages[*]}"
	if [[ $install != yes ]] || ((EUID != 0)) || ! command -v apt-get >/dev/null 2>&1; then
		log "missing: ${packages[*]} (a JDK ${NEEDS_JAVA_MAJOR}+ counts as $NEEDS_JDK_PACKAGE); install them with:"
		printf '  %s%s\n' "$( ((EUID == 0)) || echo 'sudo ')" "$line" >&2
		exit 2
	fi
	log "installing what is missing: $line"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}"; } >&2 ||
		die "apt-get could not install ${packages[*]}"
	mapfile -t packages < <(missing_packages "$who")
	((${#packages[@]} == 0)) || die "still missing after apt-get: ${packages[*]}"
}
