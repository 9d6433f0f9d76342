#!/usr/bin/env bash
# Runs every test of the locator: lint, type check, unit (with core coverage), API (SQLite and
# PostgreSQL), end to end (Debian Chromium). Installs the Debian packages npm cannot (chromium,
# and Java for the W3C Nu checker of the store pages' test) when they are missing. README line 2
# and .ci/run call it.
# A missing prerequisite is a failure with a message, never a silent skip.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS="$ROOT/test-results/summary"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
die() { printf '\nERROR: %s\n' "$*" >&2; exit 2; }

# --- prerequisites ---------------------------------------------------------------------------
say "prerequisites"
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || die "Node.js >= 20.19 is required (found $(node -v))."
[ -d node_modules ] || die "node_modules is missing: run 'npm install' first (README line 2 does)."

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# The W3C Nu Html Checker (npm vnu-jar) runs on Java.
command -v java >/dev/null || missing+=(default-jre-headless)
pg_major=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
[ -n "$pg_major" ] || die "PostgreSQL server is not installed (expected at 127.0.0.1:5432)."
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || die "apt-get update failed; cannot install ${missing[*]}."
    apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-noto-core fonts-noto-cjk >/dev/null \
      || die "apt-get install ${missing[*]} failed."
  else
    die "missing Debian packages: ${missing[*]} (install them as root: apt-get install ${missing[*]})."
  fi
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432; trying to start it"
  pg_ctlcluster --skip-systemctl-redirect "$pg_major" main start >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
  pg_isready -q -h 127.0.0.1 -p 5432 || die "PostgreSQL is not running on 127.0.0.1:5432."
fi
# The API tests of shared rate limits use Redis at 127.0.0.1:6379 (TEST_REDIS_URL for another).
redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }
if [ -z "${TEST_REDIS_URL:-}" ] && ! redis_up; then
  echo "Redis is not answering on 127.0.0.1:6379; trying to start it"
  if ! command -v redis-server >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
      || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null; } \
      || die "apt-get install redis-server failed."
  fi
  command -v redis-server >/dev/null || die "Redis is not installed (expected at 127.0.0.1:6379)."
  redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' >/dev/null
  for _ in $(seq 1 20); do redis_up && break; sleep 0.25; done
  redis_up || die "Redis is not running on 127.0.0.1:6379."
fi
echo "node $(node -v), $("${CHROMIUM_PATH:-/usr/bin/chromium}" --version 2>/dev/null), PostgreSQL $pg_major, $(java -version 2>&1 | head -1)"

# --- stages -----------------------------------------------------------------------------------
failed=()
stage() {
  local name=$1; shift
  say "$name"
  if "$@"; then echo "stage $name: ok"; else echo "stage $name: FAILED"; failed+=("$name"); fi
}

# Stages that keep one core busy each run side by side (the machine has two or more cores); their
# output is shown whole, one stage after the other, once both have ended.
side_by_side() {
  local names=() pids=() i status
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$RESULTS/$1.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then status=ok; else status=FAILED; failed+=("${names[$i]}"); fi
    say "${names[$i]}"
    cat "$RESULTS/${names[$i]}.log"
    echo "stage ${names[$i]}: $status"
  done
}

stage build npm run build --silent
side_by_side lint 'npm run lint --silent && npm run lint:openapi --silent' typecheck 'npm run typecheck --silent'
stage unit npx vitest run --project unit --coverage \
  --reporter=default --reporter=json --outputFile.json="$RESULTS/unit.json"
stage api npx vitest run --project api \
  --reporter=default --reporter=json --outputFile.json="$RESULTS/api.json"
PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e.json" \
  stage e2e npx playwright test -c e2e/playwright.config.ts --reporter=list,json

# --- summary ----------------------------------------------------------------------------------
say "summary"
node scripts/test-summary.mjs "$RESULTS" "${failed[*]:-}"
