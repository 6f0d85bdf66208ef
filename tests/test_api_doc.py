"""docs/api.md: every Python example on the page runs, in order, in one namespace, from the project's root."""
from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_api_page_examples_run(monkeypatch):
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 6
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for i, block in enumerate(blocks, 1):
        exec(compile(block, f"docs/api.md example {i}", "exec"), namespace)  # noqa: S102 - our own doc
    assert namespace["match"].over and os.path.isdir("content")
