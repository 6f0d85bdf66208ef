"""A game's `version:` and a mod's `requires:` (docs/modding.md): versions are numbers joined by dots ("1.2.0",
"2"), compared number by number, a missing number read as 0 (1.2 == 1.2.0); a range is comparisons joined by
commas (">=1.0, <2"), each of ==, !=, <, <=, >, >=, every one of which must hold."""
from __future__ import annotations

import operator
import re

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<=": operator.le, ">=": operator.ge, "<": operator.lt,
            ">": operator.gt}
_PART = re.compile(r"^\s*(==|!=|<=|>=|<|>)?\s*([0-9]+(?:\.[0-9]+)*)\s*$")


def version(text: str) -> tuple[int, ...]:
    """A version as numbers, trailing zeros dropped so that 1.2 and 1.2.0 are one version."""
    parts = [int(x) for x in str(text).split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def version_range(text: str) -> list[tuple[str, tuple[int, ...]]] | None:
    """[(comparison, version)] of a range, or None when it is not one (a bare version means ==)."""
    out = []
    for part in str(text).split(","):
        m = _PART.match(part)
        if m is None:
            return None
        out.append((m.group(1) or "==", version(m.group(2))))
    return out


def within(given: str, wanted: list) -> bool:
    """Whether a version is in a range (version_range)."""
    v = version(given)
    return all(_COMPARE[op](v, bound) for op, bound in wanted)
