"""Validates loaded YAML against the JSON Schemas in grammar/, reporting each mistake at its place."""
from __future__ import annotations

import functools
import json
from pathlib import Path

from ..dsl import disk_cache
from ..errors import Diagnostic, Place, did_you_mean

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "grammar"


@functools.cache
def _schema_text(name: str) -> str:
    return (SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")


@functools.cache
def schema(name: str) -> dict:
    return json.loads(_schema_text(name))


@functools.cache
def _validator(name: str):
    import jsonschema  # only when a document is not known to pass (disk_cache): it takes a while to import
    return jsonschema.Draft202012Validator(schema(name))


def _place(data, path, default: Place) -> tuple[Place, object]:
    """The place of the node at a jsonschema path, and that node."""
    node, place = data, getattr(data, "place", default)
    for key in path:
        places = getattr(node, "places", None)
        try:
            child = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if places is not None:
            place = places[key] if isinstance(places, list) else places.get(key, place)
        node = child
    return place, node


def _key_place(data, path, key, default):
    node, _ = data, None
    for k in path:
        node = node[k]
    kp = getattr(node, "key_places", {})
    return kp.get(key, getattr(node, "place", default))


def validate(data, schema_name: str, path: str) -> list[Diagnostic]:
    key = disk_cache.document_key(_schema_text(schema_name), data)
    if disk_cache.passed(key):
        return []
    out = _mistakes(data, schema_name, path)
    if not out:
        disk_cache.remember_passed(key)
    return out


def _mistakes(data, schema_name: str, path: str) -> list[Diagnostic]:
    out = []
    root = Place(path, 1, 1)
    errors = sorted(_validator(schema_name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    for err in errors:
        # a oneOf over card-list shapes: report the deepest inner error instead
        if err.validator == "oneOf" and err.context:
            best = max(err.context, key=lambda e: len(e.absolute_path))
            err = best
        p = list(err.absolute_path)
        place, _ = _place(data, p, root)
        where = "/".join(str(x) for x in p) or "the file"
        if err.validator == "additionalProperties":
            allowed = list(err.schema.get("properties", {}))
            extra = [k for k in err.instance if k not in allowed] if isinstance(err.instance, dict) else []
            for k in extra:
                kp = _key_place(data, p, k, place)
                out.append(Diagnostic(kp, f"unknown key `{k}` in {where}", "E-SCHEMA", hint=did_you_mean(k, allowed)))
            continue
        if err.validator == "required":
            msg = f"{where}: {err.message}"
        elif err.validator == "enum":
            msg = f"{where}: {err.instance!r} is not one of {', '.join(map(str, err.validator_value))}"
        elif err.validator == "type":
            msg = f"{where}: expected {err.validator_value}, got {type(err.instance).__name__}"
        elif err.validator == "pattern":
            msg = f"{where}: {err.instance!r} is not a valid name here (lower-case letters, digits and _)"
        else:
            msg = f"{where}: {err.message}"
        out.append(Diagnostic(place, msg, "E-SCHEMA"))
    return out
