"""Games and mods as every front end finds and checks them: the `meeple` command, the web page's catalog and the
language server call this module, never one another, so that they find the same game for a path and report
the same diagnostics for it.

    find_game("GAME")                       # a bundled game's folder (or a folder given as it is)
    target_of("content/g/cards/a.yaml")     # the game or mod folder a content file belongs to
    mod_base("my-mod")                      # the game folder a mod is checked with
    checked = validate(["content"], smoke=2)
    checked.diagnostics, checked.games      # sorted, each once; how many games or mods were checked

A mod is checked with the game folder it lies in (a game shipping its mods), else with the bundled game its
`extends:` names. `validate` checks each game for every option set that chooses other included files, then its
scenario files (tests/*.yaml), and with `smoke` plays seeded random matches for mistakes only play finds.
"""
from __future__ import annotations

import contextlib
import gc
import os
from dataclasses import dataclass

from .errors import ContentError, Diagnostic, MeepleError, Place, RuntimeContentError, did_you_mean
from .loader.layers import bundled_games, include_options, leaves
from .loader.yaml_source import load_file, overlay
from .model.pipeline import content_names, load_game

GAME, MOD = "game.yaml", "mod.yaml"


def find_game(name: str | os.PathLike) -> str:
    """The folder of a bundled game named `name`, else `name` itself when it is a folder (its load says what
    is missing in it); MeepleError, with the bundled games, otherwise."""
    name = str(name)
    games = bundled_games()
    if name in games:
        return str(games[name])
    if os.path.isdir(name):
        return name
    hint = did_you_mean(name, games)
    raise MeepleError(f"no bundled game or game folder `{name}`" + (f"; {hint}" if hint else "")
                      + f" (bundled: {', '.join(games)})")


def enclosing(start: str | os.PathLike, marks=(GAME, MOD)) -> str | None:
    """The nearest folder from `start` up (itself first) that holds one of the files `marks`, or None."""
    d = os.path.abspath(start)
    while True:
        if any(os.path.isfile(os.path.join(d, m)) for m in marks):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def target_of(path: str | os.PathLike) -> str | None:
    """The game or mod folder a content file belongs to (absolute): the nearest folder above it holding a
    game.yaml or a mod.yaml; None when there is none."""
    return enclosing(os.path.dirname(os.path.abspath(path)))


def targets(paths) -> tuple[list[tuple[str, str]], list[Diagnostic]]:
    """The games and mods to check for the paths given, each once as ("game" | "mod", folder): a file's game
    or mod, a game or mod folder, else every game or mod folder under a folder (not looking inside one).
    With them, an error for each path that is missing or holds none."""
    found, missing = [], []
    for path in map(str, paths):
        if os.path.isfile(path):
            d = target_of(path)
            if d is None:
                missing.append(Diagnostic(Place(path), "no such file or folder", "E-MISSING-FILE"))
            else:
                found.append(("game" if os.path.isfile(os.path.join(d, GAME)) else "mod", d))
        elif os.path.isdir(path):
            under = []
            for root, dirs, files in os.walk(path):
                dirs.sort()
                if GAME in files or MOD in files:
                    under.append(("game" if GAME in files else "mod", root))
                    dirs[:] = []  # a game's own folders (its mods among them) are the game's
            if not under:
                missing.append(Diagnostic(Place(path), "no game.yaml or mod.yaml under this folder", "E-MISSING-FILE"))
            found += under
        else:
            missing.append(Diagnostic(Place(path), "no such file or folder", "E-MISSING-FILE"))
    return list(dict.fromkeys(found)), missing


def mod_base(folder: str | os.PathLike) -> str:
    """The game folder a mod is checked with: the game folder it lies in, else the bundled game its `extends:`
    names. ContentError, placed in its mod.yaml, when there is neither."""
    folder = str(folder)
    around = enclosing(os.path.dirname(os.path.abspath(folder)), (GAME,))
    if around is not None:
        return around
    path = os.path.join(folder, MOD)
    if (outside := leaves(path, folder, "mod's")) is not None:
        raise ContentError([outside])
    data = load_file(path)
    base = data.get("extends") if isinstance(data, dict) else None
    games = bundled_games()
    if base not in games:
        where = getattr(data, "places", {}).get("extends") or getattr(data, "place", Place(folder, 1, 1))
        raise ContentError([Diagnostic(where, f"the mod extends `{base}`, which is not a bundled game", "E-MOD",
                                       hint=did_you_mean(str(base), games) or f"bundled: {', '.join(games)}")])
    return str(games[base])


def base_of(folder: str | os.PathLike) -> str | None:
    """`mod_base`, or None when `folder` is no mod folder or its mod has no base."""
    if not os.path.isfile(os.path.join(folder, MOD)):
        return None
    try:
        return mod_base(folder)
    except ContentError:
        return None


def option_sets(folder: str | os.PathLike, mods=()) -> list[dict]:
    """The option sets that check every file a game may include: the defaults ({}), then each other value of
    each option that chooses included files. Only the defaults when the files do not read."""
    try:
        opts = include_options(folder, mods)
        declared = load_file(os.path.join(folder, GAME)).get("options") or {}
    except ContentError:
        return [{}]
    defaults = {k: str(v.get("default")) for k, v in declared.items()}
    return [{}] + [{k: v} for k, values in opts.items() for v in values if v != defaults.get(k)]


def smoke_play(game, options: dict, n: int, warnings: list) -> Diagnostic | None:
    """Play n seeded random matches per player count: the first runtime failure, placed in the content. A
    counter kept at a bound it does not say it stops at (`clamp: true`) is a warning in `warnings`, once a
    place."""
    from .agents import make_agent
    from .runtime.counters import Clamps
    from .runtime.match import Match
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
    warned = set()
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(n):
            clamps = Clamps.seen = []
            try:
                m = Match(game, players, seed, options)
                agents = [make_agent("random", p.seat, seed) for p in m.players]
                while not m.over:
                    d = m.pending
                    m.choose(agents[d.player.index].choose(m.view(d.player), d))
            except RuntimeContentError as e:
                where = e.place or Place(os.path.join(game.folder, GAME))
                msg = str(e).split(": ", 1)[1] if e.place and str(e).startswith(str(e.place)) else str(e)
                return Diagnostic(where, f"in play ({players} players, seed {seed}, {opts}): {msg}", "E-RUNTIME")
            finally:
                Clamps.seen = None
            for place, name, asked, bound in clamps:
                if (place, name) not in warned:
                    warned.add((place, name))
                    side = "above its max" if asked > bound else "below its min"
                    warnings.append(Diagnostic(
                        place or Place(os.path.join(game.folder, GAME)),
                        f"in play ({players} players, seed {seed}, {opts}): counter `{name}` was given {asked}, "
                        f"{side} {bound}, and kept at {bound}", "W-CLAMP", "warning",
                        "if the rules stop it there, say so in its declaration: `clamp: true`"))
    return None


@dataclass
class Checked:
    """What `validate` found: its diagnostics sorted (Diagnostic.sort_key), each once, and how many games or
    mods it checked."""
    diagnostics: list
    games: int

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors


def validate(paths=("content",), mods=(), smoke: int = 0, ending: bool = False, base_warnings: bool = False) -> Checked:
    """Check the games and mods found from `paths` (`targets`), each game with `mods`, each mod with its base
    game (`mod_base`) and `mods`: its files for every option set, then its scenario files; with `smoke`, that
    many seeded matches for each player count and option set. With a mod, the warnings are the mods' own, not
    their base's (`base_warnings`: those too). `ending`: the process ends right after, so the garbage collector paused
    meanwhile need not go over what the checks made."""
    found, diags = targets(paths)
    checked = 0
    # the matches of smoke play make garbage: they run with the collector on
    with contextlib.nullcontext() if smoke else _collector_paused(resume=not ending):
        for kind, path in found:
            try:
                folder, with_mods = (path, list(mods)) if kind == "game" else (mod_base(path), [path, *mods])
            except ContentError as e:
                diags += e.diagnostics
                continue
            found_here = _check(path, folder, with_mods, smoke)
            if with_mods and not base_warnings:
                found_here = [d for d in found_here if d.severity == "error" or within(d.place.path, with_mods)]
            diags += found_here
            checked += 1
    return Checked(sorted(set(diags), key=Diagnostic.sort_key), checked)


def within(path: str, folders) -> bool:
    """Whether a file (as a diagnostic shows it) lies in one of the folders."""
    real = os.path.realpath(path)
    return any(real.startswith(os.path.realpath(str(f)).rstrip(os.sep) + os.sep) for f in folders)


def _check(path: str, folder: str, mods: list, plays: int) -> list[Diagnostic]:
    """The diagnostics of one game (`folder` with `mods`) for each of its option sets, then of the scenario
    files of `path` (the game's folder or the mod's)."""
    from .agents.learned import check_learned
    from .scenario import check_scenarios, scenario_files
    from .scenario.read import game_facts, include_choice
    diags: list[Diagnostic] = []
    names = {}  # the game's names for each choice of its included files: its scenario files are read with them
    for options in option_sets(folder, mods):
        warnings: list = []
        try:  # the bytecode is made only to play (smoke): validation checks the content, not Python
            loaded = (load_game if plays else content_names)(folder, mods, warnings, options=options)
        except ContentError as e:
            diags += e.diagnostics
            loaded = None
        diags += warnings
        if loaded is not None and plays:  # loaded to be played
            failure = smoke_play(loaded, options, plays, diags)
            if failure is not None:
                diags.append(failure)
            loaded = loaded.names
        if loaded is not None and scenario_files(path):
            names[include_choice(game_facts(folder, mods), options)] = loaded
    if names:  # the game loads: its scenario files are checked

        def names_for(choice):
            if choice not in names:  # options no set above chooses: the game checked for them now
                try:
                    names[choice] = content_names(folder, mods, options=dict(choice))
                except ContentError as e:
                    diags.extend(e.diagnostics)
                    names[choice] = None
            return names[choice]
        diags += check_scenarios(path, folder, mods, names_for)
    if os.path.abspath(path) == os.path.abspath(folder):  # a game's own folder: the bots' learned value beside it
        diags += check_learned(folder, mods)
    return diags


@contextlib.contextmanager
def _collector_paused(resume: bool = True):
    """Checking games makes many objects that live until it ends (the files' data, syntax trees) and little
    garbage: the cyclic garbage collector went over them again and again, a twentieth of a cold `validate`.
    Paused, it goes over them once, when it resumes (2.5 % more: not at all when the process ends next)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was and resume:
            gc.enable()


# the sections whose entries a mod may replace or add to; a base's change to one the mod touches may break it
_TOUCHED = {"procedures": "procedure", "functions": "function", "values": "value", "events": "event",
            "kinds": "kind", "zones": "zone", "counters": "counter", "options": "option"}


def against(mod: str | os.PathLike, old: str | os.PathLike, new: str | os.PathLike) -> Checked:
    """What the base's change from the game folder `old` to `new` breaks in `mod`: every mistake the mod makes
    with `new` that it did not make with `old` (its `requires:` set aside, to see past it), each placed in the
    mod; a warning (W-BASE-CHANGED) at each entry the mod replaces or adds to (a hook) that the base changed
    between the two, which no mistake would show; and the `requires:` error when `new` is outside the mod's
    range. The diff of what the two bases declare is the truth, not a changelog."""
    mod, old, new = str(mod), str(old), str(new)
    files = _mod_files(mod)
    unbound = {os.path.abspath(p): _without_requires(p, data) for p, data in files if "requires" in data}

    def found(base: str) -> set:
        with overlay(unbound):
            diags = _check(mod, base, [mod], 0)
        return {d for d in diags if d.severity == "error" or within(d.place.path, [mod])}

    def key(d: Diagnostic, base: str) -> tuple:
        said = d.full_message().replace(os.path.relpath(base), "BASE").replace(base, "BASE")
        return d.place.path, d.place.line, d.place.col, d.code, said

    before = {key(d, old) for d in found(old)}
    breaks = [d for d in found(new) if key(d, new) not in before]
    breaks += _changed_under(files, old, new)
    try:
        check_requires(mod, new)
    except ContentError as e:
        breaks += e.diagnostics
    return Checked(sorted(set(breaks), key=Diagnostic.sort_key), 1)


def check_requires(mod: str, base: str) -> None:
    """ContentError (E-REQUIRES, placed in the mod) when the game in `base` is not a version the mod requires."""
    from .check.declarations import check_mods
    from .errors import Collect
    from .loader.layers import read_game, read_mods
    col = Collect()
    check_mods(col, read_game(base)[0], read_mods(col, [mod]))
    col.stop()


def _mod_files(mod: str) -> list:
    """(path, data) of each of a mod's files in a mod's format (its mod.yaml, the bosses or expansions it brings)."""
    out = []
    for root, dirs, names in os.walk(mod):
        dirs[:] = sorted(d for d in dirs if d != "tests")
        for n in sorted(names):
            if n.endswith(".yaml"):
                path = os.path.join(root, n)
                try:
                    data = load_file(path)
                except ContentError:
                    continue
                if isinstance(data, dict) and "mod" in data:
                    out.append((path, data))
    return out


def _without_requires(path: str, data) -> str:
    """A mod file's text with its `requires:` blanked (the lines kept, so that every place stays)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    start = data.key_places["requires"].line - 1
    end = start + 1
    while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
        end += 1
    return "\n".join(lines[:start] + [""] * (end - start) + lines[end:])


def _changed_under(files: list, old: str, new: str) -> list[Diagnostic]:
    """W-BASE-CHANGED at each entry of the mod's files that replaces one the base changed, or hooks onto a
    procedure or phase the base changed."""
    from .loader.yaml_source import place_in, plain_value
    was, now = load_file(os.path.join(old, GAME)), load_file(os.path.join(new, GAME))
    versions = f"between {was.get('version', 'its old files')} and {now.get('version', 'its new files')}"
    phases = {}
    for data in (was, now):
        phases[id(data)] = {ph.get("phase"): ph for ph in data.get("round") or [] if isinstance(ph, dict)}

    def entry(data, section, name):  # what it says, its words for people (`doc`) aside
        found = plain_value(phases[id(data)].get(name) if section == "round" else (data.get(section) or {}).get(name))
        return {k: v for k, v in found.items() if k != "doc"} if isinstance(found, dict) else found

    def changed(section, name) -> str:  # "" when the same in both
        if entry(was, section, name) == entry(now, section, name):
            return ""
        return "removed" if entry(now, section, name) is None else "changed"

    out = []
    for _, data in files:
        for section, what in _TOUCHED.items():
            sec = data.get(section) or {}
            for name in sec:
                how = changed(section, name) if name in (was.get(section) or {}) else ""
                if how:
                    out.append(Diagnostic(place_in(sec, name, sec.place), f"the game {how} its {what} `{name}` "
                                          f"{versions}, and this mod replaces or adds to it", "W-BASE-CHANGED",
                                          "warning", "compare the two and carry the change into the mod"))
        hooks = data.get("hooks") or []
        for i, h in enumerate(hooks):
            name = h.get("after", h.get("before")) if isinstance(h, dict) else None
            section = "procedures" if name in (was.get("procedures") or {}) else "round"
            how = changed(section, name) if name is not None else ""
            if how:
                what = "procedure" if section == "procedures" else "phase"
                out.append(Diagnostic(hooks.places[i], f"the game {how} its {what} `{name}` {versions}, and this "
                                      "mod's hook runs next to it", "W-BASE-CHANGED", "warning",
                                      "check that the step still fits"))
    return out
