#!/usr/bin/env bash
# What the value advisor's end-to-end tests (test-advise.sh, test-advise-objects.sh) hold it to, once: the read
# commands a source may see, a user allowed only those, and a projection from a sample against the whole keyspace.
# For scripts to source; needs redis-cli and jq.

# The commands the advisor sends a source Redis (docs/your-values.md, "What it reads"); a test's INFO commandstats
# may show these, and its ACL user may run nothing else.
# shellcheck disable=SC2034
readonly ADVISOR_READ_COMMANDS='ping auth hello select info dbsize scan type pttl memory|usage object|encoding getrange hscan'

# advisor_read_only_user PORT USER PASSWORD: creates USER on the Redis at 127.0.0.1:PORT, allowed the advisor's read
# commands on every key and nothing else.
advisor_read_only_user() {
	local allowed
	read -ra allowed <<<"$ADVISOR_READ_COMMANDS"
	timeout 10 redis-cli -p "$1" ACL SETUSER "$2" on ">$3" '~*' resetchannels -@all "${allowed[@]/#/+}" >/dev/null
}

# advisor_commands_run PORT: the commands INFO commandstats counts on the Redis at 127.0.0.1:PORT, one a line.
advisor_commands_run() {
	timeout 10 redis-cli -p "$1" INFO commandstats | sed -n 's/^cmdstat_\([^:]*\):.*/\1/p'
}

# advisor_ran_only_reads PORT: INFO commandstats shows the advisor's read commands only (and the CONFIG RESETSTAT a
# test cleared the counts with before the advisor ran); names the first other command.
advisor_ran_only_reads() {
	local command
	for command in $(advisor_commands_run "$1"); do
		[[ " $ADVISOR_READ_COMMANDS config|resetstat " == *" $command "* ]] || { echo "it ran $command"; return 1; }
	done
}

# advisor_nothing_refused PORT: ACL LOG is empty, no command was refused to any user; prints the log otherwise.
advisor_nothing_refused() {
	local refused
	refused=$(timeout 10 redis-cli -p "$1" ACL LOG)
	[[ -z $refused ]] || { tr '\n' ' ' <<<"$refused" | cut -c1-400; return 1; }
}

# projections_agree SAMPLED WHOLE TOLERANCE: every row (encoding, typed or not, compression, layout) of the advice.json SAMPLED
# projects within TOLERANCE (0.05: 5%) of the same row's bytes in the advice.json WHOLE, a run that read every key;
# prints both figures of every row otherwise.
projections_agree() {
	jq -e -s --argjson tolerance "$3" '
		def row: "\(.encoding)\(if .typed then " (objects)" else "" end)+\(.compression)+\(.layout)";
		(.[1].rows | map({key: row, value: .projected_bytes}) | from_entries) as $whole
		| (.[0].rows | length) > 0 and all(.[0].rows[]; $whole[row] as $w
			| $w != null and (.projected_bytes - $w | fabs) <= $tolerance * $w)' "$1" "$2" >/dev/null || {
		jq -r -s '[.[0].rows, .[1].rows] | transpose[] | "\(.[0].encoding)+\(.[0].compression) \(.[0].layout): " +
			"\(.[0].projected_bytes | floor) projected, \(.[1].projected_bytes | floor) whole"' "$1" "$2"
		return 1
	}
}
