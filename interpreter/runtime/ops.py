"""What compiled expressions call: field access restricted to game data, collection helpers, text."""
from __future__ import annotations

from ..errors import RuntimeContentError
from .attributes import ATTRIBUTES
from .state import Options, Piece, Player, Zone

MAX_INT = 10**12
OUT_OF_BOUNDS = "number out of bounds (numbers stay between -10^12 and 10^12)"
MAX_TEXT = 100_000  # characters in one text a match builds
MAX_ITEMS = 100_000  # items in one list a match builds (the cards of a game are far fewer)
_CARD, _PLAYER, _ZONE = ATTRIBUTES["card"], ATTRIBUTES["player"], ATTRIBUTES["zone"]


def get(M, obj, name: str):
    """`obj.name` in content: only a game's own data, never a Python attribute. The game's own names come first,
    then the engine's attributes (runtime.attributes)."""
    t = type(obj)
    if t is Piece:
        f = obj.f
        if name in f:
            return f[name]
        fn = obj.card.expressions.get(name)
        if fn is not None:
            z = obj.zone
            return fn(M, z.owner if z is not None else None, obj)
        own = _CARD.get(name)
        if own is not None:
            return own.read(M, obj)
        raise RuntimeContentError(f"card `{obj.card.id}` has no field `{name}`")
    if t is Player:
        c = obj.counters
        if name in c:
            return c[name]
        z = obj.zones
        if name in z:
            return z[name]
        v = obj.vars
        if name in v:
            return v[name]
        own = _PLAYER.get(name)
        if own is not None:
            return own.read(M, obj)
        raise RuntimeContentError(f"a player has no `{name}`")
    if t is Zone:
        own = _ZONE.get(name)
        if own is not None:
            return own.read(M, obj)
        raise RuntimeContentError(f"a zone has no `{name}`")
    if t is Options:
        if name in obj.values:
            return obj.values[name]
        raise RuntimeContentError(f"no option `{name}`")
    if obj is None:
        raise RuntimeContentError(f"`none` has no field `{name}`")
    raise RuntimeContentError(f"{describe(obj)} has no field `{name}`")


def get_card_field(M, obj, name: str):
    """`obj.name` where the name is only a card field: the common case first, else the general rule."""
    if type(obj) is Piece:
        f = obj.f
        if name in f:
            return f[name]
    return get(M, obj, name)


def get_counter(M, obj, name: str):
    """`obj.name` where the name is only a player's counter."""
    if type(obj) is Player:
        c = obj.counters
        if name in c:
            return c[name]
    return get(M, obj, name)


_FIELD_TYPES = {"int": (int,), "list": (list,), "card": (Piece, type(None)), "player": (Player, type(None))}


def field_checked(name: str, ftype: str, v):
    """A value written to a card's field whose type every kind declares the same (NameTable.field_types):
    compiled code reads such a field trusting its type, so a write may not change it."""
    if type(v) not in _FIELD_TYPES[ftype]:
        want = {"int": "a number", "list": "a list", "card": "a card or none", "player": "a player or none"}[ftype]
        raise RuntimeContentError(f"field `{name}` holds {want}, not {describe(v)}")
    return v


def as_me(v, where: str):
    """A `player=` given to `run` or `emit`, which becomes a body's `me`: compiled bodies read `me` as a player
    or none with no test of its type, so nothing else may become it."""
    if type(v) is not Player and v is not None:
        raise RuntimeContentError(f"{where}: `player` must be a player, not {describe(v)}")
    return v


def describe(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "a truth value"
    if isinstance(v, int):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "a list"
    return {Piece: "a card", Player: "a player", Zone: "a zone"}.get(type(v), type(v).__name__.lower())


def no_card(verb: str):
    """A none where a verb moves a card (a choice from nothing, the top of an empty zone): moving it would do
    nothing, unseen."""
    raise RuntimeContentError(f"{verb}: there is no card to move (none)")


def key(v):
    """A value as an item of a set or a key of a table: a list by its items, as `==` compares lists (a list of
    lists in `distinct` or `group`)."""
    t = type(v)
    if t is list:
        return tuple(key(x) for x in v)
    if t is dict:
        raise RuntimeContentError("a table cannot be told apart from another by its entries here")
    return v


def items(x) -> list:
    """Anything iterable in content: a zone, a list, or none (empty)."""
    t = type(x)
    if t is list:
        return x
    if t is Zone:
        return x.items
    if x is None:
        return []
    raise RuntimeContentError(f"expected a list or a zone, got {describe(x)}")


def each_item(M, x) -> list:
    """The items an expression goes over (`each`, `where`, `sum`, `sort`...), counted against the match's
    step budget like a loop's passes: nested passes over long lists cannot run for hours."""
    t = type(x)
    seq = x if t is list else x.items if t is Zone else items(x)
    M._steps += len(seq)
    if M._steps > M._step_budget:
        M._spend(0)
    return seq


def each_of_zone(M, z) -> list:
    """each_item of what the compiler knows to be a zone."""
    seq = z.items
    M._steps += len(seq)
    if M._steps > M._step_budget:
        M._spend(0)
    return seq


def snapshot(x) -> list:
    """A copy to loop over, so that moving cards inside the loop is safe."""
    t = type(x)
    return list(x if t is list else x.items if t is Zone else items(x))


def add(a, b):
    if type(a) is int and type(b) is int:
        r = a + b
        if -MAX_INT <= r <= MAX_INT:
            return r
        raise RuntimeContentError(OUT_OF_BOUNDS)
    if type(a) is str and type(b) is str:
        return bounded_text(a + b) if len(a) + len(b) > MAX_TEXT else a + b
    if type(a) in _PLAIN or type(b) in _PLAIN:
        raise RuntimeContentError(f"`+` adds two numbers, two strings or two lists, not {describe(a)} and {describe(b)}")
    if type(a) is not list:
        a = items(a)
    if type(b) is not list:
        b = items(b)
    return bounded_list(a + b) if len(a) + len(b) > MAX_ITEMS else a + b


_PLAIN = (int, str, bool)


def sub(a, b):
    if type(a) is int and type(b) is int:
        r = a - b
        if -MAX_INT <= r <= MAX_INT:
            return r
        raise RuntimeContentError(OUT_OF_BOUNDS)
    if type(a) in (int, bool) and type(b) in (int, bool):
        return sub(int(a), int(b))
    raise RuntimeContentError(f"`-` takes two numbers, not {describe(a)} and {describe(b)}")


def neg(a):
    if type(a) is int:
        return -a  # within the bounds, as `a` is: they are the same on either side of zero
    if type(a) is bool:
        return -int(a)
    raise RuntimeContentError(f"`-` takes a number, not {describe(a)}")


def number(r):
    """A number a verb or a sum made, kept within the bounds every number of a match keeps."""
    if -MAX_INT <= r <= MAX_INT:
        return r
    raise RuntimeContentError(OUT_OF_BOUNDS)


def bounded_text(s: str) -> str:
    if len(s) > MAX_TEXT:
        raise RuntimeContentError(f"text longer than {MAX_TEXT} characters (growing without end?)")
    return s


def bounded_list(xs: list) -> list:
    if len(xs) > MAX_ITEMS:
        raise RuntimeContentError(f"list longer than {MAX_ITEMS} items (growing without end?)")
    return xs


def div(a, b):
    if b == 0:
        raise RuntimeContentError("division by zero")
    return a // b


def mod(a, b):
    if b == 0:
        raise RuntimeContentError("division by zero")
    return a % b


def mul(a, b):
    if type(a) in (int, bool) and type(b) in (int, bool):  # checked first: "ab" * 10**9 would fill the memory
        r = a * b
        if -MAX_INT <= r <= MAX_INT:
            return r
    raise RuntimeContentError("only numbers can be multiplied, within bounds")


def contains(a, b) -> bool:
    t = type(b)
    return a in b if t is list else a in b.items if t is Zone else a in b


def index(a, i):
    if type(a) is dict:  # a constant table: `city_names[c.city]`
        return a.get(i)
    seq = a if type(a) is list else items(a)
    if type(i) is not int:
        raise RuntimeContentError("an index must be a number")
    if -len(seq) <= i < len(seq):
        return seq[i]
    raise RuntimeContentError(f"index {i} is past the end of a list of {len(seq)}")


def times(n) -> int:
    """How many times `repeat n` runs its body: a number, none below 0 (each pass counts against the step
    budget, which stops a count too large to finish)."""
    if type(n) is not int:
        raise RuntimeContentError(f"`repeat` is given a number of times, not {describe(n)}")
    return n if n > 0 else 0


def text(v) -> str:
    t = type(v)
    if t is Piece or t is Player:
        return v.name
    if t is Zone:
        return ", ".join(p.card.name for p in v.items) or "nothing"
    if v is None:
        return "none"
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if t is list:
        return bounded_text(", ".join(text(x) for x in v) or "nothing")
    if t is str:
        return bounded_text(v) if len(v) > MAX_TEXT else v
    return str(v)
