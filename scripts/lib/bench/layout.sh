#!/usr/bin/env bash
# The Redis layout as a dimension of the matrix (--layouts): the apps' bench.layout, string-per-key (person_<id>,
# as published) or hash-bucket (field <id> of the hash persons:{<id/100>}, common's Layout.java). A bucket stays
# one compact listpack only while every value fits hash-max-listpack-value, 64 bytes by default and a person
# 87-156: so bench.sh raises it to 512 on a Redis it started for a hash-bucket variant, and sets it back to
# Redis's default for a string-per-key one, so that no variant inherits another's setting. A Redis it did not
# start it never reconfigures: it refuses hash-bucket there unless the setting is already high enough. In
# buckets DBSIZE counts buckets, not persons: around /add bench.sh lists the HLEN of every bucket, and samples
# value sizes with HSTRLEN. For bench.sh to source after redis.sh and stores.sh.

# shellcheck disable=SC2034 # globals set here are read by the other bench files

# Redis's default hash-max-listpack-value, which a string-per-key variant gets back (the vocabulary has what
# hash-bucket needs, LISTPACK_VALUE_BYTES, from the settings bench.sh read: settings.sh read_settings).
readonly DEFAULT_LISTPACK_VALUE_BYTES=64

# The current variant's layout, set by bench.sh's run_variant.
LAYOUT=''

# Refuses (exit 2) hash buckets on a Redis bench.sh did not start whose buckets would not stay listpacks, before
# anything starts (redis-bench bench checked the rest). Reads that Redis's setting, so the Redis password must be
# exported by then.
check_layouts() {
	local master masters=()
	runs_hash_buckets || return 0
	# shellcheck disable=SC2153 # BENCH_REDIS_PORT is a setting of settings.sh
	[[ -z $BENCH_REDIS_HOST ]] || require_listpack_value "$BENCH_REDIS_HOST:$BENCH_REDIS_PORT"
	[[ -n $BENCH_CLUSTER_NODES ]] || return 0
	# A seed that does not answer is for open_redis to report; here only the masters that answer are read.
	mapfile -t masters < <(rcli_at "${BENCH_CLUSTER_NODES%%,*}" CLUSTER NODES 2>/dev/null | slot_masters)
	for master in "${masters[@]}"; do
		require_listpack_value "$master"
	done
}

# Whether any variant keeps its persons in hash buckets.
runs_hash_buckets() {
	# shellcheck disable=SC2153 # LAYOUTS is among the settings read_settings reads back
	[[ " ${LAYOUTS[*]} " == *" hash-bucket "* ]]
}

# require_listpack_value HOST:PORT: refuses a Redis bench.sh did not start whose buckets would not stay listpacks.
require_listpack_value() {
	local answer value
	answer=$(rcli_at "$1" CONFIG GET hash-max-listpack-value 2>&1) || true
	value=$(sed -n 2p <<<"$answer")
	is_count "$value" || refuse "--layouts hash-bucket: cannot read hash-max-listpack-value of $1, a Redis bench.sh" \
		"did not start (CONFIG GET answered: $(head -n 1 <<<"$answer"))"
	((value >= LISTPACK_VALUE_BYTES)) || refuse "--layouts hash-bucket needs hash-max-listpack-value >=" \
		"$LISTPACK_VALUE_BYTES on $1 (it has $value), which bench.sh did not start and does not reconfigure"
}

# The layouts a topology runs: memcached keeps a key per person, whatever --layouts lists.
layouts_of_topology() {
	if [[ $1 == memcached ]]; then echo string-per-key; else printf '%s\n' "${LAYOUTS[@]}"; fi
}

# apply_layout VARIANT_ENV: in a run with hash buckets, the current topology's hash-max-listpack-value for the
# variant's layout (on a Redis bench.sh started: CONFIG SET), read back and recorded in VARIANT_ENV, the lowest
# of its masters'.
apply_layout() {
	local env=$1 node wanted value lowest=''
	runs_hash_buckets && [[ $TOPOLOGY != memcached ]] || return 0
	[[ $LAYOUT == hash-bucket ]] && wanted=$LISTPACK_VALUE_BYTES || wanted=$DEFAULT_LISTPACK_VALUE_BYTES
	for node in "${NODES[@]}"; do
		if started_here; then
			[[ $(rcli_at "$node" CONFIG SET hash-max-listpack-value "$wanted") == OK ]] ||
				die "CONFIG SET hash-max-listpack-value $wanted failed on $node"
		fi
		value=$(rcli_at "$node" CONFIG GET hash-max-listpack-value | sed -n 2p)
		is_count "$value" || die "CONFIG GET hash-max-listpack-value gave no number on $node"
		[[ -n $lowest ]] && ((lowest <= value)) || lowest=$value
	done
	echo "hash_max_listpack_value=$lowest" >>"$env"
}

# bucket_sizes HOST:PORT: the HLEN of every hash bucket the node holds, one a line; nothing when it holds none.
bucket_sizes() {
	local buckets=()
	mapfile -t buckets < <(rcli_at "$1" --scan --pattern 'persons:{*}')
	((${#buckets[@]} == 0)) || printf 'HLEN %s\n' "${buckets[@]}" | rcli_at "$1"
}

# persons_after_add DIR K: the persons master K holds after /add, from the snapshot in DIR: its keys, or in hash
# buckets the sum of their HLEN; nothing when unread.
persons_after_add() {
	local prefix
	prefix=$1/add.after$(node_tag "$2")
	if [[ $LAYOUT == hash-bucket ]]; then
		awk '!/^[0-9]+$/ { bad = 1 } { n += $1 } END { if (!bad) print n + 0 }' "$prefix.hlen.txt"
	else
		cat "$prefix.dbsize.txt"
	fi
}

# value_size_commands WRITTEN: for persons spread evenly over 1 .. WRITTEN (BENCH_STRLEN_SAMPLE of them), the
# command that gives the size of each one's value: STRLEN of its key, or HSTRLEN of its field in its bucket; the
# keys as the apps write them (model's ValueSizeSample, through Layout).
value_size_commands() {
	java -cp "$(jar_of model):$(jar_of value-format)" org.redisbench.model.ValueSizeSample "$LAYOUT" "$1" "$BENCH_STRLEN_SAMPLE"
}
