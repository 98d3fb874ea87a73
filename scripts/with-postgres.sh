#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   bash scripts/with-postgres.sh npx vitest run --project trade-api
# Creates a cluster in a temporary folder on a free loopback port, exports TEST_DATABASE_URL
# (never DATABASE_URL, so nothing else switches database by accident), runs the command, and
# always stops and removes the cluster.
# Installs Debian's postgresql when missing (needs root, as the project's setup does).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command…>" >&2
  exit 2
fi

find_bin_dir() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

bin_dir="$(find_bin_dir || true)"
if [ -z "$bin_dir" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is missing: install it (apt-get install postgresql) or run as root" >&2
    exit 1
  fi
  echo "installing postgresql from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bin_dir="$(find_bin_dir)"
fi

# initdb and pg_ctl refuse to run as root: run them as the postgres user when we are root.
if [ "$(id -u)" -eq 0 ]; then
  as_owner=(runuser -u postgres --)
  owner=postgres
else
  as_owner=()
  owner="$(id -un)"
fi

cluster_dir="$(mktemp -d /tmp/tradein-pg.XXXXXX)"
chmod 700 "$cluster_dir"
[ "$owner" = postgres ] && chown postgres: "$cluster_dir"
data_dir="$cluster_dir/data"
started=0

cleanup() {
  if [ "$started" -eq 1 ]; then
    "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$data_dir" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$cluster_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A free port: ask the kernel for one, then let PostgreSQL take it.
port="$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
password="$(node -e "console.log(require('node:crypto').randomBytes(18).toString('hex'))")"
password_file="$cluster_dir/password"
# The password file must be readable by the cluster owner (no /dev/fd: runuser cannot read it).
printf '%s\n' "$password" >"$password_file"
[ "$owner" = postgres ] && chown postgres: "$password_file"
chmod 600 "$password_file"

"${as_owner[@]}" "$bin_dir/initdb" -D "$data_dir" -U tradein --pwfile="$password_file" \
  --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$cluster_dir/initdb.log" 2>&1 || {
  cat "$cluster_dir/initdb.log" >&2
  exit 1
}
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$data_dir" -l "$cluster_dir/server.log" -w \
  -o "-p $port -k $cluster_dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
  start >/dev/null || {
  cat "$cluster_dir/server.log" >&2
  exit 1
}
started=1

export TEST_DATABASE_URL="postgres://tradein:$password@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
