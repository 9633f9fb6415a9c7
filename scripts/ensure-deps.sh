#!/usr/bin/env bash
# Runs before `npm start`, `npm test` and `npm run chainlytics` (npm pre-scripts) so that each is
# the one command a newcomer types on a fresh machine: it installs the npm packages when they are
# missing or older than the lock file, builds dist/ (`npm run build`: the compiled code
# bin/chainlytics.js runs, and the dashboard's files) when it is missing or older than its
# sources, and, for the tests, installs the real servers they run (nginx) from Debian.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "chainlytics: installing npm packages..." >&2
  # Not `npm ci`: see .ci/run (the lock lists linux-x64's native packages only).
  npm install --no-save --no-audit --no-fund >&2
fi

# The inputs are BUILD_INPUTS of scripts/build.ts (a file or folder in them newer than the stamp
# of the last complete build; test/build/build.test.ts keeps the two lists equal).
build_inputs=(src web scripts tsconfig.json tsconfig.build.json package.json package-lock.json)
if [ ! -f dist/.build-stamp ] || [ ! -f dist/cli/main.js ] || [ ! -f dist/web/index.html ] \
  || [ -n "$(find "${build_inputs[@]}" -newer dist/.build-stamp -print -quit)" ]; then
  echo "chainlytics: building dist/ (npm run build)..." >&2
  npm run --silent build >&2
fi

if [ "${1:-}" = "--test" ]; then
  # The real programs the tests run: nginx serves the exported documents, Chromium loads the
  # dashboard (test/dashboard), python3 launches the ClickHouse nodes of the ClickHouse store
  # tests (support/clickhouse/launch-node.py), systemd-analyze checks deploy/systemd's units.
  need=()
  if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then need+=(nginx-light); fi
  if ! command -v chromium >/dev/null 2>&1; then need+=(chromium); fi
  if [ ! -x /usr/bin/python3 ] && [ ! -x /usr/local/bin/python3 ]; then need+=(python3); fi
  if ! command -v systemd-analyze >/dev/null 2>&1; then need+=(systemd); fi
  if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "chainlytics: installing ${need[*]} (the tests run them)..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
    else
      echo "chainlytics: the tests need ${need[*]}; install them (Debian: apt-get install ${need[*]}) and run again." >&2
      exit 1
    fi
  fi
fi
