#!/usr/bin/env bash
# What a person costs in Redis at scale: for each codec x compression x layout and each N, a redis-server of
# its own (scripts/fill.sh's), filled with N persons, then its INFO memory; one markdown table out.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/private-redis.sh
source scripts/lib/private-redis.sh

SIZES=1000000,5000000,15000000
CODECS=fastjson2,kryo
COMPRESSIONS=none,zstd-dict
LAYOUTS=string-per-key,hash-bucket
OUT=''                  # the table's file; empty: results/memory-<timestamp>.md

usage() {
	cat <<USAGE
usage: scripts/memory-at-scale.sh [options]

What to measure (comma-separated lists, every combination):
  -n, --sizes LIST       persons per fill (default $SIZES)
  --codecs LIST          codec ids, as scripts/fill.sh --codec takes them (default $CODECS)
  --compressions LIST    (default $COMPRESSIONS)
  --layouts LIST         (default $LAYOUTS)

Output:
  -o, --out FILE         the markdown table (default results/memory-<timestamp>.md)

Each fill runs on a fresh redis-server (hash-max-listpack-value 512) that is stopped afterwards. Bytes per
person = (used_memory - an empty Redis's used_memory) / N. 15 M JSON persons take about 3.5 GiB of Redis.
USAGE
}

die() { echo "memory-at-scale.sh: $*" >&2; exit 1; }

parse() {
	while (($#)); do
		case $1 in
			-n | --sizes) SIZES=$2; shift ;;
			--codecs) CODECS=$2; shift ;;
			--compressions) COMPRESSIONS=$2; shift ;;
			--layouts) LAYOUTS=$2; shift ;;
			-o | --out) OUT=$2; shift ;;
			-h | --help) usage; exit 0 ;;
			*) usage >&2; die "unknown option $1" ;;
		esac
		shift
	done
	[[ -n $OUT ]] || OUT=results/memory-$(date +%Y%m%d-%H%M%S).md
}

empty_used_memory() {
	private_redis_start 27700 || die "cannot start redis-server"
	redis-cli -p "$PRIVATE_REDIS_PORT" INFO memory | awk -F: '/^used_memory:/ { print $2 + 0 }'
	private_redis_stop ""
}

# field NAME OUTPUT: a value of fill.sh's INFO memory lines.
field() {
	awk -F: -v name="$1" '$1 == name { print $2 + 0 }' <<<"$2"
}

measure() {
	local n=$1 codec=$2 compression=$3 layout=$4 empty=$5 output rate used
	output=$(scripts/fill.sh -n "$n" --codec "$codec" --compression "$compression" --layout "$layout")
	rate=$(sed -n 's/.*: \([0-9]*\) persons\/s$/\1/p' <<<"$output")
	used=$(field used_memory "$output")
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$codec" "$compression" "$layout" \
		"$(awk -v u="$used" -v e="$empty" -v n="$n" 'BEGIN { printf "%.1f", (u - e) / n }')" "$used" \
		"$(field used_memory_dataset "$output")" "$(field used_memory_overhead "$output")" \
		"$(field used_memory_rss "$output")" "$(field mem_fragmentation_ratio "$output")" "$rate"
}

main() {
	parse "$@"
	local empty n codec compression layout
	mkdir -p "$(dirname "$OUT")"
	empty=$(empty_used_memory)
	{
		echo "Redis $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/'), empty used_memory $empty bytes, $(date -u +%Y-%m-%d)"
		echo
		echo '| persons | codec | compression | layout | bytes per person | used_memory | dataset | overhead | RSS | fragmentation | fill persons/s |'
		echo '|---|---|---|---|---|---|---|---|---|---|---|'
	} >"$OUT"
	IFS=, read -ra sizes <<<"$SIZES"
	IFS=, read -ra codecs <<<"$CODECS"
	IFS=, read -ra compressions <<<"$COMPRESSIONS"
	IFS=, read -ra layouts <<<"$LAYOUTS"
	for n in "${sizes[@]}"; do
		for codec in "${codecs[@]}"; do
			for compression in "${compressions[@]}"; do
				for layout in "${layouts[@]}"; do
					measure "$n" "$codec" "$compression" "$layout" "$empty" | tee -a "$OUT"
				done
			done
		done
	done
	echo "table: $OUT"
}

main "$@"
