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

from interpreter import Match, load_game
from interpreter.agents import make_agent
from interpreter.runtime.record import read_log
from interpreter.runtime.secrecy import HIDDEN
from interpreter.runtime.state import Piece
from interpreter.sim.run import play
from interpreter.web.account import Account

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
        for i in range(10):
            w = m.resample(looker.seat, random.Random(i))
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
    agents = [make_agent(agent, s, 3, **opts) for s in (1, 2)]
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
               and "(no other choice)" not in line]  # an answer taken without asking is no decision
    assert printed == expected
    assert any(HIDDEN in line for line in printed)
    assert not any(line.startswith(("Ben sees", "Cleo sees")) for line in out)
    assert any(line.startswith("Ann sees: hand: ") for line in out)


def cards_seen(view) -> dict:
    """uid -> name of every card a view shows (in a zone it sees, or revealed to it)."""
    zones = list(view["zones"].values()) + [z for p in view["players"] for z in p["zones"].values()]
    return {c["uid"]: c["name"] for z in zones for c in (z.get("cards") or []) + (z.get("revealed") or [])}


SAY_WHAT_YOU_SAW = """    if t != none {
      reveal(t.hand, me)
      ask by me "{me.name}: say what you saw?" {
        "It is the {top(t.hand).name} (go on)" { say("{me.name} speaks.") }
        "Say nothing" { say("{me.name} keeps quiet.") }
      }
    }"""


def test_a_bots_answer_at_the_terminal_shows_no_card_only_it_saw(tmp_path):
    """A Priest's look is seen by the looker alone (a `reveal`); a public question whose answer names the card
    seen ("It is the Prince (go on)") is printed to the human seat at the terminal with the card's name hidden,
    unless the card is the human's own: what a bot's answer reveals goes only as far as what the human sees."""
    import shutil

    from interpreter.cli.main import HIDDEN_CARD
    folder = tmp_path / "hh"
    shutil.copytree(GAME, folder)
    cards = next((folder / "cards").glob("*.yaml"))
    text = cards.read_text()
    assert "    if t != none { reveal(t.hand, me) }" in text
    cards.write_text(text.replace("    if t != none { reveal(t.hand, me) }", SAY_WHAT_YOU_SAW))
    g = load_game(folder)
    seen = {"hidden": 0, "shown": 0}
    for seed in range(1, 9):
        log = tmp_path / f"{seed}.jsonl"
        r = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "play", str(folder), "--players", "3",
                            "--seed", str(seed), "--log", str(log)], input="1\n" * 80, capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        m = Match(g, 3, seed=seed)
        expected = []
        for k in read_log(str(log))[1]:
            d, label = m.pending, m.pending.labels()[k]
            bot = d.player.seat
            if bot != 1 and label.startswith("It is the "):
                # the cards the bot's view shows (its hand, the hand it looked at, any card still shown to it)
                # and Ann's does not
                mine, hers = cards_seen(m.view(bot)), cards_seen(m.view(1))
                unseen = {name for uid, name in mine.items() if uid not in hers}
                said = label[len("It is the "):-len(" (go on)")]
                seen["hidden" if said in unseen else "shown"] += 1
                expected.append(f"  {d.player.name}: It is the {HIDDEN_CARD if said in unseen else said} (go on)")
            m.choose(k)
        printed = [line for line in r.stdout.splitlines() if line.startswith(("  Ben: It is", "  Cleo: It is"))]
        assert printed == expected
    assert seen["hidden"] >= 1 and seen["shown"] >= 1, seen


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


# ---- the declaration on `choose` and `ask`
MINI = """game: mini
name: Mini
players: {min: 3, max: 3}
cards: [cards.yaml]
kinds:
  gem: {fields: {value: int}}
zones:
  table: {visibility: public}
player:
  zones:
    hand: {visibility: owner}
setup: |
  for p in players { move(first(box), p.hand) }
  move(first(box), table)
  move(first(box), table)
round:
  - phase: one
    do: |
      %s
      end_game("done")
"""


def mini(tmp_path, body: str, events: str = ""):
    (tmp_path / "game.yaml").write_text(MINI % body.replace("\n", "\n      ") + events)
    (tmp_path / "cards.yaml").write_text("- {id: ruby, name: Ruby, kind: gem, value: 1, copies: 5}\n")
    return load_game(tmp_path)


@pytest.mark.parametrize("body, readers, declared", [
    ('choose c from me.hand + table by first(players)', {1}, False),  # a card only its chooser sees among them
    ('choose c from table by first(players)', None, False),
    ('choose c from table by first(players) secret', {1}, True),
    ('choose c from me.hand + table by first(players) public', None, True),
    ('choose c from table by first(players) seen by rivals(first(players))[0]', {1, 2}, True),
    ('ask by first(players) "Pick" { "a" {} "b" {} }', None, False),
    ('ask by first(players) secret "Pick" { "a" {} "b" {} }', {1}, True),
    ('ask by first(players) seen by players "Pick" { "a" {} "b" {} }', {1, 2, 3}, True),
])
def test_a_decision_carries_who_may_read_it(tmp_path, body, readers, declared):
    body = body.replace("me.hand", "first(players).hand")
    m = Match(mini(tmp_path, body), 3)
    d = m.pending
    assert d.readers == (None if readers is None else frozenset(readers)) and d.declared == declared
    prompt = m.view(2)["pending"]["prompt"]
    assert prompt == (HIDDEN if declared and readers is not None and 2 not in readers else d.prompt)
    assert m.view(None)["pending"]["prompt"] == (HIDDEN if declared and readers is not None else d.prompt)
    label = d.labels()[0]
    Account(m).choose(0)
    echo = [line for line in Account(m).lines(3) if line.startswith("  Ann: ")]
    assert echo == [f"  Ann: {label if readers is None or 3 in readers else HIDDEN}"]


def test_a_forced_choice_from_a_hidden_hand_is_hidden_too(tmp_path):
    """A choice with one option is taken without asking; its echo is read as the choice's would be."""
    m = Match(mini(tmp_path, 'choose c from first(players).hand by first(players)'), 3)
    assert m.over
    at = next(i for i, line in enumerate(m.lines) if line.startswith("  Ann: "))
    assert m.lines[at] == '  Ann: Ruby (the only answer to "Choose")'
    assert Account(m).lines(1)[at] == m.lines[at] and Account(m).lines(2)[at] == f"  Ann: {HIDDEN}"


def test_seen_by_wants_players(tmp_path):
    from interpreter.errors import MeepleError
    with pytest.raises(MeepleError, match="`seen by` takes players"):
        Match(mini(tmp_path, 'choose c from table by first(players) seen by 3'), 3)


def test_reveal_wants_cards_and_players(tmp_path):
    """A number where players are wanted is known before play (the registry's signature); a list that holds
    something else than players is refused in play."""
    from interpreter.errors import MeepleError
    with pytest.raises(MeepleError, match="`reveal` wants a player or a list here, not a number"):
        Match(mini(tmp_path, 'reveal(table, 3)'), 3)
    with pytest.raises(MeepleError, match="reveal: shows cards to a player or a list of players"):
        Match(mini(tmp_path, 'reveal(table, [1, 2])'), 3)


# ---- the server
def test_the_server_sends_each_seat_its_echoes_and_looks_by_the_declaration_alone(tmp_path):
    """Matches of the hidden-hand game played over HTTP: each seat's account hides the others' plays from
    their hands and shows every guess (the guesser naming its own card when it can), and a Priest's look
    is in the looker's state only."""
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("starlette")
    from interpreter.web import create_app
    from interpreter.web.limits import Limits
    from interpreter.web.server import Running
    app = create_app(str(GAME), bot_delay=0, limits=Limits(burst=10 ** 9, refill=10 ** 9))  # a test's many requests
    looks = 0
    with Running(app) as base, httpx.Client(base_url=base, timeout=10) as client:
        for seed in range(8):
            r = client.post("/api/matches", json={"game": "hidden-hand", "players": 3, "seats": ["remote"] * 3})
            assert r.status_code == 201, r.text
            m = r.json()
            tokens = {s["seat"]: s["token"] for s in m["seats"]}
            rng = random.Random(seed)

            def state(seat, m=m, tokens=tokens):
                return client.get(f"/api/matches/{m['id']}/state", headers={"X-Meeple-Token": tokens[seat]}).json()
            while True:
                st = state(1)
                pending = st["view"].get("pending")
                if pending is None:
                    break
                seat = pending["player"]
                mine = state(seat)
                labels = mine["view"]["pending"]["options"]
                held = [c["name"] for c in mine["view"]["players"][seat - 1]["zones"]["hand"]["cards"]]
                kind = kind_of(pending["prompt"])
                named = [k for k, lab in enumerate(labels) if lab in held]
                k = named[0] if kind == "name a card" and named else rng.randrange(len(labels))
                at = len(mine["log"])
                r = client.post(f"/api/matches/{m['id']}/choose", json={"option": k, "version": mine["version"]},
                                headers={"X-Meeple-Token": tokens[seat]})
                assert r.status_code == 200, r.text
                name = mine["view"]["players"][seat - 1]["name"]
                for other in (1, 2, 3):
                    view = state(other)
                    assert view["log"][at] == f"  {name}: {HIDDEN if kind == 'play a card' and other != seat else labels[k]}"
                    true = app.state.tables.tables[m["id"]].match
                    for p in view["view"]["players"]:
                        shown = p["zones"]["hand"].get("revealed")
                        if shown:  # a look: by this seat, at a card still in that hand, as it truly is
                            looks += 1
                            assert p["seat"] != other
                            held = {x.uid: x.card.name for x in true.players[p["seat"] - 1].zones["hand"].items}
                            assert all(held[c["uid"]] == c["name"] for c in shown)
                if kind == "choose a player" and labels[k] != name:
                    target = next(p for p in mine["view"]["players"] if p["name"] == labels[k])
                    if mine["log"][-1].endswith("plays the Priest.") and state(1)["view"].get("pending"):
                        after = state(seat)["view"]["players"][target["seat"] - 1]["zones"]["hand"]
                        assert after["revealed"], "a Priest's look must reach the looker"
    assert looks >= 1


def test_secret_public_and_seen_stay_free_as_names(tmp_path):
    """The clause's words are keywords only where a clause may stand: content naming a local so still loads."""
    m = Match(mini(tmp_path, 'let secret = 1\nlet public = 2\nlet seen = secret + public\nsay("{seen}")'), 3)
    assert "3" in m.lines


def test_a_reveal_until_an_event_ends_when_it_fires(tmp_path):
    body = ('reveal(first(players).hand, rivals(first(players))[0], until="looked")\n'
            'ask by first(players) "Go on" { "a" {} "b" {} }\n'
            'emit("looked")\n'
            'ask by first(players) "Go on" { "a" {} "b" {} }')
    m = Match(mini(tmp_path, body, "events:\n  looked: []\n"), 3)
    assert [c["name"] for c in m.view(2)["players"][0]["zones"]["hand"]["revealed"]] == ["Ruby"]
    assert "revealed" not in m.view(3)["players"][0]["zones"]["hand"]
    m.choose(0)
    assert "revealed" not in m.view(2)["players"][0]["zones"]["hand"]


# ---- a hand held facing out (`others`): seen by every player but its owner
FACING = """game: facing
name: Facing
players: {min: 3, max: 3}
cards: [cards.yaml]
kinds:
  gem: {fields: {value: int}}
zones:
  deck: {visibility: hidden}
  table: {visibility: public}
player:
  zones:
    hand: {visibility: others}
setup: |
  move(box, deck)
  shuffle(deck)
  for p in players { draw(deck, p.hand, 2) }
round:
  - phase: one
    do: |
      let c = choose c from players[0].hand by players[0] prompt "Ann: play a card"
      move(c, table)
      end_game("done")
"""
GEMS = ["ruby", "opal", "jade", "onyx", "pearl", "topaz", "amber", "beryl", "coral", "agate"]


def gem_game(folder, text: str):
    """A game of the ten gems (value 0 to 9 in GEMS' order) whose game.yaml is `text`."""
    (folder / "game.yaml").write_text(text)
    (folder / "cards.yaml").write_text("".join(f"- {{id: {g}, name: {g.title()}, kind: gem, value: {i}}}\n"
                                               for i, g in enumerate(GEMS)))
    return load_game(folder)


@pytest.fixture
def facing(tmp_path):
    return gem_game(tmp_path, FACING)


def test_an_others_hand_is_in_every_view_but_its_owners_and_a_spectators(facing):
    m = Match(facing, 3, seed=2)
    for seat in (1, 2, 3):
        v = m.view(seat)
        for p in v["players"]:
            z = p["zones"]["hand"]
            assert z["count"] == 2 and z["visibility"] == "others"
            if p["seat"] == seat:
                assert "cards" not in z
            else:
                assert [c["name"] for c in z["cards"]] == hand(m, p["seat"])
    assert all("cards" not in p["zones"]["hand"] for p in m.view(None)["players"])


def test_a_choice_among_its_choosers_own_facing_cards_names_them_by_place(facing):
    """Ann picks a card of her own hand, which she cannot see: the options are its places, read by everyone
    alike (they name no card); the card is shown once on the table."""
    m = Match(facing, 3, seed=2)
    d = m.pending
    assert d.labels() == ["card 1 of Ann's hand", "card 2 of Ann's hand"]
    assert m.view(1)["pending"]["options"] == d.labels()
    first = hand(m, 1)[0]
    account = Account(m)
    at = len(m.lines)
    account.choose(0)
    assert all(account.lines(seat)[at] == "  Ann: card 1 of Ann's hand" for seat in (1, 2, 3))
    assert [c["name"] for c in m.view(1)["zones"]["table"]["cards"]] == [first]


def test_the_terminal_names_whose_facing_hand_a_seat_sees(facing):
    from interpreter.cli.main import _private
    m = Match(facing, 3, seed=2)
    shown = _private(m.view(1))
    assert shown == f"Ben's hand: {', '.join(hand(m, 2))}; Cleo's hand: {', '.join(hand(m, 3))}"


def test_sampled_worlds_re_deal_the_seats_own_facing_hand_and_the_deck_only(facing):
    """Ann's worlds keep Ben's and Cleo's hands, which she sees; her own hand and the deck are re-dealt
    among themselves (the decision's options, her own cards by place, do not keep who they are)."""
    m = Match(facing, 3, seed=2)
    unseen = sorted(hand(m, 1) + [p.card.name for p in m.zones["deck"].items])
    changed = 0
    for i in range(20):
        w = m.resample(1, random.Random(i))
        assert hand(w, 2) == hand(m, 2) and hand(w, 3) == hand(m, 3)
        assert sorted(hand(w, 1) + [p.card.name for p in w.zones["deck"].items]) == unseen
        changed += hand(w, 1) != hand(m, 1)
    assert changed >= 10
    assert all(hand(m.resample(2, random.Random(i)), 1) == hand(m, 1) for i in range(5))


def test_sampled_worlds_keep_what_the_seat_was_told_of_its_facing_cards(tmp_path):
    """`tell`: Ann is told, of each card of her hand, whether its value is her first card's: in her worlds
    the first card is always the true one (no other gem has its value) and the second never is, though it is
    re-dealt (without the tell both are: the test above)."""
    told = gem_game(tmp_path, FACING.replace(
        '      let c = choose c', '      tell(players[0].hand, players[0], "value", first(players[0].hand).value)\n'
                               '      let c = choose c'))
    m = Match(told, 3, seed=2)
    seconds = set()
    for i in range(20):
        w = m.resample(1, random.Random(i))
        assert hand(w, 1)[0] == hand(m, 1)[0]
        assert hand(w, 1)[1] != hand(m, 1)[0]
        seconds.add(hand(w, 1)[1])
    assert len(seconds) >= 3


def test_tell_wants_a_field_the_cards_have(tmp_path):
    from interpreter.errors import MeepleError
    game = gem_game(tmp_path, FACING.replace(
        '      let c = choose c', '      tell(players[0].hand, players[0], "colour", 1)\n      let c = choose c'))
    with pytest.raises(MeepleError, match="has no field `colour`"):
        Match(game, 3, seed=2)


LAYERED = """game: layered
name: Layered
players: {min: 2, max: 2}
cards: [cards.yaml]
kinds:
  gem: {fields: {value: int}}
zones:
  deck: {visibility: hidden, contents: known}
  pile: {visibility: public}
  table: {visibility: public}
setup: |
  move(box where it.value < 4, deck)
  shuffle(deck)
  move(box where it.value >= 4 and it.value < 7, pile)
  shuffle(pile)
  move(pile, deck, at="bottom")
  move(box where it.id == "coral", deck, at="bottom")
  move(box where it.id == "agate", deck)
round:
  - phase: one
    do: |
      ask by players[0] "Ann: draw?" {
        "Draw" { draw(deck, table, 1) }
        "Pass" { }
      }
      end_game("done")
"""


@pytest.fixture
def layered(tmp_path):
    return gem_game(tmp_path, LAYERED)


def test_sampled_worlds_deal_a_known_zone_within_each_shuffle_and_keep_what_was_put_in_since(layered):
    """A hidden zone whose contents are known (`contents: known`): every player saw what went in, and where, so a
    world deals anew only the order each shuffle gave. The deck holds, bottom first: Coral (put at the bottom after
    the shuffles), the pile's three gems shuffled in the open pile and put under the deck, the deck's own four
    gems shuffled, Agate (put on top since). In every world Coral is at the bottom and Agate on top, the pile's
    gems lie right above Coral and the deck's four above them; within each block the order changes from world to
    world."""
    m = Match(layered, 2, seed=4)
    deck = [p.card.id for p in m.zones["deck"].items]
    assert deck[0] == "coral" and deck[-1] == "agate"
    assert sorted(deck[1:4]) == sorted(GEMS[4:7]) and sorted(deck[4:8]) == sorted(GEMS[:4])
    pile_orders, deck_orders = set(), set()
    for i in range(30):
        w = m.resample(2, random.Random(i))
        got = [p.card.id for p in w.zones["deck"].items]
        assert got[0] == "coral" and got[-1] == "agate"
        assert sorted(got[1:4]) == sorted(deck[1:4]) and sorted(got[4:8]) == sorted(deck[4:8])
        pile_orders.add(tuple(got[1:4]))
        deck_orders.add(tuple(got[4:8]))
    assert len(pile_orders) >= 3 and len(deck_orders) >= 6


def test_sampled_worlds_of_a_hidden_zone_not_known_still_deal_every_piece_of_a_kind(tmp_path):
    """The same deck without `contents: known`: nobody is held to know what lies where, and the pieces of a kind
    are dealt among all its hidden places as before (Coral is found elsewhere in some worlds)."""
    m = Match(gem_game(tmp_path, LAYERED.replace("deck: {visibility: hidden, contents: known}",
                                                 "deck: {visibility: hidden}")), 2, seed=4)
    bottoms = {m.resample(2, random.Random(i)).zones["deck"].items[0].card.id for i in range(30)}
    assert len(bottoms) >= 3
