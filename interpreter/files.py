"""Where meeple's own files lie: the grammar with the JSON Schemas, and the bundled games. In a source
checkout (or an editable install) they are the folders beside the package; an installed wheel carries them
inside it (pyproject.toml maps `grammar/` and `content/` into the package)."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    inside = _PACKAGE / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


GRAMMAR_DIR = _data_dir("grammar")
CONTENT_DIR = _data_dir("content")
