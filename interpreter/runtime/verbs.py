"""The builtin verbs and functions of the effect language: the registry the compiler and docs read.

Every entry says its arity, its named arguments, whether it runs content of its own (`fires`: an event's
handlers, a card's hook, which may ask a decision), which arguments are evaluated per item with `it` bound
(lazy; with `values`, the compiled code computes them in a comprehension and the verb gets their list), a
one-line doc and an example.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import RuntimeContentError
from . import ops
from .events import emit as emit_event
from .state import Piece, Player, Zone


class GameOver(Exception):
    """Raised by `end_game`: unwinds every running effect at once."""

    def __init__(self, reason: str, outcome: str | None, winner):
        self.reason, self.outcome, self.winner = reason, outcome, winner


@dataclass(frozen=True, slots=True)
class Verb:
    name: str
    impl: Callable
    min_args: int
    max_args: int | None
    kwargs: tuple = ()
    fires: bool = False  # runs content (an event's handlers, a card's hook), which may decide or fire in turn
    lazy: tuple = ()  # positions evaluated per item, `it` bound
    doc: str = ""
    example: str = ""
    values: bool = False  # lazy(1) given as the list of its values, one per item (no function to call per item);
    # the verb counts them against the step budget
    fresh: bool = False  # gives a new list at each call: a loop over it needs no copy


REGISTRY: dict[str, Verb] = {}


def verb(name, min_args, max_args=None, kwargs=(), fires=False, lazy=(), doc="", example="", values=False,
         fresh=False):
    def deco(fn):
        REGISTRY[name] = Verb(name, fn, min_args, min_args if max_args is None else max_args,
                              tuple(kwargs), fires, tuple(lazy), doc, example, values, fresh)
        return fn
    return deco


def _zone(x, what="a zone") -> Zone:
    if type(x) is not Zone:
        raise RuntimeContentError(f"expected {what}, got {ops.describe(x)}")
    return x


def _int(x) -> int:
    if type(x) is not int:
        raise RuntimeContentError(f"expected a number, got {ops.describe(x)}")
    return x


_INT = frozenset((int,))  # the types of a list of numbers


# ---- pure functions
@verb("count", 1, doc="How many items a list or zone holds.", example="count(me.tableau)")
def v_count(M, xs):
    t = type(xs)
    return len(xs) if t is list else len(xs.items) if t is Zone else len(ops.items(xs))


@verb("sum", 2, lazy=(1,), values=True, doc="The sum of an expression over the items, `it` being each item.",
      example="sum(me.tableau, it.money)")
def v_sum(M, values):
    M.spend(len(values))  # the items gone over (see ops.each_item)
    if not _INT.issuperset(map(type, values)):  # every value a number (tested in C, not item by item)
        for v in values:
            _int(v)
    return sum(values)


@verb("distinct", 2, lazy=(1,), values=True, doc="How many different values an expression takes over the items.",
      example="distinct(me.tableau, it.city)")
def v_distinct(M, values):
    M.spend(len(values))  # the items gone over (see ops.each_item)
    return len(set(values))


@verb("gather", 2, lazy=(1,), values=True, fresh=True, doc="The lists (or zones) an expression gives for each item, joined into one list.",
      example="gather(rivals(me), it.tableau)")
def v_gather(M, values):
    M.spend(len(values))  # the items gone over (see ops.each_item)
    out = []
    for v in values:
        out.extend(ops.items(v))
        if len(out) > ops.MAX_ITEMS:
            ops.bounded_list(out)
    return out


@verb("sort", 2, lazy=(1,), fresh=True, doc="The items ordered by an expression, smallest first (stable).",
      example="sort(me.tableau, it.cost)")
def v_sort(M, xs, f):
    return sorted(ops.each_item(M, xs), key=f)


def _many(args):
    if len(args) == 1 and type(args[0]) in (list, Zone):
        return ops.items(args[0])
    return args


@verb("max", 1, 99, doc="The largest of the arguments, or of one list (0 when empty).", example="max(me.money, 3)")
def v_max(M, *args):
    vals = _many(args)
    return max(vals) if vals else 0


@verb("min", 1, 99, doc="The smallest of the arguments, or of one list (0 when empty).", example="min(me.money, 3)")
def v_min(M, *args):
    vals = _many(args)
    return min(vals) if vals else 0


@verb("highest", 2, lazy=(1,), values=True, doc="The largest value an expression takes over the items (0 when empty).",
      example="highest(rivals(me), count(it.tableau))")
def v_highest(M, values):
    M.spend(len(values))  # the items gone over (see ops.each_item)
    return max(values) if values else 0


@verb("lowest", 2, lazy=(1,), values=True, doc="The smallest value an expression takes over the items (0 when empty).",
      example="lowest(players, it.money)")
def v_lowest(M, values):
    M.spend(len(values))  # the items gone over (see ops.each_item)
    return min(values) if values else 0


@verb("abs", 1, doc="The absolute value of a number.", example="abs(me.score - 3)")
def v_abs(M, x):
    return abs(_int(x))


@verb("range", 2, fresh=True, doc="The numbers from the first up to the second, included.", example="range(1, 3)")
def v_range(M, a, b):
    a, b = _int(a), _int(b)
    if b - a > 10_000:
        raise RuntimeContentError("range longer than 10000")
    return list(range(a, b + 1))


@verb("top", 1, doc="The top card of a zone, or none.", example="top(building_deck)")
def v_top(M, z):
    items = z.items if type(z) is Zone else ops.items(z)
    return items[-1] if items else None


@verb("bottom", 1, doc="The bottom card of a zone, or none.", example="bottom(building_deck)")
def v_bottom(M, z):
    items = ops.items(z)
    return items[0] if items else None


@verb("first", 1, doc="The first item of a list, or none.", example="first(me.tableau where it.cost > 3)")
def v_first(M, xs):
    items = xs if type(xs) is list else ops.items(xs)
    return items[0] if items else None


@verb("position", 1, doc="A card's place in its zone, counted from 1 at the bottom (the first placed); 0 if nowhere.",
      example="position(c)")
def v_position(M, card):
    if type(card) is not Piece or card.zone is None:
        return 0
    return card.zone.items.index(card) + 1


@verb("at", 2, doc="The card at a place of a zone, counted from 1 at the bottom; none if there is none.",
      example="at(me.city, 6)")
def v_at(M, zone, i):
    items = zone.items if type(zone) is Zone else ops.items(zone)
    i = _int(i)
    return items[i - 1] if 1 <= i <= len(items) else None


@verb("value_of", 3, doc="A card's expression hook computed for another player (to copy a card's effect).",
      example='value_of(c, "score", me)')
def v_value_of(M, card, hook, player):
    if type(card) is not Piece:
        raise RuntimeContentError(f"value_of: expected a card, got {ops.describe(card)}")
    fn = card.card.expressions.get(hook)
    return fn(M, player, card) if fn is not None else None


@verb("rivals", 1, fresh=True, doc="The other players, clockwise from the given one.", example="rivals(me)")
def v_rivals(M, p):
    ps, i = M.players, p.index
    return ps[i + 1:] + ps[:i]


@verb("clockwise", 1, fresh=True, doc="Every player, starting with the given one and going clockwise.",
      example="clockwise(start_player)")
def v_clockwise(M, p):
    ps, i = M.players, p.index
    return ps[i:] + ps[:i]


@verb("random", 1, doc="One item picked at random by the match's seeded generator (none if empty).",
      example="random(me.hand)")
def v_random(M, xs):
    items = ops.items(xs)
    return items[M.rng.randrange(len(items))] if items else None


@verb("roll", 1, 2, fresh=True, doc="A list of dice results: roll(n) or roll(n, sides), from the match's seeded generator.",
      example="roll(2, 6)")
def v_roll(M, n, sides=6):
    n, sides = _int(n), _int(sides)
    if not (0 <= n <= 100 and 1 <= sides <= 1000):
        raise RuntimeContentError("roll: at most 100 dice of at most 1000 sides")
    return [M.rng.randint(1, sides) for _ in range(n)]


@verb("option", 1, doc="The value of a rules option, by name.", example='option("mode") == "expert"')
def v_option(M, name):
    if name not in M.options.values:
        raise RuntimeContentError(f"no option `{name}`")
    return M.options.values[name]


# ---- statements: change the state
@verb("move", 2, kwargs=("at",), doc="Move a card or a list of cards onto a zone (at=\"top\" or \"bottom\").",
      example="move(c, me.tableau)")
def v_move(M, x, zone, at="top"):
    if type(zone) is not Zone:
        _zone(zone)
    if type(x) is Piece:
        M.place(x, zone, at == "bottom")
        return None
    pieces = list(ops.items(x))
    for p in pieces:
        if type(p) is not Piece:
            raise RuntimeContentError(f"only cards can be moved, not {ops.describe(p)}")
    if at == "bottom":
        for p in pieces:
            M.place(p, zone, True)
        return None
    put = zone.items
    for p in pieces:  # Match.place, written out for a list: a call less per card (setups move whole decks)
        p.zone.items.remove(p)
        put.append(p)
        p.zone = zone
    return None


@verb("draw", 2, 3, fresh=True, doc="Move the top n cards (default 1) of a zone onto another; gives the list moved.",
      example="draw(building_deck, row, 3)")
def v_draw(M, src, dst, n=1):
    if type(src) is not Zone or type(dst) is not Zone or type(n) is not int:
        src, dst, n = _zone(src), _zone(dst), _int(n)  # say which is wrong
    items, put = src.items, dst.items
    if n == 1:  # the common case, without a loop
        if not items:
            return []
        p = items.pop()
        put.append(p)
        p.zone = dst
        return [p]
    moved = []
    for _ in range(n):
        if not items:
            break
        p = items.pop()  # the top: a piece lies in the zone it names
        put.append(p)
        p.zone = dst
        moved.append(p)
    return moved


@verb("shuffle", 1, doc="Shuffle a zone with the match's seeded generator.", example="shuffle(building_deck)")
def v_shuffle(M, z):
    M.rng.shuffle(_zone(z).items)
    return None


@verb("reveal", 2, kwargs=("until",), doc="Show cards to some players only (a player or a list): drawn in their "
      "views until each card moves to another zone, or until an event fires (until=\"name\").",
      example='reveal(them.hand, me, until="turn_end")')
def v_reveal(M, cards, to, until=None):
    from .secrecy import reveal
    pieces = [cards] if type(cards) is Piece else list(ops.items(cards))
    seats = [to] if type(to) is Player else list(to) if type(to) is list else None
    if seats is None or any(type(p) is not Player for p in seats):
        raise RuntimeContentError(f"reveal: shows cards to a player or a list of players, not {ops.describe(to)}")
    if any(type(p) is not Piece for p in pieces):
        raise RuntimeContentError("reveal: only cards can be revealed")
    reveal(M, pieces, frozenset(p.seat for p in seats), None if until is None else ops.text(until))
    return None


@verb("say", 1, doc="Add a line to the match's account.", example='say("{me.name} builds {c.name}")')
def v_say(M, msg):
    M.say(ops.text(msg))
    return None


@verb("set_first", 1, doc="Put a player first in the player order used by `clockwise(first_player())`.",
      example="set_first(me.left)")
def v_set_first(M, p):
    if type(p) is not Player:
        raise RuntimeContentError("set_first takes a player")
    M.first = p
    return None


@verb("first_player", 0, doc="The player holding the start-player role.", example="first_player()")
def v_first_player(M):
    return M.first


@verb("modify", 1, kwargs=("*",), doc="Add a modifier to a named value: add=N and/or times=N, for some of its "
      "parameters only (player=me), until an event fires.", example='modify("price", add=-1, player=me, until="round_end")')
def v_modify(M, value, add=0, times=1, until=None, **match):
    from .modifiers import add_modifier
    add_modifier(M, ops.text(value), _int(add), _int(times), until, match)
    return None


@verb("trigger_end", 1, doc="The game ends when the current round is over.", example='trigger_end("the last card was revealed")')
def v_trigger_end(M, reason):
    if M.end_reason is None:
        M.end_reason = ops.text(reason)
    return None


@verb("ending", 0, doc="Whether the game ends after this round (trigger_end was called).", example="ending()")
def v_ending(M):
    return M.end_reason is not None


@verb("end_game", 1, kwargs=("outcome", "winner"),
      doc="End the game at once (outcome for cooperative games: \"won\" or \"lost\").",
      example='end_game("the city fell", outcome="lost")')
def v_end_game(M, reason, outcome=None, winner=None):
    raise GameOver(ops.text(reason), outcome, winner)


# ---- verbs that run content: may ask decisions or fire events
@verb("emit", 1, kwargs=("*",), fires=True, doc="Fire an event with named parameters; its handlers run now. "
      "`player=`, if given, is a player or none: the handlers' `me`.",
      example='emit("wrapped", player=me)')
def v_emit(M, name, **params):
    emit_event(M, name, params)


@verb("run", 2, kwargs=("*",), fires=True, doc="Run a card's effect hook by name, if the card has it; `player=` (a "
      "player) is its `me`, else the card's owner.",
      example='run(c, "play")')
def v_run(M, card, hook, **params):
    if type(card) is not Piece:
        raise RuntimeContentError(f"run: expected a card, got {ops.describe(card)}")
    fn = card.card.effects.get(hook)
    if fn is None:
        return None
    me = ops.as_me(params.pop("player", None) or (card.zone.owner if card.zone is not None else None), "run")
    return fn(M, me, card, **params)


@verb("has", 2, doc="Whether a card has the named effect or expression hook.", example='has(c, "play")')
def v_has(M, card, hook):
    if type(card) is not Piece:
        return False
    return hook in card.card.effects or hook in card.card.expressions
