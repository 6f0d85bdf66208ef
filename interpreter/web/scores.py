"""The values of a game's `scoreboard:` (content-declared: score, people, hearts, money, a boss's health) in
one position, as one viewer may read them; and a finished match's result as the page's end shows it.

By the content's contract a scoreboard entry reads only what every player may see (as a `say` line does); an
entry marked `private` is sent to its own player alone, every other viewer gets None in its place."""
from __future__ import annotations


def _plain(v):
    if isinstance(v, bool) or isinstance(v, (int, float, str)) or v is None:
        return v
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return str(v)


def _value(match, entry, fn, player):
    if entry.score:
        fn = match.game.score
        if fn is None:
            return 0
    try:
        return _plain(fn(match, player, None))
    except Exception:  # noqa: BLE001 - an entry that fails in this position shows nothing, the match goes on
        return None


def values(match, seat: int | None) -> dict:
    """{"game": [value, ...], "players": {seat: [value or None, ...]}, "max": [...]}: one value per entry, in
    the order written (a player entry's place in "game" is None, and the other way round)."""
    entries = getattr(match.game, "scoreboard", [])
    if not entries:
        return {}
    game_vals, maxes = [], []
    for e in entries:
        game_vals.append(_value(match, e, e.fn, None) if e.per == "game" else None)
        maxes.append(_value(match, e, e.max_fn, None) if e.max_fn is not None else None)
    players = {}
    for p in match.players:
        row = []
        for e in entries:
            if e.per == "game" or (e.private and p.seat != seat):
                row.append(None)
            else:
                row.append(_value(match, e, e.fn, p))
        players[str(p.seat)] = row
    return {"game": game_vals, "players": players, "max": maxes}


def result(match) -> dict | None:
    """The result as the page's end draws it: Result.as_dict with the players' names and the sentences that
    say what decided it (the terminal's)."""
    r = match.result
    if r is None:
        return None
    names = {p.seat: p.name for p in match.players}
    return {**r.as_dict(), "names": {str(s): n for s, n in names.items()}, "told": r.told(names)}
