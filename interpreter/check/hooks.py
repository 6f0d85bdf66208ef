"""Extension points: a base game opens some of its procedures and phases to mods (`hooks:` in game.yaml, a name
and what it is for), and a mod or an included file adds steps to one of them (`hooks:`, a list of
`after: NAME` or `before: NAME` with `do:`), instead of copying the whole procedure to change one step.

A procedure's steps run with its parameters: those `before:` it, then its own body, then those `after:` it (its
own `return` does not skip them; what it returns is what the call gives). A phase's run before or after its own
steps. What is wrong is placed in the file that says it: a hook the base does not declare, one that names
neither `after:` nor `before:`; and a procedure of a mod that replaces a base's procedure while holding every
line of it, a copy to change one step, is a warning (W-COPIED) that points to the hook.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Collect, did_you_mean
from ..loader.yaml_source import place_in
from .declarations import Declarations, Sections


@dataclass
class Hooked:
    """The steps mods add to one procedure or phase, each a Resolved (None: its text did not parse)."""
    before: list = field(default_factory=list)
    after: list = field(default_factory=list)


def declared_hooks(sections: Sections) -> dict:
    """Name -> its declaration (`{doc}`), as the base's game.yaml opens them."""
    hooks = sections.game.get("hooks")
    return dict(hooks) if isinstance(hooks, dict) else {}


def hook_texts(sections: Sections) -> dict:
    """Name -> the texts of the steps the layers add to it, for the checker's plan of which procedures may run
    inside themselves (a hook calling back its own procedure)."""
    out: dict = {}
    for data, _, _ in sections.layers[1:]:
        for h in data.get("hooks") or []:
            name = h.get("after", h.get("before"))
            if isinstance(name, str):
                out.setdefault(name, []).append(h.get("do", ""))
    return out


def check_hooks(col: Collect, sections: Sections, decl: Declarations, phases: list, bodies) -> dict:
    """Name -> Hooked: every hook of the layers after the base's game.yaml, checked against what the base
    declares and resolved with `bodies` (game.Bodies); the mistakes in `col`."""
    declared = declared_hooks(sections)
    base = sections.game
    places = base["hooks"].key_places if declared else {}
    procs = decl.procedures
    for name in declared:
        if name not in procs and name not in phases:
            col.error(places.get(name, base.place), f"hook `{name}` names no procedure or phase of the game", "E-HOOK",
                      did_you_mean(name, list(procs) + list(phases)) or "a hook opens a procedure or a phase to mods")
    out: dict = {}
    for data, _, _ in sections.layers[1:]:
        hooks = data.get("hooks") or []
        for i, h in enumerate(hooks):
            where = hooks.places[i]
            sides = [s for s in ("before", "after") if s in h]
            if len(sides) != 1:
                col.error(where, "a hook says either `after: NAME` or `before: NAME`, the step it runs next to",
                          "E-HOOK", f"the game's hooks: {', '.join(declared) or 'none'}")
                continue
            side = sides[0]
            name = h[side]
            at = place_in(h, side, where)
            if name not in declared:
                what = ("procedure" if name in procs else "phase") if name in procs or name in phases else ""
                if what:
                    col.error(at, f"the game does not open its {what} `{name}` to mods (it is not among its `hooks:`)",
                              "E-HOOK", f"the game's hooks: {', '.join(declared) or 'none'}")
                else:
                    col.error(at, f"the game declares no hook `{name}`", "E-HOOK",
                              did_you_mean(name, declared) or f"the game's hooks: {', '.join(declared) or 'none'}")
                continue
            body = place_in(h, "do", where)
            if name in procs:
                r = bodies.effect(h["do"], body, procs[name].get("params", []))
            else:  # a phase: nobody's turn, as its own steps
                r = bodies.effect(h["do"], body, nobody=True)
            getattr(out.setdefault(name, Hooked()), side).append(r)
    _warn_copies(col, sections, declared)
    return out


def _lines(text) -> list[str]:
    return [t.strip() for t in str(text).splitlines() if t.strip() and not t.strip().startswith("#")]


def _warn_copies(col: Collect, sections: Sections, declared: dict) -> None:
    """W-COPIED: a later layer's procedure that replaces the base's of the same name and holds each of its lines
    (two or more), a copy made to change a step."""
    own = sections.game.get("procedures") or {}
    for data, _, _ in sections.layers[1:]:
        procs = data.get("procedures") or {}
        for name, p in procs.items():
            if name not in own or not isinstance(p, dict) or not isinstance(own[name], dict):
                continue
            theirs, base = _lines(p.get("do", "")), _lines(own[name].get("do", ""))
            if len(base) >= 2 and all(line in theirs for line in base):
                hint = (f"add the change as a hook instead: `hooks: [{{after: {name}, do: ...}}]`" if name in declared
                        else f"ask the base to open `{name}` as a hook (`hooks:` in its game.yaml), then add the step")
                col.warn(place_in(procs, name, procs.place), f"procedure `{name}` copies the game's own to change it",
                         "W-COPIED", hint)
