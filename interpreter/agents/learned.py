"""The learned value: how a player stands mid-match, fitted from the bots' own matches (`meeple train`), for a
game whose author wrote no `value:`.

A position is read as a player sees it of themselves (`features`): the game's score and its parts; for every
zone the player sees the contents of (their own hand, a public pile, a hidden deck whose contents are known),
how many copies of each card lie there (and in all of them together), else only how many cards; their counters and number variables, and
the game's. Each feature counts twice: as it is, and weighted by how far the match has gone (`late`: its
round over the training matches' mean length, at most 1), so that a coin may be worth most early and a victory
point late. The value is a weighted sum of them: `sum(weight * feature)`, in hundredths of a logit.

Fitted (train.py) by logistic regression of each match's outcome on the player's features less the mean of the
other players' (a competitive game: who wins is who stands best), or on the team's (a cooperative game: summed
over the players, with the game's own). The file `learned-value.yaml` beside game.yaml holds the weights by
name; the bots read it (judge.look) where the game declares no `value:`, and `meeple validate` checks it
(`check_file`): a feature naming a zone, card, counter or variable the game no longer has is a placed error.
"""
from __future__ import annotations

import os

import yaml

from ..errors import ContentError, Diagnostic, Place
from ..runtime.secrecy import sees

FILE = "learned-value.yaml"
SCALE = 100  # the value is in hundredths of a logit: a bot's look compares it as it compares scores
_NONE = object()


class Features:
    """The features of one game, by name, and how to read them off a match for a player."""

    def __init__(self, game):
        names: list = []
        self.cards = sorted(game.cards)
        self.player_zones = sorted(game.player_zones)
        self.zones = sorted(z for z in game.zones if z != "box")
        names += [f"me.cards:{c}" for c in self.cards]  # every copy of the card in the player's zones they see
        for owner, zones in (("me", self.player_zones), ("game", self.zones)):
            for z in zones:
                names.append(f"{owner}.{z}.size")
                names += [f"{owner}.{z}:{c}" for c in self.cards]
        self.player_counters = sorted(game.player_counters)
        self.player_vars = sorted(k for k, v in game.player_vars.items() if _number(v))
        self.counters = sorted(game.counters)
        self.vars = sorted(k for k, v in game.vars.items() if _number(v))
        names += [f"me.{k}" for k in self.player_counters + self.player_vars]
        names += [f"game.{k}" for k in self.counters + self.vars]
        self.scored = game.score is not None
        self.parts = [k for k, _ in game.score_parts]
        if self.scored:
            names.append("me.score")
            names += [f"me.score.{k}" for k in self.parts]
        self.base = names
        self.names = names + [f"{n}*late" for n in names]
        self.index = idx = {n: i for i, n in enumerate(self.names)}
        # what read() looks up, by zone: (the index of its size, card id -> the index of its count)
        self._mine = {z: (idx[f"me.{z}.size"], {c: idx[f"me.{z}:{c}"] for c in self.cards}) for z in self.player_zones}
        self._game = {z: (idx[f"game.{z}.size"], {c: idx[f"game.{z}:{c}"] for c in self.cards}) for z in self.zones}
        self._all = {c: idx[f"me.cards:{c}"] for c in self.cards}
        self._player_numbers = [(k, idx[f"me.{k}"]) for k in self.player_counters + self.player_vars]
        self._game_numbers = [(k, idx[f"game.{k}"]) for k in self.counters + self.vars]
        self._score = idx.get("me.score")
        self._parts = [idx[f"me.score.{k}"] for k in self.parts]

    def read(self, m, p) -> dict:
        """Player `p`'s features in match `m` as `p` sees them: {index: value}, those that are not 0."""
        out: dict = {}
        get = out.get
        for zones, own in ((p.zones, True), (m.zones, False)):
            for name, (size, by_card) in (self._mine if own else self._game).items():
                zone = zones[name]
                items = zone.items
                if not items:
                    continue
                out[size] = len(items)
                if sees(zone, p) or zone.spec.known:
                    for piece in items:
                        cid = piece.card.id
                        k = by_card[cid]
                        out[k] = get(k, 0) + 1
                        if own:
                            k = self._all[cid]
                            out[k] = get(k, 0) + 1
        for k, i in self._player_numbers:
            _put(out, i, p.counters[k] if k in p.counters else p.vars[k])
        for k, i in self._game_numbers:
            _put(out, i, m.counters[k] if k in m.counters else m.vars[k])
        if self.scored:
            _put(out, self._score, m.score_of(p))
            for (_k, part), i in zip(m.game.score_parts, self._parts, strict=True):
                _put(out, i, part(m, p, None))
        return out

    def team(self, m) -> dict:
        """The team's features (a cooperative game): every player's summed; the game's counted once."""
        out: dict = {}
        for q in m.players:
            for k, v in self.read(m, q).items():
                if k in out and self.names[k].startswith("game."):
                    continue
                out[k] = out.get(k, 0) + v
        return out


def _number(v) -> bool:
    return type(v) in (int, float, bool)


def _put(out: dict, k: int, v) -> None:
    if type(v) in (int, float, bool) and v:
        out[k] = float(v)


def with_late(x: dict, late: float, width: int) -> dict:
    """The features with their `*late` copies: each weighted by how far the match has gone."""
    out = dict(x)
    if late:
        for k, v in x.items():
            out[k + width] = v * late
    return out


class LearnedValue:
    """A fitted value: its weights by feature index, the training matches' mean length, what it was fitted on."""

    def __init__(self, game, weights: dict, rounds: float, cooperative: bool, intercept: float = 0.0,
                 trained: dict | None = None):
        self.features = Features(game)
        self.weights = weights  # feature index -> weight
        self.rounds = max(1.0, float(rounds))
        self.cooperative = cooperative
        self.intercept = intercept
        self.trained = trained or {}

    def late(self, m) -> float:
        return min(1.0, m.round / self.rounds)

    def __call__(self, m, p) -> float:
        f = self.features
        x = f.team(m) if self.cooperative else f.read(m, p)
        w = self.weights
        late = self.late(m)
        width = len(f.base)
        total = self.intercept
        for k, v in x.items():
            total += v * (w.get(k, 0.0) + late * w.get(k + width, 0.0))
        return SCALE * total

    def as_yaml(self, game) -> str:
        names = self.features.names
        doc = {"learned_value": {
            "game": str(game.id),
            "cooperative": self.cooperative,
            "rounds": round(self.rounds, 3),
            "intercept": round(self.intercept, 6),
            "trained": {str(k): v for k, v in self.trained.items()},
            "weights": {str(names[k]): round(v, 6) for k, v in sorted(self.weights.items()) if round(v, 6)},
        }}
        head = (f"# The bots' value of a position in {str(game.name)}, fitted by `meeple train` from the bots' own matches\n"
                "# (interpreter/agents/learned.py says what each feature counts). A `value:` in game.yaml wins over it.\n"
                "# Train again rather than edit: `meeple validate` checks every name here against the game.\n")
        return head + yaml.safe_dump(doc, sort_keys=False, width=120)


def path_of(game) -> str:
    return os.path.join(game.folder, FILE)


def learned_of(game):
    """The game's learned value (None: no file beside it); read once per loaded game. A file that does not
    check is refused as the content would be (ContentError)."""
    got = getattr(game, "_learned", _NONE)
    if got is _NONE:
        path = path_of(game)
        got = read(game, path) if os.path.exists(path) else None
        game._learned = got
    return got


def read(game, path: str) -> LearnedValue:
    diags, value = _parse(game, path)
    if diags:
        raise ContentError(diags)
    return value


def check_learned(folder: str, mods=()) -> list:
    """`meeple validate`: the mistakes of the learned-value file beside a game, if it has one (none when the
    game itself does not load: its own mistakes are said already)."""
    path = os.path.join(folder, FILE)
    if not os.path.exists(path):
        return []
    from ..model.pipeline import load_game
    try:
        game = load_game(folder, mods)
    except ContentError:
        return []
    return check_file(game, path)


def check_file(game, path: str) -> list:
    """The mistakes of a learned-value file against the game, each placed (file, line, column)."""
    return _parse(game, path)[0]


def _parse(game, path: str) -> tuple:
    from ..loader.yaml_source import load_file, place_in, place_of

    top = Place(path, 1, 1)

    def bad(msg, where: Place) -> Diagnostic:
        return Diagnostic(where, msg, "E-LEARNED")

    try:
        doc = load_file(path)
    except ContentError as e:
        return list(e.diagnostics), None
    body = doc.get("learned_value") if isinstance(doc, dict) else None
    if not isinstance(body, dict):
        return [bad("a learned-value file holds one mapping, `learned_value:` (write it with `meeple train`)",
                    place_of(doc, top))], None
    here = place_of(body, top)
    diags = []
    if body.get("game") != game.id:
        diags.append(bad(f"this file was trained for the game `{body.get('game')}`, not `{game.id}`",
                         place_in(body, "game", here)))
    feats = Features(game)
    weights = {}
    raw = body.get("weights")
    if not isinstance(raw, dict):
        diags.append(bad("`weights:` is a mapping of feature names to numbers", place_in(body, "weights", here)))
        raw = {}
    keys = getattr(raw, "key_places", {}) or {}
    for name, w in raw.items():
        k = feats.index.get(str(name))
        where = keys.get(name) or place_in(raw, name, here)
        if k is None:
            diags.append(bad(f"`{name}` is not a feature of {game.name} (a zone, card, counter or variable it no "
                             "longer has?): train again with `meeple train`", where))
        elif type(w) not in (int, float):
            diags.append(bad(f"the weight of `{name}` is a number, not {w!r}", place_in(raw, name, here)))
        else:
            weights[k] = float(w)
    rounds, intercept = body.get("rounds", 1), body.get("intercept", 0.0)
    for key, v in (("rounds", rounds), ("intercept", intercept)):
        if type(v) not in (int, float):
            diags.append(bad(f"`{key}:` is a number, not {v!r}", place_in(body, key, here)))
    if diags:
        return diags, None
    trained = body.get("trained")
    return [], LearnedValue(game, weights, rounds, bool(body.get("cooperative", game.cooperative)), float(intercept),
                            dict(trained) if isinstance(trained, dict) else {})
