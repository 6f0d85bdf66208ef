"""A kind's `face:` (how its cards are drawn for players) and a game's `scoreboard:` entries, checked against
the game's names: a face naming a field its kind does not have is an error at the name's place."""
from __future__ import annotations

from ..errors import did_you_mean
from .gamedef import FaceSpec

ONE = ("title", "cost")
MANY = ("type", "text", "chips", "stats")


def _places(mapping):
    return getattr(mapping, "places", None)


def face(col, kname: str, kd: dict, default_place, place_of) -> FaceSpec | None:
    """The FaceSpec of kind `kname` (None when it declares no face); unknown fields are reported."""
    raw = kd.get("face")
    if not isinstance(raw, dict):
        return None
    fields = list((kd.get("fields") or {}).keys())
    known = set(fields) | {"name"}
    fplace = place_of(kd, "face", default_place)

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
            out[key] = v if check(key, v, place_of(raw, key, fplace)) else None
    for key in MANY:
        if key in raw:
            vals = raw[key] if isinstance(raw[key], list) else [raw[key]]
            where = place_of(raw, key, fplace)
            places = _places(raw[key]) if isinstance(raw[key], list) else None
            kept = []
            for i, v in enumerate(vals):
                at = places[i] if isinstance(places, list) and i < len(places) else where
                if check(key, str(v), at):
                    kept.append(str(v))
            out[key] = tuple(kept)
    labels = raw.get("labels") if isinstance(raw.get("labels"), dict) else {}
    for k in labels:
        check("labels", str(k), place_of(labels, k, fplace))
    return FaceSpec(title=out.get("title"), label=str(raw["label"]) if "label" in raw else None,
                    type=out.get("type", ()), cost=out.get("cost"), text=out.get("text", ()),
                    chips=out.get("chips", ()), stats=out.get("stats", ()),
                    labels={str(k): str(v) for k, v in labels.items()})
