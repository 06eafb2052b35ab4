#!/usr/bin/env bash
# What a fresh machine meets first (scripts/lib/needs.sh): with a PATH that hides a tool, scripts/test.sh and
# scripts/bench.sh name the apt-get line that installs it and exit 2 before anything starts, when given
# --no-install or when not root; as root they run that apt-get line and go on. The apt-get here is a stand-in on
# the PATH that records its arguments and puts the hidden tool back, so that nothing is installed for real: CI's
# own fresh machine runs the real one (.ci/run). Starts nothing; seconds. Prints "N passed, N failed".
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib/check.sh
source "$ROOT/scripts/lib/check.sh"
check_options "$@"

work=$(mktemp -d "${TMPDIR:-/tmp}/test-needs.XXXXXX")
trap 'if ((failed)); then echo "test-needs: outputs kept in $work" >&2; else rm -rf "$work"; fi' EXIT
chmod 755 "$work"

# path_without COMMAND[=STAND_IN]...: a folder holding every command of PATH as a link, but the COMMANDs and
# apt-get, and an apt-get stand-in that logs its arguments to apt.log and, on install, links each COMMAND back (to
# STAND_IN when given, to the real one otherwise).
path_without() {
	local bin dir file spec name dirs
	local -A seen=()
	local files=()
	bin=$(mktemp -d "$work/bin-${1%%=*}.XXXXXX")
	IFS=: read -ra dirs <<<"$PATH"
	# The first of each name on the PATH, as the shell would find it, linked by one ln: one ln a file was some
	# 3,300 processes a call, and the suite took 161 s for 13 checks (CI, 2026-12-06).
	for dir in "${dirs[@]}"; do
		for file in "$dir"/*; do
			[[ -x $file && -z ${seen[${file##*/}]:-} ]] || continue
			seen[${file##*/}]=1
			files+=("$file")
		done
	done
	((${#files[@]} == 0)) || ln -s -t "$bin" -- "${files[@]}"
	rm -f "$bin/apt-get"
	for spec; do
		name=${spec%%=*}
		if [[ $spec == *=* ]]; then file=${spec#*=}; else file=$(readlink "$bin/$name"); fi
		printf '%s %s\n' "$name" "$file" >>"$bin/.hidden"
		rm -f "$bin/$name"
	done
	printf '%s\n' '#!/bin/bash' \
		"echo \"\$*\" >>'$bin/apt.log'" \
		"[[ \$1 != install ]] || while read -r name target; do ln -sf \"\$target\" '$bin'/\"\$name\"; done <'$bin/.hidden'" \
		>"$bin/apt-get"
	chmod -R a+rX "$bin"
	chmod 755 "$bin/apt-get"
	echo "$bin"
}

# searchable_by_nobody PATH: the folders of PATH that user nobody can search.
searchable_by_nobody() {
	local dir dirs kept=()
	IFS=: read -ra dirs <<<"$1"
	for dir in "${dirs[@]}"; do
		if setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$dir"; then kept+=("$dir"); fi
	done
	(IFS=:; echo "${kept[*]}")
}

# The output of the last check that ran a command: a failed run keeps it.
CHECK_LOG=$work/check.log

bin=$(path_without jq)
check "test.sh --no-install, jq hidden: prints the apt-get line and exits 2" \
	exits_saying 2 "^  apt-get install -y jq$" env PATH="$bin" "$ROOT/scripts/test.sh" --no-install
check "and ran no apt-get" test ! -e "$bin/apt.log"

bin=$(path_without ab)
check "bench.sh --no-install, ab hidden: names apache2-utils and exits 2" \
	exits_saying 2 "^  apt-get install -y apache2-utils$" env PATH="$bin" "$ROOT/scripts/bench.sh" --no-install
bin=$(path_without ab jq memcached shellcheck)
check "bench.sh asks only for what it needs, not for what only the tests need (jq, memcached, shellcheck)" \
	exits_saying 2 "^  apt-get install -y apache2-utils$" env PATH="$bin" "$ROOT/scripts/bench.sh" --no-install

bin=$(path_without java)
check "bench.sh --no-install, no java: names the JDK package" \
	exits_saying 2 "^  apt-get install -y openjdk-17-jdk-headless$" env PATH="$bin" "$ROOT/scripts/bench.sh" --no-install
# A JDK 8 says "1.8.0_402" in its first line.
printf '#!/bin/sh\necho %s >&2\n' "'openjdk version \"1.8.0_402\" 2024-01-16'" >"$bin/java"
chmod 755 "$bin/java"
check "bench.sh --no-install, java 8: names the JDK package" \
	exits_saying 2 "^  apt-get install -y openjdk-17-jdk-headless$" env PATH="$bin" "$ROOT/scripts/bench.sh" --no-install

if ((EUID == 0)); then
	# Not root: a copy of the scripts that user can read, since the checkout may sit in root's home folder.
	mkdir -p "$work/copy"
	cp -r "$ROOT/scripts" "$work/copy/scripts"
	chmod -R a+rX "$work/copy"
	# That user's PATH holds only the folders it can search: python3 from a pyenv in root's home is not its python3.
	bin=$(PATH=$(searchable_by_nobody "$PATH") path_without jq)
	check "test.sh not as root, jq hidden: prints the line to run with sudo and exits 2" \
		exits_saying 2 "^  sudo apt-get install -y jq$" setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env PATH="$bin" HOME="$work" "$work/copy/scripts/test.sh"
	check "and ran no apt-get" test ! -e "$bin/apt.log"

	# Root, installing: the stand-in "installs" a shellcheck that fails, so that test.sh, going on to its first
	# suite, stops there. Not --fast, whose linters run beside a whole mvn verify (2 minutes of this suite's 2:03).
	bin=$(path_without shellcheck=/bin/false)
	status=0
	output=$(env PATH="$bin" "$ROOT/scripts/test.sh" 2>&1) || status=$?
	check "test.sh as root, shellcheck hidden: says what it installs" \
		grep -q "installing what is missing: apt-get install -y shellcheck" <<<"$output"
	check "runs apt-get update, then apt-get install of that package" \
		test "$(paste -sd'|' "$bin/apt.log" 2>/dev/null)" = "update -qq|install -y -qq shellcheck"
	check "and goes on to its first suite, shellcheck (here a stand-in that fails: exit $status)" \
		grep -q "^  shellcheck  *[0-9]* s, CPU [0-9]* s, FAILED" <<<"$output"

	bin=$(path_without ab)
	check "bench.sh as root, ab hidden: installs apache2-utils, then goes on to check its settings" \
		exits_saying 2 "BENCH_REPETITIONS must be a whole number, was '2x'" \
		env PATH="$bin" "$ROOT/scripts/bench.sh" --repetitions 2x
	check "with apt-get install -y -qq apache2-utils" grep -qx "install -y -qq apache2-utils" "$bin/apt.log"
else
	echo "skipping the root checks: not root"
fi
check_summary
