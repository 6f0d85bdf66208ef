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

from ..errors import Diagnostic, Place, did_you_mean
from ..files import GRAMMAR_DIR


@functools.cache
def schema(name: str) -> dict:
    return json.loads((GRAMMAR_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


@functools.cache
def _validator(name: str):
    import jsonschema  # only for a document that _passes does not pass: it takes a while to import
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
    return [] if _passes(data, schema_name) else _mistakes(data, schema_name, path)


def _mistakes(data, schema_name: str, path: str) -> list[Diagnostic]:
    out = []
    root = Place(path, 1, 1)
    errors = sorted(_validator(schema_name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    for err in errors:
        # a oneOf over card-list shapes (and over a card or cards made from a product): report the deepest inner
        # error instead, not one of a shape that forbids a key outright (`product: false` on a card)
        while err.validator == "oneOf" and err.context:
            inner = [e for e in err.context if e.validator is not None] or err.context
            err = max(inner, key=lambda e: len(e.absolute_path))
        p = list(err.absolute_path)
        place, _ = _place(data, p, root)
        where = _words(data, p, schema_name)
        if err.validator == "additionalProperties":
            allowed = list(err.schema.get("properties", {}))
            extra = [k for k in err.instance if k not in allowed] if isinstance(err.instance, dict) else []
            for k in extra:
                kp = _key_place(data, p, k, place)
                out.append(Diagnostic(kp, f"unknown key `{k}` in {where}", "E-SCHEMA", hint=did_you_mean(k, allowed)))
            continue
        if err.validator == "required":
            missing = next((k for k in err.validator_value if k not in err.instance), "?")
            whose = "a card" if schema_name == "cards" and p and isinstance(p[-1], int) else where
            msg = f"{whose} needs a `{missing}`"
        elif err.validator == "enum":
            msg = f"{where} must be one of {', '.join(map(str, err.validator_value))}, got {err.instance!r}"
        elif err.validator == "type":
            want = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
            msg = f"{where} must be {' or '.join(_SCHEMA_TYPES.get(w, w) for w in want)}, got {_kind_of(err.instance)}"
        elif err.validator == "pattern" and err.validator_value.startswith("^[0-9]"):
            msg = f"{where}: {err.instance!r} is not a version (numbers joined by dots: \"1.2.0\")"
        elif err.validator == "pattern":
            msg = f"{where}: {err.instance!r} is not a valid name here (lower-case letters, digits and _)"
        elif err.validator in ("minimum", "maximum"):
            side = "or more" if err.validator == "minimum" else "or less"
            msg = f"{where} must be {err.validator_value} {side}, got {err.instance}"
        elif err.validator == "minItems":
            msg = f"{where} must list at least {err.validator_value}, got {len(err.instance)}"
        elif err.validator == "uniqueItems":
            twice = next((v for i, v in enumerate(err.instance) if v in err.instance[:i]), "?")
            msg = f"{where} lists {twice!r} twice"
        else:
            msg = f"{where}: {err.message}"
        out.append(Diagnostic(place, msg, "E-SCHEMA"))
    return out


# a section's entries, named in the words of the docs: `zones: {pool: ...}` is "zone `pool`"
_ENTRIES = {"zones": "zone", "counters": "counter", "vars": "var", "kinds": "kind", "options": "option",
            "procedures": "procedure", "functions": "function", "values": "value", "events": "event",
            "enums": "enum", "constants": "constant", "fields": "field", "effects": "effect hook",
            "expressions": "expression hook", "hooks": "hook"}
_ITEMS = {"scenarios": "scenario", "values": "value", "round": "phase", "includes": "include", "cards": "card", "steps": "step", "modifiers": "modifier",
          "scoreboard": "scoreboard entry"}


def _words(data, path: list, schema_name: str) -> str:
    """The node at a schema path, in the author's terms: `card 2 (Tax Audit): copies`, `zone `pool`: visibility`,
    `players: max`, for `1/copies`, `zones/pool/visibility`, `players/max`."""
    if not path:
        return "the file"
    node, said, keys = data, [], []
    if isinstance(path[0], int):  # a file that is a list: of cards, or of scenarios
        path = ["cards" if schema_name == "cards" else "scenarios", *path]
        node = {path[0]: data}
    i = 0
    while i < len(path):
        k = path[i]
        child = _child(node, k)
        nxt = path[i + 1] if i + 1 < len(path) else None
        if isinstance(k, str) and k in _ENTRIES and isinstance(nxt, str) and isinstance(child, dict):
            said.append(f"{_ENTRIES[k]} `{nxt}`")
            node, i = _child(child, nxt), i + 2
            keys = []
            continue
        if isinstance(nxt, int) and isinstance(child, list):
            item = _child(child, nxt)
            named = _name_of(item)
            said.append(f"{_ITEMS.get(k, f'`{k}` item')} {nxt + 1}" + (f" ({named})" if named else ""))
            node, i = item, i + 2
            keys = []
            continue
        keys.append(str(k))
        node, i = child, i + 1
    field = ".".join(keys)
    if said and field:
        return f"{', '.join(said)}: {field}"
    return ", ".join(said) or field


def _child(node, key):
    try:
        return node[key]
    except (KeyError, IndexError, TypeError):
        return None


def _name_of(item) -> str:
    """What an author calls a list's item: its name, else its id or phase, when it gives one as a text."""
    if isinstance(item, dict):
        for k in ("name", "id", "phase", "file", "label"):
            if isinstance(item.get(k), str):
                return item[k]
    return ""


_SCHEMA_TYPES = {"integer": "a whole number", "number": "a number", "string": "a string", "boolean": "true or false",
                 "object": "a mapping (`key: value` lines)", "array": "a list", "null": "nothing"}


def _kind_of(v) -> str:
    """What a YAML value is, in the words of the docs (never a Python type's name)."""
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "true or false"
    if isinstance(v, int):
        return "a whole number"
    if isinstance(v, float):
        return "a decimal number"
    if isinstance(v, str):
        return f"a string ({v!s:.30})"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return "something else"


class _Unsure(Exception):
    """A keyword or a value the quick check does not read as JSON Schema does: jsonschema decides."""


def _passes(data, schema_name: str) -> bool:
    """True when the document has no mistake under its schema; False when it has one, or may have."""
    try:
        return _check(schema_name)(data)
    except (_Unsure, RecursionError):
        return False


@functools.cache
def _check(schema_name: str):
    """The schema made a function of a document, once: JSON Schema's verdict, exactly (`oneOf` counts the
    subschemas that pass), or _Unsure."""
    root = schema(schema_name)
    try:
        return _compiled(root, root, {})
    except _Unsure:
        return _unsure  # a keyword the check does not know: jsonschema decides every document


def _unsure(x):
    raise _Unsure("a schema the quick check does not read")


def _compiled(sch, root, defs: dict):
    if sch is True or sch is False:
        return (lambda x: True) if sch else (lambda x: False)
    if sch is not root and ("$id" in sch or "$schema" in sch):
        raise _Unsure("a nested $id")  # it would change what a $ref below it refers to
    checks = []
    for key, value in sch.items():
        if key in _ANNOTATIONS:
            continue
        make = _MAKE.get(key)
        if make is None:
            raise _Unsure(key)
        checks.append(make(value, sch, root, defs))
    if len(checks) == 1:
        return checks[0]

    def check(x):
        for c in checks:
            if not c(x):
                return False
        return True
    return check


_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _is_integer(x) -> bool:
    if isinstance(x, float):
        raise _Unsure("a float")  # 2.0 is an integer to JSON Schema
    return isinstance(x, int) and not isinstance(x, bool)


_TYPES = {"object": lambda x: isinstance(x, dict), "array": lambda x: isinstance(x, list),
          "string": lambda x: isinstance(x, str), "boolean": lambda x: isinstance(x, bool),
          "null": lambda x: x is None, "integer": _is_integer, "number": _is_number}


def _type(names, sch, root, defs):
    tests = [_TYPES.get(n, _unsure) for n in (names if isinstance(names, list) else [names])]
    if len(tests) == 1:
        return tests[0]
    return lambda x: any(t(x) for t in tests)


def _properties(props, sch, root, defs):
    checks = {k: _compiled(s, root, defs) for k, s in props.items()}

    def check(x):
        if isinstance(x, dict):
            for k, v in x.items():
                c = checks.get(k)
                if c is not None and not c(v):
                    return False
        return True
    return check


def _additional(extra, sch, root, defs):
    if "patternProperties" in sch:
        raise _Unsure("patternProperties")
    known, c = set(sch.get("properties", {})), _compiled(extra, root, defs)

    def check(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k not in known and not c(v):
                    return False
        return True
    return check


def _required(names, sch, root, defs):
    return lambda x: not isinstance(x, dict) or all(k in x for k in names)


def _property_names(names, sch, root, defs):
    c = _compiled(names, root, defs)
    return lambda x: not isinstance(x, dict) or all(c(k) for k in x)


def _pattern(pattern, sch, root, defs):
    search = re.compile(pattern).search
    return lambda x: not isinstance(x, str) or search(x) is not None


def _minimum(least, sch, root, defs):
    return lambda x: not _is_number(x) or not x < least  # as jsonschema words it: NaN passes


def _maximum(most, sch, root, defs):
    return lambda x: not _is_number(x) or not x > most


def _items(each, sch, root, defs):
    if "prefixItems" in sch:
        raise _Unsure("prefixItems")
    c = _compiled(each, root, defs)

    def check(x):
        if isinstance(x, list):
            for v in x:
                if not c(v):
                    return False
        return True
    return check


def _min_items(least, sch, root, defs):
    return lambda x: not isinstance(x, list) or len(x) >= least


def _unique_items(unique, sch, root, defs):
    def check(x):
        if not unique or not isinstance(x, list):
            return True
        if not all(isinstance(v, str) for v in x):
            raise _Unsure("uniqueItems of other than strings")
        return len(set(x)) == len(x)
    return check


def _enum(values, sch, root, defs):
    if not all(isinstance(v, str) for v in values):
        raise _Unsure("an enum of other than strings")
    names = frozenset(values)
    return lambda x: isinstance(x, str) and x in names


def _one_of(subs, sch, root, defs):
    checks = [_compiled(s, root, defs) for s in subs]

    def check(x):
        passed = 0
        for c in checks:
            if c(x):
                passed += 1
                if passed > 1:
                    return False
        return passed == 1
    return check


def _ref(ref, sch, root, defs):
    name = ref[8:]
    if not ref.startswith("#/$defs/") or "/" in name or "~" in name or "%" in name \
            or name not in root.get("$defs", {}):
        raise _Unsure(ref)
    if name not in defs:
        defs[name] = None  # compiled below; a $ref inside it finds it when called
        defs[name] = _compiled(root["$defs"][name], root, defs)
    return lambda x: defs[name](x)


_MAKE = {"type": _type, "properties": _properties, "additionalProperties": _additional, "required": _required,
         "propertyNames": _property_names, "pattern": _pattern, "minimum": _minimum, "maximum": _maximum,
         "items": _items, "minItems": _min_items, "uniqueItems": _unique_items, "enum": _enum, "oneOf": _one_of,
         "$ref": _ref}
