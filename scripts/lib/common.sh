#!/usr/bin/env bash
# Logging, refusals and argument checks that every script shares, for scripts to source.
#
# Exit status, the same for every script: 0 done, 1 an error while running, 2 a bad option or setting
# (nothing was started), 130 interrupted. bench.sh adds 3: finished, but the report lists invalid runs.
#
# A script sets SCRIPT_NAME before sourcing (default: its file name without .sh) and may set SCRIPT_LOG
# later to a file that every log line is also appended to (e.g. its results' raw/ folder). Sourcing it also takes
# the user's Redis and Spring settings out of what the script's processes inherit (environment.sh).

# shellcheck source=scripts/lib/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/environment.sh"

SCRIPT_NAME=${SCRIPT_NAME:-$(basename "$0" .sh)}
SCRIPT_LOG=${SCRIPT_LOG:-}

# log MESSAGE...: one timestamped line on stderr, and in SCRIPT_LOG when its folder exists.
log() {
	local line
	printf -v line '[%s %(%H:%M:%S)T] %s' "$SCRIPT_NAME" -1 "$*"
	printf '%s\n' "$line" >&2
	[[ -z $SCRIPT_LOG || ! -d $(dirname "$SCRIPT_LOG") ]] || printf '%s\n' "$line" >>"$SCRIPT_LOG"
}

# die MESSAGE...: an error while running; exit status 1.
die() {
	log "error: $*"
	exit 1
}

# refuse MESSAGE...: a bad option, argument or setting; exit status 2.
refuse() {
	log "error: $* (see --help)"
	exit 2
}

# require_commands 'COMMAND[:HINT]'...: dies naming every missing command, with its hint (e.g. a package).
require_commands() {
	local spec missing=()
	for spec; do
		command -v "${spec%%:*}" >/dev/null 2>&1 || missing+=("$spec")
	done
	((${#missing[@]} == 0)) || die "missing commands: ${missing[*]}"
}

is_count() {
	[[ $1 =~ ^[0-9]+$ ]]
}

# require_count NAME [MIN]: refuses unless the variable NAME holds a whole number, at least MIN if given.
require_count() {
	local name=$1 min=${2:-0}
	is_count "${!name}" || refuse "$name must be a whole number, was '${!name}'"
	((10#${!name} >= min)) || refuse "$name must be at least $min, was ${!name}"
}

# require_choice NAME CHOICE...: refuses unless the variable NAME holds one of the choices.
require_choice() {
	local name=$1 choice
	shift
	for choice; do
		[[ ${!name} == "$choice" ]] && return 0
	done
	refuse "$name is one of: $*; was '${!name}'"
}

# split_list ARRAY WHAT LIST: splits the comma-separated LIST into the array named ARRAY; refuses an empty list.
split_list() {
	local -n items=$1
	IFS=', ' read -ra items <<<"$3"
	((${#items[@]} > 0)) || refuse "no $2 given"
}

# refuse_repeats WHAT ITEMS...: refuses an item given twice, which would run the same variant twice under one name.
refuse_repeats() {
	local what=$1 item seen=" "
	shift
	for item; do
		[[ $seen != *" $item "* ]] || refuse "$what '$item' given twice"
		seen+="$item "
	done
}

# read_list ARRAY WHAT LIST KNOWN...: split_list, then refuses an item that is not one of KNOWN, and an item given
# twice.
read_list() {
	local -n into=$1
	local what=$2 item known
	split_list "$1" "$what" "$3"
	shift 3
	for item in "${into[@]}"; do
		for known; do
			[[ $item == "$known" ]] && continue 2
		done
		refuse "unknown $what '$item' (one of: $(IFS=,; echo "$*"))"
	done
	refuse_repeats "$what" "${into[@]}"
}

# option_value OPTION VALUE: prints VALUE, or refuses when the option was given without one.
option_value() {
	[[ -n ${2:-} ]] || refuse "$1 needs a value"
	printf '%s\n' "$2"
}

# renamed_option OLD NEW: refuses an option's former spelling, naming the one every script now uses for that idea.
renamed_option() {
	refuse "$1 is now $2"
}
