"""Browser tests: fixtures shared by every ``tests/e2e`` test (infrastructure and UI).

The site is built once per session with ``build.py`` into ``build/test-dist/`` (set
``OMBRE_SKIP_BUILD=1`` to test the ``dist/`` that is there instead) and served on a free
127.0.0.1 port by build.py's own server, in a thread. Chromium is Debian's ``/usr/bin/chromium``
driven by pytest-playwright; no test may reach any other host (see ``offline_log``).

Fixtures
--------
``site`` (session)
    ``{"dist": Path, "info": build-info.json as a dict}`` of the built site.
``base_url`` (session)
    ``"http://127.0.0.1:<port>"``, no trailing slash. Also serves ``tests/e2e/pages/`` under
    ``/__tests__/`` (test-only pages, never shipped).
``csp_server`` (session)
    ``{"url": "http://127.0.0.1:<port>", "reports": [...]}``: a second server for the same site that
    also sends the Content-Security-Policy as an HTTP header, as a host would: each HTML page its
    own policy (build-info.json's ``csp``), every other response the game page's (so the engine
    worker and the service worker, which take their policy from their own script's response, run
    under it too), each with ``report-uri /__csp-report__``. The reports the browser POSTs there
    (from pages and workers alike) are appended to ``reports`` as parsed JSON.
``offline_log`` (function; **autouse** for every test that uses a browser)
    Routes ``**/*`` in *every* browser context the test opens (pytest-playwright's ``context`` and
    ``page`` and any ``browser.new_context()``): requests to the local server go on, every other
    request is aborted and recorded. ``{"local": [urls], "blocked": [urls]}``. The test fails in
    teardown if anything was blocked, unless it is marked ``@pytest.mark.allow_blocked``. Note that
    routing disables Chromium's HTTP cache (the service worker's Cache Storage still works).
``console_errors`` (function)
    A list that fills with ``"console.error: ..."`` / ``"pageerror: ..."`` strings from ``page``
    (the page and its workers). Assert ``console_errors == []`` at the end of a test.
``game_page`` (function)
    ``page`` opened at the game (``/``) once the UI reports the engine ready, i.e.
    ``document.body.dataset.engine == "ready"`` (the UI sets ``"failed"`` on failure, which fails
    the fixture with the page's text). Comes with ``console_errors`` attached.
``engine_page`` (function)
    ``page`` opened at ``/__tests__/engine.html``: a bare page that starts the engine through
    ``engine-client.js`` and exposes ``window.engine`` (the client object), ``window.progress``
    (progress messages) and ``window.readyInfo``; ``document.body.dataset.engine`` becomes
    ``"ready"``/``"failed"``. Use ``engine_call(page, fn, arg)`` to call the bridge from Python.

Every shipped page carries a strict Content-Security-Policy (no 'unsafe-eval'): give
``page.wait_for_function`` a function (``"() => document.body.dataset.state === 'over'"``), not a
bare expression, which Playwright evaluates with eval() in the page, and the page refuses.

Waiting: wait on page state (``page.wait_for_function``, ``expect``), never on sleeps; the generous
timeouts below only bound a hung run (a cold engine start takes 1 to 3 s here).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = Path(__file__).resolve().parent / "pages"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-default-apps",
    "--disable-extensions",
]
# WebAssembly with V8's baseline compiler (Liftoff) only. In every fresh context V8 recompiles
# Pyodide's hot functions with its optimising tier in background threads: traced here, 3.4 s of
# CPU a start (the interpreter's huge eval loop), which a test's short page never earns back. A
# start and a deal took 10.2 CPU-seconds with this flag against 12.3 without (3 December 2026, 2
# cores). It changes the speed of the wasm, not what it does; players' browsers keep both tiers,
# and bench/ measures with both. OMBRE_E2E_WASM_TIERS=all runs the tests with both too.
if os.environ.get("OMBRE_E2E_WASM_TIERS") != "all":
    CHROMIUM_ARGS.append("--js-flags=--liftoff-only")
ENGINE_TIMEOUT_MS = 120_000
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


def load_build_module() -> Any:
    """build.py as a module (named ombre_build: plain ``build`` is PyPI's build package)."""
    name = "ombre_build"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "allow_blocked: the test expects requests to other hosts to be blocked"
    )


@pytest.fixture(scope="session")
def site() -> dict[str, Any]:
    builder = load_build_module()
    if os.environ.get("OMBRE_SKIP_BUILD") == "1":
        dist = builder.DIST
    else:
        # A folder of its own, so a developer's `build.py serve` on dist/ cannot change it mid-run.
        dist = ROOT / "build" / "test-dist"
        builder.build(dist)
    info_path = dist / "build-info.json"
    assert info_path.is_file(), f"{dist} is not built: run python build.py"
    return {"dist": dist, "info": json.loads(info_path.read_text())}


@pytest.fixture(scope="session")
def base_url(site: dict[str, Any]) -> Iterator[str]:
    builder = load_build_module()
    server = builder.serve(site["dist"], port=0, mounts={"/__tests__/": PAGES})
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


CSP_REPORT_PATH = "/__csp-report__"


@pytest.fixture(scope="session")
def csp_server(site: dict[str, Any]) -> Iterator[dict[str, Any]]:
    builder = load_build_module()
    policies: dict[str, str] = site["info"]["csp"]
    reports: list[Any] = []

    class Handler(builder.SiteHandler):
        def end_headers(self) -> None:
            path = self.path.split("?", 1)[0].lstrip("/") or "index.html"
            policy = policies.get(path, policies["index.html"])
            self.send_header("Content-Security-Policy", f"{policy}; report-uri {CSP_REPORT_PATH}")
            super().end_headers()

        def do_POST(self) -> None:
            if self.path != CSP_REPORT_PATH:
                self.send_error(405)
                return
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                reports.append(json.loads(body))
            except ValueError:
                reports.append(body.decode(errors="replace"))
            self.send_response(204)
            self.end_headers()

    server = builder.QuietServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(site["dist"]))
    )
    threading.Thread(target=server.serve_forever, name="ombre-csp-site", daemon=True).start()
    yield {"url": f"http://127.0.0.1:{server.server_address[1]}", "reports": reports}
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def guard_context(context: Any, log: dict[str, list[str]]) -> None:
    """Let requests to the local server through; abort and record all others."""

    def handle(route: Any) -> None:
        url = route.request.url
        parsed = urlparse(url)
        local = parsed.scheme in ("data", "blob", "file") or parsed.hostname in LOCAL_HOSTS
        log["local" if local else "blocked"].append(url)
        if local:
            route.continue_()
        else:
            route.abort("blockedbyclient")

    context.route("**/*", handle)


@pytest.fixture(autouse=True)
def offline_log(request: pytest.FixtureRequest) -> Iterator[dict[str, list[str]]]:
    log: dict[str, list[str]] = {"local": [], "blocked": []}
    if "browser" not in request.fixturenames:
        yield log
        return
    browser = request.getfixturevalue("browser")
    original = browser.new_context

    def new_context(*args: Any, **kwargs: Any) -> Any:
        context = original(*args, **kwargs)
        guard_context(context, log)
        return context

    browser.new_context = new_context
    try:
        yield log
    finally:
        browser.new_context = original
    if request.node.get_closest_marker("allow_blocked") is None:
        assert log["blocked"] == [], f"requests to other hosts were made: {log['blocked']}"


def collect_console_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on(
        "console",
        lambda msg: (
            errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None
        ),
    )
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    return errors


@pytest.fixture
def console_errors(page: Any) -> list[str]:
    return collect_console_errors(page)


def wait_engine(page: Any, what: str) -> None:
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.body && document.body.dataset.engine)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    state = page.evaluate("document.body.dataset.engine")
    if state != "ready":
        text = page.evaluate("document.body.innerText")[:2000]
        pytest.fail(f"{what}: the engine failed to start; the page says: {text}")


@pytest.fixture
def game_page(page: Any, base_url: str, console_errors: list[str]) -> Any:
    page.goto(base_url + "/")
    wait_engine(page, "game page")
    return page


@pytest.fixture
def engine_page(page: Any, base_url: str, console_errors: list[str]) -> Any:
    page.goto(base_url + "/__tests__/engine.html")
    wait_engine(page, "engine test page")
    return page


def engine_call(page: Any, fn: str, arg: Any = None) -> Any:
    """Call a bridge function through ``window.engine`` (engine-client.js); the parsed reply."""
    return page.evaluate("([fn, arg]) => window.engine.call(fn, arg ?? undefined)", [fn, arg])


@pytest.fixture
def call_engine() -> Callable[..., Any]:
    """``engine_call`` as a fixture, for tests that prefer not to import from conftest."""
    return engine_call
