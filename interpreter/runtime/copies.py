"""Copies of a match: `clone` (the same position, the same future draws) and `resample` (the position as one
seat may imagine it). Both start from the last quiet point the match passed (position.py) and replay in place
the choices made since, so that their cost does not grow with the match.

`resample(M, seat, rng)` deals again, at that quiet point, which card each piece is among the pieces hidden from
the seat there and still hidden from it now (by kind; a zone whose contents every player saw go in, and the
box, within itself), with what the seat was told of a card kept true; then replays the choices since. What the
running procedures computed since the quiet point is computed again from the cards as dealt, so neither their
locals nor the labels of the decision asked remember a hidden card. The world is kept only if it shows the seat
what the match shows it (its view, the labels of its decision included); otherwise another deal is tried, and
after `TRIES` the match's own position is copied and its hidden cards dealt again in place (`Match._imagined`
says which). What was written into vars, counters or card fields from a hidden card before the quiet point is
kept as it is (docs/architecture.md).
"""
from __future__ import annotations

import copy
import random

from greenlet import greenlet

from ..errors import IllegalChoice, MeepleError, UsageError
from .decisions import DONE, PAST, option_sign, out_of_range
from .position import SETUP, Remap, capture, generator
from .secrecy import held_unseen, seen_uids, sees, told_to
from .state import Piece
from .view import _uid, same_view

TRIES = 4  # deals tried at the quiet point before a world is dealt at the match's own position


def _blank(M, position=None):
    """A new match of M's game, seats, seed and options, not begun, at `position` (a quiet point) if given (of
    M's own class: match.py imports this module, which does not import it back)."""
    c = type(M)(M.game, len(M.players), M.seed, M.options.values, names=[p.name for p in M.players],
                start=False, narrate=False, position=position)
    c._flowing = True
    return c


def _at_quiet(M):
    """A new match at M's last quiet point, and where its flow goes on from there."""
    if not M._flowing:
        raise UsageError("only a match played from its start (not one running a single body) can be copied")
    if M._pieces is None:
        raise UsageError("a closed match cannot be copied")
    if M._quiet is False:
        raise UsageError("a world a search plays once (resample with copies=False) cannot be copied")
    q = M._quiet
    c = _blank(M, q)
    if q is None:
        if M._rng0 is False:
            raise UsageError("this match's generator (the `rng` it was given) cannot be copied, nor the match")
        if M._rng0 is not None:
            c.rng = copy.deepcopy(M._rng0)
        c._rng0 = M._rng0
        return c, SETUP, 0
    c._quiet = q
    c.choices = M.choices[: q.choices]
    c._chosen = M._chosen[: q.choices]
    return c, q.at, q.choices


def _feed(c, answers: list, cards=None):
    """Has `c` answer `answers` in place, in turn; the decision after them waits for an answer. `cards`: what
    each answer chose (decisions.replay_mark) and the pieces of `c` by their uids: an answer that chose a card,
    a text or a number (an `ask` entry), or the option past the values, chooses it wherever it lies among the
    options (a world dealt anew may offer them otherwise), and is refused where it is not among them; others
    are answered by their place. The function returned answers the first of them when given the decision asked
    (`values`)."""
    left = len(answers)
    it = iter(answers)
    marks = iter(cards[0]) if cards is not None else None

    def answer(n: int, values=None) -> int:
        nonlocal left
        k = next(it)
        left -= 1
        if left == 0:  # the last: the next decision waits
            c._auto = None
        if marks is not None:
            mark = next(marks)
            if mark:
                i = _chosen_among(mark, c._offered if values is None else values, n, cards[1])
                if i is None:
                    raise IllegalChoice("the option chosen is not among the options in this world")
                return i
        if not 0 <= k < n:
            raise out_of_range(k, n)
        return k
    c._auto = [answer] * len(c.players) if left else None
    return answer


def _chosen_among(mark, values: list, n: int, pieces: dict):
    """The index of the option `mark` names (decisions.replay_mark) among a decision's `n` options, `values` its
    values (those of a decision asked hold its option past them, in place they do not); None where it is none."""
    if type(mark) is tuple:
        want = mark[0]
        for i, v in enumerate(values):
            if v is not DONE and option_sign(v) == want:
                return i
        return None
    if mark == PAST:
        if n > len(values):
            return len(values)
        return n - 1 if values and (values[-1] is None or values[-1] is DONE) else None
    piece = pieces.get(mark)
    for i, v in enumerate(values):
        if v is piece:
            return i
    return None


def _replay(c, at, answers: list, redo=(), cards=None) -> None:
    """Runs `c` on from the quiet point `at`, answering `answers` in place, until it waits for the decision after
    them (or ends). `redo`: the match's marks (Match._redo), in order: (after how many of the answers, a function
    given the match there, whether it gives the match a generator). `cards`: see _feed."""
    stops = [m[0] for m in redo] + [len(answers)]

    def part(a: int, b: int):
        return answers[a:b], None if cards is None else (cards[0][a:b], cards[1])
    _feed(c, *part(0, stops[0]))
    c._glet = greenlet(lambda: c._flow(at))
    c._advance()
    for (stop, fn, _), end in zip(redo, stops[1:], strict=True):
        fn(c)
        rest = part(stop, end)
        if rest[0] and c.pending is not None:
            answer = _feed(c, *rest)
            c.choose(answer(c.pending.size, c.pending.values))
    c._auto = None


def _finish(c, M) -> None:
    """What a copy takes from its match besides the position: the account and the budgets' bookkeeping."""
    c.lines = list(M.lines)
    c._sealed = dict(M._sealed)
    c._said = M._said
    c._narrate = M._narrate
    c._steps, c._spent_before, c._clock = M._steps, M._spent_before, M._clock


def clone(M):
    """An independent match at M's position, with the same future draws: answered the same way, it plays the
    same match to the same result."""
    c, at, done = _at_quiet(M)
    _replay(c, at, M.choices[done:], M._redo)
    c._redo = M._redo
    _finish(c, M)
    return c


def draw_from(M, rng) -> None:
    """M draws from `rng` from here on; its copies replay to here, then draw from a copy of `rng` as it is now."""
    try:
        held = copy.deepcopy(rng)
    except Exception:  # noqa: BLE001 - as Match() refuses to copy such a generator, draw_from refuses it
        raise UsageError("a generator that cannot be copied (copy.deepcopy) cannot be given to a match") from None

    def given(c) -> None:
        c.rng = copy.deepcopy(held)
    M.rng = rng
    M._redo = (*M._redo, (len(M.choices) - (M._quiet.choices if M._quiet else 0), given, True))


def resample(M, seat: int, rng: random.Random, copies: bool = True):
    """A copy of M as the player at `seat` may imagine it: see the module's docstring. `copies=False`: a world
    played once and dropped (a search's), which captures nothing for copies of its own and cannot be copied."""
    if M.result is not None:
        return clone(M)
    seen = _seen(M, seat)
    keep, told = seen.keep, seen.told
    given = tuple(m for m in M._redo if m[2])  # the generators the match was given since its quiet point
    w = None
    if M._quiet is not None:
        for _ in range(TRIES):
            c, at, done = _at_quiet(M)
            pieces = {p.uid: p for p in c._pieces}  # by their uids before the deal: the match's
            if seen.plan is None:
                seen.plan = pools(c, c.players[seat - 1], keep)
            deal(c, c.players[seat - 1], keep, told, rng, plan=seen.plan)
            # the world's own quiet point, as dealt: its copies start there
            c._quiet = capture(c, at) if copies else False
            try:
                cards = (M._chosen[done:], pieces) if len(M._chosen) == len(M.choices) else None  # (not kept: by index)
                _replay(c, at, M.choices[done:], given, cards=cards)
            except MeepleError:
                c.close()
                continue
            if same_view(c, M, seat):
                w = c
                break
            c.close()
    if w is None:  # no deal at the quiet point showed the seat its match: the position dealt again in place
        w, at, done = _at_quiet(M)
        faces = {}

        def here(c):
            faces.update(deal(c, c.players[seat - 1], keep, told, rng, pending=True))
        if not copies:
            w._quiet = False
        _replay(w, at, M.choices[done:], (*given, (len(M.choices) - done, here, False)))
        w._imagined = "in place"
    _finish(w, M)
    # a future of its own, the match's not being the seat's to know; its copies replay to here, then are dealt
    # as it was (in place) and given its future
    w.rng = random.Random(rng.getrandbits(64))
    if not copies:
        return w
    future = w.rng.getstate()
    give = _giver(faces) if w._imagined == "in place" else None

    def here_on(c) -> None:
        if give is not None:
            give(c)
        c.rng = generator(future)
    w._redo = (*given, (len(M.choices) - done, here_on, False))
    return w


class _Seen:
    """What a seat sees in M at the decision asked: the same for every world of that decision, so found once for
    it. `keep`: the uids of the pieces it sees, of those it saw since the last quiet point, where the deal is (a
    card turned up, then taken into a hand, is that card in every world: `_glimpsed`), and of those put into a
    zone whose contents are known since then (a card laid face down on a known discard pile);
    `told`: uid -> what it was told of that piece; `plan`: the deal's pools at M's last quiet point (`pools`),
    found at the first world."""
    __slots__ = ("pending", "choices", "seat", "keep", "told", "plan")

    def __init__(self, M, seat: int):
        self.pending, self.choices, self.seat = M.pending, len(M.choices), seat
        viewer = M.players[seat - 1]
        self.keep = seen_uids(M, viewer)
        q = M._quiet
        if q:  # a card put into a known zone since the quiet point was seen going in: it is dealt as it is
            for z, at in zip(M._all_zones, q.zones, strict=True):
                if z.spec.known and z.items and not sees(z, viewer):
                    there = set(at)
                    self.keep.update(p.uid for p in z.items if p.uid - 1 not in there)
        self.keep |= _glimpsed(M, seat)
        self.told = {}
        if M._told:
            uids = {id(p): p.uid for p in M._pieces}
            self.told = {uids[k]: v for k, v in told_to(M, seat).items()}
        self.plan = None


def _glimpsed(M, seat: int) -> set:
    """The uids of the pieces the seat at `seat` saw since M's last quiet point and may see no more: where they
    lay at each decision and between each two steps (a card turned up, then taken into a hand; a crib shown,
    then shuffled away), and the card each decision whose answer it reads chose (the last card of a trick,
    played face up and gathered at once). Found by replaying a copy of M from the quiet point, each choice asked
    as a Decision (its readers: secrecy.readers), the match's marks redone where it redid them (`_replay`). A
    card shown and hidden again inside one step, no decision between, is not seen so."""
    c, at, done = _at_quiet(M)
    c._keeps = False  # (played once: no quiet point of its own captured)
    viewer = c.players[seat - 1]
    seen: set = set()

    def look() -> None:
        seen.update(seen_uids(c, viewer))
    c._glance = look
    redo = list(M._redo)
    try:
        c._glet = greenlet(lambda: c._flow(at))
        c._advance()
        for i, k in enumerate(M.choices[done:]):
            while redo and redo[0][0] == i:
                redo.pop(0)[1](c)
            d = c.pending
            look()
            v = d.values[k]
            if type(v) is Piece and (d.readers is None or viewer.seat in d.readers):
                seen.add(v.uid)
            c.choose(k)
    finally:
        c.close()
    return seen


def _seen(M, seat: int) -> _Seen:
    was = M._seen
    if was is None or was.pending is not M.pending or was.choices != len(M.choices) or was.seat != seat:
        was = M._seen = _Seen(M, seat)
    return was


def _giver(faces: dict):
    """A function that deals a copy's pieces as a world dealt them in place (`faces`: uid before -> after)."""
    held = {uid: (new, card, f if f is card.fields else dict(f)) for uid, (new, card, f) in faces.items()}

    def give(w) -> None:
        uids = _uids(w)
        for p in w._pieces:
            face = held.get(p.uid)
            if face is not None:
                p.uid, p.card, p.f = face
        w._pieces.sort(key=_uid)
        remap = Remap(w)
        for p in w._pieces:
            if p.f is not p.card.fields:
                p.f = remap.store(p.f)
        _modifying(w, uids)
    return give


def deal(M, viewer, keep: set, told: dict, rng: random.Random, pending: bool = False, plan=None) -> dict:
    """Deals again which card each hidden piece is: among the pieces lying where `viewer` cannot see, but those
    whose uid is in `keep`, by kind (a zone whose contents every player saw go in, and the box, within itself),
    each hidden piece taking the uid, card and fields of another. Pieces and
    faces are put in a canonical order before `rng` deals them, so the deal does not depend on where the cards
    truly lie. `told`: uid -> what the viewer was told of that piece (its new face agrees). `pending`: the
    options of the decision the viewer is asked keep theirs where their labels name them. `plan`: what
    `pools(M, viewer, keep, pending)` gives, found once for the copies of one position. Returns what it dealt:
    uid before -> (uid, card, fields) after."""
    if plan is None:
        plan = pools(M, viewer, keep, pending)
    dealt: dict = {}
    if not plan:
        return dealt
    uids = _uids(M)
    every = M._pieces
    for at, by_face in plan:
        pieces = [every[i] for i in at]
        faces = [(p.uid, p.card, p.f) for p in (every[i] for i in by_face)]
        rng.shuffle(faces)
        if told and any(p.uid in told for p in pieces):
            faces = _within_told(pieces, faces, told, rng)
        for piece, face in zip(pieces, faces, strict=True):
            dealt[piece.uid] = face
            piece.uid, piece.card, piece.f = face
    every.sort(key=_uid)
    _modifying(M, uids)
    return dealt


def pools(M, viewer, keep: set, pending: bool = False) -> list:
    """The pieces `deal` deals among themselves, a pool by kind (or by zone whose contents are known), the pools
    in a canonical order: per pool the places in `M._pieces` of its pieces by uid, and of the faces they are
    dealt by card and uid."""
    shown = set(keep)
    shown |= {p.uid for p, seats, zone, _ in M._revealed if p.zone is zone and viewer.seat in seats}
    d = M.pending
    if pending and d is not None and d.player is viewer:
        shown |= {v.uid for v in d.values if type(v) is Piece and (d._labels is not None or not held_unseen(M, v, viewer))}
    found: dict = {}  # the pieces dealt among themselves: of one kind, or of one zone whose contents are known
    for z in M._all_zones:
        if sees(z, viewer):
            continue
        owner = z.owner.index if z.owner else -1
        if z.spec.known:
            # every player saw what went in, and where: only the order a shuffle gave is unknown, so the pieces
            # of each shuffle are dealt among themselves, bottom first, and a piece put in since stays as it is
            # (cards laid at the bottom of a shuffled deck are still there in every world)
            mixes: dict = {}
            for piece in z.items:
                if piece.mix is not None and piece.uid not in shown:
                    found.setdefault(("", z.name, owner, mixes.setdefault(piece.mix, len(mixes))), []).append(piece)
            continue
        within = z.name == "box" and z.owner is None  # (the box: what is out of play)
        for piece in z.items:
            if piece.uid not in shown:
                found.setdefault(("", z.name, owner, 0) if within else (piece.card.kind,), []).append(piece)
    place = {id(p): i for i, p in enumerate(M._pieces)}
    plan = []
    for kind in sorted(found):
        pieces = sorted(found[kind], key=_uid)
        plan.append(([place[id(p)] for p in pieces],
                     [place[id(p)] for p in sorted(pieces, key=lambda p: (p.card.id, p.uid))]))
    return plan


def _modifying(M, uids: dict) -> None:
    """Which pieces modify a value follows their cards (modifiers.py), and so their uids (`uids`: each value's,
    taken before the deal)."""
    M._modifying = {value: [M._pieces[uid - 1] for uid in at] for value, at in uids.items()}


def _uids(M) -> dict:
    return {value: [p.uid for p in pieces] for value, pieces in M._modifying.items()}


def _within_told(pieces: list, faces: list, told: dict, rng: random.Random, tries: int = 20) -> list:
    """The (shuffled) faces dealt again so that each piece gets one that agrees with what the seat was told of
    it (`tell`): the pieces told most first, each a face drawn among those left that agree; the rest in the
    shuffled order. After `tries` dead ends, the faces as shuffled (a world that ignores what was told, never
    one that shows the true cards)."""
    def agrees(face, facts) -> bool:
        return all((face[2].get(field) == value) == truth for field, value, truth in facts)
    order = sorted((i for i, piece in enumerate(pieces) if piece.uid in told),
                   key=lambda i: (-len(told[pieces[i].uid]), pieces[i].uid))
    for _ in range(tries):
        left = list(range(len(faces)))
        dealt: dict = {}
        for i in order:
            fits = [k for k in left if agrees(faces[k], told[pieces[i].uid])]
            if not fits:
                break
            k = fits[rng.randrange(len(fits))]
            dealt[i] = k
            left.remove(k)
        else:
            rest = iter(left)
            return [faces[dealt[i]] if i in dealt else faces[next(rest)] for i in range(len(pieces))]
    return faces

