#!/usr/bin/env bash
# End-to-end test of scripts/bench.sh at a small size, for CI: both apps measured with no failed request, a report
# written, and nothing left running, after a normal end and after SIGTERM mid-run; a matrix of modes and
# compressions, each variant really run as named, the same persons costing the same bytes in either mode; runs that
# add a 3-master Redis Cluster, one bench.sh starts (with both Redis layouts) and one it is given; every phase
# sampled over time (Redis INFO of every master, the app's metrics) into charts and a steady-state line;
# --cache-scenario at smoke size, Redis at its maxmemory with every person's TTL. Also checks that a Redis bench.sh
# did not start is refused for hash buckets at Redis's default hash-max-listpack-value (exit 2), and left as it
# was; the refusals that need no server are bench's BenchCommandTest. The runs in both layouts come from a shell
# with REDISCLI_AUTH and SPRING_DATA_REDIS_* of its own, wrong for bench.sh's Redis, and one with a REDIS_PASSWORD,
# which bench.sh makes its Redis's password. Needs what bench.sh needs, and jq.
# Takes about 6 minutes on 2 cores. Prints "N passed, N failed".
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TEST_REQUESTS=${TEST_REQUESTS:-2000}
TEST_CONCURRENCY=${TEST_CONCURRENCY:-50}
TEST_WARMUP=${TEST_WARMUP:-500}
TEST_TIMEOUT=${TEST_TIMEOUT:-900}   # seconds the small run may take, build included
TEST_MATRIX_REQUESTS=${TEST_MATRIX_REQUESTS:-500}   # per phase of each variant of the matrix and cluster runs

# shellcheck source=scripts/lib/check.sh
source "$ROOT/scripts/lib/check.sh"
# shellcheck source=scripts/lib/private-redis.sh
source "$ROOT/scripts/lib/private-redis.sh"
smoke_bench
check_options "$@"
command -v jq >/dev/null || { echo "test-bench: jq not found (Debian: apt-get install jq)" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-bench.XXXXXX")
BENCH_PID=
cleanup() {
	if [[ -n $BENCH_PID ]] && kill -0 "$BENCH_PID" 2>/dev/null; then
		kill -TERM "$BENCH_PID"
		wait "$BENCH_PID" || true
	fi
	if [[ -f $WORK/named-cluster/nodes ]]; then
		"$ROOT/scripts/lib/cluster.sh" stop --dir "$WORK/named-cluster"
	fi
	private_redis_stop ""
	rm -rf "$WORK"
}
trap cleanup EXIT

# Every process bench.sh says it started (the private redis-server, each app's JVM) has exited.
nothing_left_running() {
	local pids pid
	pids=$(grep -ho 'pid [0-9]\+' "$1/raw/bench.log" | cut -d' ' -f2 | sort -u)
	[[ -n $pids ]] || return 1
	for pid in $pids; do
		if kill -0 "$pid" 2>/dev/null; then
			echo "     still running: $(ps -o pid=,args= -p "$pid")"
			return 1
		fi
	done
}

private_redis_dir_removed() {
	local dir
	dir=$(grep -o 'private redis-server on [^ ]* (pid [0-9]*, [^)]*)' "$1/raw/bench.log" | sed 's/.*, //; s/)$//')
	[[ -n $dir && ! -e $dir ]]
}

jq_check() {
	jq -e "$1" "$2" >/dev/null
}

# ab's report $1 says every one of $2 requests was answered 2xx with the expected body.
ab_all_answered() {
	grep -Eq "^Complete requests: +$2\$" "$1" && grep -Eq '^Failed requests: +0$' "$1" && ! grep -q '^Non-2xx' "$1"
}

# Each phase of variant folder $1 answered all of $2 requests, with Prometheus scraped around it.
variant_measured() {
	local dir=$1/rep1 phase when
	for phase in noop add check; do
		ab_all_answered "$dir/$phase.ab.txt" "$2" || { echo "     $dir/$phase.ab.txt: not every request answered"; return 1; }
		for when in before after; do
			grep -q '^jvm_' "$dir/$phase.$when.prometheus.txt" || { echo "     $dir/$phase.$when.prometheus.txt: no metrics"; return 1; }
		done
	done
	grep -q 'uri="/add"' "$dir/add.after.prometheus.txt"
}

# Sum of the INFO field $2 over the Redis snapshots named $1 (one file, or one per cluster master).
info_sum() {
	local files=("$1".info.txt)
	[[ -f ${files[0]} ]] || files=("$1".node*.info.txt)
	awk -F: -v field="$2" '$1 == field { sum += $2 } END { print sum + 0 }' "${files[@]}"
}

# Socket reads Redis did per /add request of variant folder $1: about 100 per-key, a few pipelined.
reads_per_add() {
	local dir=$1/rep1
	echo $((($(info_sum "$dir/add.after" total_reads_processed) - $(info_sum "$dir/add.before" total_reads_processed)) / $2))
}

# Redis bytes per person of /add in run folder $1's single-Redis variant of app $2, mode $3, compression $4 and layout
# string-per-key, from summary.json.
add_bytes_per_person() {
	jq -r --arg app "$2" --arg mode "$3" --arg compression "$4" '.[] | select(.phase == "add" and .app == $app
		and .mode == $mode and .compression == $compression and .layout == "string-per-key" and .topology == "single")
		| .bytes_per_person' "$1/summary.json"
}

# Every variant folder given read a CLIENT LIST with INFO before and after /add.
clients_listed_around_add() {
	local variant
	for variant in "$@"; do
		grep -q '^id=' "$variant/rep1/add.before.clients.txt" && grep -q '^id=' "$variant/rep1/add.after.clients.txt" ||
			return 1
	done
}

# Numbers $2 and $3 are positive and within $1 % of each other.
within_percent() {
	awk -v pct="$1" -v a="$2" -v b="$3" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && b > 0 && d * 100 <= pct * (a < b ? a : b)) }'
}

mean_value_bytes() {
	awk '$1 > 0 { sum += $1; n++ } END { if (n) printf "%d", sum / n }' "$1/rep1/add.after.strlen.txt"
}

setting() {
	sed -n "s/^$2=//p" "$1/raw/env/settings.env"
}

variant_env_is() {
	[[ $(grep -v '^#' "$1/variant.env" | paste -sd' ' -) == "$2" ]]
}

# bench.sh, with the environment assignments and then the options after $1, exits 2 saying $1, before it
# makes its output folder.
refused() {
	local expect=$1 env=()
	shift
	while [[ ${1:-} == [A-Z]*=* ]]; do
		env+=("$1")
		shift
	done
	CHECK_LOG=$WORK/refused.log exits_saying 2 "$expect" \
		env "${env[@]}" "$ROOT/scripts/bench.sh" --no-build --output "$WORK/refused-settings" "$@" &&
		[[ ! -e $WORK/refused-settings ]]
}

# 1. The small run.
out=$WORK/run
status=0
# The apps start as the published procedure starts them, java -jar with both compilers; every later run starts
# them through their class-data-sharing archives, with the quick compiler only (scripts/lib/check.sh). Samples every 0.2 s: a /noop phase of 2,000 requests ends within a second on a quiet machine, and at the default
# 1 s it had one sample a source, so no rate, and the steady-state line counted 5 sampled phases, not 6 (CI at
# 4a47882, 2026-11-26).
APP_CLASS_SHARING=no APP_JIT=full BENCH_JIT_IDLE_TIMEOUT=1 timeout -k 30 "$TEST_TIMEOUT" "$ROOT/scripts/bench.sh" -n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" \
	--warmup "$TEST_WARMUP" --warmup-rounds 2 --warmup-jit-share 0 --repetitions 1 --redis-bench-requests 20000 \
	--sample-interval 0.2 --output "$out" || status=$?
check "bench.sh exits 0 (was $status)" test "$status" -eq 0
json=$out/summary.json
check "summary.json is a JSON array" jq_check 'type == "array" and length > 0' "$json"
for app in string kryo; do
	for phase in add check noop; do
		check "$app $phase: one valid record, every request answered 2xx" jq_check \
			"[.[] | select(.app == \"$app\" and .phase == \"$phase\")] | length == 1 and all(.valid and .failed_requests == 0 and .non_2xx == 0 and .complete_requests == $TEST_REQUESTS)" "$json"
	done
	check "$app add: DBSIZE is requests x 100, bytes per person and value size measured" jq_check \
		"[.[] | select(.app == \"$app\" and .phase == \"add\")][0] | .dbsize == $((TEST_REQUESTS * 100)) and .bytes_per_person > 0 and .value_bytes > 0 and .app_cpu_ms_per_request > 0" "$json"
	check "$app add: its JIT compiler threads read around the phase, within the app's CPU" jq_check \
		"[.[] | select(.app == \"$app\" and .phase == \"add\")][0] | .jit_cpu_ms_per_request != null and .jit_cpu_ms_per_request <= .app_cpu_ms_per_request" "$json"
	check "$app: redis-benchmark SET and GET ceilings" jq_check \
		"[.[] | select(.app == \"$app\" and (.phase == \"redis-set\" or .phase == \"redis-get\")) | select(.valid and .requests_per_second > 0)] | length == 2" "$json"
done
check "summary.csv has a header and one line per record" \
	test "$(($(wc -l <"$out/summary.csv") - 1))" -eq "$(jq length "$json")"
check "report.md is not empty" test -s "$out/report.md"
# warmed_up_twice VARIANT: two rounds (no share is under 0%), each on every endpoint, its JIT share, its seconds
# and the app's compiler (compilations finished, more in the second round, and pending) read.
warmed_up_twice() {
	local dir=$out/raw/$1/rep1 path
	for path in add check noop; do
		[[ -s $dir/warmup1-$path.ab.txt && -s $dir/warmup2-$path.ab.txt ]] || return 1
	done
	awk '$1 == "round=" NR && $2 ~ /^jit_share=[0-9.]+$/ && $5 ~ /^elapsed_s=[0-9]+$/ && $7 ~ /^pending=[0-9]+$/ &&
		split($6, c, "=") == 2 && c[1] == "compiled" && c[2] > compiled { compiled = c[2]; n++ }
		END { exit !(n == 2 && NR == 2) }' "$dir/warmup.txt"
}
for app in string kryo; do
	check "$app: two warm-up rounds on /add, /check and /noop, each with its JIT share and compiler state" warmed_up_twice "$app-per-key-none-single"
done
check "report.md says how each warm-up ended" \
	grep -q '^| kryo-per-key-none-single-c[0-9]* | 1 | 2 | [0-9]* | [0-9.]* | [0-9]* | [0-9]* | 0 of 1 |' "$out/report.md"
check "report.md marks beside its figures a variant whose warm-up was not quiet" \
	grep -q '^| kryo | per-key | .* | \*\*1 of 1 not quiet\*\* (rounds), 2 rounds, [0-9]* s |$' "$out/report.md"
check "report.md compares with the published figures" grep -q 'published Kryo' "$out/report.md"
for chart in requests-per-second bytes-per-person cpu-per-request; do
	check "$chart.png drawn" test -s "$out/$chart.png"
done
# sampled PREFIX NODE_TAG...: the store's INFO (per master: .node<K>) and the app's scrapes were sampled during the
# phase of PREFIX, each sampler's CPU read as it stopped.
sampled() {
	local prefix=$1 tag
	shift
	for tag in "$@"; do
		grep -q '^# Server' "$prefix.samples$tag.info.txt" || { echo "     no INFO sample in $prefix.samples$tag.info.txt"; return 1; }
		grep -Eq "^redis-cli$tag=[0-9]+\$" "$prefix.samples.cost.txt" || { echo "     no redis-cli$tag cost"; return 1; }
	done
	grep -q '^# sample end' "$prefix.samples.prometheus.txt" && grep -q '^process_cpu_time_ns_total ' "$prefix.samples.prometheus.txt" &&
		grep -Eq '^curl=[0-9]+$' "$prefix.samples.cost.txt" && grep -Eq '^started=[0-9.]+$' "$prefix.samples.cost.txt" &&
			grep -Eq '^ended=[0-9.]+$' "$prefix.samples.cost.txt"
}
for phase in noop add check; do
	check "string $phase: Redis INFO and the app's metrics sampled during the phase, with their CPU" \
		sampled "$out/raw/string-per-key-none-single/rep1/$phase" ""
done
for chart in add-store-ops add-memory add-network-out add-app-requests check-hit-rate noop-app-requests; do
	check "over-time-$chart.png drawn" test -s "$out/over-time-$chart.png"
done
check "over-time.csv has the store's and the app's points" \
	eval "grep -q ',add,[0-9.]*,store-ops,' '$out/over-time.csv' && grep -q ',add,[0-9.]*,app-requests,' '$out/over-time.csv'"
check "report.md has the steady-state line" \
	grep -Eq '^Steady state: [0-9]+ of 6 sampled phases steady, [0-9]+ not steady.*, [0-9]+ too short to tell\.$' "$out/report.md"
check "report.md says what sampling cost" grep -Eq '^Sampling cost: on /add and /check at most [0-9.]+% of the app.s CPU and [0-9.]+% of' "$out/report.md"
check "nothing bench.sh started is left running" nothing_left_running "$out"
check "the private Redis's folder is removed" private_redis_dir_removed "$out"
# profiled PHASE: async-profiler left the kryo app's stacks and flame graph of that phase, and the same phase's
# run without it its CPU.
profiled() {
	local dir=$out/profiles/kryo-per-key-none-single
	[[ -s $dir/$1.html && $(awk '{ n += $NF } END { print n + 0 }' "$dir/$1.collapsed") -gt 0 &&
		-s $dir/$1.unprofiled.before.proc-stat.txt && -s $dir/$1.unprofiled.after.proc-stat.txt ]]
}
check "kryo /noop, /add and /check profiled: stacks, flame graphs, the unprofiled runs' CPU" \
	eval 'profiled noop && profiled add && profiled check'
# split_shown: the kryo variant's split in report.md: the codec's ms of the request's, flame graph links, the
# phases side by side, a share a line in ms and % (a dash for none: 500 requests per-key give the codec a few
# samples at most), /noop's connections and no codec.
split_shown() {
	local report=$out/report.md
	grep -Eq '^\*\*kryo, per-key, none, single, c[0-9]+\*\*: the codec [0-9.]+ ms of [0-9.]+ on /add, [0-9.]+ ms of [0-9.]+ on /check; flame graphs \[noop\]\(profiles/kryo-per-key-none-single/noop.html\) · \[add\]' "$report" &&
		grep -Fqx '| | /noop | /add | /check |' "$report" &&
		grep -Eq '^\| app CPU ms a request, without the profiler \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|$' "$report" &&
		grep -Eq '^\| connections: accept, close \| [0-9.]+ · [0-9.]+% \|' "$report" &&
		grep -Eq '^\| codec \| – \| ([0-9.]+ · [0-9.]+%|–) \| ([0-9.]+ · [0-9.]+%|–) \|$' "$report"
}
check "report.md splits each profiled phase's CPU into shares, in ms of a request and %, with flame graph links" split_shown
# heap_is_512m DIR: the app's own metrics say its heap could grow to 512 MiB, bench.sh's default, no more.
heap_is_512m() {
	grep -hE 'jvm_memory_max_bytes\{[^}]*area="heap"[^}]*id="G1 Old Gen"' "$1"/rep1/add.after.prometheus.txt |
		awk '{ exit !($NF + 0 == 536870912) }'
}
check "the apps ran with the default heap, -Xmx512m" heap_is_512m "$out/raw/kryo-per-key-none-single"
check "settings.env records the apps' JVM options" test "$(setting "$out" java_opts)" = "-Xms512m -Xmx512m"
check "settings.env: the apps started from their jars with both compilers, as published" \
	test "$(setting "$out" app_class_sharing)/$(setting "$out" app_jit)" = no/full
check "settings.env: the default variants, in order" \
	test "$(setting "$out" variants)/$(setting "$out" topologies)/$(setting "$out" cluster_masters)" = \
	"string-per-key-none-single,kryo-per-key-none-single/single/0"
for app in string kryo; do
	variant=$out/raw/$app-per-key-none-single
	check "$app: variant.env of the default variant" variant_env_is "$variant" \
		"app=$app mode=per-key compression=none topology=single masters=1 redis_rtt=0 app_rtt=0 concurrency=$TEST_CONCURRENCY redis_settings=default layout=string-per-key"
	check "$app: every phase answered, Prometheus scraped around it" variant_measured "$variant" "$TEST_REQUESTS"
done

# 2. A matrix: every variant runs its app in the mode and compression it is named after. One app: modes and
# compressions live in common, the same code in every app (the kryo app's run above and below covers its codec), and
# both apps took 4 app starts more, about a minute of CI. A java first on the PATH notes every JVM the run starts:
# besides the apps, at most 4 (the run's own, the -version it records, the one asking an app's JVM its version).
out=$WORK/matrix
status=0
mkdir -p "$WORK/java-shim"
printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$*" >>%q\nexec %q "$@"\n' "$WORK/jvms.txt" "$(command -v java)" \
	>"$WORK/java-shim/java"
chmod +x "$WORK/java-shim/java"
PATH=$WORK/java-shim:$PATH "$ROOT/scripts/bench.sh" -n "$TEST_MATRIX_REQUESTS" -c "$TEST_CONCURRENCY" --warmup 0 --repetitions 1 \
	--redis-bench-requests 5000 --apps string --modes per-key,pipeline --compression none,zstd-dict --no-build \
	--no-profile --output "$out" >"$WORK/matrix.log" 2>&1 || status=$?
check "matrix: bench.sh exits 0 (was $status)" test "$status" -eq 0
check "matrix: settings.env lists the variants in run order" test "$(setting "$out" variants)" = \
	"string-per-key-none-single,string-per-key-zstd-dict-single,string-pipeline-none-single,string-pipeline-zstd-dict-single"
check "matrix: the app started through its class-data-sharing archive, with the quick compiler only" test \
	"$(setting "$out" app_class_sharing)/$(setting "$out" app_jit)/$(find "$ROOT/string-app/target/class-sharing" -name 'string-*.jsa' | wc -l)" = yes/c1/1
check "matrix: modes and compressions recorded" \
	test "$(setting "$out" modes)/$(setting "$out" compressions)" = "per-key,pipeline/none,zstd-dict"
check "matrix: summary.json has one valid record per variant and ab phase" jq_check \
	"[.[] | select(.phase == \"add\" or .phase == \"check\" or .phase == \"noop\")] | length == 12 and all(.valid and .failed_requests == 0 and .non_2xx == 0 and .topology == \"single\")" \
	"$out/summary.json"
check "matrix: the log counts the variants" grep -q 'rep 1/1 variant 4/4 string-pipeline-zstd-dict-single check:' "$out/raw/bench.log"
app=string
for mode in per-key pipeline; do
	for compression in none zstd-dict; do
		variant=$out/raw/$app-$mode-$compression-single
		check "$app $mode $compression: variant.env" variant_env_is "$variant" \
			"app=$app mode=$mode compression=$compression topology=single masters=1 redis_rtt=0 app_rtt=0 concurrency=$TEST_CONCURRENCY redis_settings=default layout=string-per-key"
		check "$app $mode $compression: every phase answered, Prometheus scraped around it" \
			variant_measured "$variant" "$TEST_MATRIX_REQUESTS"
	done
	# zstd with the trained dictionary shrinks every person by far more than a tenth.
	none=$(mean_value_bytes "$out/raw/$app-$mode-none-single")
	zstd=$(mean_value_bytes "$out/raw/$app-$mode-zstd-dict-single")
	check "$app $mode: zstd-dict values ($zstd bytes) are smaller than uncompressed ones ($none bytes)" \
		test "${zstd:-0}" -gt 0 -a "$((${zstd:-0} * 10))" -lt "$((${none:-0} * 9))"
done
for compression in none zstd-dict; do
	per_key=$(reads_per_add "$out/raw/$app-per-key-$compression-single" "$TEST_MATRIX_REQUESTS")
	pipeline=$(reads_per_add "$out/raw/$app-pipeline-$compression-single" "$TEST_MATRIX_REQUESTS")
	check "$app $compression: Redis read ~100 commands per /add per-key ($per_key) and few pipelined ($pipeline)" \
		test "$per_key" -ge 90 -a "$pipeline" -le 20
	# The same persons, ids 1.. with the same values, cost the same bytes in either mode: the clients' buffers come
	# out of used_memory as the CLIENT LIST read with INFO had them, not as mem_clients_normal, which trails them.
	per_key=$(add_bytes_per_person "$out" "$app" per-key "$compression")
	pipeline=$(add_bytes_per_person "$out" "$app" pipeline "$compression")
	check "$app $compression: CLIENT LIST read with INFO around /add" clients_listed_around_add \
		"$out/raw/$app-per-key-$compression-single" "$out/raw/$app-pipeline-$compression-single"
	check "$app $compression: Redis bytes per person per-key ($per_key) and pipelined ($pipeline) within 1%" \
		within_percent 1 "$per_key" "$pipeline"
done
check "matrix: nothing bench.sh started is left running" nothing_left_running "$out"
jvms_besides_apps=$(grep -vc -- '-app\.jar' "$WORK/jvms.txt" || true)
check "matrix: the run started $jvms_besides_apps JVMs besides its apps (at most 4): $(grep -v -- '-app\.jar' \
	"$WORK/jvms.txt" | cut -c1-60 | paste -sd'|' -)" test "$jvms_besides_apps" -ge 1 -a "$jvms_besides_apps" -le 4

# 3. A 3-master cluster besides the single Redis, each with a key per person and with hash buckets, from a shell with
# REDISCLI_AUTH and SPRING_DATA_REDIS_* of its own: no redis-cli, node or app of bench.sh's sees them.
out=$WORK/cluster
status=0
env "${USER_SHELL[@]}" "$ROOT/scripts/bench.sh" -n "$TEST_MATRIX_REQUESTS" -c "$TEST_CONCURRENCY" --warmup 0 \
	--repetitions 1 --redis-bench-requests 5000 --apps string --cluster 3 --layouts string-per-key,hash-bucket \
	--no-build --no-profile --output "$out" >"$WORK/cluster.log" 2>&1 || status=$?
check "cluster: bench.sh exits 0 (was $status)" test "$status" -eq 0
check "cluster: settings.env names both topologies, both layouts and the masters" \
	test "$(setting "$out" variants)/$(setting "$out" topologies)/$(setting "$out" layouts)/$(setting "$out" cluster_masters)" = \
	"string-per-key-none-single,string-per-key-none-hash-bucket-single,string-per-key-none-cluster3,string-per-key-none-hash-bucket-cluster3/single,cluster3/string-per-key,hash-bucket/3"
check "cluster: settings.env has the cluster's address" grep -Eq '^cluster_address=[^,]+:[0-9]+,[^,]+:[0-9]+,[^,]+:[0-9]+$' \
	"$out/raw/env/settings.env"
variant=$out/raw/string-per-key-none-cluster3
check "cluster: variant.env, hash-max-listpack-value back at Redis's default" variant_env_is "$variant" \
	"app=string mode=per-key compression=none topology=cluster3 masters=3 redis_rtt=0 app_rtt=0 concurrency=$TEST_CONCURRENCY redis_settings=default layout=string-per-key hash_max_listpack_value=64"
check "cluster: every phase answered, Prometheus scraped around it" variant_measured "$variant" "$TEST_MATRIX_REQUESTS"
lists_masters() {
	awk '$1 == NR && $2 ~ /:[0-9]+$/ && NF == 2 { n++ } END { exit !(n == NR && n == 3) }' "$1"
}
check "cluster: nodes.txt lists the 3 masters" lists_masters "$variant/rep1/nodes.txt"
per_node_files() {
	local phase when k kind
	for phase in noop add check; do
		for when in before after; do
			for k in 1 2 3; do
				for kind in info clients dbsize; do
					[[ -s $1/rep1/$phase.$when.node$k.$kind.txt ]] || { echo "     missing: $phase.$when.node$k.$kind.txt"; return 1; }
				done
			done
			[[ ! -e $1/rep1/$phase.$when.info.txt ]] || { echo "     single-Redis file on a cluster: $phase.$when.info.txt"; return 1; }
		done
	done
}
check "cluster: INFO with its CLIENT LIST, and DBSIZE, per master around every phase" per_node_files "$variant"
check "cluster: every master's INFO sampled during /add" sampled "$variant/rep1/add" .node1 .node2 .node3
# Every master holds keys, and together the $2 the /add phase wrote.
keys_spread_over_masters() {
	awk -v want="$2" '$1 > 0 { n++; sum += $1 } END { exit !(n == 3 && sum == want) }' \
		"$1"/rep1/add.after.node{1,2,3}.dbsize.txt
}
dbsizes=$(cat "$variant"/rep1/add.after.node{1,2,3}.dbsize.txt | paste -sd' ' -)
check "cluster: every master holds keys and they add up to requests x 100 ($dbsizes)" \
	keys_spread_over_masters "$variant" $((TEST_MATRIX_REQUESTS * 100))
# One positive size per line: no MOVED redirection notice, no error, no missing key.
only_sizes() {
	awk '$1 ~ /^[0-9]+$/ && $1 > 0 { n++ } END { exit !(n == NR && n >= 100) }' "$1"
}
check "cluster: STRLEN sampled through the cluster" only_sizes "$variant/rep1/add.after.strlen.txt"
set_and_get_csv() {
	awk -F, '{ gsub(/"/, "") } NR == 1 { ok = $1 == "test" } ($1 == "SET" || $1 == "GET") && $2 > 0 { n++ } END { exit !(ok && n == 2) }' "$1"
}
check "cluster: redis-benchmark --cluster CSV with SET and GET ceilings" set_and_get_csv "$variant/rep1/redis-benchmark.csv"
check "cluster: summary.json sums the masters' DBSIZE after /add" jq_check \
	"[.[] | select(.topology == \"cluster3\" and .layout == \"string-per-key\" and .phase == \"add\")] | length == 1 and all(.valid and .dbsize == $((TEST_MATRIX_REQUESTS * 100)))" \
	"$out/summary.json"
check "cluster: single Redis variant beside it" variant_measured "$out/raw/string-per-key-none-single" "$TEST_MATRIX_REQUESTS"
check "cluster: nothing bench.sh started is left running, cluster nodes included" nothing_left_running "$out"
cluster_dir_removed() {
	local dir
	dir=$(sed -n 's|.*cluster node 1 on .*(pid [0-9]*, \(.*\)/[0-9]*)$|\1|p' "$1/raw/bench.log")
	[[ -n $dir && ! -e $dir ]]
}
check "cluster: its folder is removed" cluster_dir_removed "$out"
# Every key of variant folder $1's Redis after /add is a hash bucket of 1 to 100 persons, $2 persons in all: per
# node, the HLEN bench.sh saved of each bucket it found, as many as DBSIZE counted keys.
in_buckets() {
	local hlen persons=0
	for hlen in "$1"/rep1/add.after*.hlen.txt; do
		awk -v keys="$(cat "${hlen%.hlen.txt}.dbsize.txt")" \
			'$1 >= 1 && $1 <= 100 { n++ } END { exit !(n == NR && n == keys) }' "$hlen" || return 1
		persons=$((persons + $(awk '{ n += $1 } END { print n + 0 }' "$hlen")))
	done
	((persons == $2))
}
# redis-benchmark of variant folder $1 ran at the mean of the value sizes bench.sh sampled, rounded as bench.sh does.
benchmarked_at_sampled_size() {
	local sampled
	sampled=$(awk '$1 > 0 { sum += $1; n++ } END { if (n) printf "%d", sum / n + 0.5 }' "$1/rep1/add.after.strlen.txt")
	[[ -n $sampled ]] && grep -qx "value_bytes=$sampled" "$1/rep1/redis-benchmark.args" &&
		set_and_get_csv "$1/rep1/redis-benchmark.csv"
}
check "layouts: the string-per-key single variant had hash-max-listpack-value back at Redis's default" \
	grep -qx 'hash_max_listpack_value=64' "$out/raw/string-per-key-none-single/variant.env"
for topology in single cluster3; do
	variant=$out/raw/string-per-key-none-hash-bucket-$topology
	[[ $topology == single ]] && masters=1 || masters=3
	check "$topology hash-bucket: variant.env, hash-max-listpack-value 512 read back from Redis" variant_env_is "$variant" \
		"app=string mode=per-key compression=none topology=$topology masters=$masters redis_rtt=0 app_rtt=0 concurrency=$TEST_CONCURRENCY redis_settings=default layout=hash-bucket hash_max_listpack_value=512"
	check "$topology hash-bucket: every phase answered 2xx, Prometheus scraped around it" \
		variant_measured "$variant" "$TEST_MATRIX_REQUESTS"
	check "$topology hash-bucket: every key a bucket of at most 100 persons, requests x 100 in all" \
		in_buckets "$variant" $((TEST_MATRIX_REQUESTS * 100))
	check "$topology hash-bucket: HSTRLEN sampled" only_sizes "$variant/rep1/add.after.strlen.txt"
	check "$topology hash-bucket: redis-benchmark at the sampled value size" benchmarked_at_sampled_size "$variant"
	check "$topology hash-bucket: summary.json counts the persons, each in fewer bytes than with a key of its own" jq_check \
		"[.[] | select(.topology == \"$topology\" and .phase == \"add\")] | (map(select(.layout == \"hash-bucket\")) | first) as \$b
		| (map(select(.layout == \"string-per-key\")) | first) as \$k | \$b.valid and \$b.persons_written == $((TEST_MATRIX_REQUESTS * 100))
		and \$b.missing_persons == 0 and \$b.bytes_per_person > 0 and \$b.bytes_per_person < \$k.bytes_per_person" "$out/summary.json"
done
check "layouts: the report names each variant's layout" grep -q '^| string | per-key | none | hash-bucket | cluster3 |' "$out/report.md"

# 4. A cluster bench.sh did not start: used as it is, and left running.
nodes=$("$ROOT/scripts/lib/cluster.sh" start 3 --dir "$WORK/named-cluster" 2>"$WORK/named-cluster.log")
out=$WORK/named
status=0
"$ROOT/scripts/bench.sh" -n "$TEST_MATRIX_REQUESTS" -c "$TEST_CONCURRENCY" --warmup 0 --repetitions 1 \
	--redis-bench-requests 5000 --apps kryo --modes pipeline --cluster-nodes "${nodes%%,*}" --allow-flush --no-build --no-profile \
	--output "$out" >"$WORK/named.log" 2>&1 || status=$?
check "named cluster: bench.sh exits 0 (was $status)" test "$status" -eq 0
check "named cluster: settings.env says so, with the masters found from one node" \
	test "$(setting "$out" cluster)/$(setting "$out" topologies)/$(setting "$out" cluster_address | tr , '\n' | sort | paste -sd, -)" = \
	"named/single,cluster3/$(tr , '\n' <<<"$nodes" | sort | paste -sd, -)"
check "named cluster: every master holds keys and they add up to requests x 100" \
	keys_spread_over_masters "$out/raw/kryo-pipeline-none-cluster3" $((TEST_MATRIX_REQUESTS * 100))
still_running() {
	local pid
	while read -r _ _ pid; do
		kill -0 "$pid" 2>/dev/null || return 1
	done <"$1"
}
check "named cluster: left running" still_running "$WORK/named-cluster/nodes"
"$ROOT/scripts/lib/cluster.sh" stop --dir "$WORK/named-cluster"

# 5. SIGTERM while the first app is under load, with a cluster up too: everything started so far is stopped.
out=$WORK/interrupted
"$ROOT/scripts/bench.sh" -n "$TEST_REQUESTS" -c "$TEST_CONCURRENCY" --warmup "$TEST_WARMUP" \
	--repetitions 1 --cluster 3 --no-build --no-profile --output "$out" >"$WORK/interrupted.log" 2>&1 &
BENCH_PID=$!
deadline=$((SECONDS + 180))
until grep -Eq 'warm-up [0-9]+/[0-9]+ add: ab' "$out/raw/bench.log" 2>/dev/null || ((SECONDS > deadline)) || ! kill -0 "$BENCH_PID"; do
	sleep 0.5
done
kill -TERM "$BENCH_PID" 2>/dev/null || true
status=0
wait "$BENCH_PID" || status=$?
BENCH_PID=
check "bench.sh stops on SIGTERM with status 143 (was $status)" test "$status" -eq 143
check "nothing bench.sh started is left running after SIGTERM" nothing_left_running "$out"
check "the private Redis's folder is removed after SIGTERM" private_redis_dir_removed "$out"
check "the cluster's nodes had been started" test "$(grep -c 'cluster node [0-9] on' "$out/raw/bench.log")" -eq 3
check "the cluster's folder is removed after SIGTERM" cluster_dir_removed "$out"

# 6. A Redis bench.sh did not start is not reconfigured: hash buckets are refused on one left at Redis's default
# hash-max-listpack-value, 64.
private_redis_start 27760 || { echo "test-bench: could not start redis-server" >&2; exit 1; }
redis-cli -p "$PRIVATE_REDIS_PORT" SET person_1 kept >/dev/null
check "hash-bucket on a named Redis at hash-max-listpack-value 64 is refused, saying why" refused \
	"hash-max-listpack-value >= 512 on 127.0.0.1:$PRIVATE_REDIS_PORT (it has 64)" --redis-host 127.0.0.1 \
	--redis-port "$PRIVATE_REDIS_PORT" --allow-flush --layouts string-per-key,hash-bucket
check "... and left as it was: its setting and its data" test \
	"$(redis-cli -p "$PRIVATE_REDIS_PORT" CONFIG GET hash-max-listpack-value | sed -n 2p)/$(redis-cli -p "$PRIVATE_REDIS_PORT" GET person_1)" = 64/kept
private_redis_stop ""

# 7. --help prints the usage by topic and exits 0, through the launcher. The refusals of options and settings
# that need no server are bench's BenchCommandTest.
help_is_grouped() {
	local out group
	out=$("$ROOT/scripts/bench.sh" --help) || return 1
	for group in Load Matrix Redis Apps Placement Output Timeouts; do
		grep -q "^$group" <<<"$out" || { echo "     --help has no group $group"; return 1; }
	done
}
check "--help exits 0 and groups the options by topic" help_is_grouped

# 8. The cache scenario at smoke size, two of its compressions: Redis reaches its maxmemory and evicts, every person
# has a TTL of 5 to 10 minutes, and the report's cache table has a row per configuration. Sampled every 0.2 s: its
# /check of 500 requests lasts under a second, one sample at the default 1 s, and a hit rate needs two.
out=$WORK/cache
status=0
"$ROOT/scripts/bench.sh" --cache-scenario --compression none,zstd-dict -n "$TEST_MATRIX_REQUESTS" --noop-requests 50 \
	-c "$TEST_CONCURRENCY" --warmup 0 --redis-bench-requests 1000 --sample-interval 0.2 --no-build --output "$out" \
	>"$WORK/cache.log" 2>&1 ||
	status=$?
check "cache: bench.sh exits 0 (was $status)" test "$status" -eq 0
check "cache: the TTL recorded" grep -qx 'ttl=300s-600s' "$out/raw/env/over-time.env"
# at_limit_with_ttl VARIANT: /add overflowed maxmemory (allkeys-lru) and evicted, and every key Redis kept
# expires, on average between 5 and 10 minutes from the end of /add.
at_limit_with_ttl() {
	local info=$out/raw/$1/rep1/add.after.info.txt
	grep -qx 'maxmemory_policy:allkeys-lru.' "$info" &&
		awk -F'[:,=]' '$1 == "evicted_keys" && $2 + 0 > 0 { evicted = 1 }
			$1 == "db0" && $3 == $5 && $7 + 0 > 250000 && $7 + 0 <= 600000 { ttl = 1 } END { exit !(evicted && ttl) }' "$info"
}
for compression in none zstd-dict; do
	check "cache $compression: Redis evicted at its limit, every kept person expires in 5-10 min" \
		at_limit_with_ttl "string-per-key-$compression-single-lru"
	check "cache $compression: the report's cache table has its row, the limit reached" grep -Eq \
		"^\| string-per-key-$compression-single-lru-c$TEST_CONCURRENCY \| [0-9.]+ MiB \| [0-9.]+ MB \| [0-9.]+ s \|" \
		"$out/report.md"
done
check "cache: /check's hit rate drawn over time" test -s "$out/over-time-check-hit-rate.png"
check "cache: nothing bench.sh started is left running" nothing_left_running "$out"

# 9. A Redis password with a space and quotes, and no --redis-host: the private Redis demands it, the run is
# valid in both layouts, whatever REDISCLI_AUTH and SPRING_DATA_REDIS_* the shell has, and the password is on no
# command line and in no result file.
out=$WORK/password
password="bench pass'word\"$RANDOM$$"
# grep reads it from a file: on grep's own command line, it would find itself.
(umask 077 && printf '%s\n' "$password" >"$WORK/password.txt")
REDIS_PASSWORD=$password env "${USER_SHELL[@]}" "$ROOT/scripts/bench.sh" -n "$TEST_MATRIX_REQUESTS" \
	-c "$TEST_CONCURRENCY" --warmup 0 --repetitions 1 --apps kryo --layouts string-per-key,hash-bucket --no-build \
	--no-profile --output "$out" >"$WORK/password.log" 2>&1 &
BENCH_PID=$!
on_command_line=0 demanded=no conf_mode=
deadline=$((SECONDS + TEST_TIMEOUT))
while kill -0 "$BENCH_PID" 2>/dev/null && ((SECONDS < deadline)); do
	# What ps shows every user: each process's arguments.
	grep -qaFf "$WORK/password.txt" /proc/[0-9]*/cmdline 2>/dev/null && on_command_line=$((on_command_line + 1))
	if [[ -z $conf_mode ]] && redis=$(grep -o 'private redis-server on [^ ]* (pid [0-9]*, [^)]*)' "$out/raw/bench.log" 2>/dev/null); then
		port=${redis#* on *:} port=${port%% *} dir=${redis##*, }
		conf_mode=$(stat -c %a "${dir%)}/redis.conf" 2>/dev/null) || conf_mode=missing
		[[ $(env -u REDISCLI_AUTH timeout 10 redis-cli -p "$port" PING 2>&1) == *NOAUTH* &&
			$(REDISCLI_AUTH=$password timeout 10 redis-cli -p "$port" PING 2>/dev/null) == PONG ]] && demanded=yes
	fi
	sleep 0.2
done
status=0
wait "$BENCH_PID" || status=$?
BENCH_PID=
check "password: bench.sh exits 0 (was $status; see $WORK/password.log)" test "$status" -eq 0
check "password: kryo add and check are valid in both layouts" jq_check \
	'[.[] | select(.phase == "add" or .phase == "check")]
	| length == 4 and all(.valid and .failed_requests == 0 and .non_2xx == 0)' \
	"$out/summary.json"
check "password: the hash buckets hold every person /add wrote" jq_check \
	"[.[] | select(.layout == \"hash-bucket\" and .phase == \"add\")] | length == 1
	and all(.persons_written == $((TEST_MATRIX_REQUESTS * 100)) and .missing_persons == 0)" "$out/summary.json"
check "password: the private Redis demands it" test "$demanded" = yes
check "password: its config file is mode 600 (was $conf_mode)" test "$conf_mode" = 600
check "password: on no process's command line (found $on_command_line times)" test "$on_command_line" -eq 0
password_nowhere() {
	! grep -rlFf "$WORK/password.txt" "$1"
}
check "password: in no result file" password_nowhere "$out"
check "password: nothing bench.sh started is left running" nothing_left_running "$out"

check_summary
