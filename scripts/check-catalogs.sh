#!/usr/bin/env bash
# Fails when source code holds messages that the committed lingui catalogs lack (or the reverse):
# extracts into the working tree and compares with what was there before, then restores it.
set -euo pipefail
cd "$(dirname "$0")/.."
snapshot=$(mktemp -d)
trap 'rm -rf "$snapshot"' EXIT
mapfile -t catalogs < <(find . -name '*.po' -not -path './node_modules/*' | sort)
for file in "${catalogs[@]}"; do mkdir -p "$snapshot/$(dirname "$file")"; cp "$file" "$snapshot/$file"; done
npx lingui extract --clean >/dev/null
stale=0
for file in $(find . -name '*.po' -not -path './node_modules/*' | sort); do
  if ! cmp -s "$file" "$snapshot/$file"; then
    echo "catalog out of date: $file (run: npx lingui extract, then translate the new entries)" >&2
    diff -u "$snapshot/$file" "$file" | head -20 >&2 || true
    stale=1
  fi
done
for file in "${catalogs[@]}"; do cp "$snapshot/$file" "$file"; done
[ "$stale" -eq 0 ] && echo "lingui catalogs are complete and up to date (${#catalogs[@]} files)"
exit "$stale"
