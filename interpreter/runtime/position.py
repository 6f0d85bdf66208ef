"""A position as data: what a match holds at a quiet point, where no content procedure is running (before its
setup, between two steps of a phase, before its finish), so that a copy can start from there.

A match waiting for a decision is a suspended stack (Match._wait), and a stack cannot be copied; its data can.
So a match captures its data at quiet points as it passes them (`Quiet`, at most one every `QUIET_EVERY`
choices), and a copy is a new match built from the last one, the choices made since then replayed in place:
the replay is a step's decisions or a few, whatever the length of the match (docs/architecture.md).

Pieces, players and zones are named in a capture by what does not change (a piece's uid, a player's index, a
zone's name and owner), and found again in the copy by it (`Remap`).
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from .state import Piece, Player, Zone

QUIET_EVERY = 4  # choices at least between two captures: fewer captures, a longer replay behind a copy
SETUP = "setup"  # `Quiet.at`: the match has not run its setup yet
FINISH = "finish"  # `Quiet.at`: the rounds are over, the finish is next; else (phase, step): the step to run next


@dataclass(slots=True, frozen=True)
class Quiet:
    """The data of a match at a quiet point (held, never changed: copies of copies share it)."""
    choices: int  # the choices made before it
    at: object  # SETUP, FINISH, or (the index of a phase of the round, of its step): the step to run next
    round: int
    phase: str
    first: int  # the first player's index
    end_reason: str | None
    rng: object  # the generator's state (random.Random's getstate, or a copy of the caller's generator)
    zones: tuple  # per zone (Match._all_zones' order) the places (uid - 1) of the pieces in it, bottom first
    cards: tuple  # per piece (by uid) its card
    own: tuple  # (place, a copy of its fields, plain) of each piece whose fields are its own, not its card's;
    # plain: they hold only plain values (numbers, texts, none), so a copy of them needs no remapping
    by: tuple  # (place, player index) of each piece some player played (Piece.by)
    mixes: tuple  # (place, token) of each piece a shuffle went through (Piece.mix)
    counters: dict
    vars: dict
    players: tuple  # per player (its counters, its vars)
    fired: dict
    modifiers: tuple
    revealed: tuple
    told: tuple
    modifying: dict
    unavailable: tuple


def capture(M, at) -> Quiet:
    """The match's data now, at a quiet point."""
    rng = M.rng
    state = rng.getstate() if type(rng) is random.Random else copy.deepcopy(rng)  # (Match._keeps: it can be)
    return Quiet(
        len(M.choices), at, M.round, M.phase, M.first.index, M.end_reason, state,
        tuple([tuple([p.uid - 1 for p in z.items]) for z in M._all_zones]),
        tuple([p.card for p in M._pieces]),
        tuple([(i, dict(p.f), _plain(p.f)) for i, p in enumerate(M._pieces) if p.f is not p.card.fields]),
        tuple([(i, p.by.index) for i, p in enumerate(M._pieces) if p.by is not None]),
        tuple([(i, p.mix) for i, p in enumerate(M._pieces) if p.mix is not None]),
        dict(M.counters), _held(M.vars), tuple([(dict(p.counters), _held(p.vars)) for p in M.players]),
        {k: frozenset(v) for k, v in M._fired.items()}, tuple(M._modifiers), tuple(M._revealed), tuple(M._told),
        M._modifying, tuple(M._unavailable_notes))


_PLAIN = frozenset((int, str, bool, type(None)))  # the values a copy keeps as they are


def _plain(store: dict) -> bool:
    return all(type(v) in _PLAIN for v in store.values())


def _held(store: dict) -> dict:
    """A var store as it is now: its lists copied (content may change a list it holds)."""
    out = dict(store)
    for k, v in out.items():
        if type(v) is list:
            out[k] = _copied(v)
    return out


def _copied(v):
    return [_copied(x) for x in v] if type(v) is list else v


class Remap:
    """Finds, in the match being built, the piece, player or zone a capture names."""
    __slots__ = ("pieces", "players", "all_zones", "_zones")

    def __init__(self, M):
        self.pieces = M._pieces
        self.players = M.players
        self.all_zones = M._all_zones
        self._zones = None  # (owner index, name) -> zone: made at the first zone a capture names (few do)

    @property
    def zones(self) -> dict:
        if self._zones is None:
            self._zones = {(z.owner.index if z.owner is not None else -1, z.name): z for z in self.all_zones}
        return self._zones

    def __call__(self, v):
        t = type(v)
        if t in _PLAIN:
            return v
        if t is Piece:
            return self.pieces[v.uid - 1]
        if t is Player:
            return self.players[v.index]
        if t is Zone:
            return self.zones[(v.owner.index if v.owner is not None else -1, v.name)]
        if t is list:
            return [self(x) for x in v]
        if t is tuple:
            return tuple(self(x) for x in v)
        if t is dict:
            return {k: self(x) for k, x in v.items()}
        return v

    def store(self, store: dict) -> dict:
        out = dict(store)
        for k, v in out.items():
            if type(v) not in _PLAIN:
                out[k] = self(v)
        return out


def generator(state: tuple) -> random.Random:
    """A random.Random at `state` (its getstate()), made without seeding it first."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def restore(M, q: Quiet) -> None:
    """Gives `M` (a new match of the same game and seats, not begun, built with no pieces: Match's `position`)
    the data of `q`, its pieces made here."""
    pieces = M._pieces = list(map(Piece, range(1, len(q.cards) + 1), q.cards))
    remap = Remap(M)
    players = M.players
    for i, f, plain in q.own:
        pieces[i].f = dict(f) if plain else remap.store(f)
    for i, by in q.by:
        pieces[i].by = players[by]
    for i, mix in q.mixes:
        pieces[i].mix = mix
    piece = pieces.__getitem__
    for z, at in zip(M._all_zones, q.zones, strict=True):
        items = z.items = list(map(piece, at))
        for p in items:
            p.zone = z
    M.round, M.phase, M.first, M.end_reason = q.round, q.phase, M.players[q.first], q.end_reason
    if type(q.rng) is tuple:
        M.rng = generator(q.rng)
    else:
        M.rng = copy.deepcopy(q.rng)
    M.counters = dict(q.counters)
    M.vars = remap.store(q.vars)  # (its lists new ones)
    for p, (counters, vars_) in zip(M.players, q.players, strict=True):
        p.counters = dict(counters)
        p.vars = remap.store(vars_)
    M._fired = {k: set(v) for k, v in q.fired.items()}
    M._modifiers = [type(m)(m.value, m.add, m.times, remap.store(m.match), m.until) for m in q.modifiers]
    M._revealed = [remap(r) for r in q.revealed]
    M._told = [remap(t) for t in q.told]
    M._modifying = {value: [pieces[p.uid - 1] for p in at] for value, at in q.modifying.items()}
    M._unavailable_notes = list(q.unavailable)
