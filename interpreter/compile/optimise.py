"""The optimisations code generation may make, each one switchable and each decided by the types the checker
gave (check.resolve, check.types) alone: with every one off, the generated code reads and writes everything
through the runtime's general functions (runtime.ops) and plays the same matches, only slower.

    MEEPLE_OPTIMISE=none meeple simulate ...            # every optimisation off
    MEEPLE_OPTIMISE=none,+hoist meeple simulate ...     # only `hoist`
    MEEPLE_OPTIMISE=-specialise meeple simulate ...     # every one but `specialise`

A test plays every bundled game with them all off and all on and compares the matches
(tests/test_optimise.py).
"""
from __future__ import annotations

import os

from ..errors import UsageError

PASSES = {
    "typed-reads": "a field of what is a card or a player for sure is read where it lies, with no test of its "
                   "type (`c.cost` as the card's own field); a zone's or a list's items with no copy or test",
    "in-place-writes": "a counter that fires nothing, or a step that passes no threshold, and a card's field or "
                       "a player's var are written by plain arithmetic, bounds inlined, with no call",
    "inline-verbs": "a verb whose arguments are known to be what its `inline` forms want is written out as "
                    "they say (`count(me.hand)` as `len(...)`, `move(c, zone)` as list operations)",
    "any": "`count(xs where c) > 0` and the like stop at the first item found and build no list",
    "hoist": "a `where` or a sum a statement evaluates first becomes a loop written before the statement, its "
             "items counted against the step budget once, there",
    "specialise": "a procedure or function whose every call gives a parameter a player (a card, a zone...) is "
                  "compiled again, that parameter typed",
}


def enabled(setting: str | None = None) -> frozenset:
    """The optimisations on: all of them, unless `setting` (else MEEPLE_OPTIMISE) says otherwise: `none` or
    `all` first, then `+name` or `-name` (or a bare `name`, on) for each one to change."""
    if setting is None:
        setting = os.environ.get("MEEPLE_OPTIMISE", "")
    on = set(PASSES)
    for word in filter(None, (w.strip() for w in setting.split(","))):
        if word in ("none", "off"):
            on.clear()
        elif word == "all":
            on = set(PASSES)
        elif word.startswith("-"):
            on.discard(word[1:])
        else:
            name = word.lstrip("+")
            if name not in PASSES:
                raise UsageError(f"MEEPLE_OPTIMISE: no optimisation `{name}`; they are: {', '.join(PASSES)}")
            on.add(name)
    return frozenset(on)
