"""Safe YAML loading that keeps the line and column of every node, with limits for hostile files.

Mappings become YMap (a dict with .place and .places[key]), sequences YList (a list with .place and
.places[i]), strings YStr (a str with .origin, mapping positions inside the string to the file).
"""
from __future__ import annotations

import contextlib
import contextvars
import os
import re
import sys

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .. import watch
from ..errors import ContentError, Diagnostic, Origin, Place

MAX_FILE_BYTES = int(os.environ.get("MEEPLE_MAX_FILE_BYTES", 2_000_000))
MAX_NODES = 200_000  # after aliases are expanded: a "billion laughs" file stops here
MAX_DEPTH = 64

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: the same nodes, faster

_new_place = tuple.__new__  # Place(path, line, col) less the frame of NamedTuple's __new__: one for every node

_SCALAR_TAGS = {"tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool",
                "tag:yaml.org,2002:null", "tag:yaml.org,2002:float"}


class YMap(dict):
    place: Place
    places: dict
    key_places: dict


class YList(list):
    place: Place
    places: list


class YStr(str):
    """A string read from YAML; `origin` maps positions inside it to its file. Made when first asked (most
    strings, names and ids, never are): until then the string keeps its node and the file's builder."""
    _made: tuple

    @property
    def origin(self) -> Origin:
        o = self.__dict__.get("_origin")
        if o is None:
            builder, node = self._made
            o = self._origin = builder.origin(node)
        return o

    @property
    def place(self) -> Place:
        return self.origin.place

    @property
    def plain(self) -> bool:
        """Written without quotes: `none`, not `"none"`."""
        return not self._made[1].style  # libyaml says "" where the pure-Python loader says None


def place_of(value, default: Place) -> Place:
    return getattr(value, "place", None) or default


def _err(path, mark, message, code="E-YAML"):
    return ContentError([Diagnostic(_mark_place(path, mark), message, code)])


class _Builder:
    def __init__(self, path: str, text: str):
        self.path = path
        self.lines = text.splitlines()
        self.count = 0
        self.constructor = yaml.SafeLoader("")  # only for scalar construction

    def place(self, node) -> Place:
        mark = node.start_mark
        return _new_place(Place, (self.path, mark.line + 1, mark.column + 1))

    def build(self, node, depth=0):
        self.count += 1
        if self.count > MAX_NODES:
            raise _err(self.path, node.start_mark, f"more than {MAX_NODES} nodes (an alias bomb?)", "E-YAML-SIZE")
        if depth > MAX_DEPTH:
            raise _err(self.path, node.start_mark, f"nested deeper than {MAX_DEPTH} levels", "E-YAML-DEPTH")
        if isinstance(node, ScalarNode):  # most nodes
            return self.scalar(node)
        place = self.place
        if isinstance(node, MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                raise _err(self.path, node.start_mark, f"YAML tag {node.tag!r} is not allowed", "E-YAML-TAG")
            out = YMap()
            out.place, out.places, out.key_places = place(node), {}, {}
            places, key_places = out.places, out.key_places
            for knode, vnode in node.value:
                if not isinstance(knode, ScalarNode):
                    raise _err(self.path, knode.start_mark, "a key must be a plain string", "E-YAML-KEY")
                if knode.tag == "tag:yaml.org,2002:str":
                    key = sys.intern(knode.value)  # a plain str: a key needs no place of its own (key_places has it)
                else:
                    if knode.tag == "tag:yaml.org,2002:merge":
                        raise _err(self.path, knode.start_mark, "merge keys (<<) are not supported", "E-YAML-KEY")
                    key = self.scalar(knode)
                    if isinstance(key, bool) and knode.value.lower() not in ("true", "false"):
                        key = knode.value  # YAML 1.1 reads `on:` and `yes:` as booleans; as keys they are names
                    if not isinstance(key, str):
                        raise _err(self.path, knode.start_mark, f"a key must be a string, not {key!r}", "E-YAML-KEY")
                if key in out:
                    raise _err(self.path, knode.start_mark, f"duplicate key `{key}`", "E-YAML-DUPLICATE")
                out[key] = self.build(vnode, depth + 1)
                places[key] = place(vnode)
                key_places[key] = place(knode)
            return out
        if isinstance(node, SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                raise _err(self.path, node.start_mark, f"YAML tag {node.tag!r} is not allowed", "E-YAML-TAG")
            out = YList()
            out.place, out.places = place(node), []
            places = out.places
            for item in node.value:
                out.append(self.build(item, depth + 1))
                places.append(place(item))
            return out
        return self.scalar(node)

    def scalar(self, node: ScalarNode):
        if node.tag not in _SCALAR_TAGS:
            raise _err(self.path, node.start_mark, f"YAML tag {node.tag!r} is not allowed", "E-YAML-TAG")
        if node.tag == "tag:yaml.org,2002:str":
            s = YStr(node.value)
            s._made = (self, node)
            return s
        value = self.constructor.construct_object(node)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**9:
            raise _err(self.path, node.start_mark, "number out of bounds (at most 10^9)", "E-YAML-NUMBER")
        return value

    def origin(self, node: ScalarNode) -> Origin:
        line0, col0 = node.start_mark.line, node.start_mark.column
        place = Place(self.path, line0 + 1, col0 + 1)
        if node.style in ("|", ">"):
            starts = []
            indent = None
            for i in range(line0 + 1, node.end_mark.line + 1):
                text = self.lines[i] if i < len(self.lines) else ""
                if indent is None and text.strip():
                    indent = len(text) - len(text.lstrip(" "))
                starts.append((i + 1, (indent or 0) + 1))
            return Origin(place, starts or [(line0 + 2, 1)])
        shift = 1 if node.style in ("'", '"') else 0
        starts = [(line0 + 1, col0 + 1 + shift)]
        for i in range(line0 + 1, node.end_mark.line + 1):  # folded continuation lines: best effort
            text = self.lines[i] if i < len(self.lines) else ""
            starts.append((i + 1, len(text) - len(text.lstrip(" ")) + 1))
        return Origin(place, starts)


def load_text(text: str, path: str):
    """YAML text -> position-carrying data. Raises ContentError with a place."""
    if len(text) > MAX_FILE_BYTES:
        raise ContentError([Diagnostic(Place(path), f"file larger than {MAX_FILE_BYTES} bytes", "E-YAML-SIZE")])
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as e:
        raise ContentError([_syntax(e, text, path)]) from None
    except yaml.YAMLError as e:
        raise ContentError([Diagnostic(Place(path, 1, 1), f"YAML error: {e}", "E-YAML-SYNTAX")]) from None
    except RecursionError:
        raise ContentError([Diagnostic(Place(path, 1, 1), "nested too deeply", "E-YAML-DEPTH")]) from None
    if node is None:
        raise ContentError([Diagnostic(Place(path, 1, 1), "the file is empty", "E-EMPTY",
                                       hint="a game or mod file is a mapping of keys, a card file a list of cards")])
    try:
        data = _Builder(path, text).build(node)
    except RecursionError:
        raise ContentError([Diagnostic(Place(path, 1, 1), "nested too deeply", "E-YAML-DEPTH")]) from None
    if data is None:  # `null` or `~` alone: nothing, as an empty file is
        raise ContentError([Diagnostic(_mark_place(path, node.start_mark), "the file holds nothing (`null`)",
                                       "E-EMPTY", hint="a game or mod file is a mapping of keys, a card file a "
                                       "list of cards")])
    return data


def _syntax(e: yaml.MarkedYAMLError, text: str, path: str) -> Diagnostic:
    """A YAML syntax error, placed where the mistake is and said in plain words."""
    mark = e.problem_mark or e.context_mark
    msg = e.problem or e.context or "YAML syntax error"
    lines = text.split("\n")
    if "nesting depth" in f"{e.problem} {e.context}":  # libyaml's own limit (newer versions)
        return Diagnostic(_mark_place(path, mark), "nested too deeply", "E-YAML-DEPTH")
    if mark is not None and mark.line < len(lines) and lines[mark.line][mark.column:mark.column + 1] == "\t":
        return Diagnostic(_mark_place(path, mark), "a tab character: YAML indents with spaces only", "E-YAML-SYNTAX",
                          hint="replace the tab by spaces")
    quote = _unclosed_quote(text, mark.line if mark is not None else len(lines))
    if quote is not None:
        return Diagnostic(Place(path, quote[0] + 1, quote[1] + 1), "YAML syntax: a quote opened here is never closed",
                          "E-YAML-SYNTAX", hint="close the text with the same quote on its line")
    if e.context_mark is not None and mark is not None and mark.line >= text.count("\n"):
        # the file ends inside something left open: point where it was opened
        return Diagnostic(_mark_place(path, e.context_mark), f"YAML syntax: {e.context}, never closed ({msg})",
                          "E-YAML-SYNTAX")
    if "\t" in msg or "tab" in msg.lower():
        msg = "a tab character: YAML indents with spaces only"
    line = lines[mark.line] if mark is not None and mark.line < len(lines) else ""
    if msg.startswith("mapping values are not allowed"):
        above = next((x for x in reversed(lines[:mark.line]) if x.strip() and not x.lstrip().startswith("#")), "")
        indent, key_indent = len(line) - len(line.lstrip(" ")), len(above) - len(above.lstrip(" -"))
        if re.match(r"\s*(- )?[\w-]+: *[^\s|>]", above) and indent > key_indent:
            return Diagnostic(Place(path, mark.line + 1, indent + 1), "YAML syntax: this line is indented deeper "
                              "than the key above it", "E-YAML-SYNTAX", hint="keys of one mapping start in one column")
        return Diagnostic(_mark_place(path, mark), "YAML syntax: a `: ` inside a value", "E-YAML-SYNTAX",
                          hint="write the value in double quotes, or as a block (`key: |` and the text on the "
                               "lines below)")
    if msg.startswith("did not find expected ',' or '}'") and line[mark.column:mark.column + 1] == "[":
        return Diagnostic(_mark_place(path, mark), "YAML syntax: a `[` inside `{...}` starts a list", "E-YAML-SYNTAX",
                          hint='write a type such as list[int] in quotes: "list[int]"')
    return Diagnostic(_mark_place(path, mark), f"YAML syntax: {msg}", "E-YAML-SYNTAX")


def _mark_place(path: str, mark) -> Place:
    return Place(path, mark.line + 1, mark.column + 1) if mark is not None else Place(path, 1, 1)


def _unclosed_quote(text: str, until: int):
    """(line, column), 0-based, of a quoted scalar that starts before line `until` and runs past its own line:
    YAML allows it, content never means it; it is where a forgotten closing quote begins."""
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):  # the pure-Python scanner: it keeps the style
            if token.start_mark.line > until:
                break
            if isinstance(token, yaml.ScalarToken) and token.style in ("'", '"') \
                    and token.end_mark.line > token.start_mark.line:
                return token.start_mark.line, token.start_mark.column
    except yaml.YAMLError:
        pass
    return None


_FILES: dict = {}  # (path, shown, mtime, size) -> data: a file read again unchanged is not parsed again
_OVERLAY: contextvars.ContextVar[dict | None] = contextvars.ContextVar("overlay", default=None)


@contextlib.contextmanager
def overlay(texts: dict[str, str]):
    """Within it, `load_file` reads the files named here (by absolute path) from their given text instead of the
    disk: an editor's unsaved documents."""
    token = _OVERLAY.set(texts)
    try:
        yield
    finally:
        _OVERLAY.reset(token)


def load_file(path: str, shown_as: str | None = None):
    watch.read_file(path)
    shown = shown_as or path
    text = (_OVERLAY.get() or {}).get(os.path.abspath(path))
    if text is not None:  # an unsaved document: (path, shown, text) is its key
        key = (os.path.abspath(path), shown, text)
    else:
        try:
            st = os.stat(path)
            key = (os.path.abspath(path), shown, st.st_mtime_ns, st.st_size)
        except OSError:
            key = None
    if key is not None and key in _FILES:
        return _FILES[key]
    data = _load_file(path, shown) if text is None else _load_text(text, shown)
    if os.path.basename(path) in MAPPING_FILES:
        mapping(data, shown)
    if key is not None:
        if len(_FILES) > 256:
            _FILES.clear()
        _FILES[key] = data
    return data


MAPPING_FILES = ("game.yaml", "mod.yaml")  # files whose top level is a mapping of keys, wherever read


def mapping(data, shown: str):
    """`data` when it is a mapping of keys (a game's, a mod's or an included file's top level); else a content
    error at its start."""
    if not isinstance(data, dict):
        what = "a list" if isinstance(data, list) else "a single value"
        raise ContentError([Diagnostic(getattr(data, "place", None) or Place(shown, 1, 1),
                                       f"the file holds {what}, not a mapping of keys", "E-SCHEMA",
                                       hint="a game or mod file is a mapping of keys (`mod: NAME`, `extends: GAME`, "
                                       "...); a card file is a list of cards")])
    return data


def _load_file(path: str, shown: str):
    try:
        size = os.path.getsize(path)
    except OSError:
        raise ContentError([Diagnostic(Place(shown), "file not found", "E-MISSING-FILE")]) from None
    if size > MAX_FILE_BYTES:
        raise ContentError([Diagnostic(Place(shown), f"file larger than {MAX_FILE_BYTES} bytes", "E-YAML-SIZE")])
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise ContentError([Diagnostic(Place(shown, line, col), "not valid UTF-8 text", "E-YAML-ENCODING")]) from None
    return _load_text(text, shown)


def _load_text(text: str, shown: str):
    if "\x00" in text:
        raise ContentError([Diagnostic(Place(shown, 1, 1), "binary file (NUL byte)", "E-YAML-ENCODING")])
    return load_text(text, shown)


def place_in(mapping, key, default: Place) -> Place:
    """Where the value of `key` (an index, in a list) stands in a loaded mapping; `default` when the mapping
    keeps no places (it was not read from a file)."""
    places = getattr(mapping, "places", None)
    if places is None:
        return default
    return places[key] if isinstance(places, list) else places.get(key, default)


def start_value(v):
    """A var's start value as plain Python, where the word `none` written without quotes is the language's none
    (as YAML's `null` is), at any depth: `vars: {leader: none}` is a var that holds no player yet."""
    if isinstance(v, YStr) and v == "none" and v.plain:
        return None
    if isinstance(v, list):
        return [start_value(x) for x in v]
    if isinstance(v, dict):
        return {sys.intern(str(k)): start_value(x) for k, x in v.items()}
    return plain_value(v)


def plain_value(v):
    """YAML-carrying values -> plain Python (str subclasses stay comparable, but lists and dicts are copied).
    Strings are interned, as the names in the compiled code are: a field read (`c.f['suit']`) then finds its
    key, and a comparison (`== 'construction'`) its answer, by identity, with no comparison of characters."""
    if isinstance(v, str):
        return sys.intern(str(v))
    if isinstance(v, list):
        return [plain_value(x) for x in v]
    if isinstance(v, dict):
        return {sys.intern(str(k)): plain_value(x) for k, x in v.items()}
    return v
