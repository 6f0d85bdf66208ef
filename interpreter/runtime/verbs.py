"""The builtin verbs and functions of the effect language: the registry the checker, the compiler and
docs/language.md read. A verb is declared here once, with its implementation:

    @verb("draw(source: zone, to: zone, n: number = 1) -> list of cards", fresh=True,
          doc="...", example="draw(building_deck, row, 3)")
    def v_draw(M, source, to, n=1): ...

The signature says each parameter's type and default, in the language's words; `*,` puts the parameters after
it by name only, `*name` takes any number of values, `**name` any other named arguments (`**name of P`: the
parameters of the event or value the argument P names, checked against them). A type is one or
more of TYPES joined by `or`; `... per item` is computed for each item with `it` bound (`sum(me.hand,
it.cost)`); an `event name`, `value name`, `hook name`, `effect hook name`, `expression hook name` or `option
name` is a text that names one of the game's, checked when it is written as it is. What a call gives: one
of TYPES, `list of cards`, `list of players`, `list of numbers`, `nothing`, or an item of a parameter's
list or zone: `item of P` (or none), `items of P` (a list of them), `items of each P` (the items of what P
gives for each item, joined).

Besides the signature a verb says whether it runs content of its own (`fires`: an event's handlers, a card's
hook, which may ask a decision; `runs`: how many bodies a call may run, for the budget), whether its values per
item are given as their list (`values`), whether it gives a new list at each call (`fresh`), whether it only
writes the match's account (`narrates`: not called when nobody reads it), how a sum over its values is
written out (`fold`), whether it counts items (`counts`), and the Python the compiler writes in its place
when its arguments' kinds are known (`inline`). A test checks every signature against its function.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import RuntimeContentError
from . import ops
from .events import emit as emit_event
from .secrecy import reveal, tell
from .state import Piece, Player, Zone


class GameOver(Exception):
    """Raised by `end_game`: unwinds every running effect at once."""

    def __init__(self, reason: str, outcome: str | None, winner):
        self.reason, self.outcome, self.winner = reason, outcome, winner


TYPES = ("number", "truth value", "text", "player", "card", "zone", "list", "any")
NAMES = {"event name": "event", "value name": "value", "hook name": "hook", "effect hook name": "effect hook",
         "expression hook name": "expression hook", "option name": "option"}  # a text naming one of the game's
RESULTS = ("list of cards", "list of players", "list of numbers", "nothing")
REQUIRED = object()  # the default of a parameter without one


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str  # TYPES or NAMES, joined by " or "
    default: object = REQUIRED
    named: bool = False  # given by name only
    many: bool = False  # `*name`: any number of values
    per_item: bool = False  # computed for each item, `it` bound

    @property
    def names(self) -> str | None:
        """What the text given names ("event", "value", ...), or None."""
        return NAMES.get(self.type)

    def accepts(self) -> set:
        """The types of TYPES a value given here may have."""
        words = set(self.type.split(" or "))
        return set(TYPES) if "any" in words else {"text" if w in NAMES or w.startswith('"') else w for w in words}

    @property
    def choices(self) -> tuple:
        """The texts a parameter typed by its words (`at: "top" or "bottom"`) takes; () for any other."""
        return tuple(w.strip('"') for w in self.type.split(" or ") if w.startswith('"'))

    def shown(self) -> str:
        text = f"{'*' if self.many else ''}{self.name}: {self.type}{' per item' if self.per_item else ''}"
        if self.default is not REQUIRED:
            text += " = " + ("none" if self.default is None else repr(self.default).replace("'", '"'))
        return text


@dataclass(frozen=True, slots=True)
class Inline:
    """Python the compiler writes in place of a call whose arguments are known to be `when` (one per
    positional argument: "zone", "card", "list" (a list for sure), or a number written as it is), with no
    named argument: an expression, or statements (lines) for a call used as a statement. `{0}`, `{1}`...
    are the arguments' code, `{a}`, `{b}`, `{c}` new local names."""
    when: tuple
    code: str | tuple


@dataclass(frozen=True, slots=True)
class Verb:
    name: str
    impl: Callable
    params: tuple  # of Param
    returns: str
    more_named: str = ""  # `**name`: takes any other named arguments (its name, for the docs)
    fires: bool = False  # runs content (an event's handlers, a card's hook), which may decide or fire in turn
    runs: int = 0  # bodies of content a call may run (the budget of nested runs, see compile.generate._Body.count_runs)
    doc: str = ""
    example: str = ""
    values: bool = False  # its per-item parameter given as the list of its values, one per item (no function
    # to call per item); the verb counts them against the step budget
    fresh: bool = False  # gives a new list at each call: a loop over it needs no copy
    narrates: bool = False  # only writes the account: the call is made only when someone reads it
    fold: tuple | None = None  # (start, in-place operator): how the compiler may write out a fold of its values
    counts: bool = False  # gives how many items its one argument holds: `count(xs where c) > 0` may stop early
    inline: tuple = ()  # of Inline
    more_of: str = ""  # `**name of P`: the other named arguments are the parameters of what argument P names

    @property
    def positional(self) -> tuple:
        return tuple(p for p in self.params if not p.named)

    @property
    def min_args(self) -> int:
        return sum(1 for p in self.positional if p.default is REQUIRED)  # `*name`: at least one

    @property
    def max_args(self) -> int:
        return 99 if any(p.many for p in self.params) else len(self.positional)

    @property
    def kwargs(self) -> tuple:
        """The names it takes by name only ("*": any)."""
        return tuple(p.name for p in self.params if p.named) + (("*",) if self.more_named else ())

    @property
    def lazy(self) -> tuple:
        """The positions computed per item."""
        return tuple(i for i, p in enumerate(self.positional) if p.per_item)

    def param(self, i_or_name) -> Param | None:
        """The parameter a positional argument (its index) or a named one (its name) is given to."""
        if isinstance(i_or_name, int):
            pos = self.positional
            if pos and pos[-1].many and i_or_name >= len(pos):
                return pos[-1]
            return pos[i_or_name] if i_or_name < len(pos) else None
        return next((p for p in self.params if p.named and p.name == i_or_name), None)

    def signature(self) -> str:
        shown, star = [], any(p.many for p in self.params)
        for p in self.params:
            if p.named and not star:
                shown.append("*")
                star = True
            shown.append(p.shown())
        if self.more_named:
            shown.append(f"**{self.more_named}" + (f" of {self.more_of}" if self.more_of else ""))
        return f"{self.name}({', '.join(shown)}) -> {self.returns}"


REGISTRY: dict[str, Verb] = {}

_SIGNATURE = re.compile(r"(\w+)\((.*)\) -> (.+)")


def _parse_signature(text: str) -> tuple:
    """"name(params) -> returns" -> (name, params, returns, more_named, more_of)."""
    m = _SIGNATURE.fullmatch(text)
    if m is None:
        raise ValueError(f"not a signature: {text!r}")
    name, inside, returns = m.groups()
    params, named, more, more_of = [], False, "", ""
    for part in filter(None, (x.strip() for x in inside.split(","))):
        if part == "*":
            named = True
            continue
        if part.startswith("**"):
            more, _, more_of = part[2:].partition(" of ")
            continue
        many = part.startswith("*")
        pname, _, rest = part.lstrip("*").partition(":")
        ptype, _, default = rest.partition("=")
        ptype = ptype.strip()
        per_item = ptype.endswith(" per item")
        ptype = ptype.removesuffix(" per item")
        for word in ptype.split(" or "):
            if word not in TYPES and word not in NAMES and not re.fullmatch(r'"\w+"', word):
                raise ValueError(f"{name}: unknown type {word!r}")
        value = REQUIRED
        if default.strip():
            d = default.strip()
            value = None if d == "none" else int(d) if d.lstrip("-").isdigit() else d.strip('"')
        params.append(Param(pname.strip(), ptype, value, named, many, per_item))
    _check_result(name, returns, params)
    if more_of and not any(p.name == more_of and p.names in ("event", "value") for p in params):
        raise ValueError(f"{name}: `**{more} of {more_of}` names no parameter naming an event or a value")
    return name, tuple(params), returns, more, more_of


def _check_result(name: str, returns: str, params: list) -> None:
    base = returns.removesuffix(" or none")
    for lead in ("items of each ", "items of ", "item of "):
        if base.startswith(lead):
            if base[len(lead):] not in {p.name for p in params}:
                raise ValueError(f"{name}: `{returns}` names no parameter")
            return
    if base not in TYPES and base not in RESULTS:
        raise ValueError(f"{name}: unknown result {returns!r}")


def verb(signature: str, fires=False, runs=0, doc="", example="", values=False, fresh=False, narrates=False,
         fold=None, counts=False, inline=()):
    name, params, returns, more, more_of = _parse_signature(signature)

    def deco(fn):
        REGISTRY[name] = Verb(name, fn, params, returns, more, fires, runs, doc, example, values, fresh, narrates,
                              fold, counts, tuple(inline), more_of)
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
@verb("count(source: list or zone) -> number", counts=True,
      inline=(Inline(("list",), "len({0})"), Inline(("zone",), "len({0}.items)")), doc="How many items a list or zone holds.", example="count(me.tableau)")
def v_count(M, source):
    t = type(source)
    return len(source) if t is list else len(source.items) if t is Zone else len(ops.items(source))


@verb("sum(source: list or zone, value: number per item) -> number", values=True, fold=("0", "+="), doc="The sum of an expression over the items, `it` being each item.",
      example="sum(me.tableau, it.money)")
def v_sum(M, values):
    M._spend(len(values))  # the items gone over (see ops.each_item)
    if not _INT.issuperset(map(type, values)):  # every value a number (tested in C, not item by item)
        for v in values:
            _int(v)
    r = sum(values)
    return r if -ops.MAX_INT <= r <= ops.MAX_INT else ops.number(r)


@verb("distinct(source: list or zone, value: any per item) -> number", values=True, doc="How many different values an expression takes over the items.",
      example="distinct(me.tableau, it.city)")
def v_distinct(M, values):
    M._spend(len(values))  # the items gone over (see ops.each_item)
    try:
        return len(set(values))
    except TypeError:  # a list among them (the rare case: not paid for by every call)
        return len({ops.key(v) for v in values})


@verb("gather(source: list or zone, value: list or zone per item) -> items of each value", values=True,
      fresh=True, doc="The lists (or zones) an expression gives for each item, joined into one list.",
      example="gather(rivals(me), it.tableau)")
def v_gather(M, values):
    M._spend(len(values))  # the items gone over (see ops.each_item)
    out = []
    for v in values:
        out.extend(ops.items(v))
        if len(out) > ops.MAX_ITEMS:
            ops.bounded_list(out)
    return out


@verb("sort(source: list or zone, key: any per item) -> items of source", fresh=True, doc="The items ordered by an expression, smallest first (stable).",
      example="sort(me.tableau, it.cost)")
def v_sort(M, source, key):
    items = ops.each_item(M, source)
    try:
        return sorted(items, key=key)
    except TypeError:  # keys with no order between them, or a key's own mistake (which its second run raises)
        keys = [key(x) for x in items]
        odd = next((k for k in keys if type(k) not in (int, str)), None)
        if odd is None and len({type(k) for k in keys}) < 2:
            raise
        raise RuntimeContentError(f"sort: the keys are numbers or texts, all of one kind, not "
                                  f"{ops.describe(odd if odd is not None else keys[0])} (cards, players and zones "
                                  "have no order: sort by a number of theirs)") from None


def _many(args):
    if len(args) == 1 and type(args[0]) in (list, Zone):
        return ops.items(args[0])
    return args


@verb("max(*values: number or list) -> number", doc="The largest of the arguments, or of one list (0 when empty).", example="max(me.money, 3)")
def v_max(M, *values):
    vals = _many(values)
    return max(vals) if vals else 0


@verb("min(*values: number or list) -> number", doc="The smallest of the arguments, or of one list (0 when empty).", example="min(me.money, 3)")
def v_min(M, *values):
    vals = _many(values)
    return min(vals) if vals else 0


@verb("highest(source: list or zone, value: number per item) -> number", values=True, doc="The largest value an expression takes over the items (0 when empty).",
      example="highest(rivals(me), count(it.tableau))")
def v_highest(M, values):
    M._spend(len(values))  # the items gone over (see ops.each_item)
    return max(values) if values else 0


@verb("lowest(source: list or zone, value: number per item) -> number", values=True, doc="The smallest value an expression takes over the items (0 when empty).",
      example="lowest(players, it.money)")
def v_lowest(M, values):
    M._spend(len(values))  # the items gone over (see ops.each_item)
    return min(values) if values else 0


@verb("abs(x: number) -> number", doc="The absolute value of a number.", example="abs(me.score - 3)")
def v_abs(M, x):
    return abs(_int(x))


@verb("group(source: list or zone, key: any per item) -> list", fresh=True,
      doc="The items in lists of equal key: one list a key, in the order of each key's first item, each list "
          "keeping the items' order.", example="group(sort(me.hand, it.rank), it.rank)")
def v_group(M, source, key):
    groups: dict = {}
    for x in ops.each_item(M, source):
        k = key(x)
        if type(k) is list or type(k) is dict:  # a list by its items (a call only for those); a table refused
            k = ops.key(k)
        groups.setdefault(k, []).append(x)
    return list(groups.values())


@verb("best_disjoint(candidates: list, value: number per item) -> items of candidates", fresh=True,
      doc="The candidates (lists or zones) no two of which share an item, whose values add up to the most; "
          "among equal totals, the first choice in the candidates' order (the one whose first candidate comes "
          "earliest, then its second...); a candidate worth 0 or less is never taken. Each choice looked at "
          "counts as a step.",
      example="best_disjoint(melds, sum(it, it.value))")
def v_best_disjoint(M, candidates, value):
    cands = ops.each_item(M, candidates)
    sets = [frozenset(x if type(x) in (int, str, bool) else id(x) for x in ops.items(c)) for c in cands]
    values = [_int(value(c)) for c in cands]
    rest = [0] * (len(cands) + 1)  # what the candidates from each place on could add at most
    for j in range(len(cands) - 1, -1, -1):
        rest[j] = rest[j + 1] + max(values[j], 0)
    best: list = [0, []]
    looked = [0]

    def search(start: int, used: frozenset, total: int, chosen: list) -> None:
        looked[0] += 1
        if total > best[0]:
            best[0], best[1] = total, list(chosen)
        for j in range(start, len(cands)):
            if total + rest[j] <= best[0]:
                return  # nothing from here on does better than the best so far
            if values[j] > 0 and not (sets[j] & used):
                chosen.append(j)
                search(j + 1, used | sets[j], total + values[j], chosen)
                chosen.pop()
    search(0, frozenset(), 0, [])
    M._spend(looked[0])
    return [cands[j] for j in best[1]]


@verb("range(low: number, high: number) -> list of numbers", fresh=True, doc="The numbers from the first up to the second, included.", example="range(1, 3)")
def v_range(M, low, high):
    low, high = _int(low), _int(high)
    if high - low > 10_000:
        raise RuntimeContentError("range longer than 10000")
    return list(range(low, high + 1))


@verb("top(zone: zone or list) -> item of zone or none", doc="The top card of a zone, or none.", example="top(building_deck)")
def v_top(M, zone):
    items = zone.items if type(zone) is Zone else ops.items(zone)
    return items[-1] if items else None


@verb("bottom(zone: zone or list) -> item of zone or none", doc="The bottom card of a zone, or none.", example="bottom(building_deck)")
def v_bottom(M, zone):
    items = ops.items(zone)
    return items[0] if items else None


@verb("first(source: list or zone) -> item of source or none", doc="The first item of a list, or none.", example="first(me.tableau where it.cost > 3)")
def v_first(M, source):
    items = source if type(source) is list else ops.items(source)
    return items[0] if items else None


@verb("position(card: card) -> number", doc="A card's place in its zone, counted from 1 at the bottom (the first placed); 0 if nowhere.",
      example="position(c)")
def v_position(M, card):
    if type(card) is not Piece or card.zone is None:
        return 0
    return card.zone.items.index(card) + 1


@verb("at(zone: zone or list, place: number) -> item of zone or none", doc="The card at a place of a zone, counted from 1 at the bottom; none if there is none.",
      example="at(me.city, 6)")
def v_at(M, zone, place):
    items = zone.items if type(zone) is Zone else ops.items(zone)
    place = _int(place)
    return items[place - 1] if 1 <= place <= len(items) else None


@verb("value_of(card: card, hook: expression hook name, player: player) -> any", runs=1, doc="A card's expression hook computed for another player (to copy a card's effect).",
      example='value_of(c, "score", me)')
def v_value_of(M, card, hook, player):
    if type(card) is not Piece:
        raise RuntimeContentError(f"value_of: expected a card, got {ops.describe(card)}")
    fn = card.card.expressions.get(hook)
    return fn(M, player, card) if fn is not None else None


@verb("rivals(player: player) -> list of players", fresh=True, doc="The other players, clockwise from the given one.", example="rivals(me)")
def v_rivals(M, player):
    ps, i = M.players, player.index
    return ps[i + 1:] + ps[:i]


@verb("clockwise(player: player) -> list of players", fresh=True, doc="Every player, starting with the given one and going clockwise.",
      example="clockwise(start_player)")
def v_clockwise(M, player):
    ps, i = M.players, player.index
    return ps[i:] + ps[:i]


@verb("random(source: list or zone) -> item of source or none", doc="One item picked at random by the match's seeded generator (none if empty).",
      example="random(me.hand)")
def v_random(M, source):
    items = ops.items(source)
    return items[M.rng.randrange(len(items))] if items else None


@verb("roll(n: number, sides: number = 6) -> list of numbers", fresh=True, doc="A list of dice results: roll(n) or roll(n, sides), from the match's seeded generator.",
      example="roll(2, 6)")
def v_roll(M, n, sides=6):
    n, sides = _int(n), _int(sides)
    if not 0 <= n <= 100:
        raise RuntimeContentError(f"roll: {n} dice; from 0 to 100 dice are rolled at once")
    if not 1 <= sides <= 1000:
        raise RuntimeContentError(f"roll: dice of {sides} sides; a die has 1 to 1000 sides")
    return [M.rng.randint(1, sides) for _ in range(n)]


@verb("option(name: option name) -> any", doc="The value of a rules option, by name.", example='option("mode") == "expert"')
def v_option(M, name):
    if name not in M.options.values:
        raise RuntimeContentError(f"no option `{name}`")
    return M.options.values[name]


# ---- statements: change the state
# `move` and `draw` as a careful person would write them where the kinds are known (v_move, v_draw and
# Match.place in one): no call, no type test. A card is none or a card, and a zone's cards lie in it; moving
# none moves nothing, as v_move does, and drawing from an empty zone draws nothing.
_MOVE = (
    Inline(("zone", "zone"), ("{a} = {0}", "{b} = {1}", "if {a} is not {b}:",  # the cards in order, as one by one
                              "    for _q in {a}.items: _q.by = {a}.owner; _q.zone = {b}", "    {b}.items += {a}.items; {a}.items.clear()")),
    Inline(("card", "zone"), ("{a} = {0}", "{b} = {1}", "if {a} is None: NOCARD('move')",
                              "{a}.zone.items.remove({a}); {b}.items.append({a}); {a}.by = {a}.zone.owner; {a}.zone = {b}")),
)
_DRAW = tuple(Inline(when, ("{a} = {0}.items", "{b} = {1}", "if {a}:",
                            "    {c} = {a}.pop(); {b}.items.append({c}); {c}.by = {c}.zone.owner; {c}.zone = {b}"))
              for when in (("zone", "zone"), ("zone", "zone", 1)))


@verb("move(what: card or list or zone, to: zone, *, at: \"top\" or \"bottom\" = \"top\") -> nothing", inline=_MOVE, doc="Move a card or a list of cards onto a zone (at=\"top\" or \"bottom\"); none (a choice from nothing, the top of an empty zone) is an error at its place: test it first.",
      example="move(c, me.tableau)")
def v_move(M, what, to, at="top"):
    if type(to) is not Zone:
        _zone(to)
    if at != "top" and at != "bottom":
        raise RuntimeContentError(f'move: `at` is "top" or "bottom", not {ops.describe(at)}')
    if type(what) is Piece:
        M.place(what, to, at == "bottom")
        return None
    if what is None:
        ops.no_card("move")
    pieces = list(ops.items(what))
    for p in pieces:
        if type(p) is not Piece:
            raise RuntimeContentError(f"only cards can be moved, not {ops.describe(p)}")
    if at == "bottom":
        for p in pieces:
            M.place(p, to, True)
        return None
    put = to.items
    for p in pieces:  # Match.place, written out for a list: a call less per card (setups move whole decks)
        p.zone.items.remove(p)
        put.append(p)
        p.by = p.zone.owner
        p.zone = to
    return None


@verb("draw(source: zone, to: zone, n: number = 1) -> list of cards", fresh=True, inline=_DRAW, doc="Move the top n cards (default 1) of a zone onto another, at most: all it holds when it holds fewer; gives the list moved (its count says how many).",
      example="draw(building_deck, row, 3)")
def v_draw(M, source, to, n=1):
    if type(source) is not Zone or type(to) is not Zone or type(n) is not int:
        source, to, n = _zone(source), _zone(to), _int(n)  # say which is wrong
    items, put = source.items, to.items
    if n == 1:  # the common case, without a loop
        if not items:
            return []
        p = items.pop()
        put.append(p)
        p.by = source.owner
        p.zone = to
        return [p]
    moved = []
    for _ in range(n):
        if not items:
            break
        p = items.pop()  # the top: a piece lies in the zone it names
        put.append(p)
        p.by = source.owner
        p.zone = to
        moved.append(p)
    return moved


@verb("shuffle(zone: zone) -> nothing", doc="Shuffle a zone with the match's seeded generator.", example="shuffle(building_deck)")
def v_shuffle(M, zone):
    items = _zone(zone).items
    M.rng.shuffle(items)
    mix = object()  # these pieces were shuffled together (Piece.mix)
    for p in items:
        p.mix = mix
    return None


@verb("reveal(cards: card or list or zone, players: player or list, *, until: event name = none) -> nothing",
      doc="Show cards to some players only (a player or a list): drawn in their views until each card moves to "
      "another zone, or until an event fires (until=\"name\").", example='reveal(them.hand, me, until="turn_end")')
def v_reveal(M, cards, players, until=None):
    pieces = [cards] if type(cards) is Piece else list(ops.items(cards))
    seats = [players] if type(players) is Player else list(players) if type(players) is list else None
    if seats is None or any(type(p) is not Player for p in seats):
        raise RuntimeContentError(f"reveal: shows cards to a player or a list of players, not {ops.describe(players)}")
    if any(type(p) is not Piece for p in pieces):
        raise RuntimeContentError("reveal: only cards can be revealed")
    reveal(M, pieces, frozenset(p.seat for p in seats), None if until is None else ops.text(until))
    return None


@verb("tell(cards: card or list or zone, players: player or list, field: text, value: any) -> nothing",
      doc="Tell some players, of each card, whether its field has a value (a hint: which cards are red, and so "
      "which are not); a bot's sampled worlds keep what its seat was told while each card stays in its zone.",
      example='tell(them.hand, them, "colour", "red")')
def v_tell(M, cards, players, field, value):
    pieces = [cards] if type(cards) is Piece else list(ops.items(cards))
    seats = [players] if type(players) is Player else list(players) if type(players) is list else None
    if seats is None or any(type(p) is not Player for p in seats):
        raise RuntimeContentError(f"tell: tells a player or a list of players, not {ops.describe(players)}")
    if any(type(p) is not Piece for p in pieces):
        raise RuntimeContentError("tell: tells of cards only")
    tell(M, pieces, frozenset(p.seat for p in seats), ops.text(field), value)
    return None


@verb("say(message: any) -> nothing", narrates=True, doc="Add a line to the match's account.", example='say("{me.name} builds {c.name}")')
def v_say(M, message):
    M._say(ops.text(message))
    return None


@verb("unavailable(option: text, reason: text) -> nothing",
      doc="Say why an option is not offered in the next `ask` menu: a player's screen shows it greyed out with the "
          "reason. It changes nothing in the rules.",
      example='unavailable("Build", "building costs 3 coins; {me.name} has {me.coins}")')
def v_unavailable(M, option, reason):
    if len(M._unavailable_notes) < 32:
        M._unavailable_notes.append((ops.text(option), ops.text(reason)))
    return None


@verb("set_first(player: player) -> nothing", doc="Put a player first in the player order used by `clockwise(first_player())`.",
      example="set_first(me.left)")
def v_set_first(M, player):
    if type(player) is not Player:
        raise RuntimeContentError("set_first takes a player")
    M.first = player
    return None


@verb("first_player() -> player", doc="The player holding the start-player role.", example="first_player()")
def v_first_player(M):
    return M.first


@verb("modify(value: value name, *, add: number = 0, times: number = 1, until: event name = none, **parameters of value) -> nothing",
      doc="Add a modifier to a named value: add=N and/or times=N, for some of its "
      "parameters only (player=me), until an event fires.", example='modify("price", add=-1, player=me, until="round_end")')
def v_modify(M, value, add=0, times=1, until=None, **parameters):
    from .modifiers import add_modifier
    add_modifier(M, ops.text(value), _int(add), _int(times), until, parameters)
    return None


@verb("trigger_end(reason: any) -> nothing", doc="The game ends when the current round is over.", example='trigger_end("the last card was revealed")')
def v_trigger_end(M, reason):
    if M.end_reason is None:
        M.end_reason = ops.text(reason)
    return None


@verb("ending() -> truth value", doc="Whether the game ends after this round (trigger_end was called).", example="ending()")
def v_ending(M):
    return M.end_reason is not None


@verb("end_game(reason: any, *, outcome: \"won\" or \"lost\" = none, winner: player = none) -> nothing",
      doc="End the game at once (outcome for cooperative games: \"won\" or \"lost\").",
      example='end_game("the city fell", outcome="lost")')
def v_end_game(M, reason, outcome=None, winner=None):
    raise GameOver(ops.text(reason), outcome, winner)


# ---- verbs that run content: may ask decisions or fire events
@verb("emit(name: event name, *, player: player = none, **parameters of name) -> nothing", fires=True, runs=2, doc="Fire an event with named parameters; its handlers run now. "
      "`player=`, if given, is a player or none: the handlers' `me`.",
      example='emit("wrapped", player=me)')
def v_emit(M, name, player=None, **parameters):
    if player is not None:
        parameters["player"] = player
    emit_event(M, name, parameters)


@verb("run(card: card, hook: effect hook name, **parameters) -> any", fires=True, runs=1, doc="Run a card's effect hook by name, if the card has it; `player=` (a "
      "player) is its `me`, else the card's owner.",
      example='run(c, "play")')
def v_run(M, card, hook, **parameters):
    if type(card) is not Piece:
        raise RuntimeContentError(f"run: expected a card, got {ops.describe(card)}")
    fn = card.card.effects.get(hook)
    if fn is None:
        return None
    me = ops.as_me(parameters.pop("player", None) or (card.zone.owner if card.zone is not None else None), "run")
    return fn(M, me, card, **parameters)


@verb("has(card: card, hook: hook name) -> truth value", doc="Whether a card has the named effect or expression hook.", example='has(c, "play")')
def v_has(M, card, hook):
    if type(card) is not Piece:
        return False
    return hook in card.card.effects or hook in card.card.expressions
