#!/usr/bin/env bash
# Where a script writes one run's results, for scripts to source. The tools in Java make theirs with report-html's
# ResultsFolder, which rewrites the index of the runs beside it too; this stays for bench.sh, which makes its folder
# in bash, until that moves to Java.

# results_dir [DIR]: creates DIR/raw (default DIR: results/<timestamp> under the repository) and prints
# DIR's absolute path; fails, saying so, when DIR already holds a run.
results_dir() {
	local dir=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/results/$(date +%Y%m%d-%H%M%S)}
	if [[ -e $dir/raw ]]; then
		echo "$dir already holds a run; name another output folder" >&2
		return 1
	fi
	mkdir -p "$dir/raw" && (cd "$dir" && pwd)
}
