"""Validates loaded YAML against the JSON Schemas in grammar/, reporting each mistake at its place.

jsonschema finds the mistakes and words them. Most documents have none, and for those `_passes` gives the
same verdict without jsonschema, whose import and generic walk were a sixth of a cold `meeple validate`:
it reads the keywords of the schemas in grammar/ exactly as JSON Schema (draft 2020-12) does, and gives
up (`_Unsure`, then jsonschema decides) on any other keyword or any value whose reading it does not know.
"""
from __future__ import annotations

import functools
import json
import re
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
    # a document's key (its JSON, hashed) costs ten times `_passes`: made only to look it up on disk
    key = disk_cache.document_key(_schema_text(schema_name), data) if disk_cache.keeps_passed() else None
    if disk_cache.passed(key):
        return []
    out = [] if _passes(data, schema_name) else _mistakes(data, schema_name, path)
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


class _Unsure(Exception):
    """A keyword or a value `_valid` does not read as JSON Schema does: jsonschema decides."""


def _passes(data, schema_name: str) -> bool:
    """True when the document has no mistake under its schema; False when it has one, or may have."""
    root = schema(schema_name)
    try:
        return _valid(root, data, root)
    except (_Unsure, RecursionError):
        return False


def _valid(sch, x, root) -> bool:
    """JSON Schema's verdict on `x` (exactly: `oneOf` counts the subschemas that pass), or _Unsure."""
    if sch is True or sch is False:
        return sch
    for key, value in sch.items():
        if key in _ANNOTATIONS:
            continue
        rule = _RULES.get(key)
        if rule is None:
            raise _Unsure(key)
        if not rule(value, x, sch, root):
            return False
    return True


_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}


def _is(name: str, x) -> bool:
    if name == "object":
        return isinstance(x, dict)
    if name == "array":
        return isinstance(x, list)
    if name == "string":
        return isinstance(x, str)
    if name == "boolean":
        return isinstance(x, bool)
    if name == "null":
        return x is None
    if name in ("integer", "number"):
        if isinstance(x, float) and name == "integer":
            raise _Unsure("a float")  # 2.0 is an integer to JSON Schema
        return isinstance(x, (int, float)) and not isinstance(x, bool)
    raise _Unsure(name)


def _type(names, x, sch, root) -> bool:
    return any(_is(n, x) for n in names) if isinstance(names, list) else _is(names, x)


def _properties(props, x, sch, root) -> bool:
    return not isinstance(x, dict) or all(_valid(s, x[k], root) for k, s in props.items() if k in x)


def _additional(extra, x, sch, root) -> bool:
    if not isinstance(x, dict):
        return True
    if "patternProperties" in sch:
        raise _Unsure("patternProperties")
    props = sch.get("properties", {})
    return all(_valid(extra, v, root) for k, v in x.items() if k not in props)


def _required(names, x, sch, root) -> bool:
    return not isinstance(x, dict) or all(k in x for k in names)


def _property_names(names, x, sch, root) -> bool:
    return not isinstance(x, dict) or all(_valid(names, k, root) for k in x)


@functools.cache
def _regex(pattern: str):
    return re.compile(pattern)


def _pattern(pattern, x, sch, root) -> bool:
    return not isinstance(x, str) or _regex(pattern).search(x) is not None


def _minimum(least, x, sch, root) -> bool:
    return not _is("number", x) or not x < least  # as jsonschema words it: NaN passes


def _maximum(most, x, sch, root) -> bool:
    return not _is("number", x) or not x > most


def _items(each, x, sch, root) -> bool:
    if "prefixItems" in sch:
        raise _Unsure("prefixItems")
    return not isinstance(x, list) or all(_valid(each, v, root) for v in x)


def _min_items(least, x, sch, root) -> bool:
    return not isinstance(x, list) or len(x) >= least


def _unique_items(unique, x, sch, root) -> bool:
    if not unique or not isinstance(x, list):
        return True
    if not all(isinstance(v, str) for v in x):
        raise _Unsure("uniqueItems of other than strings")
    return len(set(x)) == len(x)


def _enum(values, x, sch, root) -> bool:
    if not all(isinstance(v, str) for v in values):
        raise _Unsure("an enum of other than strings")
    return isinstance(x, str) and x in values


def _one_of(subs, x, sch, root) -> bool:
    return sum(_valid(s, x, root) for s in subs) == 1


def _ref(ref, x, sch, root) -> bool:
    if not ref.startswith("#/$defs/") or "/" in ref[8:] or "~" in ref:
        raise _Unsure(ref)
    return _valid(root["$defs"][ref[8:]], x, root)


_RULES = {"type": _type, "properties": _properties, "additionalProperties": _additional, "required": _required,
          "propertyNames": _property_names, "pattern": _pattern, "minimum": _minimum, "maximum": _maximum,
          "items": _items, "minItems": _min_items, "uniqueItems": _unique_items, "enum": _enum, "oneOf": _one_of,
          "$ref": _ref}
