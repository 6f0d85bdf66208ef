"""A checked scenario played on a loaded game: the position placed, the steps run, each expectation compared
with what the match holds. A failure says where (the expectation's line), what was expected and what found."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..agents import make_agent
from ..errors import IllegalChoice, MeepleError, Place
from ..runtime.state import Piece, Player, Zone, own_fields
from ..runtime.verbs import GameOver
from ..testing import Scenario
from .read import Plan, Step

BOT_DECISIONS = 100_000  # `bots` gives up after so many answers: `until` never held


@dataclass
class Failure:
    place: Place
    message: str
    expected: str = ""
    found: str = ""

    def as_dict(self) -> dict:
        return {"file": self.place.path, "line": self.place.line, "column": self.place.col, "message": self.message,
                "expected": self.expected, "found": self.found}


@dataclass
class Outcome:
    """One scenario's verdict."""
    name: str
    rule: str
    card: str
    place: Place
    failures: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict:
        return {"name": self.name, "rule": self.rule, "card": self.card, "file": self.place.path,
                "line": self.place.line, "passed": self.passed, "failures": [f.as_dict() for f in self.failures]}


class _Asked(Exception):
    """A decision asked where none may be."""


def _no_question(n: int) -> int:
    raise _Asked


class _Stop(Exception):
    """A step that could not be done: the steps after it would mean nothing."""


def show(v, seats: dict | None = None) -> str:
    """A value as a scenario writes it: a card by its id, a player by its seat, a zone by its cards' ids."""
    t = type(v)
    if t is Piece:
        return v.card.id
    if t is Player:
        return (seats or {}).get(v.seat, v.name)
    if t is Zone:
        return "[" + ", ".join(p.card.id for p in v.items) + "]"
    if t is list:
        return "[" + ", ".join(show(x, seats) for x in v) + "]"
    if v is None:
        return "none"
    if v is True or v is False:
        return str(v).lower()
    if t is str:
        return f'"{v}"'
    return str(v)


class _Run:
    def __init__(self, plan: Plan, game, ns: dict):
        self.plan, self.game, self.ns = plan, game, ns
        self.outcome = Outcome(plan.name, plan.rule, plan.card, plan.place)
        self.said_from = 0

    def fail(self, place, message, expected="", found=""):
        self.outcome.failures.append(Failure(place, message, expected, found))

    def stop(self, place, message, expected="", found=""):
        self.fail(place, message, expected, found)
        raise _Stop

    # ---- the match and its position
    def begin(self) -> None:
        plan = self.plan
        self.s = s = Scenario(self.game, len(plan.seats), plan.seed, plan.options)
        self.m = m = s.match
        self.players = m.players
        self.by_seat = dict(zip(plan.seats, m.players, strict=True))
        self.seat_names = {p.seat: name for name, p in self.by_seat.items()}
        for name, p in self.by_seat.items():
            p.name = name[:1].upper() + name[1:]
        if plan.start == "setup" and self.game.setup is not None:
            s.run(self.game.setup)
        elif plan.start == "match":
            m.begin()
        self.place_position()
        if plan.first is not None:
            m.first = self.by_seat[plan.first]

    def place_position(self) -> None:
        m = self.m
        box = m.zones["box"]
        zones = {}
        for what, seat, name, value, _ in self.plan.placements:
            if what == "zone":
                z = self.zone_of(seat, name)
                zones[id(z)] = (z, value)
            elif what == "counter":
                (self.by_seat[seat].counters if seat else m.counters)[name] = value
            elif what == "var":
                (self.by_seat[seat].vars if seat else m.vars)[name] = list(value) if isinstance(value, list) else value
            elif what == "round":
                m.round = value
        for z, _ in zones.values():  # a zone placed holds exactly its cards: what it held goes back to the box
            for piece in list(z.items):
                m.place(piece, box)
        others = [box] + [z for z in [*m.zones.values(), *(z for p in m.players for z in p.zones.values())]
                          if id(z) not in zones and z is not box]
        for z, cards in zones.values():
            for cid, fields in cards:
                piece = next((p for where in others for p in reversed(where.items) if p.card.id == cid), None)
                if piece is None:
                    self.stop(self.plan.place, f"no copy of `{cid}` is left to place in {z.name}")
                m.place(piece, z)
                if fields:
                    own_fields(piece).update(fields)

    def zone_of(self, seat, name) -> Zone:
        return self.by_seat[seat].zones[name] if seat else self.m.zones[name]

    # ---- evaluating what the scenario wrote
    def value(self, fname, place):
        try:
            return self.ns[fname](self.m, None, None, *self.players)
        except Exception as e:  # content's failure, placed in the scenario's line by the match
            err = self.m._failure(e)
            self.stop(place, f"the expression failed: {err}")

    def show(self, v) -> str:
        return show(v, self.seat_names)

    # ---- the steps
    def play(self) -> Outcome:
        self.current = None
        try:
            self.begin()
            for step in self.plan.steps:
                self.current = step
                getattr(self, "s_" + step.kind)(step)
        except _Stop:
            pass
        except MeepleError as e:  # the content failed while the match ran (placed in the content)
            self.fail(self.current.place if self.current else self.plan.place, f"the content failed: {e}")
        return self.outcome

    def idle(self, step: Step) -> None:
        d = self.m.pending
        if d is not None:
            self.stop(step.place, f"`{step.kind}` runs when nobody has to decide, but {self.show(d.player)} has to "
                      f"answer: {d.prompt}")
        if self.m.over:
            self.stop(step.place, f"`{step.kind}`: the match is over ({self.m.result.reason})")

    def s_phase(self, step: Step) -> None:
        self.idle(step)
        phase = next(p for p in self.game.phases if p.name == step.data["phase"])
        self.m.phase = phase.name
        self.s.run(phase.body)

    def s_do(self, step: Step) -> None:
        m, body = self.m, self.ns[step.code["do"]]
        me = self.by_seat.get(step.data.get("by"))
        if m.pending is None:
            self.idle(step)
            self.s.run(body, *self.players, me=me)
            return
        # a decision is pending (the match waits in the middle of an effect): statements that change the
        # position run at once, answered in place by seats that refuse to be asked anything
        d, auto = m.pending, m._auto
        m._auto = [_no_question] * len(m.players)
        try:
            body(m, me, None, *self.players)
        except _Asked:
            self.stop(step.place, f"while {self.show(d.player)} has to answer ({d.prompt}), `do` may change the "
                      "position but not ask anything")
        except GameOver:
            self.stop(step.place, f"while {self.show(d.player)} has to answer ({d.prompt}), `do` may not end the game")
        except Exception as e:  # content's failure, placed by the match
            raise m._failure(e) from None
        finally:
            m._auto = auto

    def s_choose(self, step: Step) -> None:
        st, m = step.data, self.m
        d = m.pending
        if d is None:
            self.stop(step.place, f"{st['by']} cannot choose: nobody has to decide", f"{st['by']} decides", "nobody")
        if d.player is not self.by_seat[st["by"]]:
            self.stop(step.place, f"{st['by']} cannot choose: {self.show(d.player)} has to decide ({d.prompt})",
                      f"{st['by']} decides", f"{self.show(d.player)} decides")
        option = st["choose"]
        try:
            m.choose(option if isinstance(option, int) else str(option))
        except IllegalChoice as e:
            if "refused" not in st:
                self.stop(step.place, f"the choice was refused: {e}", f"{self.show(option)} accepted", "refused")
            if st["refused"] not in str(e):
                self.stop(step.place, "the choice was refused for another reason", f"a reason saying {st['refused']!r}",
                          str(e))
            return
        if "refused" in st:
            self.stop(step.place, "the choice was accepted", f"refused: {st['refused']}", "accepted")

    def s_bots(self, step: Step) -> None:
        m, plan = self.m, self.plan
        until = step.code.get("until")
        agents = [make_agent(step.data["bots"], p.seat, plan.seed) for p in m.players]
        for _ in range(BOT_DECISIONS):
            if until is not None and until[0] is not None and self.value(until[0], step.place):
                return
            d = m.pending
            if d is None:
                break
            m.choose(agents[d.player.index].choose(m.view(d.player), d))
        else:
            self.stop(step.place, f"the bots answered {BOT_DECISIONS} decisions and `until` never held")
        if until is not None:
            where = "the match is over" if m.over else "nobody has to decide"
            self.stop(step.place, f"the bots played until {where}; `until` never held", step.data["until"], where)

    def s_end(self, step: Step) -> None:
        self.idle(step)
        reason = step.data["end"]

        def body(M, me, this):
            raise GameOver(reason, None, None)
        self.s.run(body)

    # ---- the checks: each failure is recorded, the steps go on
    def s_expect(self, step: Step) -> None:
        for text, place, code in step.code["expect"]:
            if code is None:
                continue
            whole, left, right, op = code
            if self.value(whole, place):
                continue
            if left is not None:  # a comparison: the values compared
                self.fail(place, f"expected {text}", str(text),
                          f"{self.show(self.value(left, place))} {op} {self.show(self.value(right, place))}")
            else:
                self.fail(place, f"expected {text}", str(text), self.show(self.value(whole, place)))

    def s_holds(self, step: Step) -> None:
        for text, place, code, ids in step.code["holds"]:
            if code is None:
                continue
            v = self.value(code[0], place)
            items = v.items if type(v) is Zone else v if type(v) is list else None
            if items is None or not all(type(x) is Piece for x in items):
                self.fail(place, f"`{text}` is not a zone or a list of cards", "a zone", self.show(v))
                continue
            found = [p.card.id for p in items]
            if found != ids:
                self.fail(place, f"{text} holds other cards", "[" + ", ".join(ids) + "]", "[" + ", ".join(found) + "]")

    def s_asks(self, step: Step) -> None:
        want, d = step.data["asks"], self.m.pending
        if want == "nobody":
            if d is not None:
                self.fail(step.place, "someone has to decide", "nobody", f"{self.show(d.player)}: {d.prompt}")
            return
        if d is None:
            self.stop(step.place, "nobody has to decide", f"{want['by']} decides",
                      "the match is over" if self.m.over else "nobody")
        if d.player is not self.by_seat[want["by"]]:
            self.fail(step.place, "another seat has to decide", want["by"], f"{self.show(d.player)}: {d.prompt}")
        if "prompt" in want and want["prompt"] not in d.prompt:
            self.fail(step.place, "the question is another", f"a question saying {want['prompt']!r}", d.prompt)
        if "options" in want and d.labels() != list(want["options"]):
            self.fail(step.place, "the options are others", "[" + ", ".join(want["options"]) + "]",
                      "[" + ", ".join(d.labels()) + "]")

    def s_said(self, step: Step) -> None:
        lines = self.m.lines
        for i, text in enumerate(step.data["said"]):
            place = step.data["said"].places[i]
            at = next((k for k in range(self.said_from, len(lines)) if text in lines[k]), None)
            if at is None:
                shown = "\n".join(lines[self.said_from:][-12:]) or "(nothing)"
                self.fail(place, f"no line of the account {'after the last one found ' if self.said_from else ''}"
                          f"says {text!r}", text, shown)
                continue
            self.said_from = at + 1

    def s_result(self, step: Step) -> None:
        want, r = step.data["result"], self.m.result
        if r is None:
            d = self.m.pending
            self.stop(step.place, "the match is not over", "a result",
                      f"{self.show(d.player)} has to answer: {d.prompt}" if d else "no result")
        place = want.places.get
        checks = []  # (what, where it is written, expected, found, whether it holds)
        if "outcome" in want:
            checks.append(("outcome", place("outcome"), want["outcome"], r.outcome, want["outcome"] == r.outcome))
        if "winner" in want:
            winner = self.seat_names.get(r.winner, "nobody")
            checks.append(("winner", place("winner"), want["winner"], winner, want["winner"] == winner))
        if "reason" in want:
            checks.append(("reason", place("reason"), f"a reason saying {want['reason']!r}", r.reason,
                           want["reason"] in r.reason))
        scores = want.get("scores") or {}
        for seat, score in scores.items():
            found = r.scores[self.by_seat[seat].seat]
            checks.append((f"score of {seat}", scores.places[seat], str(score), str(found), score == found))
        if "ranking" in want:
            ranking = [self.seat_names[s] for s in r.ranking]
            checks.append(("ranking", place("ranking"), "[" + ", ".join(want["ranking"]) + "]",
                           "[" + ", ".join(ranking) + "]", list(want["ranking"]) == ranking))
        for what, where, expected, found, holds in checks:
            if not holds:
                self.fail(where or step.place, f"the result's {what} is another", expected, found)


def run_plan(plan: Plan, game, ns: dict) -> Outcome:
    """Play one scenario on `game` (loaded for the plan's choice of included files); `ns`: where its compiled
    expressions and effects are."""
    run = _Run(plan, game, ns)
    try:
        return run.play()
    finally:
        if hasattr(run, "m"):
            run.m.close()
