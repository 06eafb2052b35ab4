#!/usr/bin/env bash
# Where a script writes one run's results, for scripts to source.

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

# results_index RUN JAR: rewrites index.html of the folder RUN is in, the list of its runs with their headline
# figures and report.html (report-html's org.redisbench.html.Main, in JAR, the jar of any report writer): always for
# results/ under the repository, named from its root as scripts/compare.sh takes it; elsewhere only where an
# index.html already is, so that no folder of the user's gets one unasked. Logs what it wrote; a failure is a warning
# only, for the run's own report stands.
results_index() {
	local run=$1 jar=$2 root folder output status=0
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	folder=$(cd "$(dirname "$run")" && pwd) || return 0
	if [[ $folder == "$root/results" ]]; then
		output=$(cd "$root" && java -cp "$jar" org.redisbench.html.Main index results 2>&1) || status=$?
	elif [[ -f $folder/index.html ]]; then
		output=$(java -cp "$jar" org.redisbench.html.Main index "$folder" 2>&1) || status=$?
	else
		return 0
	fi
	if ((status == 0)); then
		log "$output"
	else
		log "warning: index.html of $folder not rewritten (exit $status): $output"
	fi
}
