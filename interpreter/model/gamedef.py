"""GameDef and its parts: what a game is, once loaded, checked and compiled. Shared by every match."""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from ..check.names import CounterSpec, OptionSpec, ZoneSpec  # noqa: F401  (declared parts, made by check)
from ..errors import Place


@dataclass(slots=True)
class CardDef:
    id: str
    name: str
    kind: str
    fields: dict
    copies: int
    place: Place
    effects: dict = field(default_factory=dict)  # hook name -> compiled function
    expressions: dict = field(default_factory=dict)  # hook name -> compiled function
    handlers: dict = field(default_factory=dict)  # event -> compiled function
    modifiers: dict = field(default_factory=dict)  # value name -> [(add, times, when) compiled functions]
    source: dict = field(default_factory=dict)  # the YAML mapping, for views and docs


@dataclass(slots=True)
class FaceSpec:
    """How a card of one kind is drawn for players (a kind's `face:`): each name is one of its fields. Nothing
    here changes the rules."""
    title: str | None = None  # the field that is its title (None: the card's name)
    label: str | None = None  # the type line's first word (None: the kind's name)
    type: tuple = ()  # fields whose values follow the label on the type line
    cost: str | None = None
    text: tuple = ()  # fields holding its rules text, one paragraph each
    chips: tuple = ()  # fields drawn as coloured chips
    stats: tuple = ()  # other fields players read
    labels: dict = field(default_factory=dict)  # field -> what the card calls it

    def fields(self) -> list[str]:
        """Every field the face draws."""
        named = [self.title, *self.type, self.cost, *self.text, *self.chips, *self.stats]
        return list(dict.fromkeys(f for f in named if f))


@dataclass(slots=True)
class ScoreEntry:
    """One line of a game's `scoreboard:`: a value per player (`me`), or one for the whole game."""
    label: str
    per: str = "player"  # player | game
    fn: Callable | None = None  # the compiled expression; None with `score` (the game's own score)
    score: bool = False
    max_fn: Callable | None = None
    private: bool = False
    doc: str = ""


@dataclass(slots=True)
class Phase:
    """A phase of the round: its body, as steps run in turn (its top-level statements, where they share no
    local: between two steps no content runs, and a match captures its data there for its copies,
    runtime/position.py; else the whole body as one step)."""
    name: str
    steps: list  # compiled functions (M, me, this)

    def body(self, M, me, this) -> None:
        for step in self.steps:
            step(M, me, this)


@dataclass
class GameDef:
    id: str
    name: str
    folder: str
    min_players: int
    max_players: int
    options: dict  # name -> OptionSpec
    cards: dict  # id -> CardDef
    zones: dict  # global zone name -> ZoneSpec
    player_zones: dict
    counters: dict  # global counter name -> CounterSpec
    player_counters: dict
    vars: dict  # global var -> initial
    player_vars: dict
    constants: dict
    events: dict  # event name -> param names
    handlers: dict  # event -> [compiled functions]
    procedures: dict  # name -> compiled function
    functions: dict
    values: dict  # value name -> its parameter names
    field_types: dict  # card field -> the type a write must keep (NameTable.field_types)
    setup: Callable | None
    finish: Callable | None
    phases: list
    score: Callable | None
    ranking: list
    max_rounds: int
    most_options: int = 64  # `most_options:`: the places of the learning environments' action space (rl/spaces.py)
    faction: Callable | None = None
    value: Callable | None = None  # the bots' estimate of a player's position (`value:`); None: they read `score:`
    cooperative: bool = False  # the players win or lose together
    line_map: dict = field(default_factory=dict)  # generated code line -> Place
    include_choice: dict = field(default_factory=dict)  # option values that chose the included files
    description: str = ""
    names: object = None  # the NameTable its content was checked against (to check scenario files against it)
    faces: dict = field(default_factory=dict)  # kind -> FaceSpec (the kinds that declare a `face:`)
    scoreboard: list = field(default_factory=list)  # ScoreEntry, in the order written
    score_places: tuple = ()  # where `score:` and each `ranking:` key are written: their results are numbers
    score_parts: tuple = ()  # (name, compiled expression) of a score given as named terms; `score` is their sum
    part_places: tuple = ()  # where each part is written
    score_counted: tuple = ()  # (part, compiled expression): how the rules count a part, a text with its figures
    ranking_names: tuple = ()  # each ranking key's name (its term's, or its text)
    team: Callable | None = None  # each player's team (a text or a number)
    team_place: object = None
    # the rules in short, for a player who has not read the rulebook (`rules:` merged over the game's files;
    # None when it gives none): {"goal": str, "turn": str, "phases": {phase: str}} and, when given, "end": str
    # and "notes": [str]
    rules: dict | None = None

    @functools.cached_property
    def listening(self) -> frozenset:
        """The events some card handles (`emit` of any other does not go over the cards in play)."""
        return frozenset(e for c in self.cards.values() for e in c.handlers)

    @functools.cached_property
    def box_plan(self) -> tuple:
        """What a match puts in its box: (every copy's card, in order; value name -> the positions of the
        copies whose card modifies it)."""
        cards, modifying = [], {}
        for card in self.cards.values():
            first = len(cards)
            cards += [card] * card.copies
            for value in card.modifiers:
                modifying.setdefault(value, []).extend(range(first, len(cards)))
        return cards, modifying
