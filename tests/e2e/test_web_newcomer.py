"""End to end, in headless Chromium: what a newcomer reads at the table without the rulebook. Dice drawn with
the values rolled, a replay's seed as the server has it, undo where the rules allow it and its refusal
elsewhere, the score's breakdown at the end, spectators, bots of every kind, tooltips and the rules summary."""
from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest

from interpreter.web import tables as tables_module

from .conftest import _serve
from .test_web_browser import END, require, start_from_lobby, wait_turn
from .test_web_table import PHONE, breakdown_matches, table_of

ROLLS = re.compile(r"^ {2}(.+?) \(.+?\) rolls \d+ dic?e: ([\d, ]+)\.$")


def page_dice(page, seat: int, zone: str) -> list[int]:
    """The dice values drawn in one player's zone, a run of identical dice counted as often as it says."""
    return sorted(page.evaluate("""([seat, zone]) => [...document.querySelectorAll(
        `.player[data-seat='${seat}'] [data-zone='${zone}'] .die-card`)].flatMap((d) => {
        const n = d.querySelector('.times') ? Number(d.querySelector('.times').textContent.slice(1)) : 1;
        return Array(n).fill(Number(d.querySelector('.face').textContent)); })""", [seat, zone]))


def test_debtzilla_dice_show_the_values_rolled_not_the_rollers_seat(site, new_page):
    """Issue 37's first bug: a rolled die was drawn with its roller's seat (`played_by`), not its value."""
    require(site, "debtzilla")
    page = new_page()
    start_from_lobby(page, site.base, "debtzilla", players=2)
    table = table_of(site, page)
    rng, version, checked = random.Random(5), None, 0
    for _ in range(300):
        if wait_turn(page, version) != "choose":
            break
        version = page.get_attribute("body", "data-version")
        lines = page.locator("#log > div").all_inner_texts()
        for p in table.match.players:
            got = page_dice(page, p.seat, "rolled")
            if not got:
                continue
            assert got == sorted(d.fields["value"] for d in p.zones["rolled"].items)
            rolled = [m for m in map(ROLLS.match, lines) if m and m.group(1) == p.name]
            if rolled and checked == 0:  # the first dice seen: as the account says they were rolled
                assert got == sorted(int(v) for v in rolled[-1].group(2).split(", ")), (lines[-8:], got)
            # the roller's seat is no die's face: it is said in the die's tooltip
            tip = page.locator(f".player[data-seat='{p.seat}'] [data-zone='rolled'] .die-card").first.get_attribute(
                "title")
            assert "value: " in tip
            checked += 1
        if checked >= 3:
            break
        buttons = page.locator("#options button.option")
        buttons.nth(rng.randrange(buttons.count())).click()
    assert checked >= 1, "no dice were rolled in 300 decisions"
    assert page.problems == []


def test_a_replays_seed_on_the_page_is_the_servers_to_the_last_digit(site, new_page, monkeypatch):
    """Issue 37's second bug: a 64-bit seed sent as a JSON number lost its last digits in the page."""
    seed = 2 ** 64 - 7  # 18446744073709551609: no JavaScript number holds it exactly
    monkeypatch.setattr(tables_module, "draw_seed", lambda: seed)
    page = new_page()
    start_from_lobby(page, site.base, "kuhn-poker", players=2)
    table = table_of(site, page)
    assert table.seed == seed
    version = None
    while wait_turn(page, version) == "choose":
        version = page.get_attribute("body", "data-version")
        page.locator("#options button.option").first.click()
    page.wait_for_selector(END, state="attached")
    page.click("#open-replay")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("body[data-mode='replay']", state="attached")
    shown = re.search(r"seed (\d+)", page.inner_text("#status")).group(1)
    assert shown == str(seed) == "18446744073709551609"
    rid = page.url.split("/replay/")[1]
    assert httpx.get(f"{site.base}/api/replays/{rid}").json()["game"]["seed"] == shown
    assert page.problems == []


MARKET = Path(__file__).resolve().parent / "games" / "open-market"
TAKE, DRAW = "Take from the market", "Draw blind"


@pytest.fixture(scope="module")
def market():
    """The test game with a public market (answers that may be taken back) and a face-down deck (ones that
    stand), its score in named parts with a tie-break."""
    running = _serve(str(MARKET))
    yield running.app
    running.__exit__(None, None, None)


def _match(app, seats):
    r = httpx.post(f"{app.base}/api/matches", json={"game": "open-market", "players": len(seats), "seats": seats})
    assert r.status_code == 201, r.text
    m = r.json()
    return m, app.state.tables.tables[m["id"]]


def click(page, label):
    version = page.get_attribute("body", "data-version")
    page.locator(f"#options button.option[data-label='{label}']").click()
    return version


def test_undo_is_offered_where_allowed_and_greyed_with_the_reason_where_not(market, new_page):
    m, t = _match(market, ["here", "bot"])
    page = new_page(*PHONE)
    page.goto(market.base + m["play_url"])
    assert wait_turn(page) == "choose"
    assert page.locator("#undo").count() == 0  # nothing answered yet: nothing offered
    first = page.locator("#options button.option").all_inner_texts()
    version = click(page, TAKE)
    assert wait_turn(page, version) == "choose"
    undo = page.locator("#undo")
    assert undo.is_enabled() and undo.is_visible()
    version = page.get_attribute("body", "data-version")
    undo.click()
    assert wait_turn(page, version) == "choose"
    assert page.locator("#options button.option").all_inner_texts() == first  # the question again
    assert page.locator("#log > div").last.inner_text() == f"  Ann takes back: {TAKE}"
    assert t.history == []
    version = click(page, DRAW)  # a card from the face-down deck: the answer stands
    assert wait_turn(page, version) == "choose"
    assert page.locator("#undo").count() == 0 or page.locator("#undo").is_disabled()
    if page.locator("#undo").count():
        assert "cannot be taken back" in page.get_attribute("#undo", "title")
    # refused by the server too, with the reason, when asked anyway
    page.evaluate("window.meeple.undo()")
    page.wait_for_selector("#refusal:not([hidden])")
    assert "cannot be taken back" in page.inner_text("#refusal")
    assert page.problems == []


def test_the_end_is_at_the_top_with_the_scores_breakdown_and_play_again_keeps_the_seats(market, new_page):
    m, t = _match(market, ["here", "greedy"])
    page = new_page(*PHONE)
    page.goto(market.base + m["play_url"])
    version = None
    while wait_turn(page, version) == "choose":
        version = page.get_attribute("body", "data-version")
        page.locator("#options button.option").first.click()
    page.wait_for_selector(END, state="attached")
    r = t.match.result
    end = page.locator("#end")
    assert end.is_visible() and end.bounding_box()["y"] < 200  # at the top of the page on a phone
    breakdown_matches(page, r)
    assert page.locator(".result .tie-break").get_attribute("data-by") == r.decided["by"]
    again = page.locator("#play-again")
    assert again.is_visible()
    again.click()
    page.wait_for_url(lambda url: "/play/" in url and m["id"] not in url)
    assert wait_turn(page) == "choose"
    n = table_of(market, page)
    assert [s.public() for s in n.seats] == [s.public() for s in t.seats]  # the same names and kinds
    assert n.seats[1].who.agent == "greedy" and n.seed != t.seed
    assert page.problems == []


def test_a_matchs_plain_address_is_a_spectators_view_that_follows_the_play(market, new_page):
    m, t = _match(market, ["remote", "remote"])
    player, watcher = new_page(), new_page(*PHONE)
    player.goto(market.base + m["seats"][0]["url"])
    assert wait_turn(player) == "choose"
    address = player.get_attribute("#spectate", "href")  # the table offers its plain address to give out
    assert address == f"/play/{m['id']}" and m["seats"][0]["token"] not in address
    watcher.goto(market.base + address)
    watcher.wait_for_selector("body[data-mode='wait'][data-viewer='public']", state="attached")
    assert "spectator" in watcher.inner_text("#identity")
    assert watcher.locator("#options button").count() == 0
    before = watcher.locator("#log > div").count()
    click(player, TAKE)
    watcher.wait_for_selector(f"#log > div:nth-child({before + 1})", state="attached")  # pushed to it too
    states = watcher.evaluate("window.meeple.states")
    assert list(states) == ["public"] and states["public"]["view"] == t.match.view(None)  # what is public, only
    assert watcher.problems == [] and player.problems == []


def test_the_lobby_seats_bots_of_every_kind_with_an_mcts_bots_time(market, new_page):
    page = new_page()
    page.goto(market.base + "/")
    page.wait_for_selector("#setup:not([hidden])")
    page.select_option("#players", "3")
    kinds = page.locator("#seats select.kind")
    assert [o.get_attribute("value") for o in kinds.nth(1).locator("option").all()] == \
        ["here", "remote", "bot", "greedy", "mcts"]
    kinds.nth(1).select_option("greedy")
    kinds.nth(2).select_option("mcts")
    assert page.locator("#seats tr").nth(2).locator(".seconds-label").is_visible()
    assert page.locator("#seats tr").nth(1).locator(".seconds-label").is_hidden()
    page.locator("#seats tr").nth(2).locator("select.seconds").select_option("0.2")
    page.click("#start")
    page.wait_for_url("**/play/**")
    assert wait_turn(page) == "choose"
    t = table_of(market, page)
    assert [(s.who.where, s.who.agent, s.who.seconds) for s in t.seats] == \
        [("here", None, None), ("bot", "greedy", None), ("bot", "mcts", 0.2)]
    assert t.seats[2].agent.seconds == 0.2
    assert page.problems == []


@pytest.mark.parametrize("pace,bot,seconds", [(0, "greedy", None), (0.4, "mcts", 0.2), (1.5, "mcts", 1.0)])
def test_the_lobbys_default_bot_is_the_strongest_that_answers_within_the_tables_pace(new_page, pace, bot, seconds):
    """Issue 49: a newcomer's bots (a cooperative teammate most of all) are not random by default: mcts given the
    longest time that fits between two bots' answers (`--bot-delay`), else greedy, which answers at once."""
    running = _serve(str(MARKET), bot_delay=pace)
    try:
        page = new_page(*PHONE)
        page.goto(running.app.base + "/")
        page.wait_for_selector("#setup:not([hidden])")
        page.select_option("#players", "3")
        kinds = [page.locator("#seats select.kind").nth(i).input_value() for i in range(3)]
        assert kinds == ["here", bot, bot]
        page.click("#start")
        page.wait_for_url("**/play/**")
        t = table_of(running.app, page)
        assert [(s.who.agent, s.who.seconds) for s in t.seats[1:]] == [(bot, seconds)] * 2
        assert page.problems == []
    finally:
        running.__exit__(None, None, None)


def test_the_phone_lobby_fits_390_px_and_the_pinned_options_a_third_of_the_screen(market, new_page):
    """Issue 49: at 390x844 nothing of the lobby is wider than the screen (no sideways scrolling), and a long
    list of options pinned at the bottom takes at most a third of the screen's height and scrolls."""
    w, h = PHONE
    page = new_page(w, h)
    page.goto(market.base + "/")
    page.wait_for_selector("#setup:not([hidden])")
    page.select_option("#players", "3")
    kinds = page.locator("#seats select.kind")
    kinds.nth(2).select_option("mcts")
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    for box in page.locator("#setup select, #setup input, #start, #seats tr").all():
        b = box.bounding_box()
        assert b is None or b["x"] + b["width"] <= w + 0.5, box
    m, _ = _match(market, ["here", "bot"])
    page.goto(market.base + m["play_url"])
    assert wait_turn(page) == "choose"
    version = click(page, TAKE)  # the market's gems: a longer list than the first question's two
    assert wait_turn(page, version) == "choose"  # (the next question's page, not the one clicked on)
    assert page.locator("#options button.option").count() >= 3
    box = page.locator("#decision").bounding_box()
    assert box["height"] <= h / 3 + 1 and abs(box["y"] + box["height"] - h) <= 2
    assert page.evaluate("getComputedStyle(document.getElementById('decision')).overflowY") in ("auto", "scroll")
    assert page.problems == []


def test_a_card_on_the_table_that_is_an_option_is_tapped_or_keyed_to_choose_it(market, new_page):
    """Issue 49 (as at Board Game Arena): a card on the board that the pending decision offers is chosen by
    tapping it, or from the keyboard (focused, then Enter); the card that moved arrives with an animation."""
    m, t = _match(market, ["here", "bot"])
    ann = t.match.players[0]
    page = new_page(*PHONE)
    page.goto(market.base + m["play_url"])
    for how in ("tap", "key"):
        assert wait_turn(page) == "choose"
        version = click(page, TAKE)
        assert wait_turn(page, version) == "choose"
        offered = {b.get_attribute("data-label") for b in page.locator("#options button.option").all()}
        cards = page.locator("#board [data-zone='market'] .card.pickable")
        assert cards.count() == len(t.match.zones["market"].items) > 0  # every gem of the market answers
        card = cards.first
        uid = int(card.get_attribute("data-uid"))
        assert card.get_attribute("role") == "button" and card.get_attribute("tabindex") == "0"
        assert t.match.pending.labels()[int(card.get_attribute("data-pick"))] in offered
        version = page.get_attribute("body", "data-version")
        if how == "tap":
            card.click()
        else:
            card.focus()
            page.keyboard.press("Enter")
        page.wait_for_selector(f"body:not([data-version='{version}'])", state="attached")
        assert uid in [p.uid for p in ann.zones["gems"].items]  # chosen: the gem is Ann's now
        moved = page.locator(f"#board .player.me [data-uid='{uid}']")
        assert "moved" in moved.get_attribute("class")
        assert page.evaluate("(e) => getComputedStyle(e).animationName", moved.element_handle()) == "meeple-arrive"
    assert page.problems == []


def test_every_option_card_counter_and_zone_says_what_it_is(market, new_page):
    m, t = _match(market, ["here", "bot"])
    page = new_page()
    page.goto(market.base + m["play_url"])
    assert wait_turn(page) == "choose"
    version = click(page, TAKE)
    assert wait_turn(page, version) == "choose"
    tips = page.evaluate("""() => ({
        options: [...document.querySelectorAll('#options button.option')].map((b) => b.title),
        cards: [...document.querySelectorAll('#board .card')].map((c) => c.title),
        counters: [...document.querySelectorAll('#board .counter')].map((c) => c.title),
        zones: [...document.querySelectorAll('#board [data-zone]')].map((z) => [z.dataset.zone, z.title])})""")
    prompt = t.match.pending.prompt
    assert tips["options"] and all(tip.startswith(prompt + "\n→ ") for tip in tips["options"])
    # an option that picks a card says what the card is and does now: its name, its kind, its figures as they
    # are; never the authors' docs of its kind and fields (issue 49: tooltips speak to players)
    gems = {c.name: c for c in t.match.zones["market"].items}
    for tip in tips["options"]:
        name = tip.split("\n→ ")[1].split("\n")[0]
        assert f"{name} (gem)\nvalue: {gems[name].fields['value']}\ncolour: {gems[name].fields['colour']}" in tip
        assert "its value counts at the end" not in tip and "what the gem is worth at the end" not in tip
    assert tips["cards"] and all(tip for tip in tips["cards"])
    assert tips["counters"] and all("how many gems the player drew blind" in tip for tip in tips["counters"])
    docs = {"deck": "the face-down gems", "market": "the gems anyone may take", "gems": "the gems the player holds"}
    for zone, tip in tips["zones"]:
        assert docs[zone] in tip and "sees its cards" in tip
    assert page.problems == []


def test_the_rules_summary_is_beside_the_match_with_the_phase_being_played(new_page, monkeypatch):
    """A game's `rules:` (GameDef.rules) shown beside the match; a game without one shows none."""
    from interpreter.web import layout
    summary = {"goal": "Hold the gems worth the most.", "turn": "Take a gem or draw one blind.",
               "phases": {"trade": "Each player in turn takes or draws one gem."}}
    real = layout.rules
    monkeypatch.setattr(layout, "rules", lambda game: real(type("G", (), {"rules": summary})()))
    running = _serve(str(MARKET))
    try:
        m, _ = _match(running.app, ["here", "bot"])
        page = new_page(*PHONE)
        page.goto(running.app.base + m["play_url"])
        assert wait_turn(page) == "choose"
        rules = page.locator("#rules")
        assert rules.is_visible()
        rules.locator("summary").click()
        assert page.inner_text(".rules-goal") == "Goal: " + summary["goal"]
        assert page.inner_text(".rules-turn") == "A turn: " + summary["turn"]
        assert page.locator(".rules-phases li.now").get_attribute("data-phase") == "trade"
        assert page.problems == []
    finally:
        running.__exit__(None, None, None)
    monkeypatch.setattr(layout, "rules", real)
    assert layout.rules(type("G", (), {})()) is None  # a game without `rules:` (before GameDef has it)
