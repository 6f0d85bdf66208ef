"""Counters and tracks: bounds, circular tracks that fire an event on each wrap, thresholds that fire once."""
from __future__ import annotations

import inspect

from ..errors import RuntimeContentError
from .events import emit
from .ops import MAX_INT, number


class Clamps:
    """The counters given a value past a bound they do not say they stop at (`clamp: true`), while `validate
    --smoke` watches: `seen` a list of (place, counter, value asked, bound kept), else None. A plain attribute,
    not a context variable: a match runs its content in greenlets of its own, which do not share a context."""
    seen: list | None = None


def clamped(M, name: str, asked: int, bound: int) -> None:
    """Notes a counter kept at its bound, at the content place of the compiled line that set it."""
    seen = Clamps.seen
    if seen is None:
        return
    frame = inspect.currentframe()
    while frame is not None and frame.f_code.co_filename != "<meeple>":
        frame = frame.f_back
    place = M.game.line_map.get(frame.f_lineno) if frame is not None else None
    seen.append((place, name, asked, bound))


def change(M, owner, spec, store: dict, op: str, value):
    """Apply `=`, `+=` or `-=` to a counter, then fire the events it caused."""
    if type(value) is not int or isinstance(value, bool):
        raise RuntimeContentError(f"counter `{spec.name}` takes a number")
    old = store[spec.name]
    new = value if op == "=" else old + value if op == "+=" else old - value
    wraps = back = 0
    if spec.wrap:
        if op != "=":
            wraps, new = divmod(new, spec.wrap)
            if wraps < 0:
                back, wraps = -wraps, 0
        else:
            new %= spec.wrap
    else:
        if spec.min is not None and new < spec.min:
            if not spec.clamp:
                clamped(M, spec.name, new, spec.min)
            new = spec.min
        if spec.max is not None and new > spec.max:
            if not spec.clamp:
                clamped(M, spec.name, new, spec.max)
            new = spec.max
        if not -MAX_INT <= new <= MAX_INT:
            number(new)  # says it is out of bounds
    store[spec.name] = new
    if spec.thresholds and new > old:
        fired = M._fired.setdefault((owner.index if owner is not None else -1, spec.name), set())
        for t in spec.thresholds:
            if old < t <= new and t not in fired:
                fired.add(t)
                emit(M, spec.on_threshold, {"player": owner, "value": t})
    for _ in range(wraps):
        if spec.on_wrap:
            emit(M, spec.on_wrap, {"player": owner})
    for _ in range(back):
        if spec.on_wrap_back:
            emit(M, spec.on_wrap_back, {"player": owner})
