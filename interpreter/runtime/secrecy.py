"""Who may see what: zones, the cards revealed to some players, decisions and the account's lines.

A viewer is a Player, or None for a spectator. The rules, all of them here:
- a zone is seen by everyone when `public`, by its owner when `owner`, by every player but its owner when
  `others` (a hand held facing out: never by a spectator, who might be its owner looking), by nobody when
  `hidden`;
- a card `reveal`ed to some players is seen by them while it lies in the zone it lay in then, until it leaves
  that zone (forgotten at the next question or event after it left: a card that leaves and comes back in one
  step, with nobody asked anything in between, is still seen) or, with `until`, until that event fires;
- a decision's `readers` are the seats that may read its options and its answer (None: everyone, spectators
  included). The content declares them (`secret`, `public`, `seen by ...` on `choose` and `ask`); without a
  declaration a choice among cards some viewer cannot see is read by its chooser and those who see them all,
  and any other choice is public. Its prompt is public unless declared;
- the echo of an answer in the account ("  Ann: <label>") is read by the decision's readers alone: which
  line is hidden depends on the declaration and on where the options lie, never on the answer or its label.
"""
from __future__ import annotations

from ..errors import RuntimeContentError
from .state import Piece, Player

HIDDEN = "(a hidden choice)"
PUBLIC = True  # `public` on a choice: read by everyone


def sees(zone, viewer) -> bool:
    """Whether `viewer` sees the cards of `zone` (None: no zone, seen)."""
    if zone is None:
        return True
    vis = zone.spec.visibility
    if vis == "public":
        return True
    if viewer is None:
        return False
    return zone.owner is viewer if vis == "owner" else vis == "others" and zone.owner is not viewer


def sees_card(M, piece: Piece, viewer) -> bool:
    """Whether `viewer` sees which card `piece` is: where it lies, or revealed to it."""
    return sees(piece.zone, viewer) or (viewer is not None and viewer.seat in revealed_to(M, piece))


def seen_uids(M, viewer) -> set:
    """The uids of every piece `viewer` (a Player) sees (`sees_card`), found zone by zone."""
    out = {p.uid for z in M._all_zones if z.items and sees(z, viewer) for p in z.items}
    out.update(p.uid for p, seats, zone, _ in M._revealed if p.zone is zone and viewer.seat in seats)
    return out


def held_unseen(M, piece: Piece, player) -> bool:
    """Whether `piece` lies in `player`'s own `others` zone and is not revealed to it: an option a choice must
    not name to its chooser."""
    z = piece.zone
    return z is not None and z.owner is player and player is not None and z.spec.visibility == "others" \
        and (M is None or player.seat not in revealed_to(M, piece))


def unseen(match, player, others):
    """(piece, the seats of `others` that do not see it) for each card `player` sees (a zone it sees, a card
    revealed to it: sees_card) that some of `others` (Players) do not."""
    zones = list(match.zones.values()) + [z for p in match.players for z in p.zones.values()]
    for z in zones:
        if not z.items or (sees(z, player) and all(sees(z, o) for o in others)):
            continue  # what `player` sees here, they all see
        for piece in z.items:
            if sees_card(match, piece, player):
                missed = [o.seat for o in others if not sees_card(match, piece, o)]
                if missed:
                    yield piece, missed


def place(piece: Piece) -> str:
    """How a card is named to a chooser who cannot see it: by its place in its zone, counted from 1 at the
    bottom as `position` counts ("card 2 of Ann's hand")."""
    z = piece.zone
    where = z.name if z.owner is None else f"{z.owner.name}'s {z.name}"
    return f"card {z.items.index(piece) + 1} of {where}"


# ---- reveal: cards shown to some players only
def reveal(M, pieces: list, seats: frozenset, until: str | None) -> None:
    """Shows each of `pieces` to the players at `seats` while it stays in the zone it lies in (and until the
    event `until` fires, if given)."""
    forget_moved(M)
    M._revealed += [(p, seats, p.zone, until) for p in pieces]


def forget_moved(M) -> None:
    """The reveals of cards that left their zone end now (at each question and event: Decision, emit)."""
    M._revealed = [r for r in M._revealed if r[0].zone is r[2]]


def revealed_to(M, piece: Piece) -> frozenset:
    """The seats a card is revealed to now."""
    seats = frozenset()
    for p, who, zone, _ in M._revealed:
        if p is piece and p.zone is zone:
            seats |= who
    return seats


def expire(M, event: str) -> None:
    """The reveals that last until `event` end now, and those of cards that moved."""
    M._revealed = [r for r in M._revealed if r[3] != event and r[0].zone is r[2]]


# ---- tell: what some players learn of cards' fields
def tell(M, pieces: list, seats: frozenset, field: str, value) -> None:
    """The players at `seats` learn, of each of `pieces`, whether its `field` is `value`, while it stays in the
    zone it lies in (what a search agent's sampled worlds keep: agents/worlds.py)."""
    M._told = [t for t in M._told if t[0].zone is t[2]]
    for p in pieces:
        if field not in p.f:
            raise RuntimeContentError(f"tell: {p.card.name} has no field `{field}`")
        M._told.append((p, seats, p.zone, field, value, p.f[field] == value))


def told_to(M, seat: int) -> dict:
    """What the player at `seat` was told of the cards still where they were then: id(piece) -> a list of
    (field, value, whether the field had it)."""
    out: dict = {}
    for p, seats, zone, field, value, truth in M._told:
        if p.zone is zone and seat in seats:
            out.setdefault(id(p), []).append((field, value, truth))
    return out


# ---- decisions and their echoes
def readers(M, player: Player, values, seen=None) -> frozenset | None:
    """The seats that may read a decision's options and answer: from the content's declaration `seen` (PUBLIC,
    or the players besides the chooser: a player, a list, or none for the chooser alone), else from where the
    options lie. None: everyone."""
    if seen is PUBLIC:
        return None
    if seen is not None:
        return frozenset(_seats(seen)) | ({player.seat} if player is not None else frozenset())
    zones = {id(v.zone): v.zone for v in values if type(v) is Piece}
    if all(z is None or z.spec.visibility == "public" for z in zones.values()):
        return None
    return frozenset(p.seat for p in M.players
                     if p is player or all(sees(z, p) for z in zones.values()))


def _seats(seen) -> list:
    if type(seen) is Player:
        return [seen.seat]
    if type(seen) is list:
        out = []
        for p in seen:
            out += _seats(p)
        return out
    if seen == ():
        return []
    raise RuntimeContentError(f"`seen by` takes players, not {seen!r}")


def may_read(allowed: frozenset | None, viewer) -> bool:
    """Whether a viewer (a Player, a seat number or None) may read what `allowed` seats may read."""
    if allowed is None:
        return True
    seat = viewer.seat if type(viewer) is Player else viewer
    return seat in allowed


def prompt(decision, viewer) -> str:
    """A decision's prompt as `viewer` (a Player, a seat number or None) may read it."""
    if not decision.declared or may_read(decision.readers, viewer):
        return decision.prompt
    return HIDDEN


class Echo(str):
    """An account line that echoes an answer, knowing whose it is (`who`): a front end may leave it out where
    the content's next line says the same (interpreter/cli/account.py). It is a line like any other."""
    __slots__ = ("who", "alone")

    def __new__(cls, text: str, who: str, alone: str | None = None):
        line = super().__new__(cls, text)
        line.who = who
        line.alone = alone  # an answer taken without asking: its line without the question it answers
        return line

    def __reduce__(self):
        return Echo, (str(self), self.who, self.alone)

    @property
    def question(self) -> str | None:
        """The decision's prompt that an answer taken without asking answers (None for an answer asked for)."""
        if self.alone is None or not self.endswith('")'):
            return None
        return self[len(self.alone) + len(_ONLY):-2]


_ONLY = ' (the only answer to "'


def echo(M, player: Player | None, label: str, allowed: frozenset | None, forced: str | None = None) -> None:
    """The account's line for an answer, read by `allowed` only (Match._sealed keeps who, by line). `forced`: the
    question of an answer taken without asking, the only option offered (a bare answer would not say what it
    answers)."""
    if allowed is not None:
        M._sealed[len(M.lines)] = allowed
    who = player.name if player is not None else "the game"
    bare = f"  {who}: {label}"
    M._say(Echo(f'{bare}{_ONLY}{forced}")', who, bare) if forced else Echo(bare, who))


def lines(M, viewer, start: int = 0, end: int | None = None) -> list[str]:
    """The account's lines from `start` as `viewer` (a Player, a seat number or None) may read them: an echo it
    may not read shows who answered and HIDDEN."""
    out = []
    stop = len(M.lines) if end is None else min(end, len(M.lines))
    sealed = M._sealed
    for i in range(start, stop):
        line = M.lines[i]
        allowed = sealed.get(i)
        if allowed is not None and not may_read(allowed, viewer):
            line = f"{line.split(':', 1)[0]}: {HIDDEN}"
        out.append(line)
    return out
