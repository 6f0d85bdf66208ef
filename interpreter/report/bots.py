"""Which bots played the matches of a report, and a warning where they are weak on the game: a balance figure
is only as true as the bots that made it (docs/bots.md). A bot is weak here when, in these very results, it does
not beat a weaker bot by `MARGIN` (its win share per seat against its fair share); results played by random bots
alone, or by one kind of bot, say nothing of their strength, and the warning gives the command that measures it."""
from __future__ import annotations

MARGIN = 0.10  # what a stronger bot's win share must exceed its fair share by
RANK = {"random": 0, "greedy": 1, "mcts": 2}  # the bots by the strength they are built for


def played_by(datasets: list[dict]) -> list[str]:
    names: list = []
    for d in datasets:
        for a in d.get("agents") or []:
            if a not in names:
                names.append(a)
    return names


def warnings(stats: dict, agents: list[str]) -> list[str]:
    """What to doubt about the bots of these results, as sentences."""
    game = stats.get("game")
    out = []
    if agents == ["random"]:
        out.append("these matches were played by random bots: their figures say how the rules play at random, not "
                   f"with skill (`meeple simulate {game} --agent mcts` plays them with the search)")
        return out
    measured = False
    for g in stats["groups"]:
        table = g.get("agents") or {}
        if len(table) < 2 or g["cooperative"]:
            continue
        share = 1 / g["players"]
        weakest = min(table, key=lambda a: RANK.get(a, 1))
        for name, e in table.items():
            if RANK.get(name, 1) <= RANK.get(weakest, 1):
                continue
            measured = True
            if e["rate"] < share + MARGIN:
                out.append(f"{name} wins {e['rate']:.1%} of its seats against {weakest} in {g['group']}, less than its "
                           f"fair share of {share:.1%} plus {MARGIN:.0%}: the bots play this game weakly, and its "
                           "balance figures may say little of skilled play")
    if not measured and len(agents) == 1 and not any(g["cooperative"] for g in stats["groups"]):
        weaker = "random" if agents[0] != "random" else None
        if weaker:
            out.append(f"these results do not show how strong {agents[0]} is at this game: `meeple simulate {game} "
                       f"--agent {agents[0]} --agent {weaker} --rotate-agents` should show it winning more than its "
                       f"fair share plus {MARGIN:.0%}")
    return out
