#!/usr/bin/env bash
# The whole test command: installs what the tests need (as root on a fresh Debian machine), builds
# the site, runs ruff, mypy --strict on the engine, the browser tests (pytest in Debian's Chromium)
# and, beside them, the engine's suite inside Pyodide under Node, then in CPython. Exits
# non-zero on any failure, including a pytest run that collected no test (exit 5). .ci/run runs
# exactly this.
#
#   bash tools/test.sh            # everything
#   SKIP_INSTALL=1 bash tools/test.sh   # skip apt/pip/npm installs (they are no-ops when done)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
started=$SECONDS
step() { printf '\n=== %s (%ss)\n' "$1" "$((SECONDS - started))"; }

if [[ "${SKIP_INSTALL:-0}" != 1 ]]; then
  step "system packages"
  if [[ ! -x /usr/bin/chromium ]]; then
    if [[ $(id -u) != 0 ]]; then
      echo "Debian's chromium is needed for the browser tests: apt-get install chromium (as root)" >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium fonts-liberation fonts-dejavu-core >/dev/null
  fi
  command -v node >/dev/null && command -v npm >/dev/null || {
    echo "node and npm are needed (the Pyodide runtime comes from the npm registry)" >&2
    exit 1
  }
  step "Python test tools (pinned, hash-checked)"
  "$PYTHON" -m pip install --quiet --disable-pip-version-check --require-hashes \
    -r requirements-test.txt 2>&1 | grep -v "is ignored: it is neither" || true
  "$PYTHON" -m pip check >/dev/null 2>&1 || true
fi
# npm ci: build.py runs it when node_modules is missing or older than package-lock.json.

step "build the site"
"$PYTHON" build.py

failed=()
check() {  # run a step, remember a failure, go on (so one run reports every problem)
  local name=$1 rc=0
  shift
  "$@" || rc=$?
  if [[ $rc == 5 ]]; then
    echo "$name: pytest collected no test: that is a failure" >&2
  fi
  if [[ $rc != 0 ]]; then
    failed+=("$name (exit $rc)")
  fi
}

step "ruff"
check ruff "$PYTHON" -m ruff check --output-format=concise .
check "ruff format" "$PYTHON" -m ruff format --check --output-format=concise .

step "mypy --strict (the engine)"
check mypy "$PYTHON" -m mypy --strict --no-incremental ombre_core

# The browser tests run in the foreground; beside them, in one background job at nice 10, the
# engine's suite inside Pyodide under Node and then the engine's CPython suite. The browser tests
# keep about 1.3 of 2 cores busy (they wait on the page much of the time), the background job the
# rest; at nice 10 the browser tests keep their pace. Before, the engine's CPython tests ran after
# the browser tests in one process, and the second core idled for their last 18 minutes (a run of
# 1,875 s on a machine half as fast as usual, 3 December 2026). Each report is printed at the end.
return_code() { return "$1"; }

step "pytest inside Pyodide (Node), then the engine's CPython tests, beside the browser tests"
mkdir -p build
pyodide_log=build/pyodide-tests.log
engine_log=build/engine-tests.log
rm -f build/pyodide-tests.rc build/engine-tests.rc
# In a process group of its own, so that an interrupted run stops it, Node included.
setsid nice -n 10 bash -c '
  "$0" tools/pyodide_tests.py >"$1" 2>&1; echo $? >build/pyodide-tests.rc
  "$0" -m pytest -p no:cacheprovider --durations=10 tests --ignore=tests/e2e >"$2" 2>&1
  echo $? >build/engine-tests.rc
' "$PYTHON" "$pyodide_log" "$engine_log" &
background_pid=$!
trap 'kill -- -"$background_pid" 2>/dev/null || true' EXIT

step "pytest (CPython: browser tests)"
check "pytest (browser)" "$PYTHON" -m pytest -p no:cacheprovider --durations=20 tests/e2e

step "pytest inside Pyodide (Node) and the engine's CPython tests: their reports"
wait "$background_pid" || true
cat "$pyodide_log"
check "pytest in Pyodide" return_code "$(cat build/pyodide-tests.rc 2>/dev/null || echo 1)"
printf '\n'
cat "$engine_log"
check "pytest (engine)" return_code "$(cat build/engine-tests.rc 2>/dev/null || echo 1)"

if ((${#failed[@]})); then
  step "FAILED: ${failed[*]}"
  exit 1
fi
step "all checks passed in $((SECONDS - started)) s"
