"""Every test module has a name of its own: pytest imports them by basename (rootdir-relative
``tests/`` and ``tests/e2e/`` share one namespace), so two ``test_x.py`` stop the whole run at
collection with "import file mismatch"."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "node_modules" not in p.parts)
    assert [n for n, k in names.items() if k > 1] == []
