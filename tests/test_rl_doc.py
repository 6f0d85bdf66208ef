"""docs/rl.md: every Python example on the page runs, in order, in one namespace, from the project's root."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parents[1]


def test_the_rl_page_examples_run(monkeypatch):
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for i, block in enumerate(blocks, 1):
        exec(compile(block, f"docs/rl.md example {i}", "exec"), namespace)  # noqa: S102 - our own doc
    assert namespace["state"].current_player() == 1
