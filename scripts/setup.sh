#!/usr/bin/env bash
# Installs what the checks need when it is missing: npm packages (among them the pinned Node.js,
# the `node` package), Debian's chromium and a Java runtime (for the HTML checker, vnu-jar). Run
# it through npm (`npm test`), so that `node` is the pinned one from node_modules/.bin once the
# packages are installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing ${need_apt[*]}: install it (apt-get install ${need_apt[*]}) or run as root" >&2
    exit 1
  fi
  echo "installing ${need_apt[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
# npm puts node_modules/.bin first on PATH, so the pinned Node.js runs everything after `npm ci`.
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 24 ]; then
  echo "node $(node --version) runs the checks, but the project needs Node.js 24 or later:" >&2
  echo "run them through npm (npm test), which uses the Node.js pinned in package.json" >&2
  exit 1
fi
echo "setup complete: node $(node --version), $(chromium --version 2>/dev/null | head -1), $(java -version 2>&1 | head -1)"
