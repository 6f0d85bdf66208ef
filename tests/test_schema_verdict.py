"""The schema check's quick verdict (check/schema.py `_check`) is jsonschema's, on every document of the
bundled games and of the broken corpus, and on those documents with a value changed, removed or added."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.check import schema as S
from interpreter.errors import ContentError
from interpreter.loader.yaml_source import load_file

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(p for p in [*(ROOT / "content").rglob("*.yaml"), *(ROOT / "tests" / "corpus").rglob("*.yaml")])


def _schema_of(path: Path) -> str:
    if path.name == "game.yaml":
        return "game"
    if path.parent.name == "tests":
        return "scenario"
    return "cards" if path.parent.name == "cards" else "mod"


def _documents():
    out = []
    for p in FILES:
        try:
            data = load_file(str(p))
        except ContentError:
            continue
        out.append((p, _schema_of(p), data))
    return out


DOCUMENTS = _documents()


def _jsonschema_passes(data, name: str) -> bool:
    return not any(True for _ in jsonschema.Draft202012Validator(S.schema(name)).iter_errors(data))


def _quick(data, name: str):
    """True, False, or None when the quick verdict gives up (jsonschema decides)."""
    try:
        return S._check(name)(data)
    except S._Unsure:
        return None


def test_there_are_documents_of_each_schema_that_pass_and_that_fail():
    verdicts = {(name, _jsonschema_passes(d, name)) for _, name, d in DOCUMENTS}
    assert {("game", True), ("cards", True), ("mod", True), ("scenario", True), ("game", False), ("cards", False)} <= verdicts


@pytest.mark.parametrize("name,data", [(n, d) for _, n, d in DOCUMENTS],
                         ids=[str(p.relative_to(ROOT)) for p, _, _ in DOCUMENTS])
def test_the_quick_verdict_is_jsonschemas(name, data):
    quick = _quick(data, name)
    assert quick is None or quick == _jsonschema_passes(data, name)


VALUES = [None, True, False, 0, -1, 1, 2000, 1.5, 2.0, float("nan"), "", "x", "Bad Name", "a_b", "int", "list[x]",
          "public", [], ["a", "a"], ["a", "b"], [1, 1], {}, {"x": 1}, {"Bad": "x"}, {"value": "v"}]


def _paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*here, i))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(DOCUMENTS) - 1), st.integers(0, 10**6), st.sampled_from(["set", "drop", "add"]),
       st.sampled_from(VALUES), st.sampled_from(["id", "kind", "x", "Bad", "cards", "value", "type", "values"]))
def test_the_quick_verdict_is_jsonschemas_on_changed_documents(which, where, how, value, key):
    _, name, data = DOCUMENTS[which]
    data = copy.deepcopy(json.loads(json.dumps(data)))
    paths = list(_paths(data))
    path = paths[where % len(paths)]
    node = data
    for k in path[:-1]:
        node = node[k]
    if not path:
        data = copy.deepcopy(value)
    elif how == "set":
        node[path[-1]] = copy.deepcopy(value)
    elif how == "drop":
        del node[path[-1]]
    else:
        target = node[path[-1]]
        if isinstance(target, dict):
            target[key] = copy.deepcopy(value)
        elif isinstance(target, list):
            target.append(copy.deepcopy(value))
    quick = _quick(data, name)
    assert quick is None or quick == _jsonschema_passes(data, name)
