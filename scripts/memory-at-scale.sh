#!/usr/bin/env bash
# What a person costs in Redis at scale: for each codec x compression x layout and each N, a redis-server of
# its own (scripts/fill.sh's), filled with N persons, then its INFO memory; one markdown table out. Or, on a Redis
# of yours (reached as fill.sh reaches it, never flushed), what one size, codec and compression add to it.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh

SIZES=1000000,5000000,15000000
CODECS=fastjson2,kryo
COMPRESSIONS=none,zstd-dict
LAYOUTS=string-per-key,hash-bucket
OUT=''                  # the table's file; empty: results/memory-<timestamp>.md
TTL=''                  # seconds each person lives (fill.sh --ttl); empty: forever
VERIFY=no               # yes: /check every person of every fill through its app (fill.sh --verify)
TARGET=()               # fill.sh's options that name a Redis of the user's; empty: a fresh one of fill.sh's own each
readonly FIRST_PORT=27700  # where the empty redis-server looks for a free port
readonly BUILD_TIMEOUT=1800  # seconds building redis-fill may take

usage() {
	vocabulary
	cat <<USAGE
Usage: scripts/memory-at-scale.sh [options]

Fills a fresh redis-server per combination with scripts/fill.sh and writes a markdown table of bytes per
person and INFO memory (docs/layouts-and-memory.md, "Layouts: a key per person or hash buckets, and a bulk fill").

What (comma-separated lists, every combination):
  -n, --sizes LIST         persons per fill              [$SIZES]
      --codecs LIST        codec ids, as fill.sh --codec takes them [$CODECS]
      --compression LIST   $(IFS=,; echo "${KNOWN_COMPRESSIONS[*]}") [$COMPRESSIONS]
      --layouts LIST       string-per-key, hash-bucket   [$LAYOUTS]
      --ttl SECONDS        every person expires (what an expiry costs) [never]

Where (as scripts/fill.sh takes them; the password from REDIS_PASSWORD; a Redis of yours is never flushed, so
one size, codec and compression a run, each layout keyed apart; bytes per person is what its used_memory grew):
      --host H, --port P, --user NAME, --tls, --cacert FILE, --cert FILE, --key FILE, --db N, --cluster NODES
      --overwrite          write over persons already there (then the growth is not what they cost)

Check:
      --verify             /check every person of every fill through its codec's app (slow: N / 100 requests)

Output:
  -o, --out FILE           the markdown table            [results/memory-<timestamp>.md]

  -h, --help               this text
USAGE
}

parse_options() {
	while (($#)); do
		case $1 in
		-n | --sizes) SIZES=$(option_value "$1" "${2:-}"); shift ;;
		--codecs) CODECS=$(option_value "$1" "${2:-}"); shift ;;
		--compression) COMPRESSIONS=$(option_value "$1" "${2:-}"); shift ;;
		--compressions) renamed_option --compressions --compression ;;
		--layouts) LAYOUTS=$(option_value "$1" "${2:-}"); shift ;;
		-o | --out) OUT=$(option_value "$1" "${2:-}"); shift ;;
		--ttl) TTL=$(option_value "$1" "${2:-}"); shift ;;
		--verify) VERIFY=yes ;;
		--host | --port | --user | --cacert | --cert | --key | --db | --cluster)
			TARGET+=("$1" "$(option_value "$1" "${2:-}")"); shift ;;
		--tls | --overwrite) TARGET+=("$1") ;;
		-h | --help) usage; exit 0 ;;
		*) refuse "unknown option: $1" ;;
		esac
		shift
	done
	split_list sizes size "$SIZES"
	local size
	# shellcheck disable=SC2034 # require_count reads it by its name
	for size in "${sizes[@]}"; do
		require_count size 1
	done
	refuse_repeats size "${sizes[@]}"
	# fill.sh knows the codecs; an unknown one fails the first fill that uses it.
	split_list codecs codec "$CODECS"
	refuse_repeats codec "${codecs[@]}"
	vocabulary
	read_list compressions compression "$COMPRESSIONS" "${KNOWN_COMPRESSIONS[@]}"
	read_list layouts layout "$LAYOUTS" "${KNOWN_LAYOUTS[@]}"
	[[ -z $TTL ]] || require_count TTL 1
	if ((${#TARGET[@]} > 0 && ${#sizes[@]} * ${#codecs[@]} * ${#compressions[@]} > 1)); then
		refuse "a Redis of yours is never flushed: one size, codec and compression a run (the fills would overlap)"
	fi
	[[ -n $OUT ]] || OUT=results/memory-$(date +%Y%m%d-%H%M%S).md
	require_commands 'java:a JDK 17+' 'redis-server:Debian redis-server' 'redis-cli:Debian redis-tools'
}

# used_memory of a redis-server with nothing in it, for the table's heading, read as fill.sh reads a filled one.
empty_used_memory() {
	local report
	private_redis_start "$FIRST_PORT" || die "cannot start redis-server"
	report=$(REDIS_PASSWORD='' java -jar "$(jar_of redis-fill)" memory --port "$PRIVATE_REDIS_PORT") ||
		die "cannot read INFO memory of the empty redis-server"
	private_redis_stop ""
	EMPTY=$(field used_memory "$report")
}

# field NAME OUTPUT: a figure of redis-fill's "memory nodes=N NAME=VALUE ..." line in OUTPUT (fill.sh prints it):
# over every node filled, bytes summed, the fragmentation ratio their mean.
field() {
	sed -n "s/^memory nodes=.* $1=\([^ ]*\).*/\1/p" <<<"$2"
}

measure() {
	local n=$1 codec=$2 compression=$3 layout=$4 output rate used more=("${TARGET[@]}") password=''
	[[ -z $TTL ]] || more+=(--ttl "$TTL")
	[[ $VERIFY == no ]] || more+=(--verify)
	# fill.sh reads the password of the user's Redis from REDIS_PASSWORD, which nothing here inherits (environment.sh).
	((${#TARGET[@]} == 0)) || password=${REDIS_PASSWORD:-}
	output=$(REDIS_PASSWORD=$password scripts/fill.sh -n "$n" --codec "$codec" --compression "$compression" \
		--layout "$layout" "${more[@]}")
	rate=$(sed -n 's/.*: \([0-9]*\) persons\/s$/\1/p' <<<"$output")
	used=$(field used_memory "$output")
	# fill.sh's own figure: used_memory after less before, over N (an empty Redis of its own, or yours as it was).
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$codec" "$compression" "$layout" \
		"$(sed -n 's/^bytes per person: \([0-9.]*\) .*/\1/p' <<<"$output")" "$used" \
		"$(field used_memory_dataset "$output")" "$(field used_memory_overhead "$output")" \
		"$(field used_memory_rss "$output")" "$(field mem_fragmentation_ratio "$output")" "$rate"
}

main() {
	local sizes codecs compressions layouts n codec compression layout
	parse_options "$@"
	trap private_redis_stop EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	mkdir -p "$(dirname "$OUT")"
	# fill.sh would build it at its first fill; the empty Redis is read with it before that.
	build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/memory-at-scale-build.log" redis-fill
	local where
	if ((${#TARGET[@]} > 0)); then
		where="the Redis given by ${TARGET[*]}, as it was before the fill"
	else
		empty_used_memory
		where="Redis $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/') of our own, empty used_memory $EMPTY bytes"
	fi
	{
		echo "$where, $(date -u +%Y-%m-%d)$([[ -z $TTL ]] || echo ", every person with a TTL of $TTL s")$([[ $VERIFY == no ]] || echo ", every fill verified through its app's /check")"
		echo
		echo '| persons | codec | compression | layout | bytes per person | used_memory | dataset | overhead | RSS | fragmentation | fill persons/s |'
		echo '|---|---|---|---|---|---|---|---|---|---|---|'
	} >"$OUT"
	for n in "${sizes[@]}"; do
		for codec in "${codecs[@]}"; do
			for compression in "${compressions[@]}"; do
				for layout in "${layouts[@]}"; do
					measure "$n" "$codec" "$compression" "$layout" | tee -a "$OUT"
				done
			done
		done
	done
	log "table: $OUT"
}

main "$@"
