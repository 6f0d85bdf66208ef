"""Request bodies: read up to a size, and parsed as JSON only when nested no deeper than `MAX_DEPTH`."""
from __future__ import annotations

import json
import re

from .errors import WebError

MAX_DEPTH = 16
_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = re.compile(rb"[\[\]{}]")


def depth(raw: bytes) -> int:
    """How deep the JSON text's arrays and objects nest (brackets inside strings do not count)."""
    deepest = level = 0
    for m in _BRACKETS.finditer(_STRINGS.sub(b'""', raw)):
        if m.group() in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def parse_json(raw: bytes):
    if depth(raw) > MAX_DEPTH:
        raise WebError(400, f"the JSON is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:  # JSONDecodeError, too many digits...
        raise WebError(400, f"the body is not JSON: {e}"[:300]) from None


async def read_body(request, limit: int) -> bytes:
    """The body of a Starlette request (413 past `limit` bytes, 400 when empty)."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise WebError(413, f"the body is larger than {limit} bytes")
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit:
            raise WebError(413, f"the body is larger than {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raise WebError(400, "the body is empty: a JSON object is expected")
    return raw


async def read_json(request, limit: int):
    """The body of a Starlette request, parsed (413 past `limit` bytes, 400 when not JSON or too deep). For
    small bodies: a large one is parsed off the event loop (work.py)."""
    return parse_json(await read_body(request, limit))
