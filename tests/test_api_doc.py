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


def test_a_match_shows_what_the_page_promises_and_nothing_else(kaiju):
    """Every public attribute of a Match (begun, and closed) is named on the page as `match.NAME`, and every
    such name is one: the engine's bookkeeping has a leading underscore."""
    from interpreter import Match
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    promised = set(re.findall(r"\bmatch\.([a-z_]+)", text))
    m = Match(kaiju, 3, seed=7)
    public = {n for n in set(vars(m)) | set(dir(Match)) if not n.startswith("_")}
    assert public == promised
    m.close()
    assert {n for n in vars(m) if not n.startswith("_")} <= promised
