#!/usr/bin/env bash
# Trains the zstd dictionary each app ships for bench.compression=zstd-dict, from persons encoded with
# that app's own codec, and writes it into the app's resources. Re-run after changing Person or a codec.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
	echo "usage: scripts/train-dictionary.sh   (no options; builds the apps, writes */src/main/resources/person.zdict)"
	exit 0
fi

./mvnw -B -q -DskipTests package
for app in string-app:org.redisbench.codecs.Fastjson2PersonSerializer kryo-app:org.redisbench.codecs.KryoPersonSerializer \
	jackson-app:org.redisbench.codecs.JacksonJsonPersonSerializer; do
	module=${app%%:*}
	codec=${app#*:}
	# PropertiesLauncher runs another main class from the app's own jar, with the app's dependencies.
	java -cp "$module/target/$module.jar" -Dloader.main=org.redisbench.codec.DictionaryTrainer \
		org.springframework.boot.loader.launch.PropertiesLauncher "$codec" "$module/src/main/resources/person.zdict"
done
echo "rebuild (./mvnw -B -DskipTests package) to ship the new dictionaries"
