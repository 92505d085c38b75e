#!/usr/bin/env bash
# meson's build step: `swift build` of the flick product, copied to meson's output.
#   swift-build.sh SWIFT PACKAGE_ROOT CONFIGURATION SCRATCH OUTPUT
# The Swift runtime is linked in (--static-swift-stdlib), so the installed
# binary runs without the toolchain; SCRATCH keeps this build apart from
# the developer builds in .build/.
set -euo pipefail
swift=$1 root=$2 configuration=$3 scratch=$4 output=$5
args=(--package-path "$root" --scratch-path "$scratch" -c "$configuration" --static-swift-stdlib)
"$swift" build "${args[@]}" --product flick 2>&1 | { grep -v "warning: prohibited flag" || true; } >&2
bin=$("$swift" build "${args[@]}" --show-bin-path)
cp "$bin/flick" "$output"
