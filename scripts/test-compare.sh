#!/usr/bin/env bash
# End-to-end test of scripts/compare.sh on real bench.sh runs at smoke size: the string app, pipelined, one request
# at a time (-c 1, so that a wait added to each /add shows undiluted in its rate), sampled every 0.2 s for per-second
# samples. Two runs of the same commit: compared, each figure gets a verdict or says why not, and any change called
# significant is named with its p (two runs on a busy machine can differ: what is asserted is that compare says so
# with its p, not that the machine was quiet). A run whose app waits 18 ms more in every /add (bench.add-delay,
# passed through BENCH_JAVA_OPTS; every run waits some, so that its /add lasts as long on any machine): its /add
# rate is called worse, its setting listed as what differed, and --fail-above 10 exits 1. report.html is written
# beside compare.md, its chart a point a change. The base run relabelled as one under --redis-settings aof-everysec
# is compared with the base variant for variant. Its refusals, which need no live run, are module compare's
# CompareCommandTest's. Needs what bench.sh needs; about 90 s on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
smoke_bench
check_options "$@"

work=$(mktemp -d "${TMPDIR:-/tmp}/test-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
CHECK_LOG=$work/check.log
VARIANT=string-pipeline-none-single-c1

# The jars once, before the runs: each run then starts at once.
build_jars auto 1800 "$work/build.log" string launcher

# bench NAME REQUESTS WARMUP [JAVA OPTION]: one run into $work/NAME, after one warm-up round of WARMUP requests an
# endpoint. 0.2 s between samples, so that a phase of seconds gives tens of per-second samples.
bench() {
	local name=$1 requests=$2 warmup=$3 extra=${4:-}
	if BENCH_JAVA_OPTS="-Xms512m -Xmx512m${extra:+ $extra}" scripts/bench.sh --no-build --no-profile -n "$requests" \
		-c 1 -w "$warmup" -r 1 --apps string --modes pipeline --noop-requests 100 --redis-bench-requests 200 \
		--sample-interval 0.2 -o "$work/$name" >"$work/$name.log" 2>&1; then
		check "bench.sh run $name ($requests requests a phase${extra:+, $extra}) exits 0" true
	else
		tail -n 20 "$work/$name.log"
		check "bench.sh run $name exits 0" false
	fi
}

# Sizes. A verdict on per-second samples needs 4 or more batches a side, and a batch is 3 (1 + r) / (1 - r) samples
# long (r 0.4-0.7 at 0.2 s on the loaded development machine: batches of 7-18 samples). A phase of a fixed number
# of requests lasts as long as the machine makes it: 10,000 /add took 12 s there and too few seconds in CI at
# 47f22a0, which called the delayed run's -96% "too few" (p 0.1). So every run's /add waits in each request, and its
# length is the wait's on any machine, 10 s or more: 2 ms in the runs of the same commit, 5,000 requests; 20 ms in
# the delayed one, 1,200 requests (600, 12 s, gave 3 and 4 batches, "too few", p 0.057, in CI beside three helpers'
# builds, 2026-12-06 07:30). The delay is 18 ms more a request, so that no state of the machine hides it: with
# 1 ms more (3 ms against 2) a loaded machine made a request's own time about 10 ms, and the delayed run came out
# only 7.3% slower, p 0.15, "~" (CI beside four builds, 2026-12-06). Against 18 ms, a request's own time would have
# to pass 160 ms for the change to fall under --fail-above 10.
readonly SAME_DELAY=-Dbench.add-delay=2ms DELAYED=-Dbench.add-delay=20ms
bench base 5000 500 "$SAME_DELAY"
bench same 5000 500 "$SAME_DELAY"
bench delayed 1200 500 "$DELAYED"
# compare_runs OUT ARGS...: compare.sh -o $work/OUT ARGS; its exit status.
compare_runs() {
	local out=$1
	shift
	scripts/compare.sh --no-build -o "$work/$out" "$@" >"$work/$out.log" 2>&1
}

# row OUT FIGURE FIELD: a field of the variant's row for FIGURE in OUT's compare.json.
row() {
	jq -r --arg variant "$VARIANT" --arg figure "$2" \
		'.comparisons[0].rows[] | select(.variant == $variant and .figure == $figure) | '"$3" "$work/$1/compare.json"
}

# Two runs of the same commit.
check "compare.sh of two runs of the same commit exits 0" compare_runs compare-same "$work/base" "$work/same"
check "it wrote compare.md and compare.json" test -s "$work/compare-same/compare.md" -a -s "$work/compare-same/compare.json"
check "and report.html with report.json, for results/index.html" \
	test -s "$work/compare-same/report.html" -a -s "$work/compare-same/report.json"
# charted OUT: report.html's chart holds a point for each row of compare.json with a change (test-html.sh checks the
# points and their intervals in a browser).
charted() {
	local rows points
	rows=$(jq '[.comparisons[0].rows[] | select(.change_percent != null)] | length' "$work/$1/compare.json")
	points=$(sed -n 's/.* id="chart-0" data-points="\([0-9]*\)".*/\1/p' "$work/$1/report.html")
	((rows > 0)) && [[ $points == "$rows" ]]
}
check "  its chart has a point for each change compare.json holds" charted compare-same
check "the runs were of the same commit: nothing differed but what a run records of its own" \
	grep -q '^The same in all: commit ' "$work/compare-same/compare.md"
check "/add requests/s was tested on per-second samples, with enough batches for a verdict" \
	test "$(row compare-same add_rps '.base.kind + " " + (.verdict != "too few" | tostring)')" = "batch means true"
# Whatever the machine did between the runs, compare must name each change it calls with its p.
significant=$(jq -r '.comparisons[0].rows[] | select(.significant) | "\(.figure) \(.change_percent) p=\(.p_value)"' \
	"$work/compare-same/compare.json" || true)
echo "significant changes between two runs of the same commit: ${significant:-none}"
names_its_p() {
	local figure rest label
	while read -r figure rest; do
		[[ -n $figure ]] || continue
		label=$(row compare-same "$figure" '.label')
		grep -F "| $VARIANT | $label |" "$work/compare-same/compare.md" | grep -Eq '\| [0-9.e-]+ \| \*\*(better|worse)\*\* \|' ||
			return 1
	done <<<"$significant"
}
check "each change it called significant is named with its p in compare.md" names_its_p

# A run whose every /add waits 18 ms more.
check "compare.sh of the delayed run exits 0 without --fail-above" compare_runs compare-delayed "$work/base" "$work/delayed"
check "what differed lists the delay's setting" \
	grep -qF "| bench.sh java_opts | -Xms512m -Xmx512m $SAME_DELAY | -Xms512m -Xmx512m $DELAYED |" "$work/compare-delayed/compare.md"
verdict=$(row compare-delayed add_rps '"\(.verdict) \(.change_percent) p=\(.p_value)"' || true)
echo "/add requests/s, delayed against base: $verdict"
check "/add requests/s is worse, significantly ($verdict)" test "${verdict%% *}" = worse
check "compare.sh --fail-above 10 exits 1" exits_saying 1 'add requests/s got worse' \
	scripts/compare.sh --no-build -o "$work/fail" --fail-above 10 "$work/base" "$work/delayed"
check "compare.md says why" grep -q "^- $VARIANT /add requests/s: -" "$work/fail/compare.md"

# The base run relabelled as one with Redis's appendonly on (--redis-settings aof-everysec), whose variant's name
# differs in that part alone: compared variant with variant, the settings listed as what differed.
AOF_VARIANT=string-pipeline-none-single-aof-everysec
cp -r "$work/base" "$work/aof"
mv "$work/aof/raw/string-pipeline-none-single" "$work/aof/raw/$AOF_VARIANT"
sed -i "s/^variants=.*/variants=$AOF_VARIANT/; s/^redis_settings=.*/redis_settings=aof-everysec/" \
	"$work/aof/raw/env/settings.env"
sed -i 's/^redis_settings=.*/redis_settings=aof-everysec/' "$work/aof/raw/$AOF_VARIANT/variant.env"
check "runs under other --redis-settings are compared" compare_runs compare-aof "$work/base" "$work/aof"
check "  the variant of one with its twin of the other" test \
	"$(jq -r '.comparisons[0].pairs | map("\(.base) \(.new)") | join(",")' "$work/compare-aof/compare.json")" = \
	"$VARIANT $AOF_VARIANT-c1"
check "  the settings listed as what differed" \
	grep -qF '| bench.sh redis_settings | default | aof-everysec |' "$work/compare-aof/compare.md"

check_summary
