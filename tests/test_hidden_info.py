"""Hidden information holds in every channel (issue 23): the account's echoes, the views, `reveal`, the
terminal, the bots' sampled worlds and the server, played on the hidden-hand test game (tests/games/hidden-hand:
a Guard names a card, a Priest looks at a hand, a Baron compares hands, a King trades them).

The rules under test (docs/language.md, "Who sees what"): a choice among cards some player cannot see is read by
its chooser alone; any other choice is public unless the content says `secret` or `seen by`; whether an echo
is hidden depends on that declaration alone, never on the answer or the cards anyone holds; a card revealed to
a player is in that player's view, and no one else's, until it moves."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter import Match
from interpreter.agents import make_agent
from interpreter.agents.worlds import Table, sample_world
from interpreter.model.build import load_game
from interpreter.runtime.record import read_log
from interpreter.runtime.state import Piece
from interpreter.sim.run import play
from interpreter.web.privacy import HIDDEN, Account

HERE = Path(__file__).resolve().parent
GAME = HERE / "games" / "hidden-hand"
CARDS = ["Guard", "Priest", "Baron", "Prince", "King", "Princess"]


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def hand(m, seat) -> list[str]:
    return [p.card.name for p in m.players[seat - 1].zones["hand"].items]


def kind_of(prompt: str) -> str:
    """The decision's kind, from its prompt without the chooser's name ("Ann: play a card" -> "play a card")."""
    return prompt.split(": ", 1)[1]


def test_whether_an_echo_is_hidden_depends_on_no_hidden_card(game):
    """Over many matches, each kind of decision has its echo always hidden from the others or always shown.
    The guesser names the card it holds itself whenever it can: a rule that hid a label naming a card of
    the chooser's hand ("Prince" hidden when the guesser holds the Prince, "Princess" too) would show here."""
    seen: dict[str, set] = {}
    own_names = 0
    for seed in range(60):
        m = Match(game, 3, seed=seed)
        account = Account(m)
        rng = random.Random(seed)
        while not m.over:
            d = m.pending
            labels = d.labels()
            mine = hand(m, d.player.seat)
            named = [k for k, lab in enumerate(labels) if lab in mine]
            k = named[0] if kind_of(d.prompt) == "name a card" and named else rng.randrange(len(labels))
            own_names += kind_of(d.prompt) == "name a card" and bool(named)
            at = len(m.lines)
            account.choose(k)
            echo = f"  {d.player.name}: {labels[k]}"
            assert m.lines[at] == echo
            for other in m.players:
                if other is not d.player:
                    hidden = account.lines(other.seat)[at] == f"  {d.player.name}: {HIDDEN}"
                    seen.setdefault(kind_of(d.prompt), set()).add(hidden)
            assert account.lines(d.player.seat)[at] == echo  # the chooser reads its own answer
    assert own_names >= 5  # the attack was tried
    assert seen == {"play a card": {True}, "choose a player": {False}, "name a card": {False}}


def test_a_card_played_from_a_hand_is_read_by_its_player_alone_and_a_spectator_reads_none(game):
    m = Match(game, 3, seed=4)
    d = m.pending
    label = d.labels()[0]
    at = len(m.lines)
    Account(m).choose(0)
    assert m.lines[at] == f"  {d.player.name}: {label}"
    assert Account(m).lines(d.player.seat)[at] == m.lines[at]
    for viewer in (None, *[p.seat for p in m.players if p is not d.player]):
        assert Account(m).lines(viewer)[at] == f"  {d.player.name}: {HIDDEN}"


def played_until(game, seed: int, card: str, players: int = 3):
    """A match played at random until `card`'s target is chosen (the card resolved); None if it never is."""
    m = Match(game, players, seed=seed)
    rng = random.Random(seed)
    while not m.over:
        d = m.pending
        k = rng.randrange(d.size)
        playing = kind_of(d.prompt) == "choose a player" and m.lines[-1].endswith(f"plays the {card}.")
        m.choose(k)
        if playing and not m.over:
            return m, d.player, d.values[k]
    return None


def priest_looks(game, n: int = 6):
    """Positions just after a Priest's look (its player, its target), the target still holding the card."""
    out = []
    for seed in range(200):
        got = played_until(game, seed, "Priest")
        if got is not None and got[2].zones["hand"].items and got[0].pending is not None:
            out.append(got)
        if len(out) == n:
            return out
    raise AssertionError("no Priest resolved in 200 matches")


def test_reveal_draws_the_card_in_the_looking_seats_view_only(game):
    for m, looker, target in priest_looks(game):
        card = target.zones["hand"].items[0]
        mine = m.view(looker)["players"][target.index]["zones"]["hand"]
        assert mine["revealed"] == [{"id": card.card.id, "name": card.card.name, "kind": "card", "uid": card.uid,
                                     "value": card.f["value"]}]
        assert "cards" not in mine
        for other in [None, *[p for p in m.players if p is not looker]]:
            zone = m.view(other)["players"][target.index]["zones"]["hand"]
            assert "revealed" not in zone and ("cards" in zone) == (other is target)
            assert other is target or card.card.name not in json.dumps(zone)


def test_a_revealed_card_is_forgotten_when_it_leaves_its_zone(game):
    """Once the card has left the hand it was seen in, the look is over, even if it comes back."""
    m, looker, target = priest_looks(game, 1)[0]
    card = target.zones["hand"].items[0]
    assert m.view(looker)["players"][target.index]["zones"]["hand"].get("revealed")
    m.place(card, m.zones["deck"])
    assert "revealed" not in m.view(looker)["players"][target.index]["zones"]["hand"]
    m.choose(0)  # the next question
    m.place(card, target.zones["hand"])  # back where it was seen
    assert "revealed" not in m.view(looker)["players"][target.index]["zones"]["hand"]


def test_the_bots_sampled_worlds_keep_a_revealed_card_and_re_deal_the_others(game):
    """A seat's sampled worlds hold the card revealed to it, and re-deal the hands it has not seen: the
    third seat's card, never looked at, is the true one in some worlds only."""
    kept = other_true = other_total = 0
    for m, looker, target in priest_looks(game, 6):
        seen = target.zones["hand"].items[0]  # the card it held when looked at
        third = next(p for p in m.players if p is not looker and p is not target)
        table = Table(game, 3, m.seed, m.options.values, looker.seat, list(m.choices))
        for i in range(10):
            w = sample_world(table, random.Random(i))
            kept += [p.card.id for p in w.players[target.index].zones["hand"].items if p.uid == seen.uid] == \
                [seen.card.id]
            if w.players[third.index].zones["hand"].items and third.zones["hand"].items:
                other_total += 1
                other_true += (w.players[third.index].zones["hand"].items[0].card.id
                               == third.zones["hand"].items[0].card.id)
    assert kept == 60
    assert other_total >= 20 and other_true < other_total * 0.6


@pytest.mark.parametrize("agent", ["greedy", "mcts"])
def test_the_search_bots_play_the_hidden_hand_game(game, agent):
    opts = {"iterations": 20, "rollouts": 1}
    agents = [make_agent(agent, 3, s, opts) for s in (1, 2)]
    m = play(game, 2, 3, {}, agents)
    assert m.over and m.result.winner in (1, 2)


def test_a_piped_terminal_match_never_prints_another_seats_private_answer_or_hand(game, tmp_path):
    """Seat 1 is human at the terminal; the bots' plays from their hands are masked as on the page."""
    log = tmp_path / "m.jsonl"
    answers = "1\n" * 60
    r = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "play", str(GAME), "--players", "3",
                        "--seed", "5", "--log", str(log)], input=answers, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    header, choices = read_log(str(log))
    m = Match(game, 3, seed=5)
    expected = []  # every echo of a bot seat, as seat 1 may read it: plays from a hand are hidden
    for k in choices:
        d = m.pending
        if d.player.seat != 1:
            from_hand = all(type(v) is Piece and v.zone is d.player.zones["hand"] for v in d.values)
            expected.append(f"  {d.player.name}: {HIDDEN if from_hand else d.labels()[k]}")
        m.choose(k)
    bots = {p.name for p in m.players[1:]}
    printed = [line for line in out if line.split(":", 1)[0].strip() in bots and line.startswith("  ")
               and not line.endswith("(the only option)")]
    assert printed == expected
    assert any(HIDDEN in line for line in printed)
    assert not any(line.startswith(("Ben sees", "Cleo sees")) for line in out)
    assert any(line.startswith("Ann sees: hand: ") for line in out)


def test_a_human_at_the_terminal_is_shown_the_card_its_priest_looked_at(game):
    """Two human seats at one terminal: before each question its seat is shown the cards revealed to it."""
    for seed in range(100):
        m = Match(game, 2, seed=seed)
        rng = random.Random(seed)
        looks = []  # at each question to seat 1 with a card revealed to it: the names revealed
        while not m.over:
            if m.pending.player.seat == 1:
                zone = m.view(1)["players"][1]["zones"]["hand"]
                if zone.get("revealed"):
                    looks.append(", ".join(c["name"] for c in zone["revealed"]))
            m.choose(rng.randrange(m.pending.size))
        if looks:
            break
    else:
        raise AssertionError("no look of seat 1 lasting to its next question in 100 matches")
    answers = "".join(f"{k + 1}\n" for k in m.choices)
    r = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "play", str(GAME), "--players", "2",
                        "--seed", str(seed), "--bots", "none"], input=answers, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    shown = [line.split("Ben's hand: ", 1)[1] for line in r.stdout.splitlines()
             if line.startswith("Ann sees:") and "Ben's hand: " in line]
    assert shown == [f"{names} (shown to you)" for names in looks]
