"""What names a game gives its content: the table the resolver (check.resolve) binds every identifier against,
and the specs of the counters, zones and options a game declares (check.declarations makes them; the GameDef
keeps them)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..runtime import attributes


@dataclass(slots=True)
class CounterSpec:
    name: str
    initial: int = 0
    min: int | None = None
    max: int | None = None
    wrap: int | None = None  # values 0..wrap-1; passing wrap-1 -> 0 fires on_wrap
    on_wrap: str | None = None
    on_wrap_back: str | None = None
    thresholds: tuple = ()  # each fires on_threshold once, the first time the value reaches it
    on_threshold: str | None = None
    clamp: bool = False  # the rules stop the count at its bounds: kept there without a warning (validate --smoke)


@dataclass(slots=True)
class ZoneSpec:
    name: str
    visibility: str = "public"  # public | owner | others | hidden
    active: bool = False  # cards here have their handlers live
    known: bool = False  # `contents: known`: a hidden zone whose cards every player saw go in; only their order is hidden
    label: str | None = None  # what players call it (`label:`); None: its name, words spaced


@dataclass(slots=True)
class OptionSpec:
    name: str
    values: tuple
    default: str
    doc: str = ""


@dataclass
class NameTable:
    global_counters: dict = field(default_factory=dict)  # name -> CounterSpec
    global_zones: set = field(default_factory=set)
    global_vars: set = field(default_factory=set)
    player_counters: dict = field(default_factory=dict)
    player_zones: set = field(default_factory=set)
    player_vars: set = field(default_factory=set)
    constants: dict = field(default_factory=dict)
    procedures: dict = field(default_factory=dict)  # name -> [params]
    functions: dict = field(default_factory=dict)  # name -> [params]; values are functions too
    events: dict = field(default_factory=dict)  # name -> [params]
    values: dict = field(default_factory=dict)  # name -> [params]
    card_fields: set = field(default_factory=set)
    effect_hooks: set = field(default_factory=set)
    expression_hooks: set = field(default_factory=set)
    options: set = field(default_factory=set)
    card_ids: dict = field(default_factory=dict)  # card id -> its copies
    enum_values: set = field(default_factory=set)
    kind_names: set = field(default_factory=set)  # the kinds of cards
    field_enums: dict = field(default_factory=dict)  # card field -> the values of its enum (field_enums)
    option_values: dict = field(default_factory=dict)  # option -> its values, a mod's among them
    field_types: dict = field(default_factory=dict)  # card field -> "int", "list", "card" or "player", where
    # every kind declaring the field gives it that type (not optional but for a card or a player): a write
    # keeps it (ops.field_checked), so a read can rely on it

    BUILTIN_NAMES = ("players", "me", "this", "owner", "options", "round")
    # the engine's own attributes (runtime.attributes)
    PLAYER_ATTRS = attributes.names("player")
    PIECE_ATTRS = attributes.names("card")
    ZONE_ATTRS = attributes.names("zone")

    def attributes(self) -> set:
        return (set(self.player_counters) | self.player_zones | self.player_vars | self.card_fields
                | self.expression_hooks | self.options | set(self.PLAYER_ATTRS) | set(self.PIECE_ATTRS)
                | set(self.ZONE_ATTRS))

    def builtin(self, owner: str, name: str):
        """The engine's own attribute `name` of a card, a player or a zone (runtime.attributes.ATTRIBUTES[owner]),
        unless the game gives that owner something of that name, which ops.get reads first (a card's field or
        expression hook; a player's counter, zone or var); else None."""
        own = attributes.ATTRIBUTES[owner].get(name)
        if own is None:
            return None
        if owner == "card" and (name in self.card_fields or name in self.expression_hooks):
            return None
        if owner == "player" and (name in self.player_counters or name in self.player_zones
                                  or name in self.player_vars):
            return None
        return own

    def bare_names(self) -> set:
        return (set(self.global_counters) | self.global_zones | self.global_vars | set(self.constants)
                | set(self.BUILTIN_NAMES))


def field_types(kinds: dict) -> dict:
    """Card field -> the type every kind declaring it gives it, when that is a number, a list, a card or a
    player (NameTable.field_types)."""
    seen: dict = {}
    for kd in kinds.values():
        for name, decl in (kd.get("fields") or {}).items():
            t = str(decl["type"] if isinstance(decl, dict) else decl)
            if t.startswith("list[") and not t.endswith("?"):
                t = "list"
            elif t in ("card?", "player?"):  # a card or a player may be none anyway
                t = t[:-1]
            seen.setdefault(name, set()).add(t)
    return {k: t for k, ts in seen.items() if len(ts) == 1 and (t := next(iter(ts))) in ("int", "list", "card", "player")}


def field_enums(kinds: dict, enums: dict) -> dict:
    """Card field -> the values of the enum every kind declaring it gives it (a comparison is checked against
    them)."""
    seen: dict = {}
    for kd in kinds.values():
        for name, decl in (kd.get("fields") or {}).items():
            seen.setdefault(name, set()).add(str(decl["type"] if isinstance(decl, dict) else decl).rstrip("?"))
    return {k: list(enums[t]) for k, ts in seen.items() if len(ts) == 1 and (t := next(iter(ts))) in enums}
