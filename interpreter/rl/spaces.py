"""A game's action space and observation encoding, numbered from its content and computed from views alone.

Actions: one per card of the game (by card id, in the order of its card files), one per seat, one per text the
content offers as an answer (an `ask` entry, a text of a list of texts), then `SLOTS` places for any other
option (a label the content builds as it plays, a number, a list): the option at place i of its decision.
Options of one decision that fall on one action (two copies of a card) are one choice: the first is taken.

Observations: a flat vector of numbers read from `match.view(seat)` only (docs/rl.md lists its parts), so
nothing a seat may not see can reach it.
"""
from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

import numpy as np

from ..errors import UsageError
from ..runtime.state import Piece, Player

SLOTS = 64  # places for options that are neither a card, a seat nor a text of the content
# the words of the decision's prompt and of each place's label, hashed into so many numbers (`words`)
PROMPT_WIDTH, LABEL_WIDTH = 32, 8
_WORD = re.compile(r"\w+")
# an `ask` entry (`"Build" {` or `"Build" when ...`) and a text in a list of texts (`["fold", "call"]`)
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_ENTRY_END = re.compile(r'\s*(?:\{|when\b)')
_LIST = re.compile(r'\[\s*"[^"\n]*"(?:\s*,\s*"[^"\n]*")*\s*\]')
_TEXT = re.compile(r'"([^"{}\n\\]*)"')


def content_texts(folder) -> list[str]:
    """The texts a game's files offer as answers, in the order they first appear (file by file, sorted)."""
    seen: dict[str, None] = {}
    for path in sorted(Path(folder).rglob("*.yaml")):
        if "tests" in path.relative_to(folder).parts:
            continue
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            for m in _LITERAL.finditer(line):  # literals read left to right: a quote never pairs across two
                if m.group(1) and "{" not in m.group(1) and _ENTRY_END.match(line, m.end()):
                    seen.setdefault(m.group(1))
        for m in _LIST.finditer(text):
            for t in _TEXT.findall(m.group(0)):
                if t:
                    seen.setdefault(t)
    return list(seen)


class Spaces:
    """The numbering of a game's actions and the layout of its observations, for one player count."""

    def __init__(self, game, players: int):
        self.game, self.players = game, players
        self.cards = list(game.cards)
        self.texts = content_texts(game.folder)
        self.card_at = {cid: i for i, cid in enumerate(self.cards)}
        self.text_at = {t: len(self.cards) + players + i for i, t in enumerate(self.texts)}
        self.slot0 = len(self.cards) + players + len(self.texts)
        self.size = self.slot0 + SLOTS
        self.zones = [(None, z) for z in game.zones if z != "box"]
        self.zones += [(s, z) for s in range(players) for z in game.player_zones]
        self.global_vars = {n: _width(v) for n, v in game.vars.items()}
        self.player_vars = {n: _width(v) for n, v in game.player_vars.items()}
        self.phases = {p.name: i for i, p in enumerate(game.phases)}
        self.observation_size = (2 * players + 2 + len(self.zones) * (1 + len(self.cards)) + len(game.counters)
                                 + players * len(game.player_counters) + sum(self.global_vars.values())
                                 + players * sum(self.player_vars.values()) + PROMPT_WIDTH + SLOTS * LABEL_WIDTH)

    # ---- actions
    def action_of(self, decision, k: int) -> int:
        option = decision.options[k]
        v = option.value
        if type(v) is Piece:
            return self.card_at[v.card.id]
        if type(v) is Player:
            return len(self.cards) + v.index
        if option.label in self.text_at:
            return self.text_at[option.label]
        if k >= SLOTS:
            raise UsageError(f"a decision of {decision.size} options, more than the {SLOTS} places of the action space")
        return self.slot0 + k

    def actions(self, decision) -> dict[int, int]:
        """The legal actions of a decision: action -> the index of the (first) option it stands for."""
        out: dict[int, int] = {}
        for k in range(decision.size):
            out.setdefault(self.action_of(decision, k), k)
        return out

    def action_name(self, action: int) -> str:
        if action < len(self.cards):
            return self.game.cards[self.cards[action]].name
        if action < len(self.cards) + self.players:
            return f"seat {action - len(self.cards) + 1}"
        if action < self.slot0:
            return self.texts[action - len(self.cards) - self.players]
        return f"option {action - self.slot0 + 1}"

    # ---- observations
    def observe(self, view: dict) -> np.ndarray:
        """The observation vector of a view (`match.view(seat)`)."""
        out = np.zeros(self.observation_size, np.float32)
        n, i = self.players, 0
        if view.get("viewer"):
            out[view["viewer"] - 1] = 1
        pending = view.get("pending") or {}
        if pending.get("player"):
            out[n + pending["player"] - 1] = 1
        out[2 * n] = view.get("round", 0)
        out[2 * n + 1] = self.phases.get(view.get("phase"), -1) + 1
        i = 2 * n + 2
        for seat, name in self.zones:
            zone = view["zones"][name] if seat is None else view["players"][seat]["zones"][name]
            out[i] = zone.get("count", 0)
            for card in zone.get("cards", ()):
                out[i + 1 + self.card_at[card["id"]]] += 1
            i += 1 + len(self.cards)
        for name in self.game.counters:
            out[i] = view["counters"].get(name, 0)
            i += 1
        for p in view["players"]:
            for name in self.game.player_counters:
                out[i] = p["counters"].get(name, 0)
                i += 1
        i = self._vars(out, i, view["vars"], self.global_vars)
        for p in view["players"]:
            i = self._vars(out, i, p["vars"], self.player_vars)
        words(out[i:i + PROMPT_WIDTH], pending.get("prompt", ""))
        i += PROMPT_WIDTH
        for label in pending.get("options", ())[:SLOTS]:  # (the labels: only the seat asked sees them)
            words(out[i:i + LABEL_WIDTH], label)
            i += LABEL_WIDTH
        return out

    def labels(self, decision, legal: dict) -> dict[int, str]:
        """What each legal action means here: the label of the option it stands for."""
        labels = decision.labels()
        return {a: labels[k] for a, k in legal.items()}

    def _vars(self, out, i, values: dict, widths: dict) -> int:
        for name, width in widths.items():
            flat = self._numbers(values.get(name))[:width]
            out[i:i + len(flat)] = flat
            i += width
        return i

    def _numbers(self, v) -> list:
        """A var's value as numbers: a number as itself, a player as its seat, a card as 1 + its number, a
        text of the content as 1 + its number (any other text as 0), a list item by item."""
        if isinstance(v, bool):
            return [float(v)]
        if isinstance(v, (int, float)):
            return [float(v)]
        if isinstance(v, dict):
            if "player" in v:
                return [float(v["player"])]
            if "id" in v:
                return [1.0 + self.card_at.get(v["id"], -1)]
            return [0.0]
        if isinstance(v, str):
            return [float(self.texts.index(v) + 1) if v in self.texts else 0.0]
        if isinstance(v, (list, tuple)):
            return [x for item in v for x in self._numbers(item)]
        return [0.0]


def _width(initial) -> int:
    """How many numbers a var takes: as many as its declared value gives (at least one)."""
    if isinstance(initial, (list, tuple)):
        return max(1, sum(_width(x) for x in initial))
    return 1


def words(out: np.ndarray, text: str) -> None:
    """A text's words (lower case) counted into `out`, each word at a place of its own hash: the same text
    always gives the same numbers, whatever the game."""
    for w in _WORD.findall(str(text).lower()):
        out[zlib.crc32(w.encode()) % len(out)] += 1


def view_text(view: dict) -> str:
    """A view as one canonical line (the pieces' uids left out: which copy of a card it is tells nothing)."""
    return json.dumps(_no_uid(view), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _no_uid(v):
    if isinstance(v, dict):
        return {k: _no_uid(x) for k, x in v.items() if k != "uid"}
    if isinstance(v, list):
        return [_no_uid(x) for x in v]
    return v


def flat_view(view: dict, game) -> dict:
    """A view as {path: value}: a value at each end of its dicts (each player's part of `players` a dict of its
    own), a list as one value, the pieces' uids left out, and a card as its id (with the fields that are not
    its card's as printed, `game`'s)."""
    out: dict = {}

    def walk(path: str, v) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                if path == "/players" or k != "uid":
                    walk(f"{path}/{k}", x)
        elif path == "/players":
            for i, x in enumerate(v):
                walk(f"{path}/{i}", x)
        else:
            out[path] = _short(v, game)
    walk("", view)
    return out


def view_change(before: dict | None, after: dict) -> str:
    """What changed from one flat view to the next, as one canonical line: the paths set (all of them when
    there is no view before), the lists changed (a splice: where the change starts, how many items it takes
    out, the items it puts in: a card laid on a pile is one item) and the paths gone. The line and the view
    before give the view after, so a player's views in turn are as well told by their changes (an information
    state stays small)."""
    before = before or {}
    out: dict = {}
    for k, v in after.items():
        was = before.get(k, _NONE)
        if was == v and type(was) is type(v):
            continue
        if type(was) is list and type(v) is list:
            a = 0
            while a < min(len(was), len(v)) and was[a] == v[a]:
                a += 1
            b = 0
            while b < min(len(was), len(v)) - a and was[-1 - b] == v[-1 - b]:
                b += 1
            out.setdefault("splice", {})[k] = [a, len(was) - a - b, v[a:len(v) - b]]
        else:
            out.setdefault("set", {})[k] = v
    gone = sorted(k for k in before if k not in after)
    if gone:
        out["gone"] = gone
    return json.dumps(out, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


_NONE = object()
_CARD_KEYS = frozenset(("id", "name", "kind", "uid"))


def _short(v, game):
    """A value of a view with each card (a dict with an id and a kind) as its id, or its id and the fields
    that are not as printed; uids left out."""
    if isinstance(v, list):
        return [_short(x, game) for x in v]
    if not isinstance(v, dict):
        return v
    card = game.cards.get(v.get("id")) if "kind" in v else None
    if card is None:
        return {k: _short(x, game) for k, x in v.items() if k != "uid"}
    rest = {k: _short(x, game) for k, x in v.items() if k not in _CARD_KEYS and card.fields.get(k, _NONE) != x}
    return {"id": v["id"], **rest} if rest else v["id"]
