#!/usr/bin/env bash
# Every check of the project. Installs what it needs on a fresh machine first.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "setup"
bash scripts/setup.sh

step "format"
npx prettier --check . --log-level warn

step "lint"
npx oxlint --deny-warnings

step "nothing unused: files, exports, dependencies (knip)"
npx knip

step "translation catalogs"
bash scripts/check-catalogs.sh

step "typecheck"
npm run typecheck --silent

step "build (the shop's page tests run against its build)"
npm run build --silent

step "unit and integration tests (trade API on SQLite and on a throwaway PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run

step "search benchmark (budget: p95 <= 3 ms, top-3 >= 98 % on 50,000 devices)"
npm run bench:search --silent

step "widget browser tests (the built, minified element in Chromium)"
npm run test:browser --silent -w @tradein/widget

step "widget size budget (initial JS+CSS <= 35 kB as sent: the precompressed .gz copies)"
npm run size --silent -w @tradein/widget

step "widget benchmark (Chromium, 4x CPU throttling: bytes on the wire, load -> search box, keystroke -> results)"
npm run bench:widget --silent

step "shop pages in Lighthouse (mobile profile on the main thread's CPU time, calibrated CPU slowdown; budget: performance >= 95, LCP <= 1.5 s, CLS <= 0.02, TBT <= 100 ms, home JS <= 110 kB gzip)"
npm run bench:lighthouse --silent

step "start check (the built server on every edition host, on SQLite and on PostgreSQL)"
node scripts/check-start.mjs
bash scripts/with-postgres.sh node scripts/check-start.mjs
node scripts/check-api-node.mjs

step "faults, short form (PostgreSQL, 2 API and 2 shop nodes behind nginx under load: an API node killed, PostgreSQL restarted and frozen, a node joining, a photo across nodes)"
npm run test:faults --silent -- --short
