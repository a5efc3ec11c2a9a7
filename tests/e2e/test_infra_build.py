"""build.py without a browser: reproducible output and a no-op rebuild."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def load_build_module() -> Any:
    """build.py as the module ``ombre_build`` (the conftest loads it under the same name)."""
    if "ombre_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("ombre_build", ROOT / "build.py")
        assert spec and spec.loader
        sys.modules["ombre_build"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["ombre_build"]


def tree(folder: Path) -> dict[str, tuple[int, str]]:
    return {
        p.relative_to(folder).as_posix(): (
            p.stat().st_mtime_ns,
            hashlib.sha256(p.read_bytes()).hexdigest(),
        )
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_rebuild_with_nothing_changed_changes_nothing(site: dict[str, Any]) -> None:
    builder = load_build_module()
    builder.build(site["dist"])  # back to back: sources edited since the session's build count
    before = tree(site["dist"])
    builder.build(site["dist"])
    assert tree(site["dist"]) == before


def test_wheel_is_byte_for_byte_reproducible(tmp_path: Path, monkeypatch: Any) -> None:
    builder = load_build_module()
    digests = []
    for run in ("a", "b"):
        monkeypatch.setattr(builder, "CACHE", tmp_path / run)
        digests.append(hashlib.sha256(builder.build_wheel().read_bytes()).hexdigest())
    assert digests[0] == digests[1]
