"""A kind's `face:` (how its cards are drawn for players) and a game's `layout:` hints, checked against the
game's names: a face naming a field its kind does not have is an error at the name's place."""
from __future__ import annotations

from ..errors import did_you_mean
from ..loader.yaml_source import place_in

ONE = ("title", "cost")
MANY = ("type", "text", "chips", "stats")


def _places(mapping):
    return getattr(mapping, "places", None)


def face(col, kname: str, kd: dict, default_place) -> dict | None:
    """What the face of kind `kname` draws (the keywords of the model's FaceSpec; None when it declares no
    face), each name checked: an unknown field is reported and left out."""
    raw = kd.get("face")
    if not isinstance(raw, dict):
        return None
    fields = list((kd.get("fields") or {}).keys())
    known = set(fields) | {"name"}
    fplace = place_in(kd, "face", default_place)

    def check(key, value, where):
        if value not in known:
            col.error(where, f"face of kind `{kname}`: `{key}` names `{value}`, which is not a field of `{kname}`",
                      "E-UNKNOWN-FIELD", did_you_mean(str(value), sorted(known)) or
                      (f"its fields: {', '.join(fields)}" if fields else f"`{kname}` declares no fields"))
            return False
        return True

    out = {}
    for key in ONE:
        if key in raw:
            v = str(raw[key])
            out[key] = v if check(key, v, place_in(raw, key, fplace)) else None
    for key in MANY:
        if key in raw:
            vals = raw[key] if isinstance(raw[key], list) else [raw[key]]
            where = place_in(raw, key, fplace)
            places = _places(raw[key]) if isinstance(raw[key], list) else None
            kept = []
            for i, v in enumerate(vals):
                at = places[i] if isinstance(places, list) and i < len(places) else where
                if check(key, str(v), at):
                    kept.append(str(v))
            out[key] = tuple(kept)
    labels = raw.get("labels") if isinstance(raw.get("labels"), dict) else {}
    for k in labels:
        check("labels", str(k), place_in(labels, k, fplace))
    return dict(title=out.get("title"), label=str(raw["label"]) if "label" in raw else None,
                type=out.get("type", ()), cost=out.get("cost"), text=out.get("text", ()),
                chips=out.get("chips", ()), stats=out.get("stats", ()),
                labels={str(k): str(v) for k, v in labels.items()})


def check_layout(col, raw, default_place, zones, player_zones, kinds: dict, others) -> None:
    """The names of a game's `layout:` hints (the web page's order, hiding, labels) are names it has: an
    unknown one is an error at its place (E-UNKNOWN-NAME, with a "did you mean")."""
    if not isinstance(raw, dict):
        return
    fields = {f for kd in kinds.values() for f in (kd.get("fields") or {})}
    everything = set(zones) | set(player_zones) | set(kinds) | fields | set(others)
    allowed = {"table": set(zones), "player": set(player_zones), "hide": everything,
               "dice": set(kinds) | set(others), "color_by": fields, "labels": everything,
               "fields": set(kinds)}
    where = default_place

    def check(key, name, at):
        if name not in allowed[key]:
            col.error(at, f"layout: `{key}` names `{name}`, which this game does not have", "E-UNKNOWN-NAME",
                      did_you_mean(str(name), sorted(allowed[key])))

    for key in ("table", "player", "hide", "dice"):
        vals = raw.get(key) or []
        places = _places(vals)
        for i, v in enumerate(vals if isinstance(vals, list) else []):
            check(key, str(v), places[i] if isinstance(places, list) else place_in(raw, key, where))
    if "color_by" in raw:
        check("color_by", str(raw["color_by"]), place_in(raw, "color_by", where))
    for key in ("labels", "fields"):
        mapping = raw.get(key) if isinstance(raw.get(key), dict) else {}
        for k, v in mapping.items():
            check(key, str(k), place_in(mapping, k, where))
            if key == "fields" and isinstance(v, list):
                own = set(kinds.get(k, {}).get("fields") or {}) | {"name"}
                places = _places(v)
                for i, f in enumerate(v):
                    if str(f) not in own and str(k) in kinds:
                        col.error(places[i] if isinstance(places, list) else place_in(mapping, k, where),
                                  f"layout: `fields` of `{k}` names `{f}`, which is not a field of `{k}`",
                                  "E-UNKNOWN-FIELD", did_you_mean(str(f), sorted(own)))
