"""How the search agents judge a position: the outcome, the game's value (declared, else learned) or score and
its ranking keys, random playouts."""
from __future__ import annotations

from .learned import learned_of


def valued(game) -> bool:
    """Whether the game says how a player stands mid-match beyond its score: its `value:`, or a learned value
    (learned-value.yaml, `meeple train`)."""
    return game.value is not None or learned_of(game) is not None


def look(m, p):
    """How the bots judge player `p` while the match goes on: the game's `value:`; without one its learned value
    (`meeple train`); without that its score."""
    g = m.game
    if g.value is not None:
        return m.value_of(p)
    learned = learned_of(g)
    return learned(m, p) if learned is not None else m.score_of(p)


def play_on(m, pick, limit: int | None = None, rounds: int | None = None) -> None:
    """Answers the match's decisions with `pick(number of options)` until it ends, or until `limit` answers,
    or until `rounds` more rounds have begun: in place (Match's `auto`), as a simulation's random bots are, the
    match waiting again at the decision after the last answer. The same answers as
    `m.choose(pick(m.pending.size))` in a loop."""
    if m.over or limit == 0:
        return
    given = 0
    last = m.round + rounds if rounds else None

    def answer(n: int) -> int:
        nonlocal given
        given += 1
        if given == limit or (last is not None and m.round >= last):
            m._auto = None  # the next decision waits for an answer again
        return pick(n)
    m._auto = [answer] * len(m.players)
    try:
        m.choose(answer(m.pending.size))
    finally:
        m._auto = None


def outcome_value(m, seat: int) -> int:
    """1 when the seat (or its team) has won, -1 when it has lost, 0 for a shared win or while the match goes on."""
    r = m.result
    if r is None:
        return 0
    return {"won": 1, "lost": -1}.get(r.outcome_of(seat), 0)


def score_key(m, seat: int) -> tuple:
    """How the seat stands by the game's own look, then its ranking keys: a finished match's score; else the
    game's `value:` (its score without one)."""
    g = m.game
    p = m.players[seat - 1]
    if m.result is not None:
        return (m.result.scores.get(seat, 0),)
    return (look(m, p), *(k(m, p, None) for k in g.ranking))


def relative_rank(m, seat: int) -> float:
    """0..1: the share of the other players the seat is ahead of by the game's score (ties count half)."""
    n = len(m.players)
    if n < 2:
        return 0.5
    mine = score_key(m, seat)
    ahead = 0.0
    for p in m.players:
        if p.seat != seat:
            other = score_key(m, p.seat)
            ahead += 1.0 if mine > other else 0.5 if mine == other else 0.0
    return ahead / (n - 1)
