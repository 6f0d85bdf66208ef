"""A game's action space and observation encoding, numbered from its content and computed from views alone.

Actions: one per card of the game (by card id, in the order of its card files), one per seat, one per text the
content offers as an answer (an `ask` entry, a text of a list of texts), then the game's `most_options:` places (SLOTS, 64,
without it) for any other
option (a label the content builds as it plays, a number, a list): the option at place i of its decision.
Options of one decision that fall on one action (two copies of a card) are one choice: the first is taken.

Observations: a flat vector of numbers of what a seat sees (docs/rl.md lists its parts). `observe` reads it
from `match.view(seat)`; `encode` computes the same vector from the match by the same rules of secrecy.py
(whose zones the seat sees, which prompt it reads, its own decision's labels), with no view built: the layout
is fixed per game and player count, so a step pays only for the zones' cards and the words of the decision.
tests/test_rl_encode.py holds the two equal over random positions of every bundled game.
"""
from __future__ import annotations

import json
import re
import zlib
from collections import Counter
from itertools import compress
from operator import attrgetter, ne
from pathlib import Path

import numpy as np

from ..errors import UsageError
from ..runtime.secrecy import prompt as prompt_for
from ..runtime.secrecy import sees
from ..runtime.state import Piece, Player
from ..runtime.view import _value, _Viewer

SLOTS = 64  # places for options that are neither a card, a seat nor a text of the content, unless the game says
# how many its decisions may offer (`most_options:`)
# the words of the decision's prompt and of each place's label, hashed into so many numbers (`words`)
PROMPT_WIDTH, LABEL_WIDTH = 32, 8
_WORD = re.compile(r"\w+")
_ITEMS = attrgetter("items")
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
        self.slots = game.most_options
        self.size = self.slot0 + self.slots
        self.zones = [(None, z) for z in game.zones if z != "box"]
        self.zones += [(s, z) for s in range(players) for z in game.player_zones]
        self.global_vars = {n: _width(v) for n, v in game.vars.items()}
        self.player_vars = {n: _width(v) for n, v in game.player_vars.items()}
        self.phases = {p.name: i for i, p in enumerate(game.phases)}
        self.observation_size = (2 * players + 2 + len(self.zones) * (1 + len(self.cards)) + len(game.counters)
                                 + players * len(game.player_counters) + sum(self.global_vars.values())
                                 + players * sum(self.player_vars.values()) + PROMPT_WIDTH + self.slots * LABEL_WIDTH)
        # encode's layout: where each zone's count and cards, each counter, each var and the words begin
        i = 2 * players + 2
        self._zone_at = []
        for seat, name in self.zones:
            self._zone_at.append((seat, name, i))
            i += 1 + len(self.cards)
        self._zone_offsets = [i for _, _, i in self._zone_at]
        self._counters_at = i
        i += len(game.counters) + players * len(game.player_counters)
        self._vars_at = i
        self._prompt_at = self.observation_size - PROMPT_WIDTH - self.slots * LABEL_WIDTH
        self._text_number = {t: k + 1 for k, t in enumerate(self.texts)}
        self._words: dict = {PROMPT_WIDTH: {}, LABEL_WIDTH: {}}  # width -> text -> its words' numbers (`_dense`)
        # the zones of the match last encoded, as a seat that sees them all would: (the match, its zones in the
        # layout's order, the vector of their numbers, each zone's pieces then); every seat's vector starts from it
        self._table: tuple = (None, None, None, None)
        self._seen_by_some: list | None = None  # per zone of the layout, whether any seat sees its cards
        self._unseen: dict = {}  # seat -> where the cards of each zone it does not see (but another does) begin
        self._zero = memoryview(np.zeros(self.observation_size, np.float32))
        self._no_card = self._zero[:len(self.cards)]

    # ---- actions
    def actions(self, decision) -> dict[int, int]:
        """The legal actions of a decision: action -> the index of the (first) option it stands for."""
        out: dict[int, int] = {}
        card_at, seat0, text_at = self.card_at, len(self.cards), self.text_at
        for k, option in enumerate(decision.options):
            v = option.value
            t = type(v)
            if t is Piece:
                a = card_at[v.card.id]
            elif t is Player:
                a = seat0 + v.index
            elif option.label in text_at:
                a = text_at[option.label]
            elif k < self.slots:
                a = self.slot0 + k
            else:
                raise UsageError(f"a decision of {decision.size} options, more than the {self.slots} places of the "
                                 f"action space: the game says how many its decisions may offer with `most_options:` "
                                 f"in game.yaml")
            if a not in out:
                out[a] = k
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
        for label in pending.get("options", ())[:self.slots]:  # (the labels: only the seat asked sees them)
            words(out[i:i + LABEL_WIDTH], label)
            i += LABEL_WIDTH
        return out

    def encode(self, match, seat: int) -> np.ndarray:
        """The observation vector of what the player at `seat` sees of `match`: equal to
        `observe(match.view(seat))`, with no view built. The zones' part is kept for the match as a seat that
        sees every zone some seat sees would read it, and brought up to date from what changed since the last
        encode of any seat (`_table`); a seat's vector is a copy of it, the cards of the zones this seat does not
        see left out. Each number is written in place through a memoryview of the vector (half the cost of
        numpy's own item assignment); a text's words are one slice of numbers made the first time it is met."""
        n = self.players
        player = match.players[seat - 1]
        if self._table[0] is not match:
            self._start(match)
        self._update()
        out = self._table[2].copy()
        w = memoryview(out)
        unseen = self._unseen.get(seat)
        if unseen is None:
            unseen = self._unseen[seat] = [i + 1 for z, i, some in zip(self._table[1], self._zone_offsets,
                                                                        self._seen_by_some, strict=True)
                                           if some and not sees(z, player)]
        for i in unseen:
            w[i:i + len(self.cards)] = self._no_card
        w[seat - 1] = 1
        w[2 * n] = match.round
        w[2 * n + 1] = self.phases.get(match.phase, -1) + 1
        i = self._counters_at
        for name in self.game.counters:
            w[i] = match.counters.get(name, 0)
            i += 1
        for p in match.players:
            counters = p.counters
            for name in self.game.player_counters:
                w[i] = counters.get(name, 0)
                i += 1
        viewer = None
        stores = [(match.vars, self.global_vars)]
        if self.player_vars:
            stores += [(p.vars, self.player_vars) for p in match.players]
        for store, widths in stores:
            for name, width in widths.items():
                v = store.get(name)
                t = type(v)
                if t is int or t is float or t is bool:
                    out[i] = v
                elif t is Player:
                    out[i] = v.seat
                elif t is str:
                    out[i] = self._text_number.get(v, 0)
                elif v is not None and t is not Piece:  # (a card's value in a view has no id: it counts 0)
                    if viewer is None:
                        viewer = _Viewer(match, player)
                    flat = self._numbers(_value(v, viewer))[:width]
                    out[i:i + len(flat)] = flat
                i += width
        d = match.pending
        if d is not None:
            i = self._prompt_at
            w[n + d.player.seat - 1] = 1
            prompt = prompt_for(d, player)
            w[i:i + PROMPT_WIDTH] = self._words[PROMPT_WIDTH].get(prompt) or self._dense(prompt, PROMPT_WIDTH)
            i += PROMPT_WIDTH
            if player is d.player:  # (the labels: only the seat asked sees them)
                known = self._words[LABEL_WIDTH]
                for option in d.options[:self.slots]:
                    w[i:i + LABEL_WIDTH] = known.get(option.label) or self._dense(option.label, LABEL_WIDTH)
                    i += LABEL_WIDTH
        return out

    def _start(self, match) -> None:
        """The zones' part of a match not encoded yet: none of its zones written."""
        zones = [match.zones[name] if seat is None else match.players[seat].zones[name]
                 for seat, name, _ in self._zone_at]
        if self._seen_by_some is None:
            self._seen_by_some = [any(sees(z, p) for p in match.players) for z in zones]
        self._table = (match, zones, np.zeros(self.observation_size, np.float32), [None] * len(zones))

    def _update(self) -> None:
        """The zones' part brought up to date: the zones whose pieces changed (compared by identity), a zone no
        seat sees by its count alone, a pile grown or taken from on top by those pieces alone."""
        _, zones, table, held = self._table
        w = memoryview(table)
        card_at, width, offsets, some = self.card_at, 1 + len(self.cards), self._zone_offsets, self._seen_by_some
        now = list(map(_ITEMS, zones))
        for k in compress(range(len(now)), map(ne, now, held)):
            items, was, i = now[k], held[k], offsets[k]
            held[k] = items[:]
            w[i] = len(items)
            if not some[k]:
                continue
            i += 1
            if was:
                m, now_m = len(was), len(items)
                if now_m > m and items[:m] == was:  # pieces laid on top (a discard pile growing): those alone
                    for p in items[m:]:
                        w[i + card_at[p.card.id]] += 1
                    continue
                if now_m < m and was[:now_m] == items:  # pieces taken from the top
                    for p in was[now_m:]:
                        w[i + card_at[p.card.id]] -= 1
                    continue
                w[i:i + width - 1] = self._no_card
            for p in items:
                w[i + card_at[p.card.id]] += 1

    def _dense(self, text: str, width: int) -> memoryview:
        """A text's words as `width` numbers (`words`): how many of them fall on each place."""
        known = self._words[width].get(text)
        if known is None:
            if len(self._words[width]) > 100_000:  # labels built in play: a bound on what is kept
                self._words[width].clear()
            dense = np.zeros(width, np.float32)
            words(dense, text)
            known = self._words[width][text] = memoryview(dense)
        return known

    def labels(self, decision, legal: dict) -> dict[int, str]:
        """What each legal action means here: the label of the option it stands for."""
        options = decision.options
        return {a: options[k].label for a, k in legal.items()}

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


def word_places(text: str, width: int) -> list:
    """A text's words (lower case), each at a place of its own hash among `width`: [(place, how many)]. The same
    text always gives the same numbers, whatever the game."""
    return list(Counter(zlib.crc32(w.encode()) % width for w in _WORD.findall(str(text).lower())).items())


def words(out: np.ndarray, text: str) -> None:
    """A text's words counted into `out` (word_places)."""
    for j, k in word_places(text, len(out)):
        out[j] += k


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
