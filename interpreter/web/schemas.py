"""What each request must hold: a request's body or parameters read into plain values, or refused with the
reason (a WebError, 400 unless said). Only the shape is checked here; whether the game, the seat or the
position exists is the tables' to say."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import WebError

# who sits at a seat: a person at this screen, a person with its own link, or a bot of one of these kinds
PEOPLE = ("here", "remote")
BOTS = ("random", "greedy", "mcts")
SEAT_KINDS = PEOPLE + ("bot",) + BOTS  # `bot` is a random bot
MCTS_SECONDS = (0.01, 5.0)  # the time an mcts bot may think per decision, in seconds


@dataclass(frozen=True)
class SeatKind:
    """Who sits at a seat: `where` is here, remote or bot; a bot's `agent` (random, greedy, mcts) and, for mcts,
    its `seconds` per decision."""
    where: str
    agent: str | None = None
    seconds: float | None = None

    @property
    def human(self) -> bool:
        return self.where != "bot"

    def stored(self):
        """As the store keeps it (and reads back with `seat_kind`)."""
        if self.agent is None or self.agent == "random":
            return self.where
        return {"kind": self.agent, **({"seconds": self.seconds} if self.seconds else {})}

    def options(self) -> dict:
        return {"seconds": self.seconds} if self.seconds else {}

    def said(self) -> str:
        if self.human:
            return "human"
        return f"bot ({self.agent}" + (f", {self.seconds:g} s a decision)" if self.seconds else ")")


def seat_kind(value) -> SeatKind:
    """One entry of `seats`: a kind's name, or {"kind": "mcts", "seconds": S}."""
    if isinstance(value, dict):
        kind, seconds = value.get("kind"), value.get("seconds")
        if kind not in BOTS:
            raise WebError(400, f"a seat given as an object is a bot: `kind` is one of {', '.join(BOTS)}")
        if seconds is not None:
            lo, hi = MCTS_SECONDS
            if kind != "mcts" or isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                    or not lo <= seconds <= hi:
                raise WebError(400, f"`seconds` is an mcts bot's time per decision, from {lo:g} to {hi:g}")
            seconds = float(seconds)
        elif kind == "mcts":
            seconds = 1.0
        return SeatKind("bot", kind, seconds)
    if value in PEOPLE:
        return SeatKind(value)
    if value == "bot" or value in BOTS:
        return seat_kind({"kind": "random" if value == "bot" else value})
    raise WebError(400, f"`seats` must list one of {', '.join(SEAT_KINDS)} (or {{\"kind\": \"mcts\", \"seconds\": "
                        "S}) for each seat")


@dataclass
class NewMatch:
    """POST /api/matches: {game, players, options, seats, names}."""
    game: str
    players: int | None
    options: dict
    seats: list[SeatKind] | None
    names: list[str] | None

    @classmethod
    def read(cls, body) -> NewMatch:
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object")
        gid = body.get("game")
        if not isinstance(gid, str):
            raise WebError(400, "`game` is missing: the id of a game from /api/games")
        if body.get("seed") not in (None, ""):
            raise WebError(400, "the server draws each match's seed, and tells it to nobody before the end: "
                                "a seed chosen by a player would show them every face-down card")
        players = body.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise WebError(400, "`players` must be a number")
        options = body.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(v, (str, int, bool)) for v in options.values()):
            raise WebError(400, "`options` must be a mapping of option names to values")
        options = {str(k): str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
        kinds = body.get("seats")
        if kinds is not None:
            if not isinstance(kinds, list) or len(kinds) > 16:
                raise WebError(400, "`seats` must be a list: who sits at each seat")
            kinds = [seat_kind(k) for k in kinds]
        names = body.get("names")
        if names is not None:
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise WebError(400, "`names` must be a list of strings")
            names = [n.strip()[:24] or f"Player {i + 1}" for i, n in enumerate(names)]
        return cls(gid, players, options, kinds, names)


def version_of(body) -> int:
    if not isinstance(body, dict):
        raise WebError(400, "the body must be a JSON object like {\"version\": 3}: the position answered")
    if "version" not in body:
        raise WebError(400, "`version` is missing: the version of the position the answer is for (an answer "
                            "to a position that has changed is refused, and a repeated answer applies once)")
    version = body["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise WebError(400, "`version` must be a number")
    return version


def choice_of(body) -> tuple:
    """POST .../choose: {option, version}."""
    if not isinstance(body, dict):
        raise WebError(400, "the body must be a JSON object like {\"option\": 0, \"version\": 3}")
    if "option" not in body:
        raise WebError(400, "`option` is missing: the index (or the label) of the option chosen")
    option = body["option"]
    if isinstance(option, bool) or not isinstance(option, (int, str)):
        raise WebError(400, "`option` must be an option's index (a number) or its label (a string)")
    return option, version_of(body)


def viewer_of(value, allowed: list[int] | None) -> int | None:
    """A viewer asked for: a seat number or `public`; by default the first seat held. None means the public
    view. `allowed` is the seats the tokens hold (None: any seat, for replays)."""
    v = value
    if v is None or v == "":
        return allowed[0] if allowed else None
    if v == "public":
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if not isinstance(v, str) or not (v.isascii() and v.isdigit()) or len(v) > 3:
        raise WebError(400, f"`viewer` must be a seat number or `public`, not {str(v)[:20]!r}")
    seat = int(v)
    if allowed is not None and seat not in allowed:
        raise WebError(403, f"your token is not seat {seat}'s: a seat's view needs that seat's token")
    return seat


def step_of(value: str) -> int:
    if not (value.isascii() and value.lstrip("-").isdigit()) or len(value) > 9:
        raise WebError(400, f"`step` must be a number, not {value[:20]!r}")
    return int(value)


def tokens_of(request) -> list[str]:
    """The seat tokens a request carries: in the X-Meeple-Token header, never in its URL."""
    if "token" in request.query_params:
        raise WebError(400, "a token never goes in a URL: send it in the X-Meeple-Token header")
    raw = request.headers.get("x-meeple-token", "")
    found = [t.strip() for t in raw.split(",") if t.strip()]
    if len(found) > 8:
        raise WebError(400, "too many tokens")
    return found
