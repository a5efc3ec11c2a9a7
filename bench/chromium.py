"""What the benchmarks that run in Debian's Chromium share: build.py as a module, the browser's
path and flags, and the built site served on a free port with test-only folders mounted."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def load_builder() -> Any:
    """build.py as the module ``ombre_build`` (plain ``build`` is PyPI's build package)."""
    if "ombre_build" in sys.modules:
        return sys.modules["ombre_build"]
    spec = importlib.util.spec_from_file_location("ombre_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["ombre_build"] = module
    spec.loader.exec_module(module)
    return module


@contextmanager
def served_site(build: bool, mounts: dict[str, Path]) -> Iterator[str]:
    """``dist/`` (built first from this tree if ``build``) served with ``mounts``; yields the
    site's base URL (no trailing slash)."""
    builder = load_builder()
    if build:
        builder.build(builder.DIST)
    server = builder.serve(builder.DIST, port=0, mounts=mounts)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
