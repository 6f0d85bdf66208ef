"""The decision protocol: one question at a time, with a finite list of legal options."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import repeat

from ..errors import IllegalChoice, RuntimeContentError
from . import secrecy
from .ops import describe, text
from .state import Piece, Player

DONE = "(done)"
NOTHING = "(nothing)"
NOBODY = "a choice with nobody to decide it (set `by`)"


def nobody(player) -> str:
    """Why a choice `by` what is not a player cannot be asked."""
    return NOBODY if player is None else f"a choice is made by a player, not {describe(player)} (`by`)"


@dataclass(slots=True)
class Option:
    label: str
    value: object


class Decision:
    """Who decides, what is asked, and the legal options: `values`, each shown by its label. The options
    and their labels are built when first read (a bot in a simulation reads none), so they are read
    before the decision is answered: an `ask` label is a function of the position (`labels` may hold
    functions of nothing, called then); `labels` None shows each value by its own name. `readers`: the
    seats that may read its options and its answer (None: everyone); its prompt is read by everyone unless
    `declared` (the content said who sees the choice: then by the readers alone). See secrecy.py."""
    __slots__ = ("player", "prompt", "values", "size", "_labels", "_options", "match", "readers", "declared",
                 "unavailable")

    def __init__(self, player: Player, prompt: str, values: list, labels: list | None = None, match=None,
                 readers: frozenset | None = None, declared: bool = False):
        self.player = player
        self.readers = readers
        self.declared = declared
        self.prompt = prompt
        self.values = values
        self.size = len(values)  # how many options (what a bot that reads no label needs)
        self._labels = labels
        self._options = None
        self.match = match  # where a label that fails is placed in the content
        self.unavailable = ()  # (option, reason) the content says are not offered, and why (`unavailable`)
        if match is not None and match._revealed:
            secrecy.forget_moved(match)

    @property
    def options(self) -> list:
        if self._options is None:
            labels = self._labels
            try:
                labels = list(map(shown_to, self.values, repeat(self.player), repeat(self.match))) if labels is None \
                    else [lab if type(lab) is str else lab() for lab in labels]
                if len(labels) != self.size:
                    raise ValueError(f"{len(labels)} labels for {self.size} options")
            except Exception as e:  # a label is content: its failure is a content error at its place
                if self.match is None:
                    raise
                raise self.match._failure(e) from None
            self._options = list(map(Option, labels, self.values))
        return self._options

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    def key(self, k: int):
        """What option `k` is to a search's statistics, found without composing its label: `move_key`, the same
        as a decision answered in place gives it (`answered`)."""
        v = self.values[k]
        if v is None or v is DONE:  # `optional`'s none, `choose`'s done
            return NO_MORE
        lab = self._labels[k] if self._labels is not None else None
        if type(lab) is partial and lab.func is not shown_to:
            return move_key(lab.args[0], lab.func)
        return move_key(v)

    def __repr__(self) -> str:
        return f"<decision of {self.player!r}: {self.prompt!r} ({self.size} options)>"


def out_of_range(option, n: int, player: Player | None = None) -> IllegalChoice:
    """The refusal of an option index that is not one of the `n` options (of `player`'s decision)."""
    who = f"{player.name} has " if player is not None else ""
    return IllegalChoice(f"option {option!r} is out of range: {who}{n} options (0 to {n - 1})")


def shown_to(v, player, M) -> str:
    """An option's own label as its chooser reads it: a card of the chooser's own `others` hand (which it holds
    facing away) is named by its place, unless revealed to it."""
    if type(v) is Piece and secrecy.held_unseen(M, v, player):
        return secrecy.place(v)
    return label_of(v)


NO_MORE = "(no more)"  # the key of `optional`'s none and of `choose`'s done
_KEYS = frozenset((str, int, bool, float, type(None)))  # the values that are their own key


def move_key(v, label=None):
    """What a move is to a search's statistics (the playouts' MAST): a card by its name, a player by theirs, a
    menu's option by its menu and place in it (`label`: the function that labels the options, one per place in
    the content); a label is not composed for it. Two options the content labels alike by the same function
    have the same key."""
    t = type(v)
    if t is Piece:
        inner = v.card.name
    elif t is Player:
        inner = v.name
    elif t in _KEYS:
        inner = v
    else:
        try:
            hash(v)
            inner = v
        except TypeError:
            inner = text(v)
    return inner if label is None else (getattr(label, "__code__", label), inner)  # (one content function: its code)


def label_of(v) -> str:
    if type(v) is Piece:
        return v.card.name
    if type(v) is Player:
        return v.name
    return text(v)


def ask_one(M, player, prompt, values, optional=False, label=None, seen=None, decline=None):
    """One value of `values` (none when empty), chosen by `player`; `choose one` and `choose optional`
    compile to it. `seen`: who sees the choice besides its chooser, as the content declares it (secrecy.py);
    `decline`: how `optional`'s none is shown (its `else` text; NOTHING without one)."""
    n = len(values) + optional  # the options, the none of `optional` last
    if n < 2:
        if values and M._narrate:
            forced(M, player, prompt, label(values[0]) if label is not None else shown_to(values[0], player, M),
                   secrecy.readers(M, player, values, seen))
        return values[0] if values else None
    if type(player) is not Player:
        raise RuntimeContentError(nobody(player))
    if M._auto is not None:  # no copy: the options are read at once
        k = answered(M, player, n, values, label)
        return values[k] if k < len(values) else None
    values = list(values)  # the options as they are now (a zone's list may change before the answer)
    if optional:
        values.append(None)
    shown = values[:-1] if optional else values  # the none of `optional` is shown as `decline`
    labels = [partial(label, v) for v in shown] if label is not None else None  # made when read
    if optional:
        labels = labels or [partial(shown_to, v, player, M) for v in shown]
        labels.append(NOTHING if decline is None else decline)
    k = M._wait(Decision(player, prompt, values, labels, M, secrecy.readers(M, player, values, seen),
                        seen is not None))
    return values[k]


def forced(M, player, prompt: str, label: str, readers: frozenset | None) -> None:
    """The account's line for a decision with one legal option, which is taken without asking: the account
    keeps every card played and every move made, asked or not, with the question it answers (read by the
    decision's `readers`)."""
    secrecy.echo(M, player, label, readers, forced=question(player, prompt) or "Choose")


def question(player, prompt: str) -> str:
    """A decision's prompt as the account quotes it after the chooser's name: without that name, when the prompt
    begins with it."""
    return prompt.removeprefix(player.name + ": ") if type(player) is Player else prompt


PAST = -1  # `replay_mark` of an option past a decision's values, or naming none: `optional`'s none, `choose`'s done


def replay_mark(values: list, k: int):
    """What a copy's replay answers option `k` of a decision by (copies._feed), in a world whose options may lie
    otherwise than its match's (its hidden cards dealt anew): a card by its uid, the option past the values as
    PAST, a text, a number, a player or a list of those (an `ask` entry, a hint `[colour, player, "red"]`) as
    `(option_sign(value),)`; 0 for anything else, answered by its place."""
    v = values[k] if k < len(values) else None
    if type(v) is Piece:
        return v.uid
    if v is None or v is DONE:
        return PAST
    sign = option_sign(v)
    return 0 if sign is None else (sign,)


_SIGNED = frozenset((str, int, bool))


def option_sign(v):
    """A value of an option as the same option in any copy of its match: a text, a number or a truth value
    itself, a player by its place, a list of those as a tuple; None for anything else (a card among them)."""
    t = type(v)
    if t in _SIGNED:
        return v
    if t is Player:
        return ("player", v.index)
    if t is list or t is tuple:
        signs = tuple(option_sign(x) for x in v)
        return None if None in signs else signs
    return None


def answered(M, player, n: int, values: list, label=None) -> int:
    """The index chosen among `n` options by a seat whose agent is asked in place (Match's `auto`): options
    past `values` (`optional`'s none, `choose`'s done) are shown to the watch as None. Recorded as
    Match.choose records an answer and shown to the match's `watch` if any: no Decision made, the match not
    suspended. The options and the function that labels them (`label`) are the match's `_offered` and `_label`
    while the agent answers: what a copy's replay answers by (copies.py), and a playout's keys (`move_key`)."""
    if M._revealed:
        secrecy.forget_moved(M)
    M._offered, M._label = values, label
    if M._keeps:  # a match that may be copied: what a copy's replay answers by (copies.py)
        k = M._auto[player.index](n)
        M._chosen.append(replay_mark(values, k))
    else:
        k = M._auto[player.index](n)
    M.choices.append(k)
    if M._watch is not None:
        M._watch(M, values[k] if k < len(values) else None)
    return k


def choose(M, kind, count, values, player, prompt, label=None, seen=None):
    """Behind `choose` of several (`exactly`, `any`, `up to`): a sequence of single picks."""
    pool = list(values)
    picked = []
    if kind != "any" and type(count) is not int:
        raise RuntimeContentError(f"a choice of several is given a number of items, not {describe(count)}")
    if kind == "exactly":
        n = count
        if len(pool) < n:  # fewer would be picked, unseen
            raise RuntimeContentError(f"a choice of exactly {n} is made from {len(pool)} "
                                      f"item{'s' if len(pool) != 1 else ''}: `choose up to {n}` takes what there is")
        while len(picked) < n and pool:
            v = ask_one(M, player, f"{prompt} ({len(picked) + 1} of {n})", pool, label=label, seen=seen)
            pool.remove(v)
            picked.append(v)
        return picked
    limit = len(pool) if kind == "any" else count
    while len(picked) < limit and pool:
        if type(player) is not Player:
            raise RuntimeContentError(nobody(player))
        if M._auto is not None:
            k = answered(M, player, len(pool) + 1, pool, label)
        else:
            labels = [partial(label, v) for v in pool] + [DONE] if label is not None else None
            k = M._wait(Decision(player, f"{prompt} ({len(picked)} chosen)", pool + [DONE], labels, M,
                                secrecy.readers(M, player, pool, seen), seen is not None))
        if k == len(pool):  # the last option: done
            break
        v = pool[k]
        pool.remove(v)
        picked.append(v)
    return picked


def ask_menu(M, player, prompt, offered, label, seen=None):
    """Behind `ask`: the keys of the options offered, and the label of each by its key (a function,
    called only when someone reads the labels); returns the key picked. A menu is public unless `seen` says
    who sees it besides its chooser."""
    notes = M._unavailable_notes  # `unavailable` calls since the last menu: this menu's
    if notes:
        M._unavailable_notes = []
    if not offered:
        raise RuntimeContentError("`ask` with no option available")
    if len(offered) == 1:
        if M._narrate and player is not None:
            forced(M, player, prompt, label(offered[0]), secrecy.readers(M, player, (), seen))
        return offered[0]
    if type(player) is not Player:
        raise RuntimeContentError(nobody(player))
    if M._auto is not None:
        return offered[answered(M, player, len(offered), offered, label)]
    d = Decision(player, prompt, offered, [partial(label, key) for key in offered], M,
                 secrecy.readers(M, player, (), seen), seen is not None)
    if notes:
        d.unavailable = tuple(notes)
    k = M._wait(d)
    return offered[k]
