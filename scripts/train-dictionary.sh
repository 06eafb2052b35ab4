#!/usr/bin/env bash
# Trains the zstd dictionary each app ships for bench.compression=zstd-dict, from persons encoded with
# that app's own codec, and writes it into the app's resources. Re-run after changing Person or a codec.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh

readonly BUILD_TIMEOUT=1800 # seconds building the apps may take
# The serializer each app stores a person with.
declare -rA CODEC_OF=(
	[string]=org.redisbench.codecs.Fastjson2PersonSerializer
	[kryo]=org.redisbench.codecs.KryoPersonSerializer
	[jackson]=org.redisbench.codecs.JacksonJsonPersonSerializer
)

usage() {
	cat <<USAGE
Usage: scripts/train-dictionary.sh

Builds the apps when stale and writes each app's <app>-app/src/main/resources/person.zdict (docs/layouts-and-memory.md,
"Compression: what a value costs"). No options.

  -h, --help   this text
USAGE
}

case ${1:-} in
'') ;;
-h | --help) usage; exit 0 ;;
*) refuse "takes no options, was '$1'" ;;
esac
require_commands 'java:a JDK 17+'

build_jars auto "$BUILD_TIMEOUT" "${TMPDIR:-/tmp}/train-dictionary-build.log" "${APPS_KNOWN[@]}"
for app in "${APPS_KNOWN[@]}"; do
	dictionary=$app-app/src/main/resources/person.zdict
	log "training $dictionary with ${CODEC_OF[$app]##*.}"
	# PropertiesLauncher runs another main class from the app's own jar, with the app's dependencies.
	java -cp "$(jar_of "$app")" -Dloader.main=org.redisbench.person.DictionaryTrainer \
		org.springframework.boot.loader.launch.PropertiesLauncher "${CODEC_OF[$app]}" "$dictionary"
done
log "rebuild the apps (./mvnw -B -DskipTests package) to ship the new dictionaries"
