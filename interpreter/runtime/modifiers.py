"""Modifiers on named values: a value's base expression, then every modifier that applies to it.

A value is declared in a game's `values:` (a name, parameters, a base expression) and read like a
function: `price(c, me)`. Modifiers come from cards lying in active zones (their `modifiers:`
list, each with `add`, `times` and an optional `when`), and from the `modify` verb, which adds one
for a while (`until` an event) and for some parameters only (`player=me`). The result is
base x every `times`, plus every `add`, then bounded by the value's `min` and `max`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuntimeContentError
from .ops import MAX_INT, describe

MAX_MODIFIERS = 10_000  # modifiers from `modify` in force at once


@dataclass(slots=True)
class Modifier:
    value: str
    add: int
    times: int
    match: dict  # value parameter -> the object it must be
    until: str | None


def make_value(name: str, params: list, base, lo, hi):
    """The function content calls for a value: base expression plus modifiers."""
    def value(M, me, this, *args):
        result = base(M, me, this, *args)
        if type(result) is not int:  # what the checker could not know (its expression's type)
            raise RuntimeContentError(f"value `{name}` is a number, not {describe(result)}")
        adds, times = 0, 1
        for piece in M._modifying.get(name, ()):  # the cards that modify it count while in an active zone
            zone = piece.zone
            if zone is None or not zone.spec.active:
                continue
            owner = zone.owner
            for add, mul, when in piece.card.modifiers[name]:
                if when is not None and not when(M, owner, piece, *args):
                    continue
                if add is not None:
                    adds += add(M, owner, piece, *args)
                if mul is not None:
                    times *= mul(M, owner, piece, *args)
        for m in M._modifiers:
            if m.value == name and all(args[params.index(k)] is v for k, v in m.match.items()):
                adds += m.add
                times *= m.times
                if not -MAX_INT <= times <= MAX_INT:
                    raise RuntimeContentError(f"value `{name}`: its modifiers multiply it out of bounds")
        result = result * times + adds
        if not -MAX_INT <= result <= MAX_INT:
            raise RuntimeContentError(f"value `{name}` out of bounds")
        if lo is not None and result < lo:
            result = lo
        if hi is not None and result > hi:
            result = hi
        return result
    return value


def add_modifier(M, value: str, add: int, times: int, until, match: dict) -> None:
    spec = M.game.values.get(value)
    if spec is None:
        raise RuntimeContentError(f"no value `{value}` to modify")
    for k in match:
        if k not in spec:
            raise RuntimeContentError(f"value `{value}` has no parameter `{k}`")
    if len(M._modifiers) >= MAX_MODIFIERS:
        raise RuntimeContentError(f"more than {MAX_MODIFIERS} modifiers at once (a modify in an endless loop?)")
    M._modifiers.append(Modifier(value, add, times, match, until))


def expire(M, event: str) -> None:
    M._modifiers = [m for m in M._modifiers if m.until != event]
