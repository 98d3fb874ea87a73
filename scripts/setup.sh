#!/usr/bin/env bash
# Installs what the checks need when it is missing: npm packages and Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
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
echo "setup complete: node $(node --version), $(chromium --version 2>/dev/null | head -1)"
