"""What a tuning varies: `--vary PATH=RANGE`, the value it names in the game's files, whether that value may be
changed (only `provenance: designed` ones without --allow-printed), and the mod that gives the values a trial
chose.

Paths:
- `cards.ID.KEY`: a card's field (or `copies`); the card's own `provenance` says whether it is designed;
- `options.NAME`: an option's value (the mod makes it the default);
- `SECTION.NAME[.KEY...]` of game.yaml (or a mod given with --mod): `counters.C.initial`,
  `player.counters.C.initial`, `constants.C`, `kinds.K.fields.F.default`, ... The files mark no provenance
  there, so each is treated as printed (--allow-printed).

Ranges: `LO..HI` (integers, `LO..HI:STEP`) or choices `A|B|C`, each of the value's type (`3`, `true`, `tokyo`).
"""
from __future__ import annotations

import copy
import os
from dataclasses import dataclass

import yaml

from ..errors import UsageError, did_you_mean
from ..loader.yaml_source import load_file, plain_value

# the sections of game.yaml a mod may give again (grammar/mod.schema.json), each entry replacing the game's
SECTIONS = ("enums", "kinds", "zones", "counters", "vars", "constants", "functions", "values")
PLAYER_SECTIONS = ("zones", "counters", "vars")


@dataclass(frozen=True)
class Vary:
    path: str  # as written: cards.tokyo_capsule_shelters.cost
    where: tuple  # ("card", id, key) | ("option", name) | ("section", (section...), name, (keys...))
    current: object  # the value in the files
    low: int | None = None
    high: int | None = None
    step: int = 1
    choices: tuple = ()
    designed: bool = False
    why: str = ""  # what the files say of its provenance

    def values(self) -> list:
        return list(range(self.low, self.high + 1, self.step)) if self.choices == () else list(self.choices)

    def suggest(self, trial):
        if self.choices:
            return trial.suggest_categorical(self.path, list(self.choices))
        return trial.suggest_int(self.path, self.low, self.high, step=self.step)


def _read_range(path: str, text: str, current) -> dict:
    text = text.strip()
    if ".." in text and "|" not in text:
        lo, _, hi = text.partition("..")
        hi, _, step = hi.partition(":")
        try:
            low, high, step = int(lo), int(hi), int(step or 1)
        except ValueError:
            raise UsageError(f"--vary {path}={text}: a range is LO..HI (or LO..HI:STEP) of whole numbers") from None
        if low > high or step < 1:
            raise UsageError(f"--vary {path}={text}: the range is empty (LO above HI, or a step below 1)")
        if type(current) is not int:
            raise UsageError(f"--vary {path}: its value is {current!r}, not a number: give choices A|B|C")
        return {"low": low, "high": high, "step": step}
    choices = tuple(_typed(path, c.strip(), current) for c in text.split("|"))
    if len(set(choices)) < len(choices) or "" in choices:
        raise UsageError(f"--vary {path}={text}: choices are values, each once")
    return {"choices": choices}


def _typed(path: str, text: str, current):
    """A choice read as a value of the type the files give (a number, true or false, a text)."""
    if type(current) is bool and text in ("true", "false"):
        return text == "true"
    if type(current) is int:
        try:
            return int(text)
        except ValueError:
            pass
    if type(current) is str:
        return text
    raise UsageError(f"--vary {path}: its value is {current!r} ({type(current).__name__}); "
                     f"{text!r} is not of that type")


def read_vary(text: str, game, folder: str, mods=()) -> Vary:
    """One `--vary PATH=RANGE` against the loaded game (its cards, its options) and its files (the sections)."""
    path, eq, rng = text.partition("=")
    path = path.strip()
    if not eq or not rng.strip():
        raise UsageError(f"--vary takes PATH=RANGE (cards.ID.FIELD=1..6, options.NAME=a|b), not {text!r}")
    parts = path.split(".")
    if parts[0] == "cards":
        if len(parts) != 3:
            raise UsageError(f"--vary {path}: a card's value is cards.ID.FIELD")
        card = game.cards.get(parts[1])
        if card is None:
            hint = did_you_mean(parts[1], game.cards)
            raise UsageError(f"--vary {path}: no card `{parts[1]}`" + (f"; {hint}" if hint else ""))
        source = card.source
        if parts[2] not in source:
            hint = did_you_mean(parts[2], source)
            raise UsageError(f"--vary {path}: card `{card.id}` has no `{parts[2]}` written in its file"
                             + (f"; {hint}" if hint else ""))
        if parts[2] in ("id", "kind", "provenance", "replace", "note") or isinstance(source[parts[2]], (dict, list)):
            raise UsageError(f"--vary {path}: `{parts[2]}` is not a value to tune")
        prov = source.get("provenance", "unmarked")
        return Vary(path, ("card", card.id, parts[2]), plain_value(source[parts[2]]),
                    designed=prov == "designed", why=f"provenance: {prov}",
                    **_read_range(path, rng, plain_value(source[parts[2]])))
    if parts[0] == "options":
        if len(parts) != 2 or parts[1] not in game.options:
            hint = did_you_mean(parts[-1], game.options)
            raise UsageError(f"--vary {path}: an option is options.NAME" + (f"; {hint}" if hint else "")
                             + (f" (options: {', '.join(game.options)})" if game.options else " (the game has none)"))
        spec = game.options[parts[1]]
        v = Vary(path, ("option", spec.name), spec.default, why="an option (no provenance)",
                 **_read_range(path, rng, spec.default))
        bad = [c for c in v.values() if c not in spec.values]
        if bad:
            raise UsageError(f"--vary {path}: option `{spec.name}` has no value {bad[0]!r} (values: "
                             f"{', '.join(spec.values)})")
        return v
    head = 2 if parts[0] == "player" else 1
    sections = parts[:head]
    if (head == 1 and parts[0] not in SECTIONS) or (head == 2 and parts[1] not in PLAYER_SECTIONS) or len(parts) <= head:
        raise UsageError(f"--vary {path}: a path starts with cards., options., player.SECTION. or one of "
                         f"{', '.join(SECTIONS)}")
    name, keys = parts[head], tuple(parts[head + 1:])
    entry = section_entry(folder, mods, tuple(sections), name)
    if entry is None:
        raise UsageError(f"--vary {path}: no `{name}` under `{'.'.join(sections)}` in game.yaml or its mods")
    value = entry
    for k in keys:
        if not isinstance(value, dict) or k not in value:
            raise UsageError(f"--vary {path}: nothing written at `{k}` (only a value written in the files is varied)")
        value = value[k]
    if isinstance(value, (dict, list)):
        raise UsageError(f"--vary {path}: names a section, not a value")
    return Vary(path, ("section", tuple(sections), name, keys), value,
                why="game.yaml marks no provenance", **_read_range(path, rng, value))


def section_entry(folder: str, mods, sections: tuple, name: str):
    """The last definition of an entry of a section, in game.yaml then each mod (a later one replaces it)."""
    found = None
    for path in [os.path.join(folder, "game.yaml")] + [os.path.join(str(m), "mod.yaml") for m in mods]:
        data = plain_value(load_file(path))
        for s in sections:
            data = data.get(s) if isinstance(data, dict) else None
        if isinstance(data, dict) and name in data:
            found = data[name]
    return found


def refuse_printed(varies: list, allow: bool) -> list[str]:
    """The varied values that are not designed: refused unless allowed; the warnings to print if allowed."""
    printed = [v for v in varies if not v.designed]
    if printed and not allow:
        v = printed[0]
        raise UsageError(f"--vary {v.path}: not a designed value ({v.why}); only values marked `provenance: "
                         "designed` are tuned, unless --allow-printed says the printed game may change")
    return [f"WARNING: --allow-printed: {v.path} is varied although it is not designed ({v.why})" for v in printed]


class _Dumper(yaml.SafeDumper):
    """Writes an effect of several lines as a block (`|`), as people write them."""


_Dumper.add_representer(str, lambda d, s: d.represent_scalar("tag:yaml.org,2002:str", s,
                                                             style="|" if "\n" in s else None))


def dump(data) -> str:
    return yaml.dump(plain_value(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


def mod_files(game, folder: str, mods, varies: list, values: dict, about: str) -> dict:
    """The mod that gives `values` (path -> value): {relative path: text}, mod.yaml and the changed cards."""
    cards: dict = {}
    mod: dict = {"mod": f"{game.id}-tuned", "name": f"{game.name}, tuned", "description": about, "extends": game.id}
    for v in varies:
        value = values[v.path]
        if value == v.current and type(value) is type(v.current):  # the mod holds what changes, nothing else
            continue
        if v.where[0] == "card":
            _, cid, key = v.where
            card = cards.get(cid)
            if card is None:
                card = cards[cid] = {**copy.deepcopy(plain_value(game.cards[cid].source)), "replace": True}
                card["note"] = (str(card["note"]) + "; " if card.get("note") else "") + "tuned by meeple tune:"
            card[key] = value
            card["note"] += f" {key} {v.current} -> {value}"
        elif v.where[0] == "option":
            mod.setdefault("options", {})[v.where[1]] = {"values": [str(value)], "default": str(value)}
        else:
            _, sections, name, keys = v.where
            at = mod
            for s in sections:
                at = at.setdefault(s, {})
            if name not in at:
                at[name] = copy.deepcopy(section_entry(folder, mods, sections, name))
            if keys:
                leaf = at[name]
                for k in keys[:-1]:
                    leaf = leaf[k]
                leaf[keys[-1]] = value
            else:
                at[name] = value
    files = {}
    if cards:
        mod["cards"] = ["cards/*.yaml"]
        files["cards/tuned.yaml"] = ("# The cards meeple tune changed: each the game's card, its tuned values in its note.\n"
                                     + dump(list(cards.values())))
    files["mod.yaml"] = dump(mod)
    return files


def write_mod(files: dict, folder: str) -> str:
    for rel, text in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return folder
