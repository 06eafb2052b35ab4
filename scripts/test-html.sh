#!/usr/bin/env bash
# End-to-end test of report.html and index.html in a browser: headless Chromium opens the pages a run writes,
# takes a screenshot of each (kept under the run's folder while the test runs, and left in place when a check
# fails) and dumps the page after its scripts ran. Pages: the report's from the real run kept under
# run-results/src/test/resources/run, twice, its string app given 4 repetitions each time, slower the second;
# compare.sh's of the two, which rewrites the index; the value advisor's at smoke size (300 of Debian's iso-codes
# subdivisions, 4 candidates, JMH --quick), which rewrites the index as every run's end does; and index.html of
# those runs. Checks: no console message at all, every chart drawn with each of its data points an SVG element,
# every table of the markdown in the page with the same figures, the settings and warnings above the charts, the
# comparison's chart points compare.json's changes with their intervals, the index's runs, links and comparison; and
# the program built without its chart library refuses to write a report's page.
# Needs a JDK, chromium, redis-server, jq, python3 and iso-codes; about a minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh

readonly ISO_CODES=/usr/share/iso-codes/json FIXTURE=run-results/src/test/resources/run
readonly LIBRARY=org/redisbench/html/echarts/echarts.common.min.js
WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-html.XXXXXX")
readonly WORK RESULTS=$WORK/results
# The screenshots are worth looking at when a check failed: the work folder stays then.
trap 'if ((failed == 0)); then rm -rf "$WORK"; else echo "pages and screenshots kept in $WORK" >&2; fi' EXIT

[[ -d $ISO_CODES ]] || { echo "test-html: $ISO_CODES is missing (apt-get install iso-codes)" >&2; exit 1; }
# The program: its report and compare subcommands, the advisor, and the index writer of report-html.
build_jars auto 600 "$WORK/build.log" launcher
PROGRAM=$(jar_of launcher)
readonly PROGRAM

# browse PAGE NAME: PAGE (a file, #fragment allowed) in headless Chromium, as NAME under the page's folder's
# browser/: NAME.png, a screenshot; NAME.dom, the page after its scripts ran; NAME.log, what the browser logged, the
# page's console among it. No network: a page that fetched anything would log the failure.
browse() {
	local page=$1 name=$2 folder flags
	folder=$(dirname "${page%%#*}")/browser
	mkdir -p "$folder"
	flags=(--headless --disable-gpu --hide-scrollbars --user-data-dir="$WORK/chromium" --no-first-run
		--proxy-server=127.0.0.1:9 "--window-size=1280,2400")
	# Chromium refuses to run as root inside its sandbox
	((EUID != 0)) || flags+=(--no-sandbox)
	timeout 60 chromium "${flags[@]}" --screenshot="$folder/$name.png" "file://$page" >/dev/null 2>&1 &&
		timeout 60 chromium "${flags[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$page" \
			>"$folder/$name.dom" 2>"$folder/$name.log"
}
# no_console LOG: the page logged nothing on its console, no error, no warning, no message.
no_console() {
	! grep -m 3 ':CONSOLE' "$1"
}
# screenshot PNG: a PNG file, of a page that was drawn.
screenshot() {
	[[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] && (($(stat -c %s "$1") > 20000))
}
# bench_run NAME RATE...: the real run's raw outputs as the run NAME, its report written by redis-bench report. Its string
# app's one repetition copied into as many as RATEs are given, ab's /add rate of each set to its RATE, as
# compare's tests do (Runs.addRates): 4 a side, enough for compare to call a change.
bench_run() {
	local name=$1 i=0 rate rep
	shift
	mkdir -p "$RESULTS"
	cp -r "$FIXTURE" "$RESULTS/$name"
	for rate in "$@"; do
		i=$((i + 1))
		rep=$RESULTS/$name/raw/string/rep$i
		((i == 1)) || cp -r "$RESULTS/$name/raw/string/rep1" "$rep"
		sed -i -E "s/^Requests per second:[[:space:]]+[0-9.]+/Requests per second:    $rate/" "$rep/add.ab.txt"
	done
	java -jar "$PROGRAM" report "$RESULTS/$name" >"$WORK/$name.log" 2>&1
}
# page_checks MARKDOWN PAGE NAME [COMPARE_JSON]: the page in the browser, then every check of it; with
# COMPARE_JSON, of a comparison's page written from it.
page_checks() {
	local markdown=$1 page=$2 name=$3 written=${4:-} folder
	folder=$(dirname "$page")/browser
	check "$name: Chromium drew $(basename "$page")" browse "$page" report
	check "$name: a screenshot of it" screenshot "$folder/report.png"
	check "$name: no console message" no_console "$folder/report.log"
	if [[ -n $written ]]; then
		check_lines python3 scripts/lib/html_check.py compare "$markdown" "$folder/report.dom" "$written"
	else
		check_lines python3 scripts/lib/html_check.py report "$markdown" "$folder/report.dom"
	fi
}

started=$SECONDS
check "the report writes the real run's report" bench_run bench 430 435 440 445
check "  report.html and report.json beside report.md" \
	test -s "$RESULTS/bench/report.html" -a -s "$RESULTS/bench/report.json"
page_checks "$RESULTS/bench/report.md" "$RESULTS/bench/report.html" bench
check "the report writes it again as another run, its string app's /add slower" \
	bench_run bench-again 300 305 310 315
check "the index of both" exits_saying 0 "index.html (2 runs)" \
	java -jar "$PROGRAM" index "$RESULTS"

# compare.sh of the two: /add of the string app worse, its other figures ~, the kryo app's too few (one repetition a
# side). Its end rewrites the index, which is there.
check "compare.sh of the two writes report.html and rewrites the index" exits_saying 0 'index.html (3 runs)' \
	scripts/compare.sh --no-build -o "$RESULTS/compare-bench" "$RESULTS/bench" "$RESULTS/bench-again"
page_checks "$RESULTS/compare-bench/compare.md" "$RESULTS/compare-bench/report.html" compare \
	"$RESULTS/compare-bench/compare.json"

# The advisor at smoke size; its end rewrites the index of the folder it ran in, which has one. JMH's lock file in a
# temporary folder of the test's own, so that a JMH run elsewhere on the machine does not stop this one.
jq -c '.[][]' "$ISO_CODES/iso_3166-2.json" >"$WORK/subdivisions.jsonl"
check "the advisor at smoke size" scripts/advise.sh --file "$WORK/subdivisions.jsonl" --sample 300 \
	--encodings as-is,msgpack --compression none,zstd --layouts string-per-key,hash-bucket --quick \
	--jvm-args "-Djava.io.tmpdir=$WORK" -o "$RESULTS/advice" >"$WORK/advice.log" 2>&1
page_checks "$RESULTS/advice/advice.md" "$RESULTS/advice/report.html" advice

# index.html, rewritten by the advisor's end, compares the two bench runs as its URL asks
index_page="$RESULTS/index.html#base=bench&new=bench-again"
check "index: Chromium drew it" browse "$index_page" index
check "index: a screenshot of it" screenshot "$RESULTS/browser/index.png"
check "index: no console message" no_console "$RESULTS/browser/index.log"
check_lines python3 scripts/lib/html_check.py index "$RESULTS/browser/index.dom" "$RESULTS" \
	"scripts/compare.sh $RESULTS/bench $RESULTS/bench-again" bench bench-again compare-bench advice

# A jar built without the chart library: the report refuses in one line and writes no page.
python3 scripts/lib/html_check.py without "$PROGRAM" "$LIBRARY" "$WORK/no-library.jar"
cp -r "$FIXTURE" "$WORK/no-library"
check "without the chart library, redis-bench report exits 1 naming it" \
	exits_saying 1 '^redis-bench report: Apache ECharts.s echarts/echarts.common.min.js is missing from the jar' \
	java -jar "$WORK/no-library.jar" report "$WORK/no-library"
check "  and writes no report.html" test ! -e "$WORK/no-library/report.html"
echo "     (took $((SECONDS - started)) s)"
check_summary
