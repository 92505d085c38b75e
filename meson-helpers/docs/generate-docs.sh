#!/usr/bin/env bash
# meson's docs step: the man page and completions, from the built binary.
#   generate-docs.sh FLICK OUTDIR METAINFO
# The page is dated by the newest <release> of the metainfo (not the clock),
# so two builds of one tree write the same files.
set -euo pipefail
flick=$(realpath "$1") outdir=$2 metainfo=$3
here=$(dirname "$0")
version=$("$flick" --version)
date=$(sed -n 's/.*<release version="[^"]*" date="\([^"]*\)".*/\1/p' "$metainfo" | head -n 1)
"$flick" --experimental-dump-help | python3 "$here/manpage.py" "$version" "$date" > "$outdir/flick.1"
# Sourced by bash-completion, never run: no #! line (Debian policy).
"$flick" --generate-completion-script bash | sed "1{/^#!/d}" > "$outdir/flick"
"$flick" --generate-completion-script zsh > "$outdir/_flick"
"$flick" --generate-completion-script fish > "$outdir/flick.fish"
