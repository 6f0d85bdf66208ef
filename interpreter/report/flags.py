"""What a designer should look at in a report: a faction or seat whose win rate's interval leaves out its fair
share, and the card whose presence moves the win rate most (when its holders' and the other seats' intervals
do not meet), each with the `meeple tune` command that would
search its designed values. Plain data in (report stats, the game when it loads), plain data out."""
from __future__ import annotations

from ..check.cards import COMMON

MIN_SHARE = 0.05  # a card held by fewer seats (or by almost all) has no contrast worth a flag
RELATED = 3  # cards named for a card that holds no number of its own (a faction): the first that share a value


def _tunable(card) -> list[str]:
    """`--vary` items for a card's whole-number values written in its file, a few steps either side."""
    if card is None:
        return []
    src = card.source
    return [f"cards.{card.id}.{k}={max(0, v - 2)}..{v + 2}" for k, v in src.items()
            if k not in COMMON and type(v) is int]


def _related(card, game, held: list) -> list:
    """For a card without whole numbers (a faction): the cards with whole numbers its seats hold far more often
    than the others (`held`, stats.held_with: a company's start buildings), else the first cards of the game (in
    its files' order) that share a text value with it (a faction's home city)."""
    if card is None or game is None or _tunable(card):
        return [card]
    mostly = [game.cards[c] for c in held if c in game.cards and _tunable(game.cards[c])]
    if mostly:
        return mostly[:RELATED]
    mine = {(k, v) for k, v in card.source.items() if k not in COMMON | {"text"} and isinstance(v, str)}
    out = [c for c in game.cards.values() if c is not card and _tunable(c)
           and any(c.source.get(k) == v for k, v in mine)]
    return out[:RELATED] or [card]


def _command(game_id: str, mods: list, group: dict, card, game=None) -> str:
    cards = _related(card, game, (group.get("held_with") or {}).get(str(card.name) if card else "", []))
    items = [x for c in cards for x in _tunable(c)]
    varies = " ".join(f"--vary {x}" for x in items) or "--vary cards.ID.FIELD=LO..HI"
    printed = "" if all(c is not None and c.source.get("provenance") == "designed" for c in cards) \
        else " --allow-printed"
    mods = "".join(f" --mod {m}" for m in mods)
    options = "".join(f" --option {k}={v}" for k, v in sorted((group.get("options") or {}).items()))
    lineup = group.get("lineup") or []
    agents = "" if set(lineup) <= {"random"} else \
        f" --agent {lineup[0]}" if len(set(lineup)) == 1 else "".join(f" --agent {a}" for a in lineup)
    return (f"meeple tune {game_id}{mods} --players {group['players']}{options}{agents} {varies} --goal fair{printed} "
            "-o tuned/")


def flags(stats: dict, game=None) -> list[dict]:
    """[{"what", "text", "command"}], the most telling first."""
    out = []
    by_name = {str(c.name): c for c in game.cards.values()} if game is not None else {}
    for g in stats["groups"]:
        if g["cooperative"]:
            continue
        share = 1 / g["players"]
        rows = [(f, e, by_name.get(f)) for f, e in (g.get("factions") or {}).items()]
        rows += [(f"seat {s}", e, None) for s, e in g["seats"].items()]
        for name, e, card in rows:
            lo, hi = e["ci95"]
            if not lo <= share <= hi:
                side = "more" if lo > share else "less"
                out.append({"what": name, "gap": abs(e["rate"] - share),
                            "text": f"{name} wins {e['rate']:.1%} (95% CI {lo:.1%}–{hi:.1%}) in {g['group']}, "
                                    f"{side} than its fair share of {share:.1%}",
                            "command": _command(stats["game"], stats.get("mods") or [], g, card, game)})
    out.sort(key=lambda f: -f["gap"])
    contrasted = [x for x in stats["cards"] if x["holder_win"] and x["others_win"]
                  and MIN_SHARE <= x["held"] / (x["held"] + x["others"]) <= 1 - MIN_SHARE]
    x = max(contrasted, key=lambda x: abs(x["holder_win"]["rate"] - x["others_win"]["rate"]), default=None)
    if x is not None and (x["holder_win"]["ci95"][0] > x["others_win"]["ci95"][1]
                          or x["holder_win"]["ci95"][1] < x["others_win"]["ci95"][0]):  # apart beyond the noise
        card = game.cards.get(x["card"]) if game is not None else None
        h, o = x["holder_win"], x["others_win"]
        out.append({"what": x["card"], "gap": abs(h["rate"] - o["rate"]),
                    "text": f"{x['card']} moves the win rate most: its holders win {h['rate']:.1%} "
                            f"(95% CI {h['ci95'][0]:.1%}–{h['ci95'][1]:.1%}), the other seats {o['rate']:.1%} "
                            f"({o['ci95'][0]:.1%}–{o['ci95'][1]:.1%})",
                    "command": _command(stats["game"], stats.get("mods") or [], stats["groups"][0], card, game)})
    return out

