"""The pipeline: a GameDef built from a game folder (and mods) by driving the stages: the loader reads the files
(loader/layers.py), the check stage checks them (check/declarations.py, check/cards.py, check/game.py),
code generation compiles the checked bodies (compile/), and this module assembles what they made. It finds
no mistake of its own: every diagnostic comes from a stage."""
from __future__ import annotations

import os

from ..check.declarations import check_files, check_mods, check_options
from ..check.game import Checked
from ..check.game import check as check_content
from ..check.index import Index, index_of
from ..check.names import NameTable
from ..compile.generate import Compiler
from ..errors import Collect, ContentError
from ..loader.layers import (
    include_keys,
    include_options,
    option_values,
    read_card_files,
    read_game,
    read_includes,
    read_mods,
)
from ..loader.yaml_source import start_value
from ..runtime.modifiers import make_value
from ..runtime.result import summed
from .gamedef import CardDef, FaceSpec, GameDef, Phase, ScoreEntry

__all__ = ["assemble", "check_game", "content_index", "content_names", "load_game"]


def load_game(folder: str | os.PathLike, mods=(), warnings: list | None = None, options: dict | None = None) -> GameDef:
    """Load, check and compile a game folder with its mods. Raises ContentError listing every mistake.

    `options` choose the files the game includes (`includes:` in game.yaml, e.g. an expansion switched on
    by an option, or `bosses/{boss}.yaml`); a GameDef is built for one such choice."""
    return _load(folder, mods, warnings, options, generate=True)


def check_game(folder: str | os.PathLike, mods=(), warnings: list | None = None, options: dict | None = None) -> None:
    """Every check of `load_game`, the same diagnostics, without turning the generated code into Python
    bytecode (what `meeple validate` needs: a third of its time was Python's compile())."""
    content_names(folder, mods, warnings, options)


def content_names(folder: str | os.PathLike, mods=(), warnings: list | None = None,
                  options: dict | None = None) -> NameTable:
    """`check_game`, giving the names the game gives its content: to check text written against the game
    outside its files (scenario files, interpreter/scenario) with the same checker."""
    return _load(folder, mods, warnings, options, generate=False)


def content_index(folder: str | os.PathLike, mods=()) -> Index | None:
    """What the game (with its mods) declares and uses, and where (check.index), over every file its options
    may include: for the language server. None when its files stop before the checker (a file its schema
    refuses)."""
    folder, found, defaults = str(folder), None, {}
    try:
        sets = [{}] + [{k: v} for k, vs in include_options(folder, mods).items() for v in vs]
    except ContentError:
        sets = [{}]
    for options in sets:
        if options and all(defaults.get(k) == v for k, v in options.items()):
            continue  # the defaults' files: indexed already
        try:
            checked, layers, chosen, _ = _checked(folder, mods, options, Collect())
        except ContentError:
            continue
        idx = index_of(checked, layers)
        if found is None:
            found, defaults = idx, {k: str(v) for k, v in chosen.items()}
        else:
            found.merge(idx)
    return found


def _load(folder, mods, warnings, options, generate: bool) -> GameDef | NameTable:
    """The stages in order; each stops the load with every mistake found so far when it finds one."""
    # the passes that only warn are left out where nobody reads their warnings (a game loaded to be played)
    folder, options, col = str(folder), options or {}, Collect(warns=warnings is not None)
    checked, _, chosen, game = _checked(folder, mods, options, col)
    if any(d.severity == "error" for d in col.diags):
        raise ContentError(col.diags)
    if warnings is not None:
        warnings.extend(d for d in col.diags if d.severity == "warning")
    if not generate:
        return checked.decl.names  # the names only
    built = assemble(checked, folder)
    built.include_choice = {k: chosen[k] for k in include_keys(game[0]) if k in chosen}
    return built


def _checked(folder: str, mods, options: dict, col: Collect) -> tuple:
    """(Checked, its layers, the options chosen, the game's layer): the loader's and the check stage's mistakes
    in `col`; a stage before the checker that finds one stops there (ContentError)."""
    game = read_game(folder)
    check_files(col, [game], "game")
    col.stop()
    layers = [game] + check_mods(col, game[0], read_mods(col, mods))
    col.stop()
    chosen = option_values(layers, options)
    check_options(col, layers, options)
    col.stop()
    included, roots = read_includes(col, layers, mods, chosen)
    layers[1:1] = check_files(col, included, "mod")  # the game's own files first, then the mods
    col.stop()
    folders = {str(m) for m in mods}  # the layers of the mods, and the files they bring: a mistake they cause is theirs
    theirs = frozenset(i for i, (_, here, shown) in enumerate(layers) if roots.get(shown, here) in folders)
    return check_content(col, layers, read_card_files(col, layers, roots), theirs), layers, chosen, game


def assemble(checked: Checked, folder: str) -> GameDef:
    """The GameDef of a checked game: its bodies compiled, in the order they were checked."""
    decl, names, g = checked.decl, checked.decl.names, checked.game
    comp = Compiler(checked.checker)
    fname = {id(r): comp.add(r) for r in checked.bodies}
    ns = comp.finish()

    def fn(r):
        return ns[fname[id(r)]] if r is not None else None

    for k, r in checked.procedures.items():  # generated code calls them by these names
        ns[f"P_{k}"] = fn(r) if k not in checked.hooks else hooked(
            [fn(h) for h in checked.hooks[k].before], fn(r), [fn(h) for h in checked.hooks[k].after])
    for k, r in checked.functions.items():
        ns[f"F_{k}"] = fn(r)
    for k, r in checked.values.items():
        v = decl.values[k]
        ns[f"F_{k}"] = make_value(k, names.values[k], fn(r), v.get("min"), v.get("max"))
    cards = {}
    for cid, c in checked.cards.items():
        cards[cid] = CardDef(c.id, c.name, c.kind, c.fields, c.copies, c.place,
                             {k: fn(r) for k, r in c.effects.items()}, {k: fn(r) for k, r in c.expressions.items()},
                             {k: fn(r) for k, r in c.handlers.items()},
                             {k: [tuple(fn(r) for r in fs) for fs in lst] for k, lst in c.modifiers.items()},
                             c.source)
    parts = tuple((k, fn(r)) for k, r in checked.score_parts)
    part_places = tuple(r.origin.place if r is not None else None for _, r in checked.score_parts)
    return GameDef(
        id=g["game"], name=g["name"], folder=folder,
        min_players=g["players"]["min"], max_players=g["players"]["max"], options=decl.options, cards=cards,
        zones=decl.zones, player_zones=decl.player_zones, counters=decl.counters,
        player_counters=decl.player_counters,
        vars={k: start_value(v) for k, v in decl.vars.items()},
        player_vars={k: start_value(v) for k, v in decl.player_vars.items()},
        constants=names.constants, events=decl.events,
        handlers={ev: [fn(r) for r in rs] for ev, rs in checked.handlers.items()},
        procedures={k: ns[f"P_{k}"] for k in checked.procedures},
        functions={k: ns[f"F_{k}"] for k in list(checked.functions) + list(checked.values)},
        values=names.values, field_types=names.field_types,
        setup=fn(checked.setup), finish=fn(checked.finish),
        phases=[Phase(n, [fn(r) for r in (*_before(checked, n), *rs, *_after(checked, n))]) for n, rs in checked.phases],
        score=fn(checked.score) if not parts else summed(parts, part_places), ranking=[fn(r) for r in checked.ranking],
        faction=fn(checked.faction), value=fn(checked.value),
        score_places=tuple(r.origin.place if r is not None else None for r in [checked.score, *checked.ranking]),
        score_parts=parts, part_places=part_places, score_counted=tuple((k, fn(r)) for k, r in checked.score_counted),
        ranking_names=tuple(checked.ranking_names),
        team=fn(checked.team), team_place=checked.team.origin.place if checked.team is not None else None,
        cooperative=bool(g.get("cooperative", False)),
        max_rounds=g.get("max_rounds", 500), most_options=g.get("most_options", 64),
        line_map=comp.line_map, description=g.get("description", ""), names=names,
        rules=checked.rules,
        faces={k: FaceSpec(**f) for k, f in decl.faces.items()},
        scoreboard=[ScoreEntry(e["label"], e.get("per", "player"), fn(f), bool(e.get("score")), fn(m),
                               bool(e.get("private")), e.get("doc", ""))
                    for e, f, m in checked.scoreboard],
    )


def hooked(before: list, body, after: list):
    """A procedure with the steps mods add to it (check.hooks): those before it, its own body, those after it,
    each given the call's arguments; the call gives what its own body returns."""
    def run(M, me, this, *args):
        for step in before:
            step(M, me, this, *args)
        out = body(M, me, this, *args)
        for step in after:
            step(M, me, this, *args)
        return out
    return run


def _before(checked: Checked, phase: str) -> list:
    return checked.hooks[phase].before if phase in checked.hooks and phase not in checked.procedures else []


def _after(checked: Checked, phase: str) -> list:
    return checked.hooks[phase].after if phase in checked.hooks and phase not in checked.procedures else []
