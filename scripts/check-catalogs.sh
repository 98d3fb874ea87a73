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
# The back office has catalogs of its own (English and German only).
npx lingui extract --clean --config back-office/lingui.config.ts >/dev/null
stale=0
for file in $(find . -name '*.po' -not -path './node_modules/*' | sort); do
  if ! cmp -s "$file" "$snapshot/$file"; then
    echo "catalog out of date: $file (run: npx lingui extract, then translate the new entries)" >&2
    diff -u "$snapshot/$file" "$file" | head -20 >&2 || true
    stale=1
  fi
done
for file in "${catalogs[@]}"; do cp "$snapshot/$file" "$file"; done
# Every message translated: an entry of a translated catalog (not the English source) whose
# msgstr is empty would show its message id in the built pages.
untranslated() {
  awk '
    function check() { if (id != "" && str == "" && part == "str") missing++; id = ""; str = ""; part = "" }
    /^msgid / { check(); part = "id"; sub(/^msgid /, ""); id = $0; gsub(/^"|"$/, "", id); next }
    /^msgstr / { part = "str"; sub(/^msgstr /, ""); str = $0; gsub(/^"|"$/, "", str); next }
    /^"/ { line = $0; gsub(/^"|"$/, "", line); if (part == "id") id = id line; else if (part == "str") str = str line; next }
    /^$/ { check() }
    END { check(); print missing + 0 }
  ' "$1"
}
for file in "${catalogs[@]}"; do
  case "$file" in */en.po) continue ;; esac
  count=$(untranslated "$file")
  if [ "$count" -ne 0 ]; then
    echo "catalog has $count untranslated messages: $file" >&2
    stale=1
  fi
done
[ "$stale" -eq 0 ] && echo "lingui catalogs are complete, translated and up to date (${#catalogs[@]} files)"
exit "$stale"
