"""The decision protocol: one question at a time, with a finite list of legal options."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuntimeContentError
from .ops import text
from .state import Piece, Player

DONE = "(done)"
NOTHING = "(nothing)"


@dataclass(slots=True)
class Option:
    label: str
    value: object


@dataclass(slots=True)
class Decision:
    """Who decides, what is asked, and the legal options."""
    player: Player
    prompt: str
    options: list

    def labels(self) -> list[str]:
        return [o.label for o in self.options]


def label_of(v) -> str:
    if type(v) is Piece:
        return v.card.name
    if type(v) is Player:
        return v.name
    return text(v)


def _options(values, label=None) -> list:
    """The options for values, each shown by `label(value)` when given (a `label` clause), else as itself."""
    return [Option(label(v) if label is not None else label_of(v), v) for v in values]


def ask_one(M, player, prompt, values, optional=False, label=None):
    """Generator: one value of `values` (none when empty), chosen by `player`."""
    opts = _options(values, label)
    if optional:
        opts.append(Option(NOTHING, None))
    if not opts:
        return None
    if len(opts) == 1:
        return opts[0].value
    if player is None:
        raise RuntimeContentError("a choice with nobody to decide it (set `by`)")
    k = yield Decision(player, prompt, opts)
    return opts[k].value


def choose(M, kind, count, values, player, prompt, label=None):
    """Generator behind `choose`: a compound choice made as a sequence of single picks."""
    if kind == "one":
        return (yield from ask_one(M, player, prompt, values, label=label))
    if kind == "optional":
        return (yield from ask_one(M, player, prompt, values, optional=True, label=label))
    pool = list(values)
    picked = []
    if kind == "exactly":
        n = count
        while len(picked) < n and pool:
            v = yield from ask_one(M, player, f"{prompt} ({len(picked) + 1} of {n})", pool, label=label)
            pool.remove(v)
            picked.append(v)
        return picked
    limit = len(pool) if kind == "any" else count
    while len(picked) < limit and pool:
        opts = _options(pool, label) + [Option(DONE, DONE)]
        k = yield Decision(player, f"{prompt} ({len(picked)} chosen)", opts)
        v = opts[k].value
        if v == DONE and k == len(opts) - 1:
            break
        pool.remove(v)
        picked.append(v)
    return picked


def ask_menu(M, player, prompt, offered):
    """Generator behind `ask`: offered is [(key, label)]; returns the key picked."""
    if not offered:
        raise RuntimeContentError("`ask` with no option available")
    if len(offered) == 1:
        return offered[0][0]
    opts = [Option(label, key) for key, label in offered]
    k = yield Decision(player, prompt, opts)
    return opts[k].value
