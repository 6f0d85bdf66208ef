"""Scenario testing for content authors: build a position in a few lines, script choices, check the state.

    s = Scenario(load_game("content/GAME"), players=2)
    s.put("some_card", s.p(1).zones["hand"])           # a card from the box onto a zone
    s.p(1).counters["coins"] = 4                        # any position, in a few lines
    s.call("some_procedure", s.p(1), answers=["Some option"])
    assert s.p(1).counters["coins"] == 6
    card = s.put("some_card", s.zone("table"))
    s.run(card.card.effects["play"], me=s.p(1), this=card)  # a card's own effect, with its piece

A procedure is given what its calls in the content give it (a player where they give players): the compiler
reads a parameter that every call gives a player with no test of its type.
"""
from __future__ import annotations

from .agents import ScriptedAgent
from .errors import MeepleError
from .runtime.match import Match
from .runtime.state import Piece, Zone
from .runtime.verbs import GameOver


class Scenario:
    def __init__(self, game, players: int, seed: int = 0, options: dict | None = None, setup: bool = False):
        self.game = game
        self.match = Match(game, players, seed, options, start=False)
        if setup and game.setup is not None:
            self.run(game.setup)

    # ---- the position
    def p(self, seat: int):
        return self.match.players[seat - 1]

    def zone(self, name: str, seat: int | None = None) -> Zone:
        return self.match.zones[name] if seat is None else self.p(seat).zones[name]

    def card(self, card_id: str, zone: Zone | None = None) -> Piece:
        """A piece of that card, from the given zone or else from the box, else from wherever it lies."""
        m = self.match
        places = [zone] if zone is not None else [m.zones["box"], *m.zones.values(),
                                                  *(z for p in m.players for z in p.zones.values())]
        for z in places:
            for piece in reversed(z.items):
                if piece.card.id == card_id:
                    return piece
        raise MeepleError(f"no `{card_id}` in {places[0].name}")

    def put(self, card_id: str, zone: Zone, bottom: bool = False) -> Piece:
        """Move a card from the box onto a zone (the top, unless bottom)."""
        piece = self.card(card_id)
        self.match.place(piece, zone, bottom)
        return piece

    def ids(self, zone: Zone) -> list[str]:
        return [p.card.id for p in zone.items]

    # ---- running content
    def run(self, body, *args, answers=(), me=None, this=None):
        """Run a compiled body, answering its decisions from `answers` (labels or indexes); a card's own body
        (`piece.card.effects["play"]`) with its piece as `this`."""
        self.match.perform(body, *args, me=me, this=this)
        return self.answer(*answers)

    def call(self, procedure: str, *args, answers=(), me=None):
        return self.run(self.game.procedures[procedure], *args, answers=answers, me=me)

    def emit(self, event: str, answers=(), **params):
        from .runtime.events import emit

        def body(M, me, this):
            emit(M, event, params)
        return self.run(body, answers=answers)

    def answer(self, *answers):
        agent = ScriptedAgent(answers)
        m = self.match
        while m.pending is not None and agent.answers:
            d = m.pending
            m.choose(agent.choose(m.view(d.player), d))
        return m.pending

    def lines(self) -> list[str]:
        return list(self.match.lines)


def finish(s: Scenario):
    """Score the position as the end of the game does: the match's Result."""
    def body(M, me, this):
        raise GameOver("scored for a test", None, None)
    s.run(body)
    assert s.match.result is not None
    return s.match.result


def line_index(s: Scenario, fragment: str, start: int = 0) -> int:
    """Index of the first account line (from start) containing fragment; fails if none."""
    lines = s.match.lines
    for i in range(start, len(lines)):
        if fragment in lines[i]:
            return i
    raise AssertionError(f"no line with {fragment!r} in:\n" + "\n".join(lines))
