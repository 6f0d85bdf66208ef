"""What a search agent knows of its match, and the positions it imagines from that.

A position holds running procedures, so it cannot be copied: it is rebuilt by replaying the choices
so far into a new `Match` (principle 4). A replay reproduces the true position, hidden cards included,
so a search agent never searches the replayed position itself: `sample_world` first *forgets* what the
seat cannot see (`forget`) and only then hands the position to the search. The sampled world agrees
with everything the seat has seen and knows nothing more than it (see docs/balance.md).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..runtime.decisions import out_of_range
from ..runtime.match import Match
from ..runtime.secrecy import held_unseen, told_to
from ..runtime.state import Piece


@dataclass
class Table:
    """The public facts of a match, given to an agent when it sits down: the rules, the seat, the choices."""
    game: object
    players: int
    seed: int
    options: dict
    seat: int
    history: list = field(default_factory=list)  # the match's choices so far (a live list, read only)


def rebuild(table: Table, history=None) -> Match:
    """The position after `history` (default: every choice so far), by replay (with no account or
    prompts: a search reads neither)."""
    m = Match(table.game, table.players, table.seed, table.options, narrate=False)
    history = list(table.history if history is None else history)
    if history:
        answers = iter(history)

        def replay(n: int) -> int:
            k = next(answers)
            if not 0 <= k < n:
                raise out_of_range(k, n)
            return k
        play_on(m, replay, len(history))
    return m


def play_on(m: Match, pick, limit: int | None = None) -> None:
    """Answers the match's decisions with `pick(number of options)` until it ends, or until `limit` answers:
    in place (Match's `auto`), as a simulation's random bots are, the match waiting again at the decision
    after the last answer. The same answers as `m.choose(pick(m.pending.size))` in a loop."""
    if m.over or limit == 0:
        return
    given = 0

    def answer(n: int) -> int:
        nonlocal given
        given += 1
        if given == limit:
            m.auto = None  # the next decision waits for an answer again
        return pick(n)
    m.auto = [answer] * len(m.players)
    try:
        m.choose(answer(m.pending.size))
    finally:
        m.auto = None


def seen_by(zone, seat: int) -> bool:
    """The same rule as `match.view` (secrecy.py): public zones, the seat's own `owner` zones and the other
    players' `others` zones (its own `others` hand is hidden from it)."""
    vis = zone.spec.visibility
    if vis == "public":
        return True
    mine = zone.owner is not None and zone.owner.seat == seat
    return mine if vis == "owner" else vis == "others" and not mine


def forget(m: Match, seat: int, rng: random.Random) -> None:
    """Re-deal, at random, the identities of the cards the seat cannot see; give the match a new random future.

    Every piece stays in its zone, so whatever refers to a piece (a procedure's local, a var, a card's
    field) still finds it there; what is re-dealt is *which card* each hidden piece is: the identities (a
    card and its fields) of the pieces in the zones hidden from the seat are pooled by card kind and dealt
    back among those pieces. Each zone keeps its size and its number of cards of each kind, in an order of
    the agent's, and nothing else of where the cards were: a variable that held a hidden card now holds one
    drawn like any other. The cards offered by the decision the seat is asked keep theirs (their labels
    show them), and so do the cards revealed to the seat (`reveal`). A card the seat was told of (`tell`) is
    dealt a card that agrees with what it was told (`_within_told`). A hidden zone declared `contents: known`
    (every player saw its cards go in) and the box (what is out of play) keep their cards and are only
    shuffled. The seat's own `others` hand keeps its order (every player sees where its cards lie), only
    not which cards they are. Pieces and identities are put in a canonical order before the agent's generator deals them, so
    the result does not depend on the true arrangement."""
    hidden = [z for z in m.zones.values() if z.name != "box" and not seen_by(z, seat)]
    for p in m.players:
        hidden += [z for z in p.zones.values() if not seen_by(z, seat)]
    box = [m.zones["box"]] if "box" in m.zones else []
    for z in hidden + box:
        if z.spec.visibility != "others":  # a hand held facing out: its order is in every player's sight
            z.items.sort(key=_uid)
            rng.shuffle(z.items)
    # the options of the decision being asked are shown to its chooser by their labels: those keep who they are,
    # but for a card of its own `others` hand, which its own label names by its place only (secrecy.place)
    d = m.pending
    shown = {id(v) for v in d.values if d._labels is not None or type(v) is not Piece or not held_unseen(m, v, d.player)} \
        if d is not None and d.player.seat == seat else set()
    # and so do the cards revealed to the seat (`reveal`), while the reveal lasts
    shown |= {id(p) for p, seats, zone, _ in m.revealed if p.zone is zone and seat in seats}
    pools: dict = {}
    for z in hidden:
        if not z.spec.known:
            for piece in z.items:
                if id(piece) not in shown:
                    pools.setdefault(piece.card.kind, []).append(piece)
    modifies = {value: {id(piece.card) for piece in pieces} for value, pieces in m.modifying.items()}
    told = told_to(m, seat) if m.told else {}
    for kind in sorted(pools):
        pieces = pools[kind]
        faces = sorted(((piece.card, piece.f) for piece in pieces), key=_card_id)
        rng.shuffle(faces)
        if told and any(id(piece) in told for piece in pieces):
            faces = _within_told(pieces, faces, told, rng)
        for piece, (card, fields) in zip(pieces, faces, strict=True):
            piece.card, piece.f = card, fields
    if modifies and pools:  # which pieces modify a value follows their cards (modifiers.py)
        every = sorted((piece for z in _zones(m) for piece in z.items), key=_uid)
        m.modifying = {value: [piece for piece in every if id(piece.card) in cards]
                       for value, cards in modifies.items()}
    m.rng = random.Random(rng.getrandbits(64))


def _within_told(pieces: list, faces: list, told: dict, rng: random.Random, tries: int = 20) -> list:
    """The (shuffled) faces dealt again so that each piece gets one that agrees with what the seat was told of
    it (`tell`): the pieces told most first, each a face drawn among those left that agree; the rest in the
    shuffled order. After `tries` dead ends, the faces as shuffled (a world that ignores what was told, never
    one that shows the true cards)."""
    def agrees(face, facts) -> bool:
        return all((face[1].get(field) == value) == truth for field, value, truth in facts)
    order = sorted((i for i, piece in enumerate(pieces) if id(piece) in told),
                   key=lambda i: (-len(told[id(pieces[i])]), pieces[i].uid))
    for _ in range(tries):
        left = list(range(len(faces)))
        dealt: dict = {}
        for i in order:
            fits = [k for k in left if agrees(faces[k], told[id(pieces[i])])]
            if not fits:
                break
            k = fits[rng.randrange(len(fits))]
            dealt[i] = k
            left.remove(k)
        else:
            rest = iter(left)
            return [faces[dealt[i]] if i in dealt else faces[next(rest)] for i in range(len(pieces))]
    return faces


def _zones(m: Match):
    yield from m.zones.values()
    for p in m.players:
        yield from p.zones.values()


def _card_id(face) -> str:
    return face[0].id


def sample_world(table: Table, rng: random.Random, history=None) -> Match:
    """One position the seat cannot tell from the true one: replayed, then re-dealt where hidden."""
    m = rebuild(table, history)
    forget(m, table.seat, rng)
    return m


def _uid(piece) -> int:
    return piece.uid


# ---- evaluations shared by greedy and the search
def outcome_value(m: Match, seat: int) -> int:
    """1 when the seat (or its team) has won, -1 when it has lost, 0 while the match goes on."""
    r = m.result
    if r is None:
        return 0
    if r.outcome == "won":
        return 1
    if r.outcome == "lost":
        return -1
    if seat in r.winners:
        return 1 if len(r.winners) == 1 else 0  # a shared win is a draw
    return -1


def score_key(m: Match, seat: int) -> tuple:
    """The game's own score for the seat, then its ranking keys: what its `score:` and `ranking:` say."""
    g = m.game
    p = m.players[seat - 1]
    if m.result is not None:
        return (m.result.scores.get(seat, 0),)
    score = m.score_of(p)
    return (score, *(k(m, p, None) for k in g.ranking))


def relative_rank(m: Match, seat: int) -> float:
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
