#!/usr/bin/env bash
# The whole test command: installs what the tests need (as root on a fresh Debian machine), builds
# the site, runs ruff, mypy --strict on the engine, the CPython pytest suite (engine + browser
# tests in Debian's Chromium) and, beside it, the engine's suite inside Pyodide under Node. Exits
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

step "mypy --strict (the engine)"
check mypy "$PYTHON" -m mypy --strict --no-incremental ombre_core

# The Pyodide suite runs beside the CPython one: the browser tests keep about 1.3 of 2 cores busy
# (they wait on the page much of the time), and Node's single thread takes the rest. At nice 10,
# so the browser tests keep their pace. Its report is printed when both are done.
return_code() { return "$1"; }

step "pytest inside Pyodide (Node), started beside the CPython suite"
pyodide_log=build/pyodide-tests.log
mkdir -p build
# In a process group of its own, so that an interrupted run stops it, Node included.
setsid nice -n 10 "$PYTHON" tools/pyodide_tests.py >"$pyodide_log" 2>&1 &
pyodide_pid=$!
trap 'kill -- -"$pyodide_pid" 2>/dev/null || true' EXIT

step "pytest (CPython: engine and browser tests)"
check "pytest" "$PYTHON" -m pytest -p no:cacheprovider --durations=20 tests

step "pytest inside Pyodide (Node): its report"
pyodide_rc=0
wait "$pyodide_pid" || pyodide_rc=$?
cat "$pyodide_log"
check "pytest in Pyodide" return_code "$pyodide_rc"

if ((${#failed[@]})); then
  step "FAILED: ${failed[*]}"
  exit 1
fi
step "all checks passed in $((SECONDS - started)) s"
