"""A match: the mutable state of one game being played, driven one decision at a time.

    match = Match(game, players=3, seed=7)
    while not match.over:
        d = match.pending            # who decides, the prompt, the legal options
        match.choose(0)              # answer with an option's index (or its label)
    match.result
"""
from __future__ import annotations

import os
import random
import re
import sys
import time
import traceback
from itertools import repeat

from greenlet import getcurrent, greenlet

from ..errors import IllegalChoice, InternalError, MeepleError, Place, RuntimeContentError, UsageError
from .decisions import NOTHING, Decision, out_of_range, question, replay_mark
from .ops import describe
from .position import FINISH, QUIET_EVERY, SETUP, capture, restore
from .result import Result, result_of
from .secrecy import echo
from .state import Options, Piece, Player, Zone
from .verbs import GameOver

STEP_BUDGET = 2_000_000  # loop iterations in one match
STEP_CHUNK = 100_000  # steps between two looks at the clock (match._tick)
# seconds content may run between two decisions (a decision answered in place counts): beyond, a placed error
TIME_BUDGET = float(os.environ.get("MEEPLE_TIME_BUDGET", 5))
DEPTH_BUDGET = 200  # nested procedure calls
SAY_BUDGET = 20_000_000  # characters of the match's account (what say() and the narration add)
DEFAULT_NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana"]


def seed_form(seed: int) -> int:
    """A seed's normal form: the one seed of all those that deal as it does. A match's draws are
    `random.Random(seed)`'s, which seeds an integer by its absolute value (-7 deals as 7); two seeds deal the
    same match exactly when their normal forms are equal."""
    return abs(seed)


class Match:
    _step_budget = STEP_BUDGET
    _time_budget = TIME_BUDGET
    def __init__(self, game, players: int, seed: int = 0, options: dict | None = None,
                 names: list[str] | None = None, on_say=None, start: bool = True, narrate: bool = True,
                 auto: list | None = None, rng=None, watch=None, position=None):
        """`auto`: per seat, a function giving the index of its answer from the number of options alone (the
        random agent's): every decision is answered where it arises, recorded in `choices`, with no Decision
        made and the match never suspended, so the match is played to its end as it starts (a simulation's
        bots; the choices narrated by none, so only with `narrate=False`); `watch(match, value)` sees each such answer
        (sim.details.Recorder). `position`: a quiet point of a match of the same game and seats (position.py),
        the match built there, not begun (copies.py). `rng`: where
        every random draw comes from, `random.Random(seed)` by default; a caller that deals the cards itself
        passes an object with `shuffle`, `randrange` and `randint` (docs/api.md)."""
        if auto is not None and narrate:
            raise UsageError("a match whose decisions are answered in place (auto) narrates none of them")
        if not game.min_players <= players <= game.max_players:
            raise UsageError(f"{game.name} is for {game.min_players} to {game.max_players} players, not {players}")
        self.game = game
        self.seed = seed
        # (a copy's options are its match's, resolved then)
        self.options = Options(resolve_options(game, options or {}) if position is None else dict(options))
        for k, v in game.include_choice.items():
            if self.options.values.get(k) != v:
                raise UsageError(f"this game was loaded for option {k}={v}; load it again with "
                                 f"{k}={self.options.values.get(k)} (its files depend on it)")
        # every random draw of the match: `random.Random(seed)`, or the caller's draws (docs/api.md); a match built
        # at a quiet point takes its position's (restore)
        self.rng = random.Random(seed) if rng is None and position is None else rng
        # compiled code counts steps in `_steps` and calls _tick() past STEP_BUDGET: it starts one chunk below,
        # so that every STEP_CHUNK steps _tick() looks at the clock; `_spent_before` keeps the steps of the
        # chunks gone (_steps_spent). The engine's bookkeeping, all of it named with an underscore: what a
        # program may read of a match is what docs/api.md names (tests/test_api_doc.py holds them together)
        self._steps = STEP_BUDGET - STEP_CHUNK
        self._spent_before = -self._steps
        self._clock = (0, time.monotonic())  # (decisions made, when the count last changed)
        self._depth = 0
        self.round = 0
        self.phase = ""
        self.end_reason: str | None = None
        self._fired: dict = {}
        self._modifiers: list = []
        self.lines: list[str] = []
        self._sealed: dict[int, frozenset] = {}  # line index -> the seats that may read it (secrecy.py)
        self._revealed: list = []  # the cards shown to some players only (secrecy.reveal)
        self._told: list = []  # what some players were told of cards' fields (secrecy.tell)
        self._unavailable_notes: list = []  # (option, reason) of `unavailable` calls since the last `ask` menu
        self._said = 0
        self._on_say = on_say
        self._narrate = narrate  # False: say() builds no text (simulations that read no account)
        self.choices: list[int] = []
        self._chosen: list = []  # per choice, what a world's replay answers by (decisions.replay_mark)
        self._offered: list = []  # the options of the decision being answered in place (copies.py) ...
        self._label = None  # ... and the function that labels them, if any (decisions.answered)
        self._auto = auto
        self._watch = watch
        self.result: Result | None = None
        names = names or DEFAULT_NAMES
        self.players = [Player(i, names[i] if i < len(names) else f"Player {i + 1}") for i in range(players)]
        self.first = self.players[0]
        self.zones: dict[str, Zone] = {n: Zone(n, None, s) for n, s in game.zones.items()}
        for p in self.players:
            p.match = self
            p.zones = {n: Zone(n, p, s) for n, s in game.player_zones.items()}
        if position is None:  # the start; a match built at a quiet point takes all of this from it (restore)
            self.counters = {n: s.initial for n, s in game.counters.items()}
            self.vars = {n: _fresh(v) for n, v in game.vars.items()}
            for p in self.players:
                p.counters = {n: s.initial for n, s in game.player_counters.items()}
                p.vars = {n: _fresh(v) for n, v in game.player_vars.items()}
            box = self.zones["box"]
            cards, modifying = game.box_plan
            items = box.items = list(map(Piece, range(1, len(cards) + 1), cards, repeat(box)))  # (map: half the time of a loop)
            # value name -> the pieces whose card modifies it (modifiers.py)
            self._modifying: dict = {value: [items[i] for i in at] for value, at in modifying.items()}
            self._pieces = list(items)  # every piece, by uid (uid 1 first)
        self._active_zones = [z for z in self.zones.values() if z.spec.active]
        for p in self.players:
            self._active_zones += [z for z in p.zones.values() if z.spec.active]
        self._listening = game.listening  # the events some card handles
        self._all_zones = list(self.zones.values()) + [z for p in self.players for z in p.zones.values()]
        # copies (copies.py): the last quiet point captured (None: the start), the generator as it was at the
        # start when it is the caller's, whether quiet points are captured (a world a search plays once and
        # drops needs none), and what a world dealt in place does to its copies
        self._quiet = None
        self._rng0 = None if rng is None or auto is not None else _generator_copy(rng)
        self._keeps = auto is None and self._rng0 is not False
        self._flowing = False
        self._redo = ()  # what copies do on their way from the quiet point (copies._replay)
        self._imagined = "at a quiet point"  # how a world from resample was dealt (copies.py)
        self._seen = None  # what a seat sees at the decision asked, for its worlds (copies._seen)
        self._glance = None  # called between two steps (a replay looking at what a seat sees: copies._glimpsed)
        self.pending: Decision | None = None
        self._glet = None
        if position is not None:
            restore(self, position)
        if start:
            self.begin()

    def begin(self) -> None:
        """Runs the match to its first decision (to its end, answering in place): for one built with
        `start=False`."""
        self._flowing = True
        self._start(self._flow)

    def perform(self, body, *args, me=None, this=None) -> None:
        """Run one compiled body (a procedure, a setup, a phase) from here: for scenario tests and tools. A
        card's own body (an effect, a handler) wants its piece as `this`, as the match gives it."""
        def run():
            try:
                body(self, me, this, *args)
            except GameOver as over:
                self.result = self._result(over.outcome, over.reason, _winner(self, over))
        self._start(run)

    def _start(self, run) -> None:
        """Runs `run` (the game's flow, or a body) to the first decision it waits for. Compiled content is plain
        functions: a decision that is not answered in place suspends the whole chain of calls at once, as
        a greenlet (a stack of its own) that `choose` switches back into. A match answered in place never
        waits, so it runs here, to its end, with no greenlet."""
        if self._auto is not None:
            try:
                run()
            except Exception as e:  # content's mistake, or the engine's (failure)
                raise self._failure(e) from None
            self.pending = None
            return
        self._glet = greenlet(run)
        self._advance()

    def _wait(self, decision: Decision) -> int:
        """The index chosen for `decision`: the match is suspended until `choose` answers it (decisions.py)."""
        if self._glet is None:  # begun answering in place, its `auto` taken away while it ran
            raise UsageError("a match begun with its decisions answered in place cannot wait for one")
        return self._glet.parent.switch(decision)

    # ---- the public protocol
    @property
    def over(self) -> bool:
        return self.result is not None

    def choose(self, option) -> None:
        """Answer the pending decision with an option's index or label; says why when refused."""
        d = self.pending
        if d is None:
            if self.result is None:  # closed while it waited, or never begun
                raise IllegalChoice("the match is not being played (closed, or not begun): there is nothing to choose")
            raise IllegalChoice("the match is over: there is nothing to choose")
        k = option
        if type(k) is not int or not 0 <= k < d.size:
            if isinstance(option, str):
                labels = d.labels()
                if option not in labels:
                    raise IllegalChoice(f"{option!r} is not an option; the options are: {', '.join(labels)}")
                k = labels.index(option)
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < d.size:
                raise out_of_range(option, d.size, d.player)
        self._back_here()
        self.choices.append(k)
        self._chosen.append(replay_mark(d.values, k))
        if self._narrate:
            label = d.options[k].label
            if label == NOTHING:  # "(nothing)" alone does not say what was declined: the question goes with it
                label = f"{question(d.player, d.prompt)} {NOTHING}"
            echo(self, d.player, label, d.readers)
        self._advance(k)

    def close(self) -> None:
        """Lets go of the match: what is left to read is its result, its choices and its account. A match's
        pieces, zones and players point at one another, so a match nobody holds any more is freed only by
        Python's cycle collector, which then goes over every object of it, scattered in memory: in a
        simulation of random matches, by the clock, more time than those objects took to make. Closed, it is
        freed at once. A match waiting for a decision is unwound first."""
        waiting, self._glet = self._glet, None
        if waiting:  # suspended: GreenletExit runs the `finally` of every procedure it is in
            waiting.throw()
        self.pending = None
        self.vars = {}
        self._pieces = self._quiet = None
        for z in self.zones.values():
            z.items.clear()
        for p in self.players:
            for z in p.zones.values():
                z.items.clear()
            p.zones, p.vars, p.match = {}, {}, None

    def view(self, player: Player | int | None):
        from .view import view
        return view(self, player)

    def clone(self) -> Match:
        """An independent match at this position with the same future random draws: answered the same way, it
        plays the same match to the same result; answering it otherwise leaves this one as it is (copies.py)."""
        from .copies import clone
        return clone(self)

    def resample(self, seat: int, rng: random.Random, copies: bool = True) -> Match:
        """A copy as the player at `seat` may imagine it: every card it has not seen dealt again at random among
        the places it cannot see into, what it has seen or been told kept, and no value computed from what it
        cannot see since the last quiet point; its view of the copy is its view of this match; `rng` deals, and
        seeds the copy's own future; `copies=False`: a world played once and dropped, which cannot itself be
        copied (copies.py)."""
        from .copies import resample
        return resample(self, seat, rng, copies)

    def draw_from(self, rng) -> None:
        """From this decision on, every random draw comes from `rng` (a generator as `rng=` takes): copies of the
        match replay to here with the generator it had, then draw from a copy of `rng` as it is now (copies.py)."""
        from .copies import draw_from
        draw_from(self, rng)

    # ---- used by verbs and compiled code
    def place(self, piece: Piece, zone: Zone, bottom: bool = False) -> None:
        left = piece.zone  # a piece always lies in a zone (the box, to begin with)
        left.items.remove(piece)
        piece.by = left.owner
        if bottom:
            zone.items.insert(0, piece)
        else:
            zone.items.append(piece)
        piece.zone = zone

    def _say(self, line: str) -> None:
        self._said += len(line)
        if self._said > SAY_BUDGET:
            raise RuntimeContentError(f"said more than {SAY_BUDGET} characters in one match (a say in an endless loop?)")
        self.lines.append(line)
        if self._on_say is not None:
            self._on_say(line)

    def _too_deep(self, name: str = "") -> None:
        """Called by a procedure entered past the depth budget (the count is inline in the compiled code)."""
        self._depth = 0
        raise RuntimeContentError(f"procedure `{name}` runs inside itself more than {DEPTH_BUDGET} deep (endless "
                                  "recursion?)" if name else f"procedures nested deeper than {DEPTH_BUDGET} "
                                  "(endless recursion?)")

    def _tick(self) -> None:
        self._spend(1)

    @property
    def _steps_spent(self) -> int:
        """The steps this match ran: loops' passes and the items expressions went over."""
        return self._steps + self._spent_before

    def _spend(self, steps: int) -> None:
        """Counts steps against the match's budget: a loop's pass, or the items an expression goes over. Past
        a chunk: the budget, then the clock since the last decision, then the next chunk."""
        self._steps += steps
        if self._steps <= self._step_budget:
            return
        if self._steps_spent > self._step_budget:
            raise RuntimeContentError(f"step budget of {self._step_budget} steps spent (an endless loop, procedures "
                                      "or events running each other without end, or expressions going over "
                                      "many items many times?)")
        made, since = self._clock
        now = time.monotonic()
        if made != len(self.choices):
            self._clock = (len(self.choices), now)
        elif now - since > self._time_budget:
            self._clock = (made, now)
            raise RuntimeContentError(f"ran {self._time_budget:g} seconds without a decision (an endless loop, or "
                                      "much work between two decisions?)")
        self._spent_before += self._steps - (self._step_budget - STEP_CHUNK)
        self._steps = self._step_budget - STEP_CHUNK

    # ---- the flow of a game
    def _flow(self, at=SETUP):
        """The game from `at` (position.py: its setup, a step of a phase of the round, its finish) to its end.
        Between two steps no content runs: the match captures its data there for its copies (position.py)."""
        g = self.game
        phases = g.phases
        try:
            i, j = len(phases), 0  # the next phase's index in the round (a new round past the last), its step's
            if at == SETUP:
                if g.setup is not None:
                    g.setup(self, None, None)
            elif at != FINISH:
                i, j = at
            while at != FINISH:
                if i == len(phases):
                    if self.end_reason is not None:
                        break
                    self.round += 1
                    if self.round > g.max_rounds:
                        self.end_reason = f"round limit ({g.max_rounds}) reached"
                        break
                    self._say(f"== Round {self.round}")
                    i = 0
                phase = phases[i]
                self.phase = phase.name
                steps = phase.steps
                while j < len(steps):
                    if self._keeps and self._auto is None:
                        self._quiet_point((i, j))
                    if self._glance is not None:
                        self._glance()
                    steps[j](self, None, None)
                    j += 1
                i, j = i + 1, 0
            if g.finish is not None:
                if self._keeps and self._auto is None and at != FINISH:
                    self._quiet_point(FINISH)
                if self._glance is not None:
                    self._glance()
                self.phase = "finish"
                g.finish(self, None, None)
            outcome, reason, winner = None, self.end_reason, None
        except GameOver as over:
            outcome, reason, winner = _outcome(self, over), over.reason, _winner(self, over)
        self.pending = None
        self.result = self._result(outcome, reason, winner)

    def _quiet_point(self, at) -> None:
        """Captures the match's data here, where no content runs, if enough choices were made since the last
        capture (the first after the setup always): a copy replays the choices since (copies.py)."""
        q = self._quiet
        if q is False:  # a world a search plays once: it is never copied (copies.resample)
            return
        if q is None or len(self.choices) - q.choices >= QUIET_EVERY:
            self._quiet = capture(self, at)
            self._redo = ()

    def _result(self, outcome, reason, winner) -> Result:
        return result_of(self, outcome, reason, winner)

    def _advance(self, *value) -> None:
        """Switches into the suspended match with `value` (the index chosen; nothing to start it), until it
        waits for the next decision or ends."""
        try:
            self.pending = self._glet.switch(*value)  # its next Decision, or None: the run ended
        except Exception as e:  # content's mistake, or the engine's (failure)
            raise self._failure(e) from None

    def _back_here(self) -> None:
        """Whoever answers is where the suspended match comes back to when it waits again or ends."""
        try:
            self._glet.parent = getcurrent()
        except ValueError:  # a greenlet lives on one thread
            raise UsageError("a match is played on the thread that started it") from None

    def score_of(self, player) -> int:
        """The game's `score:` for a player (0 without one); a failure names its place in the content."""
        score = self.game.score
        if score is None:
            return 0
        try:
            s = score(self, player, None)
        except Exception as e:  # content's mistake, or the engine's (failure)
            raise self._failure(e) from None
        if type(s) is not int:
            raise RuntimeContentError(f"the score is a number, not {describe(s)}", self.game.score_places[0])
        return s

    def value_of(self, player) -> int:
        """How well a player stands while the match goes on, as the bots judge it: the game's `value:`, or its
        score without one."""
        value = self.game.value
        if value is None:
            return self.score_of(player)
        try:
            v = value(self, player, None)
        except Exception as e:  # content's mistake, or the engine's (failure)
            raise self._failure(e) from None
        if type(v) is not int:
            raise RuntimeContentError(f"`value:` is a number, not {describe(v)}")
        return v

    def _ranking_keys(self, player) -> tuple:
        """The game's `ranking:` keys for a player, each a number (ties of the score are broken by them)."""
        keys = []
        for i, k in enumerate(self.game.ranking, 1):
            try:
                v = k(self, player, None)
            except Exception as e:
                raise self._failure(e) from None
            if type(v) is not int:
                raise RuntimeContentError(f"a ranking key is a number, not {describe(v)}", self.game.score_places[i])
            keys.append(v)
        return tuple(keys)

    def _failure(self, e: Exception) -> Exception:
        """An error raised by content (while the match runs, or by a label read later), as a content error
        placed at the innermost compiled line running; to be called where it is caught. A Python error that
        content did not cause (raised in the engine's own code) is an internal error, placed nowhere."""
        if isinstance(e, MeepleError):
            return self._placed(e)
        if isinstance(e, BrokenPipeError):  # whoever read the account went away (`meeple play | head`)
            return e
        if not isinstance(e, RecursionError) and not _raised_by_content(e.__traceback__):
            return InternalError(f"{type(e).__name__}: {e}", "".join(traceback.format_exception(e)))
        return self._placed(_mistake(e))

    def _placed(self, e: MeepleError) -> MeepleError:
        """Name the content place of the innermost compiled line that was running."""
        if not isinstance(e, RuntimeContentError) or e.place is not None:
            return e
        return RuntimeContentError(str(e), self._place_in_content(sys.exc_info()[2]))

    def _place_in_content(self, tb) -> Place | None:
        """The content place of the innermost compiled line of a traceback."""
        place = None
        while tb is not None:
            code = tb.tb_frame.f_code
            if code.co_filename == "<meeple>":
                place = self.game.line_map.get(tb.tb_lineno, place)
            tb = tb.tb_next
        return place


_CONTENT_HELPERS = ("ops.py",)  # what compiled expressions call (runtime/ops.py): its Python errors are content's


def _raised_by_content(tb) -> bool:
    """Whether a Python error was raised by compiled content (or the helpers its expressions call)."""
    last = None
    while tb is not None:
        last, tb = tb.tb_frame.f_code.co_filename, tb.tb_next
    return last is not None and (last == "<meeple>" or os.path.basename(last) in _CONTENT_HELPERS)


def _outcome(match, over) -> str | None:
    """`end_game(outcome=...)`: "won" or "lost", in a cooperative game only (the players win or lose
    together); none to rank the players."""
    o = over.outcome
    if o is None or (o in ("won", "lost") and match.game.cooperative):
        return o
    said = f'`outcome` is "won" or "lost", not {_shown(o)}' if o not in ("won", "lost") else \
        "`outcome` is for a cooperative game (`cooperative: true`), whose players win or lose together"
    raise RuntimeContentError(f"end_game: {said}", match._place_in_content(over.__traceback__))


def _shown(v) -> str:
    return f'"{v}"' if type(v) is str else describe(v)


def _winner(match, over) -> Player | None:
    """`end_game(winner=...)`: a player or none; anything else is the content's mistake, placed at the call."""
    w = over.winner
    if w is None or type(w) is Player:
        return w
    raise RuntimeContentError(f"end_game: `winner` must be a player, not {describe(w)}",
                              match._place_in_content(over.__traceback__))


_WORDS = {"int": "a number", "str": "a string", "bool": "a truth value", "list": "a list", "NoneType": "none",
          "Piece": "a card", "Player": "a player", "Zone": "a zone", "dict": "a table", "tuple": "a list"}


def _in_words(message: str) -> str:
    """A Python error's message with Python's type names in the language's words."""
    m = re.match(r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'", message)
    if m:
        return f"`{m[1]}` cannot compare {_WORDS.get(m[2], m[2])} with {_WORDS.get(m[3], m[3])}"
    m = re.match(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'", message)
    if m:
        return f"`{m[1]}` cannot combine {_WORDS.get(m[2], m[2])} and {_WORDS.get(m[3], m[3])}"
    m = re.match(r"bad operand type for unary (\S+): '(\w+)'", message)
    if m:
        return f"`{m[1]}` takes a number, not {_WORDS.get(m[2], m[2])}"
    return re.sub(r"'(\w+)'", lambda t: _WORDS.get(t[1], t[0]), message)


def _mistake(e: Exception) -> RuntimeContentError:
    """A Python error raised by content, as a content error (placed by the caller)."""
    if isinstance(e, RecursionError):  # procedures count their depth; events and card hooks may loop on their own
        return RuntimeContentError("effects nested without end: an event whose handlers fire it again, or a card "
                                   "effect that runs itself?")
    if type(e) is KeyError and e.args and type(e.args[0]) is str:  # compiled code reads a card's field so
        return RuntimeContentError(f"a card read here has no field `{e.args[0]}`")
    if type(e) is AttributeError and getattr(e, "obj", 0) is None:  # a card or player known to be one, or none
        return RuntimeContentError("`none` has no field to read here (a card or a player was expected)")
    if isinstance(e, ZeroDivisionError):
        return RuntimeContentError("division by zero")
    return RuntimeContentError(f"a value of the wrong kind here: {_in_words(str(e))}")


def _generator_copy(rng):
    """A copy of the caller's generator as it is at the start (a copy of the match starts from it)."""
    import copy
    try:
        return copy.deepcopy(rng)
    except Exception:  # a generator that cannot be copied: copies of the match are refused (copies.py)
        return False


def _fresh(v):
    return list(v) if isinstance(v, list) else v


def resolve_options(game, given: dict) -> dict:
    values = {}
    for name, spec in game.options.items():
        values[name] = spec.default
    for k, v in given.items():
        if k not in game.options:
            from ..errors import did_you_mean
            hint = did_you_mean(k, game.options)
            raise UsageError(f"{game.name} has no option `{k}`" + (f"; {hint}" if hint else "")
                             + (f" (its options: {', '.join(game.options)})" if game.options else ""))
        spec = game.options[k]
        if spec.values and str(v) not in spec.values:
            raise UsageError(f"option `{k}` takes one of {', '.join(spec.values)}, not {v!r}")
        values[k] = sys.intern(str(v))  # as the names compiled code compares it with (loader.yaml_source.plain_value)
    return values
