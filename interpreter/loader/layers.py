"""The files of a game folder and its mods, read: game.yaml, each mod's mod.yaml, the files game.yaml
includes (chosen by the options), then the card files each of them names. A layer is (data, folder, the
path shown in diagnostics); the layers apply in order, a later one adding to or replacing an earlier one's
entries. What is found here is where files are: a path leaving its folder, a missing file, a file included
twice. What the files say is checked by the check stage (check/declarations.py, check/cards.py)."""
from __future__ import annotations

import glob
import os
import re

from ..errors import Collect, ContentError, Diagnostic, Place, did_you_mean
from ..files import CONTENT_DIR
from . import yaml_source
from .yaml_source import load_file, place_in

HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")  # `{option}` in an included file's name


def bundled_games() -> dict:
    """Game id -> its folder, for each game folder under content/."""
    out = {}
    if CONTENT_DIR.is_dir():
        for d in sorted(CONTENT_DIR.iterdir()):
            if (d / "game.yaml").is_file():
                out[d.name] = d
    return out


def shown(path: str) -> str:
    """Paths in diagnostics: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
        return path if rel.startswith("..") else rel
    except ValueError:
        return path


def inside(path: str, root: str) -> bool:
    """Whether a path (a glob pattern too), links followed, stays inside the folder `root`."""
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def leaves(path: str, root: str, whose: str, where: Place | None = None) -> Diagnostic | None:
    """The error for a file that is a link to a place outside the folder `root` (the game's or a mod's): it
    is not read, and the error neither says where the link points nor quotes a line of it. It stands at
    `where`, the line that names the file, else at the file's name alone."""
    if inside(path, root):
        return None
    return Diagnostic(where or Place(shown(path)), f"`{os.path.relpath(path, root)}` is a link to a file "
                      f"outside the {whose} folder: it is not read", "E-PATH",
                      hint="content is read only from inside its game's or mod's folder: copy the file in")


def read(col: Collect, path: str, root: str, whose: str, where: Place | None = None):
    """A file as a layer (data, folder, shown), or None when it cannot be read (the reason in `col`)."""
    outside = leaves(path, root, whose, where)
    if outside is not None:
        col.diags.append(outside)
        return None
    data = col.guard(lambda: yaml_source.mapping(load_file(path, shown(path)), shown(path)))
    return None if data is None else (data, os.path.dirname(path), shown(path))


def read_game(folder: str):
    """The layer of a folder's game.yaml; raises ContentError when there is none or it cannot be read."""
    path = os.path.join(folder, "game.yaml")
    if not os.path.isfile(path):
        raise ContentError([Diagnostic(Place(shown(path)), "no game.yaml in this folder", "E-MISSING-FILE")])
    outside = leaves(path, folder, "game's")
    if outside is not None:
        raise ContentError([outside])
    return load_file(path, shown(path)), folder, shown(path)


def read_mods(col: Collect, mods) -> list:
    """The layer of each mod folder's mod.yaml that can be read."""
    out = []
    for m in mods:
        path = os.path.join(str(m), "mod.yaml")
        if not os.path.isfile(path):
            if os.path.basename(str(m)) == "mod.yaml" and os.path.isfile(str(m)):
                col.error(Place(shown(str(m))), "give the mod's folder, not its mod.yaml", "E-MISSING-FILE",
                          f"--mod {os.path.dirname(str(m)) or '.'}")
            else:
                col.error(Place(shown(path)), "no mod.yaml in this mod folder", "E-MISSING-FILE")
            continue
        layer = read(col, path, str(m), "mod's")
        if layer is not None:
            out.append(layer)
    return out


def include_keys(data) -> set:
    """The options that choose which files game.yaml includes (named by a `when:` or a `{hole}`)."""
    keys = set()
    for inc in data.get("includes") or []:
        keys |= set((inc.get("when") or {}).keys())
        keys |= set(HOLE.findall(inc.get("file", "")))
    return keys


def include_options(folder, mods=()) -> dict:
    """The options whose values choose which files a game includes, each with its values."""
    data = yaml_source.load_file(os.path.join(str(folder), "game.yaml"))
    opts = {k: list(v.get("values", [])) for k, v in (data.get("options") or {}).items()}
    for m in mods:
        try:
            md = yaml_source.load_file(os.path.join(str(m), "mod.yaml"))
        except ContentError:
            continue
        for k, v in ((md or {}).get("options") or {}).items():
            opts.setdefault(k, [])
            opts[k] += [x for x in v.get("values", []) if x not in opts[k]]
    return {k: opts[k] for k in sorted(include_keys(data)) if k in opts}


def option_values(layers, given: dict) -> dict:
    """Each option's value: given, else its default (mods may add values to an option)."""
    out = {}
    for data, _, _ in layers:
        for k, v in (data.get("options") or {}).items():
            if k not in out or "default" in v:
                out[k] = str(v.get("default", out.get(k, "")))
    out.update({k: str(v) for k, v in given.items()})
    return out


def read_includes(col: Collect, layers, mods, chosen: dict):
    """The files game.yaml (the first layer) includes for these option values, found in the game's folder
    first, then each mod's (a mod may bring a file the game includes): (their layers, {a layer's shown path:
    the folder its own files must stay in})."""
    data, folder, _ = layers[0]
    game_path = os.path.join(folder, "game.yaml")
    roots = {s: d for _, d, s in layers}  # each mod's files stay in the mod's folder
    included, seen = [], {os.path.realpath(game_path)}
    incs = data.get("includes") or []
    folders = [folder] + [str(m) for m in mods]
    for i, inc in enumerate(incs):
        when = inc.get("when") or {}
        if any(chosen.get(k) != str(v) for k, v in when.items()):
            continue
        rel = inc["file"]
        for k, v in chosen.items():
            rel = rel.replace("{" + k + "}", v)
        where = place_in(incs[i], "file", incs.places[i])
        hole = HOLE.search(rel)
        if hole:
            col.error(where, f"no option `{hole.group(1)}` to fill `{{{hole.group(1)}}}`", "E-OPTION",
                      did_you_mean(hole.group(1), chosen) or "declare it under `options:`")
            continue
        if not all(inside(os.path.join(d, rel), d) for d in folders):
            col.error(where, f"`{rel}` is outside the game's folder", "E-PATH",
                      "an included file is named relative to the game's folder (or a mod's)")
            continue
        found = next(((d, c) for d in folders if os.path.isfile(c := os.path.join(d, rel))), None)
        if found is None:
            by = _chosen_by_mod(layers[1:], inc["file"], chosen)
            if by is None:
                col.error(where, f"included file `{rel}` not found in the game or its mods", "E-MISSING-FILE")
            else:
                place, k = by
                col.error(place, f"option `{k}` is `{chosen[k]}` here, so the game includes `{rel}`, which this mod "
                          "does not bring", "E-MISSING-FILE", f"add `{rel}` to the mod's folder",
                          [(where, f"the game includes `{inc['file']}` here")])
            continue
        root, path = found
        real = os.path.realpath(path)
        if real in seen:
            what = "the game file itself" if real == os.path.realpath(game_path) else "included already"
            col.error(where, f"circular include: `{rel}` is {what}", "E-INCLUDE",
                      "an included file holds definitions and cards (a mod's format), never game.yaml")
            continue
        seen.add(real)
        layer = read(col, path, root, "game's" if root == folder else "mod's", where)
        if layer is not None:
            included.append(layer)
            roots[layer[2]] = root
    return included, roots


def _chosen_by_mod(mods, pattern: str, chosen: dict):
    """(the place, the option) of the value a mod's layer gives an option that fills a hole of `pattern`: its
    `default`, else the value it adds; None when no mod's layer chose it."""
    for data, _, _ in reversed(mods):
        for k in HOLE.findall(pattern):
            o = (data.get("options") or {}).get(k)
            if not isinstance(o, dict):
                continue
            if str(o.get("default")) == chosen.get(k):
                return place_in(o, "default", o.place), k
            values = o.get("values") or []
            for i, v in enumerate(values):
                if str(v) == chosen.get(k):
                    return values.places[i], k
    return None


def read_card_files(col: Collect, layers, roots: dict) -> list:
    """For each layer, the card files its `cards:` patterns name (game.yaml without `cards:`: cards/*.yaml),
    read: [(shown path, data)], in order. A pattern stays inside the folder of the layer's game or mod."""
    game, folder, _ = layers[0]
    out = []
    for layer, (data, here, shown_as) in enumerate(layers):
        files = []
        out.append(files)
        patterns = data.get("cards")
        if patterns is None:
            patterns = ["cards/*.yaml"] if data is game else []
        root = roots.get(shown_as, here)
        for i, pat in enumerate(patterns):
            where = data["cards"].places[i] if "cards" in data else data.place
            if not inside(os.path.join(here, pat), root):
                whose = "game's" if layer == 0 or roots.get(shown_as) == folder else "mod's"
                col.error(where, f"`{pat}` is outside the {whose} folder", "E-PATH",
                          "card files are named relative to the folder of the file that lists them")
                continue
            matches = sorted(glob.glob(os.path.join(here, pat)))
            if not matches:
                col.error(where, f"no card file matches `{pat}`", "E-MISSING-FILE")
            for path in matches:
                outside = leaves(path, root, "game's" if layer == 0 or root == folder else "mod's", where)
                if outside is not None:
                    col.diags.append(outside)
                    continue
                data_of = col.guard(load_file, path, shown(path))
                if data_of is not None:
                    files.append((shown(path), data_of))
    return out
