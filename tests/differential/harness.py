"""Plays a bundled game in meeple and in OpenSpiel side by side, on the same deal and the same moves.

meeple is driven through its public API only (docs/api.md): `load_game`, `Match(..., rng=)`, `pending`,
`choose`, `view`, `result`. Each game has a small adapter (in this folder, never in the engine) that maps
meeple's option labels to OpenSpiel's actions, says which chance outcome OpenSpiel must take to deal what
meeple dealt, and reads what a player may see on both sides. At every decision the legal moves of the player
to move are compared, then what every player may see; the same random move is applied to both; at the end
the returns. The first difference raises `Divergence` with the seed and the whole move history, enough to
replay it.
"""
from __future__ import annotations

import random
from pathlib import Path

from interpreter import Match, load_game

ROOT = Path(__file__).resolve().parents[2]


class Divergence(AssertionError):
    pass


class Dealer(random.Random):
    """meeple's random draws: a shuffle is random (from the harness's seed) and is written down, top card
    first, by zone (`dealt`: a zone's last shuffle; `shuffles`: every shuffle in order, as (zone, cards)),
    and so is every `randrange` (`picks`: a random pick, such as a dealer, is one), so that the adapter can
    make OpenSpiel deal the same cards in the same order; `match` is the match it deals for, for an adapter that
    reads where a card picked at random went."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.dealt: dict[str, list] = {}
        self.shuffles: list[tuple[str, list]] = []
        self.picks: list[int] = []
        self.match = None

    def shuffle(self, items) -> None:
        super().shuffle(items)
        if items:
            self.dealt[items[0].zone.name] = [p.card.id for p in reversed(items)]
            self.shuffles.append((items[0].zone.name, self.dealt[items[0].zone.name]))

    def randrange(self, *args) -> int:
        n = super().randrange(*args)
        self.picks.append(n)
        return n


class Adapter:
    """What one game needs: override every method."""
    game = ""          # meeple's bundled name
    spiel = ""         # OpenSpiel's game name
    players = 2
    params: dict = {}  # OpenSpiel's game parameters
    options: dict = {}  # meeple's rules options (the same rules as `params`)
    matches: int  # (optional) the default suite's matches, for a long game (tests/differential/test_agreement.py)

    def chance(self, state, dealer: Dealer, taken: int) -> int:
        """OpenSpiel's chance outcome that deals what meeple dealt (`taken`: chance outcomes so far)."""
        raise NotImplementedError

    def action(self, match, label: str) -> int:
        """OpenSpiel's action for the pending meeple option `label`."""
        raise NotImplementedError

    def seen_by_meeple(self, match, seat: int) -> dict:
        raise NotImplementedError

    def seen_by_spiel(self, state, player: int) -> dict:
        raise NotImplementedError

    def returns(self, result, players: int) -> list:
        raise NotImplementedError

    def pick(self, match, labels: list, rng: random.Random) -> int:
        """The option both engines take (its index among `labels`): at random unless an adapter steers the
        match toward positions random play seldom reaches."""
        return rng.randrange(len(labels))


_GAMES: dict = {}


def _loaded(adapter: Adapter):
    import pyspiel
    key = (adapter.game, tuple(sorted(adapter.params.items())))
    if key not in _GAMES:
        _GAMES[key] = (load_game(ROOT / "content" / adapter.game),
                       pyspiel.load_game(adapter.spiel, dict(adapter.params)))
    return _GAMES[key]


def play(adapter: Adapter, seed: int) -> list:
    """One random match in both engines; the move history (raises Divergence at the first difference)."""
    game, spiel = _loaded(adapter)
    rng = random.Random(f"moves:{seed}")
    dealer = Dealer(seed)
    m = Match(game, adapter.players, seed, dict(adapter.options), rng=dealer, narrate=False, start=False)
    dealer.match = m
    m.begin()
    s = spiel.new_initial_state()
    history: list = []
    chances = 0

    def fail(what: str):
        raise Divergence(f"{adapter.game}, seed {seed}: {what}\nmoves so far (player, action; -1 chance): {history}")

    joint: dict = {}
    while True:
        while s.is_chance_node():
            a = adapter.chance(s, dealer, chances)
            if a not in dict(s.chance_outcomes()):
                fail(f"chance outcome {a} is not possible in OpenSpiel")
            s.apply_action(a)
            history.append((-1, a))
            chances += 1
        if s.is_terminal():
            break
        movers = [p for p in range(adapter.players) if p not in joint] if s.is_simultaneous_node() \
            else [s.current_player()]
        d = m.pending
        p = movers[0]
        forced = s.legal_actions(p)
        if m.over and len(forced) != 1:
            break
        if len(forced) == 1:
            a = forced[0]  # meeple takes a move with one option without asking (it may ask the same seat next)
        elif d is None or d.player.seat - 1 not in movers:
            fail(f"OpenSpiel asks player {p} ({forced}), meeple asks "
                 f"{'nobody' if d is None else f'seat {d.player.seat}'}")
        else:
            p = d.player.seat - 1
            labels = d.labels()
            ours = sorted(adapter.action(m, label) for label in labels)
            theirs = sorted(s.legal_actions(p))
            if ours != theirs:
                fail(f"legal moves of player {p}: meeple {ours}, OpenSpiel {theirs}")
            for q in range(adapter.players):
                mine, its = adapter.seen_by_meeple(m, q + 1), adapter.seen_by_spiel(s, q)
                if mine != its:
                    fail(f"what player {q} sees: meeple {mine}, OpenSpiel {its}")
            k = adapter.pick(m, labels, rng)
            a = adapter.action(m, labels[k])
            m.choose(k)
        history.append((p, a))
        if s.is_simultaneous_node():
            joint[p] = a
            if len(joint) == adapter.players:
                s.apply_actions([joint[q] for q in range(adapter.players)])
                joint = {}
        else:
            s.apply_action(a)
    if not (m.over and s.is_terminal()):
        fail(f"one engine ended and not the other (meeple over: {m.over}, OpenSpiel terminal: {s.is_terminal()})")
    ours, theirs = adapter.returns(m.result, adapter.players), list(s.returns())
    if ours != theirs:
        fail(f"returns: meeple {ours}, OpenSpiel {theirs}")
    return history
