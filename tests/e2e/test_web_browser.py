"""End to end, in headless Chromium: matches started from the lobby and clicked through to their result,
hidden hands kept from other browsers and from the wrong person at a shared screen, tokens refused,
replays stepped forward and back, and every bundled game's page drawn."""
from __future__ import annotations

import json
import random
import re

import httpx
import pytest

from interpreter import bundled_games, load_game
from interpreter.agents import make_agent
from interpreter.sim.run import play

END = "body[data-mode='over'], body[data-mode='error']"


def require(site, gid: str) -> None:
    """Fails unless the bundled game loads on this server: a bundled game that does not load fails the browser
    tests, it is not skipped."""
    if gid not in bundled_games():
        pytest.fail(f"`{gid}` is not a bundled game (content/{gid} has no game.yaml)")
    if gid not in site.state.catalog.entries:
        pytest.fail(f"`{gid}` appeared after this test server started")
    summary = site.state.catalog.summary(gid)
    if "error" in summary:
        pytest.fail(f"`{gid}` {summary['error']}")


def wait_turn(page, version=None) -> str:
    """Wait until this page may choose (in a newer position than `version`) or the match is over."""
    mine = "body[data-mode='choose']" + (f":not([data-version='{version}'])" if version is not None else "")
    page.wait_for_selector(f"{mine}, {END}", state="attached")
    return page.get_attribute("body", "data-mode")


# The rest of a match, clicked inside the page: the same buttons, handlers, requests, pushed updates and
# drawing, without a round trip from the test to the browser for each click (a match is a hundred of them).
CLICK_ON = """async ([seed, limit]) => {
  let s = seed;
  const rand = (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
  const settled = (v) => new Promise((resolve, reject) => {
    const check = () => {
      const b = document.body.dataset;
      if ((b.mode === "choose" && b.version !== v) || b.mode === "over" || b.mode === "error") {
        o.disconnect(); clearTimeout(t); resolve();
      }
    };
    const o = new MutationObserver(check);
    const t = setTimeout(() => { o.disconnect(); reject(new Error("no new position after a click: " +
      document.getElementById("refusal").textContent)); }, 15000);
    o.observe(document.body, { attributes: true });
    check();
  });
  let clicks = 0;
  while (document.body.dataset.mode === "choose" && clicks < limit) {
    const v = document.body.dataset.version;
    const buttons = document.querySelectorAll("#options button.option");
    buttons[rand(buttons.length)].click();
    clicks++;
    await settled(v);
  }
  return clicks;
}"""


def drawn(page, shot=None):
    """Every zone of the view is on the page, every player has a panel, the account has lines."""
    st = next(iter(page.evaluate("window.meeple.states").values()))
    hidden = page.evaluate("window.meeple.meta().hide")
    for z in st["view"]["zones"]:
        assert page.locator(f".table-area [data-zone='{z}']").count() == (z not in hidden), z
    assert page.locator(".player").count() == len(st["view"]["players"])
    assert page.locator(".log div").count() > 0
    if shot:
        page.screenshot(path=str(shot))
    assert page.problems == []


def click_through(page, rng, mouse=6, limit=3000, shot=None) -> int:
    """Answer every decision of this page with a random option button until the match is over: the first
    `mouse` with Playwright's mouse clicks, the rest with the buttons' clicks inside the page."""
    version, clicks = None, 0
    while clicks < mouse and wait_turn(page, version) == "choose":
        version = page.get_attribute("body", "data-version")
        buttons = page.locator("#options button.option")
        buttons.nth(rng.randrange(buttons.count())).click()
        clicks += 1
    if wait_turn(page, version) == "choose":
        drawn(page, shot)
        clicks += page.evaluate(CLICK_ON, [rng.randrange(2 ** 30), limit])
    assert page.get_attribute("body", "data-mode") in ("over", "error"), "the match does not end"
    return clicks


def start_from_lobby(page, base, game, players=None):
    page.goto(f"{base}/?game={game}")
    page.wait_for_selector("body[data-mode='ready']")
    page.wait_for_selector("#setup:not([hidden])")
    if players is not None:
        page.select_option("#players", str(players))
    kinds = [page.locator("#seats select.kind").nth(i).input_value() for i in range(page.locator("#seats select.kind").count())]
    # by default: you, and the strongest bots that answer at once (a test server does not wait for its bots)
    assert kinds[0] == "here" and set(kinds[1:]) <= {"greedy"}
    page.click("#start")
    page.wait_for_url("**/play/**")


def no_token_in_urls(page, tokens):
    """No URL the page asked for, nor the one it shows, holds a seat token."""
    urls = [*page.requests, page.url]
    assert tokens and not [u for u in urls if any(t in u for t in tokens)]


def finished(page, players):
    page.wait_for_selector(END, state="attached")
    assert page.get_attribute("body", "data-mode") == "over"
    res = page.locator(".result")
    assert res.is_visible()
    head = res.locator("h2").inner_text()
    assert page.locator(".ranking tr").count() in (0, players + 1)  # no table for a scoreless cooperative end
    if "wins" in head:
        assert page.locator(".ranking tr").count() == players + 1
    assert "wins" in head or "have won" in head or "have lost" in head
    # the account scrolls to its end at the frame after its last lines came; on a loaded machine those may come
    # a moment after the result: waited for (5 s), then the box's state said
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # (installed: `browser` skips else)
    end = """() => { const b = document.getElementById("log"); return b.scrollTop + b.clientHeight >= b.scrollHeight - 30; }"""
    try:
        page.wait_for_function(end, timeout=5000)
    except PlaywrightTimeoutError:
        state = page.evaluate("""() => { const b = document.getElementById("log");
            return {stick: b.stick, top: b.scrollTop, client: b.clientHeight, height: b.scrollHeight}; }""")
        raise AssertionError(f"the account does not show its last lines: {state}") from None
    assert page.problems == []


def test_kaiju_match_with_one_human_and_bots_is_clicked_through_to_its_result(site, new_page, shots):
    page = new_page()
    start_from_lobby(page, site.base, "kaiju-inc", players=3)
    assert wait_turn(page) == "choose"
    assert page.locator(".player.me").count() == 1 and page.locator("[data-zone='row'] .card").count() >= 1
    # a refused choice shows the engine's reason, and the buttons stay usable
    page.evaluate("window.meeple.choose(99)")
    page.wait_for_selector("#refusal:not([hidden])")
    assert "out of range" in page.inner_text("#refusal")
    assert page.locator("#options button.option").first.is_enabled()
    clicks = click_through(page, random.Random(3))
    assert clicks > 10
    assert page.locator("#refusal").is_hidden()
    finished(page, 3)
    assert "The game ended:" in page.inner_text(".result")
    # what decided the result, and the final score's parts and tie-breaks as the terminal shows them
    assert page.locator(".result .decided").count() == 1
    heads = page.locator(".result .ranking th").all_text_contents()
    # the score's parts in the rules' order, those not 0 for every seat unless the rules count them (a served
    # match's seed is drawn at random: in some deals no one holds a home-city majority), then the tie-breaks
    # and the faction
    r = page.evaluate("window.meeple.states[document.body.dataset.viewer].result")
    counted = r.get("counted") or {}
    parts = [part for part in ("new products", "home-city majority", "cities")
             if any(r["parts"][str(seat)][part] or counted.get(str(seat), {}).get(part) for seat in r["ranking"])]
    assert "new products" in parts or "cities" in parts  # (a real end: points were scored)
    assert heads == ["#", "player", "score", *parts, "bank account", "latest in the first turn", "faction"]
    if shots:
        page.screenshot(path=str(shots / "kaiju-inc-result.png"))
    # ... and the finished match opens as a replay, stepped forward and back
    page.click("#open-replay")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("body[data-mode='replay'][data-step='0']", state="attached")
    steps = int(page.get_attribute("body", "data-steps"))
    assert steps > clicks
    page.click("#forward")
    page.wait_for_selector("body[data-step='1']", state="attached")
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-step='{steps}']", state="attached")
    assert page.locator(".result").is_visible()
    page.click("#back")
    page.wait_for_selector(f"body[data-step='{steps - 1}']", state="attached")
    assert "Next:" in page.inner_text("#decision")
    page.select_option("#viewer", "2")
    page.wait_for_selector(".player.me[data-seat='2']")
    assert page.problems == []


FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"  # two frames drawn
AT_END = "() => { const b = document.getElementById('log'); return b.scrollTop + b.clientHeight >= b.scrollHeight - 30; }"


def test_the_account_stays_where_the_reader_scrolled_up_and_follows_its_end_again_at_the_end(site, new_page):
    """New lines bring the account to its end, unless the reader's own wheel took it up: then it stays there
    while the match goes on, until the reader scrolls back down to the end."""
    page = new_page()
    start_from_lobby(page, site.base, "kaiju-inc", players=3)
    rng = random.Random(5)
    log = page.locator("#log")
    for _ in range(40):  # until the account is taller than its box
        if page.evaluate("(() => { const b = document.getElementById('log'); return b.scrollHeight > 2 * b.clientHeight; })()"):
            break
        assert wait_turn(page) == "choose"
        page.evaluate(CLICK_ON, [rng.randrange(2 ** 30), 1])
    page.evaluate(FRAMES)
    page.wait_for_function(AT_END)  # followed its end so far
    log.hover()
    page.mouse.wheel(0, -400)
    page.wait_for_function("() => !(" + AT_END + ")()")
    page.evaluate(FRAMES)
    top, lines = page.evaluate("document.getElementById('log').scrollTop"), log.locator("div").count()
    assert wait_turn(page) == "choose"
    page.evaluate(CLICK_ON, [rng.randrange(2 ** 30), 3])
    page.evaluate(FRAMES)
    assert log.locator("div").count() > lines  # new lines came...
    assert page.evaluate("document.getElementById('log').scrollTop") == top  # ... and the reader's place stayed
    log.hover()
    page.mouse.wheel(0, 100_000)
    page.wait_for_function(AT_END)
    if wait_turn(page) == "choose":
        lines = log.locator("div").count()
        page.evaluate(CLICK_ON, [rng.randrange(2 ** 30), 3])
        page.evaluate(FRAMES)
        assert log.locator("div").count() > lines
        page.wait_for_function(AT_END)  # following again (within the pages' 15 s: the suite loads the machine)
    assert page.problems == []


def _secret_match(app, seats):
    r = httpx.post(f"{app.base}/api/matches", json={"game": "secret-hands", "players": len(seats), "seats": seats})
    assert r.status_code == 201, r.text
    m = r.json()
    return m, app.state.tables.tables[m["id"]]


def _names(zone) -> set[str]:
    return {p.card.name for p in zone.items}


def _secrets_from(table, seat) -> set[str]:
    """What `seat` must not see: the other players' hands and the face-down deck."""
    out = _names(table.match.zones["deck"])
    for p in table.match.players:
        if p.seat != seat:
            out |= _names(p.zones["hand"])
    return out


def test_a_second_browser_on_another_seat_sees_none_of_the_first_seats_hidden_cards(secret_site, new_page):
    pages = {1: new_page(), 2: new_page()}
    lobby = pages[1]
    lobby.goto(secret_site.base + "/")
    lobby.wait_for_selector("#setup:not([hidden])")  # a server of one game has it chosen already
    lobby.select_option("#players", "2")
    lobby.locator("#seats select.kind").nth(1).select_option("remote")
    lobby.click("#start")
    link = lobby.locator(".seat-link[data-seat='2']")
    link.wait_for()
    href = link.get_attribute("href")  # seat 2's own link, to send to its player
    assert href.startswith("/play/") and "#" in href
    mine = lobby.get_attribute("#sit-down", "href")
    assert mine.split("#")[1] != href.split("#")[1]  # each seat its own token
    lobby.click("#sit-down")
    lobby.wait_for_url("**/play/**")
    pages[2].goto(secret_site.base + href)
    t = secret_site.state.tables.tables[href.split("/play/")[1].split("#")[0]]
    tokens = [s.token for s in t.seats]
    rng = random.Random(8)
    for _ in range(10):  # five decisions each, every position checked on both screens
        v = t.version
        for seat, page in pages.items():
            page.wait_for_selector(f"body[data-version='{v}']", state="attached")
            html = page.content()
            seen = html + json.dumps(page.evaluate("window.meeple.states"))
            own = _names(t.match.players[seat - 1].zones["hand"])
            assert own and all(n in html for n in own)  # a seat sees its own hand...
            leaked = [n for n in _secrets_from(t, seat) if n in seen]
            assert not leaked, f"seat {seat} was shown {leaked}"  # ...and nothing it must not
        if t.match.over:
            break
        seat = t.match.pending.player.seat
        assert wait_turn(pages[seat]) == "choose"
        other = pages[3 - seat]
        assert other.get_attribute("body", "data-mode") == "wait"
        assert other.locator("#options").count() == 0
        buttons = pages[seat].locator("#options button.option")
        buttons.nth(rng.randrange(buttons.count())).click()
        pages[seat].wait_for_selector(f"body:not([data-version='{v}'])", state="attached")
    assert len(t.match.choices) == 10
    for page in pages.values():  # the fragment's token is taken out of the address bar, and sent in headers only
        no_token_in_urls(page, tokens)
        assert "#" not in page.url


def test_a_forged_or_missing_token_is_refused_in_the_browser(secret_site, new_page):
    m, t = _secret_match(secret_site, ["remote", "bot"])
    page = new_page()
    page.problems_expected = True
    base = f"{secret_site.base}/play/{m['id']}"
    for url, words in [(f"{base}#forged-token-0123456789", "not a seat of this match"),
                       (f"{secret_site.base}/play/nope#{m['seats'][0]['token']}", "no match")]:
        page.goto(url)
        page.wait_for_selector("body[data-mode='refused']", state="attached")
        assert words in page.inner_text("#board")
        assert not any(n in page.content() for n in _names(t.match.players[0].zones["hand"]))
    # the plain address, without a token: a spectator, who sees what is public and no hand
    page.goto(base)
    page.wait_for_selector("body[data-mode='wait'][data-viewer='public']", state="attached")
    assert "spectator" in page.inner_text("#identity")
    assert not any(n in page.content() for n in _names(t.match.players[0].zones["hand"]))


def test_hot_seat_hands_over_between_two_players_without_showing_a_hand(secret_site, new_page, shots):
    m, t = _secret_match(secret_site, ["here", "here"])
    page = new_page()
    page.goto(secret_site.base + m["play_url"])
    hands = lambda: {p.seat: _names(p.zones["hand"]) for p in t.match.players}  # noqa: E731
    held = lambda: json.dumps(page.evaluate("window.meeple.states"))  # noqa: E731
    for turn in range(4):
        seat = t.match.pending.player.seat
        name = t.match.pending.player.name
        page.wait_for_selector("body[data-mode='handover']", state="attached")
        assert page.locator("#handover").is_visible()
        assert f"Pass the screen to {name}" in page.inner_text("#handover")
        behind = page.content() + held()
        assert not any(n in behind for h in hands().values() for n in h)  # nobody's hand behind the curtain...
        assert list(page.evaluate("window.meeple.states")) == ["public"]  # ...not even in the page's memory
        if shots and turn == 1:
            page.screenshot(path=str(shots / "hot-seat-hand-over.png"))
        page.click("#handover-ok")
        page.wait_for_selector(f"body[data-mode='choose'][data-viewer='{seat}']", state="attached")
        now = page.content()
        assert all(n in now for n in hands()[seat])
        assert not any(n in now + held() for n in hands()[3 - seat])  # the other seat's hand: nowhere
        assert list(page.evaluate("window.meeple.states")) == [str(seat)]  # only the seat at the screen
        v = page.get_attribute("body", "data-version")
        page.locator("#options button.option").first.click()
        page.wait_for_selector(f"body:not([data-version='{v}'])", state="attached")
    no_token_in_urls(page, [s.token for s in t.seats])
    assert page.problems == []


def test_hot_seat_hanabi_never_shows_a_seat_its_own_cards(site, new_page):
    """Hanabi's hands are held facing out: every other player sees a hand, its owner does not. Two people at one
    screen: before each turn the screen hands over (the next seat is shown the other's hand), and the seat at
    the screen is never shown its own cards: not behind the curtain, not after it, not in the page's memory."""
    r = httpx.post(f"{site.base}/api/matches", json={"game": "hanabi", "players": 2, "seats": ["here", "here"]})
    assert r.status_code == 201, r.text
    m = r.json()
    t = site.state.tables.tables[m["id"]]
    page = new_page()
    page.goto(site.base + m["play_url"])

    def shown(uids) -> list[int]:  # the cards among `uids` drawn on the page or held in its memory
        text = page.content() + json.dumps(page.evaluate("window.meeple.states"))
        return [u for u in uids if re.search(rf'data-uid="{u}"|"uid": {u}\b', text)]

    def hand(seat) -> list[int]:
        return [p.uid for p in t.match.players[seat - 1].zones["hand"].items]

    handovers = 0
    for _turn in range(8):
        page.wait_for_selector("body[data-mode='handover'], body[data-mode='choose']", state="attached")
        if page.get_attribute("body", "data-mode") == "handover":
            handovers += 1
            assert shown(hand(1) + hand(2)) == []  # behind the curtain: no hand at all
            page.click("#handover-ok")
            page.wait_for_selector("body[data-mode='choose']", state="attached")
        seat = int(page.get_attribute("body", "data-viewer"))
        assert shown(hand(seat)) == []  # never its own cards...
        assert shown(hand(3 - seat)) == hand(3 - seat)  # ...and the other's hand, which it plays by
        v = page.get_attribute("body", "data-version")
        page.locator("#options button.option").last.click()  # a hint (later a discard): no fuse burns
        page.wait_for_selector(f"body:not([data-version='{v}'])", state="attached")
    assert handovers >= 4  # one before each turn: the seats alternate
    no_token_in_urls(page, [s.token for s in t.seats])
    assert page.problems == []


def test_a_log_file_opens_from_the_lobby_as_a_replay(site, new_page, tmp_path, shots):
    game = load_game(bundled_games()["kaiju-inc"])
    path = tmp_path / "kaiju.jsonl"
    match = play(game, 3, 12, {}, [make_agent("random", s, 12) for s in (1, 2, 3)], str(path))
    lines = path.read_text().splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:31]) + "\n")  # interrupted after 30 choices
    page = new_page()
    page.goto(site.base + "/")
    page.wait_for_selector("body[data-mode='ready']")
    page.set_input_files("#logfile", str(tmp_path / "cut.jsonl"))
    page.click("#open-log")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("body[data-mode='replay'][data-steps='30']", state="attached")
    page.keyboard.press("End")
    page.wait_for_selector("body[data-step='30']", state="attached")
    assert "The log stops here" in page.inner_text("#decision")
    assert "stops before the end" in page.inner_text("#where")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector("body[data-step='27']", state="attached")
    page.locator("#slider").fill("10")
    page.wait_for_selector("body[data-step='10']", state="attached")
    log = page.inner_text("#log")
    assert match.lines[0] in log
    if shots:
        page.screenshot(path=str(shots / "replay.png"))
    assert page.problems == []


# played to their end and pictured at two sizes by test_web_table.py
CLICKED_THROUGH = {"kaiju-inc", "debtzilla", "happy-city"}


@pytest.mark.parametrize("gid", sorted(set(bundled_games()) - CLICKED_THROUGH))
def test_every_other_bundled_game_has_a_page_that_draws_it(site, new_page, shots, gid):
    require(site, gid)
    page = new_page()
    page.goto(f"{site.base}/?game={gid}")
    page.wait_for_selector("body[data-mode='ready']")
    page.click("#start")
    page.wait_for_url("**/play/**")
    wait_turn(page)
    page.evaluate(CLICK_ON, [2, 8])  # a few moves in, the board has something on it
    drawn(page, shots and shots / f"{gid}.png")


def test_the_lobby_lists_every_bundled_game(site, new_page, shots):
    page = new_page()
    page.goto(site.base + "/")
    page.wait_for_selector("body[data-mode='ready']")
    assert page.locator(".game").count() == len(bundled_games())
    page.click(".game[data-game='kaiju-inc']")
    page.wait_for_selector("#setup:not([hidden])")
    assert page.locator("#seats tr").count() == 3
    page.select_option("#players", "5")
    assert page.locator("#seats tr").count() == 5
    page.select_option("#players", "3")
    if shots:
        page.screenshot(path=str(shots / "lobby.png"))
    assert page.problems == []


def test_layout_hints_choose_order_fields_labels_and_colours(secret_site, new_page):
    from interpreter.web.layout import meta
    m, t = _secret_match(secret_site, ["remote", "bot"])
    t.meta = meta(t.game, hints={"table": ["table"], "hide": ["deck", "value"], "labels": {"points": "Pts"},
                                 "colors": {"red": "#000000"}, "fields": {"gem": ["colour", "value"]}})
    page = new_page()
    page.goto(secret_site.base + m["seats"][0]["url"])
    wait_turn(page)
    zones = page.locator(".table-area [data-zone]")
    assert zones.count() == 1 and zones.first.get_attribute("data-zone") == "table"
    assert page.locator("#board [data-field='value']").count() == 0
    assert page.locator("#board [data-field='colour']").count() == 3  # the three gems in the hand
    assert "Pts" in page.inner_text(".player.me .counters")
    reds = [c for c in t.match.players[0].zones["hand"].items if c.card.fields["colour"] == "red"]
    if reds:
        style = page.locator(f"#board .card[data-uid='{reds[0].uid}']").get_attribute("style")
        assert "#000000" in style
    assert page.problems == []
