#!/usr/bin/env bash
# The codec lab (docs/codec-lab.md): for every codec x compression, JMH's encode and decode+verify
# ns/op and bytes allocated per op, then value sizes and Redis bytes per key on a redis-server of its own,
# then results/<timestamp>/codecs.md with codecs.csv, codecs.json and charts. Run with --help.
# Every option is `redis-bench codec-lab`'s (codec-lab's CodecLabCommand), read once by its parser.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"
# shellcheck source=scripts/lib/apps.sh
source "$ROOT/scripts/lib/apps.sh"
# shellcheck source=scripts/lib/launcher.sh
source "$ROOT/scripts/lib/launcher.sh"
launch codec-lab "$@"
