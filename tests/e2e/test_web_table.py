"""End to end, in headless Chromium: the table as players read it. Every bundled game played to its end by a
person and bots at desktop and phone sizes, each card's text read from the page, the content's scoreboard
against the match's own scores, what moved since a seat's last decision, and `meeple serve --watch` picking up
an edited card and showing a broken file's problem with its place."""
from __future__ import annotations

import random
import re
import shutil
import time
from pathlib import Path

import httpx
import pytest

from interpreter.web import scores as scoreboard_values

from .conftest import SECRET, _serve
from .test_web_browser import CLICK_ON, END, require, start_from_lobby, wait_turn

DESKTOP = (1400, 1000)
PICTURED = ("kaiju-inc", "debtzilla", "happy-city")  # the end on a phone, in README
PHONE = (390, 844)
# every bundled game: a player count it allows, and the decision at which the page is read (Hanabi's random
# bots may lose the game before a seat's fifth decision)
GAMES = {"kaiju-inc": (3, 4), "debtzilla": (3, 4), "happy-city": (3, 4), "goofspiel": (3, 4),
         "crazy-eights": (3, 4), "hearts": (4, 4), "gin-rummy": (2, 4), "hanabi": (3, 0),
         "kuhn-poker": (3, 0), "leduc-poker": (2, 0), "blackjack": (3, 0),  # a hand of poker or blackjack is short
         "liars-dice": (2, 4), "oh-hell": (3, 4), "euchre": (4, 4),
         "skat": (3, 4),
         "dou-dizhu": (3, 4),
         "spades": (4, 4),
         "cribbage": (2, 4),
         "bridge": (4, 0), "tiny-bridge": (2, 0)}  # a seat may be the dummy after a call or two


# the matches started until one reaches the seat's decision numbered mid_at: a deal ends a match at once now and
# then (a natural blackjack, about one deal in ten), never five times running but once in 100,000 runs
MATCHES_TRIED = 5


def table_of(site, page):
    return site.state.tables.tables[page.url.split("/play/")[1].split("#")[0]]


def card_texts_match(page, table) -> int:
    """Every card drawn by its face on the page shows the rules text its content writes (each text field a
    paragraph); returns how many cards were read (none in a game of dice alone)."""
    game = table.game
    drawn = page.evaluate("""() => [...document.querySelectorAll('#board .card.faced')].map((e) => ({
        uid: Number(e.dataset.uid), kind: e.dataset.kind,
        texts: [...e.querySelectorAll('.card-text')].map((p) => [p.dataset.field, p.textContent])}))""")
    pieces = {}
    for z in list(table.match.zones.values()) + [z for p in table.match.players for z in p.zones.values()]:
        for p in z.items:
            pieces[p.uid] = p
    for d in drawn:
        piece = pieces[d["uid"]]
        face = game.faces[piece.card.kind]
        want = [(k, piece.f[k]) for k in face.text if piece.f.get(k)]
        got = [(k, re.sub(r"^[^:]+: ", "", t) if len(face.text) > 1 else t) for k, t in d["texts"]]
        assert got == want, (piece.card.id, got, want)
        assert not face.text or want, f"{piece.card.id} has no text"
    return len(drawn)


def scoreboard_matches(page, table):
    """The scoreboard on the page holds the server's values for every seat (the game's own score among them)."""
    entries = table.game.scoreboard
    values = scoreboard_values.values(table.match, page_viewer(page))
    for p in table.match.players:
        row = page.locator(f"#scoreboard tr[data-seat='{p.seat}'] td")
        cols = [i for i, e in enumerate(entries) if e.per != "game"]
        assert row.count() == len(cols)
        for n, i in enumerate(cols):
            v = values["players"][str(p.seat)][i]
            assert row.nth(n).inner_text() == ("—" if v is None else str(v)), (entries[i].label, p.seat)
            if entries[i].score and table.match.result is not None:
                assert row.nth(n).inner_text() == str(table.match.result.scores[p.seat])
    for i, e in enumerate(entries):
        if e.per == "game":
            v = values["game"][i]
            shown = page.locator(f"#scoreboard .score-item[data-label='{e.label}'] .score-value").inner_text()
            assert shown == ("—" if v is None else str(v)), e.label


def page_viewer(page):
    v = page.get_attribute("body", "data-viewer")
    return None if v in (None, "", "public") else int(v)


def counted_value(text: str) -> int:
    """The arithmetic a part's `counted:` text says ("people 7 × hearts 4"), worked out: its numbers and its
    operators in order, the words between them left out."""
    ops = {"×": "*", "x": "*", "*": "*", "+": "+", "-": "-", "−": "-"}
    said = [t if re.fullmatch(r"-?\d+", t) else ops[t] for t in text.split() if re.fullmatch(r"-?\d+", t) or t in ops]
    assert said and re.fullmatch(r"-?\d+", said[0]), f"no arithmetic in {text!r}"
    return eval(" ".join(said), {"__builtins__": {}})  # noqa: S307 - digits and operators only, checked above


def breakdown_matches(page, result):
    """The result's table on the page holds each seat's score, its parts (each part not 0 for every seat: no
    column of zeros) and its tie-break values, as the result has them; under it each seat's score as the rules
    count it, whose arithmetic is the result: a part's own (`counted:`, "people 7 × hearts 4 = 28") and the
    parts' sum (the score)."""
    rows = page.locator(".result .ranking tr[data-seat]")
    assert rows.count() == len(result.scores)
    used = {p for s in result.parts for p, v in result.parts[s].items() if v != 0 or p in result.counted.get(s, {})}
    for i in range(rows.count()):
        row = rows.nth(i)
        seat = int(row.get_attribute("data-seat"))
        assert seat == result.ranking[i]
        if row.locator("td.total").count() == 0:  # no column of zeros: a cooperative end scores nobody
            assert result.outcome in ("won", "lost") and not any(result.scores.values()) and not used
        else:
            assert row.locator("td.total").inner_text() == str(result.scores[seat])
        parts = {td.get_attribute("data-part"): td.inner_text() for td in row.locator("td[data-part]").all()}
        assert parts == {k: str(v) for k, v in result.parts.get(seat, {}).items() if k in used}
        keys = [td.inner_text() for td in row.locator("td[data-key]").all()]
        assert keys == [str(v) for v in result.keys.get(seat, [])]
    if result.decided.get("by") == "ranking":
        assert page.locator(".result th.decider").inner_text() == result.decided["key"]
    if not used:
        assert page.locator(".result .arithmetic").count() == 0
        return
    for seat in result.ranking:
        li = page.locator(f".result .arithmetic li[data-seat='{seat}']")
        shown = 0
        for span in li.locator(".part-sum").all():
            part, text = span.get_attribute("data-part"), span.inner_text()
            value = result.parts[seat][part]
            assert text.endswith(f" = {value}" if part in result.counted.get(seat, {}) else f": {value}"), text
            if part in result.counted.get(seat, {}):
                said = text[len(part) + 2:text.rindex(" = ")]
                assert said == result.counted[seat][part] and counted_value(said) == value, (text, value)
            shown += value
        assert shown == result.scores[seat]  # the parts not shown are 0
        if li.locator(".total-sum").count():
            text = li.locator(".total-sum").inner_text()
            assert text.endswith(f" = {result.scores[seat]}")
            assert counted_value(text[len("score "):text.rindex(" = ")]) == result.scores[seat], text


def left_at_the_end(page, table):
    """A cooperative end says what was left on the table: each of the scoreboard's entries for the whole game
    with its value at the end (Debtzilla: Boss Health and the villains), besides the reason."""
    r = table.match.result
    entries = [(i, e) for i, e in enumerate(table.game.scoreboard) if e.per == "game"]
    if r.outcome not in ("won", "lost") or not entries:
        return
    values = scoreboard_values.values(table.match, page_viewer(page))["game"]
    got = page.locator(".result .left-item").all_inner_texts()
    want = [f"{e.label} {values[i]}" for i, e in entries if values[i] is not None]
    assert [t.split(" (")[0] for t in got] == want
    assert page.inner_text(".result .reason") == f"The game ended: {r.reason}."


def end_in_view(page, height):
    """The end stands in the window, where the page was left (on a phone, far below it before): its top is on
    the screen."""
    box = page.locator("#end").bounding_box()
    assert box and 0 <= box["y"] < height / 2, f"the end is not in view: {box}"


def options_say_what_they_do(page) -> int:
    """Every option button has a tooltip: the question it answers and the answer (with its card's text)."""
    prompt = page.inner_text("#decision h3.prompt")
    tips = page.locator("#options button.option").evaluate_all("(bs) => bs.map((b) => b.title)")
    assert tips and all(t.startswith(prompt + "\n→ ") for t in tips), (prompt, tips[:3])
    return len(tips)


def authors_names(game) -> set[str]:
    """The names of a game's content that are no player's words: its procedures, functions, options, card fields,
    zones, counters and variables as written, where they are written as code (snake_case)."""
    names = set(game.procedures) | set(game.functions) | set(game.options) | set(game.field_types)
    names |= set(game.zones) | set(game.player_zones) | set(game.counters) | set(game.player_counters)
    names |= set(game.vars) | set(game.player_vars)
    return {n for n in names if "_" in n}


AUTHORS = re.compile(r"`|\[[\w.]+\]|\b[A-Z]{2,}-[A-Z0-9]+\b")  # code, a bracketed name, a rule's id


def tooltips_speak_to_players(page, game) -> int:
    """No tooltip on the page (options, cards, counters, zones, the scoreboard) holds an author's note: a rule's
    id, backticks, a bracketed name, or one of the content's own snake_case names; returns how many were read."""
    tips = page.evaluate("() => [...document.querySelectorAll('[title]')].map((e) => e.title)")
    code = authors_names(game)
    for tip in tips:
        assert not AUTHORS.search(tip), f"an author's note in a tooltip: {tip!r}"
        said = set(re.findall(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b", tip))
        assert not said & code, f"the content's names {sorted(said & code)} in a tooltip: {tip!r}"
    return len(tips)


def dice_match(page, table) -> int:
    """Every die on the page shows its value (its kind's number field), not another of its numbers."""
    faces = page.evaluate("window.meeple.meta().die_faces")
    drawn = page.evaluate("""() => [...document.querySelectorAll('#board .die-card')].map((d) => [
        Number(d.dataset.uid), d.querySelector('.face').textContent])""")
    pieces = {p.uid: p for z in list(table.match.zones.values()) + [z for q in table.match.players
                                                                    for z in q.zones.values()] for p in z.items}
    for uid, face in drawn:
        piece = pieces[uid]
        assert face == str(piece.fields[faces[piece.card.kind]]), (piece.card.name, face, piece.fields)
    return len(drawn)


def undo_as_the_server_says(page, table, seat) -> bool:
    """The undo button is offered where the server allows it, and absent or greyed with the reason where not;
    returns whether it is offered."""
    why = table.undo_refusal(seat)
    button = page.locator("#undo")
    if why is None:
        assert button.is_enabled(), "undo allowed but not offered"
        return True
    assert button.count() == 0 or (button.is_disabled() and why in button.get_attribute("title"))
    return False


def refused_undo(page, words):
    page.evaluate("window.meeple.undo()")
    page.wait_for_selector("#refusal:not([hidden])")
    assert "cannot be taken back" in page.inner_text("#refusal") and words in page.inner_text("#refusal")


def play_to_the_end(page, rng, mid=None, mid_at=4, table=None, checked=None):
    """Answer with random option buttons until the end; `mid(page)` runs once, at the seat's decision
    numbered `mid_at` (from 0). With `table`, each decision clicked from here is checked: every option's
    tooltip, the dice, and undo (taken once where allowed: the question before it comes back; refused by the
    server with its reason where not); `checked` counts what was seen."""
    version, clicks, before = None, 0, None
    checked = {} if checked is None else checked
    while wait_turn(page, version) == "choose":
        version = page.get_attribute("body", "data-version")
        if clicks == mid_at and mid:
            mid(page)
        if table is not None:
            checked["options"] = checked.get("options", 0) + options_say_what_they_do(page)
            checked["dice"] = checked.get("dice", 0) + dice_match(page, table)
            checked["tips"] = checked.get("tips", 0) + tooltips_speak_to_players(page, table.game)
            seat = int(page.get_attribute("body", "data-viewer"))
            if undo_as_the_server_says(page, table, seat) and not checked.get("undone"):
                page.click("#undo")
                assert wait_turn(page, version) == "choose"
                version = page.get_attribute("body", "data-version")
                assert page.locator("#options button.option").all_inner_texts() == before
                checked["undone"] = 1
            elif before is not None and not checked.get("refused") and table.undo_refusal(seat):
                refused_undo(page, table.undo_refusal(seat))
                checked["refused"] = 1
            before = page.locator("#options button.option").all_inner_texts()
        if clicks >= 6:
            clicks += page.evaluate(CLICK_ON, [rng.randrange(2 ** 30), 5000])
            break
        tappable = page.locator("#board .card.pickable")
        if table is not None and not checked.get("tapped") and tappable.count():
            # a card on the board that the decision offers, tapped: it answers as its option's button does
            pick = int(tappable.first.get_attribute("data-pick"))
            before_choices = len(table.match.choices)
            tappable.first.click()
            page.wait_for_selector(f"body:not([data-version='{version}'])", state="attached")
            assert len(table.match.choices) > before_choices and table.match.choices[before_choices] == pick
            checked["tapped"] = 1
        else:
            buttons = page.locator("#options button.option")
            buttons.nth(rng.randrange(buttons.count())).click()
        clicks += 1
    page.wait_for_selector(END, state="attached")
    assert page.get_attribute("body", "data-mode") == "over", page.inner_text("#decision")
    return clicks


# the games also played on a phone: the pictured ones, and one of each layout besides (tricks, hands seen by others,
# dice, a dummy's faced hand); the page is the same for every game, so the rest are played at the desktop's size
ON_PHONE = (*PICTURED, "hearts", "hanabi", "liars-dice", "bridge")


@pytest.mark.parametrize("gid, size", [(g, s) for g in GAMES for s in ("desktop", "phone")
                                       if s == "desktop" or g in ON_PHONE])
def test_a_bundled_game_is_played_to_its_end_with_its_texts_and_scoreboard(site, new_page, shots, gid, size):
    """Played to its end (at both sizes for the games ON_PHONE), checking on the way every option's tooltip, the dice and undo (offered
    where allowed, refused where not), and at the end the score's breakdown against the result, the end at the
    top of the page, and the replay's seed (at 1400x1000) or a spectator at the match's plain address (on a
    phone)."""
    require(site, gid)
    w, h = DESKTOP if size == "desktop" else PHONE
    page = new_page(w, h)
    players, mid_at = GAMES[gid]
    read = {}

    def mid(page):
        read["cards"] = card_texts_match(page, table) + dice_match(page, table)  # Liar's Dice has dice only
        scoreboard_matches(page, table)
        mine = page.locator(".player.me")
        assert mine.count() == 1
        # the seat's own area comes before the table and the other players
        assert mine.bounding_box()["y"] < page.locator(".table-area").bounding_box()["y"]
        if size == "phone":  # the options are pinned at the bottom of the screen, where the thumb is
            box = page.locator("#decision").bounding_box()
            assert abs(box["y"] + box["height"] - h) <= 2 and box["width"] >= w - 2
            assert page.locator("#options button.option").first.is_visible()
        if shots:
            page.screenshot(path=str(shots / f"{gid}-{size}.png"))
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # where a player reading the table is
        assert page.problems == []

    rng = random.Random(f"{gid} {size}")
    for _ in range(MATCHES_TRIED):  # the server draws the deal: a hand of blackjack may end before the seat decides
        start_from_lobby(page, site.base, gid, players=players)
        table = table_of(site, page)
        checked = {}
        play_to_the_end(page, rng, mid, mid_at, table, checked)
        if "cards" in read:
            break
    assert read["cards"] > 0 and checked["options"] > 0 and checked["tips"] > 0
    scoreboard_matches(page, table)  # at the end: the match's own scores
    result = table.match.result
    breakdown_matches(page, result)
    left_at_the_end(page, table)
    tooltips_speak_to_players(page, table.game)  # the end's too
    end = page.locator("#end")
    assert end.is_visible()
    page.wait_for_function("() => { const y = document.getElementById('end').getBoundingClientRect().y; "
                           f"return y >= 0 && y < {h / 2}; }}")  # scrolled to at the next frame
    end_in_view(page, h)  # the winner in view, wherever the page was left, even on a phone
    if not checked.get("refused"):
        refused_undo(page, "the match is over")
    if shots and size == "phone" and gid in PICTURED:
        page.screenshot(path=str(shots / f"{gid}-end-phone.png"))
    if size == "desktop":  # the replay's seed on the page is the server's, to its last digit
        page.click("#open-replay")
        page.wait_for_url("**/replay/**")
        page.wait_for_selector("body[data-mode='replay']", state="attached")
        assert re.search(r"seed (\d+)", page.inner_text("#status")).group(1) == str(table.seed)
        assert page.problems == []
        return
    # on a phone, a spectator at the match's plain address reads the same end
    watcher = new_page(w, h)
    watcher.goto(f"{site.base}/play/{table.id}")
    watcher.wait_for_selector("#end:not([hidden])")
    assert watcher.inner_text("#end h2") == page.inner_text("#end h2")
    assert "spectator" in watcher.inner_text("#identity") and watcher.locator("#play-again").count() == 0
    breakdown_matches(watcher, result)
    assert page.problems == [] and watcher.problems == []


def test_what_moved_since_your_last_decision_is_marked_after_the_bots_move(site, new_page):
    page = new_page()
    start_from_lobby(page, site.base, "kaiju-inc", players=3)
    assert wait_turn(page) == "choose"
    assert page.title().startswith("● Your turn")
    assert page.get_attribute("link[rel=icon]", "href").endswith("favicon-turn.svg")
    assert page.get_attribute("body", "data-changed") == "0"  # nothing to compare with yet
    table = table_of(site, page)
    log_before = len(table.account.lines(1))
    version = page.get_attribute("body", "data-version")
    page.locator("#options button.option").first.click()
    # the bots answer at once; the next decision of this seat comes after theirs
    for _ in range(20):
        assert wait_turn(page, version) == "choose"
        version = page.get_attribute("body", "data-version")
        bots_moved = any(h["seat"] != 1 for h in table.history[-3:])
        if bots_moved and int(page.get_attribute("body", "data-changed")) > 0:
            break
        page.locator("#options button.option").first.click()
    assert int(page.get_attribute("body", "data-changed")) > 0
    assert page.locator("#board .changed").count() > 0
    new = page.locator("#log .new")
    assert 0 < new.count() < page.locator("#log > div").count()
    assert page.locator("#log > div").count() > log_before
    assert page.title().startswith("● Your turn")
    assert page.problems == []


def _watched_copy(tmp_path) -> Path:
    """The test game with hands, its gems drawn with their value as a cost."""
    folder = tmp_path / "watched"
    shutil.copytree(SECRET, folder)
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("    fields: {colour: colour, value: int}\n",
                                             "    fields: {colour: colour, value: int}\n"
                                             "    face: {cost: value, chips: [colour]}\n"))
    return folder


def test_watch_reloads_an_edited_card_and_shows_a_broken_file_with_its_place(new_page, tmp_path, shots):
    folder = _watched_copy(tmp_path)
    running = _serve(str(folder), watch=True)
    base = running.app.base
    catalog = running.app.state.catalog
    try:
        page = new_page()
        page.goto(base + "/")
        page.wait_for_selector("#setup:not([hidden])")
        page.click("#start")
        page.wait_for_url("**/play/**")
        assert wait_turn(page) == "choose"
        old = table_of(running.app, page)
        costs = lambda: [int(c) for c in page.locator("#board .player.me .card-cost").all_inner_texts()]  # noqa: E731
        assert costs() and max(costs()) <= 20

        # a designer raises every gem's value by 40: the next match has it, without a restart
        gems = folder / "cards" / "gems.yaml"
        text = gems.read_text()
        gems.write_text(re.sub(r"value: (\d+)", lambda m: f"value: {int(m.group(1)) + 40}", text))
        lobby = new_page()
        lobby.goto(base + "/")
        lobby.wait_for_selector("body[data-mode='ready']")
        deadline = time.monotonic() + 15
        while catalog.entries["secret-hands"].version < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        lobby.click("#start")
        lobby.wait_for_url("**/play/**")
        assert wait_turn(lobby) == "choose"
        assert min(int(c) for c in lobby.locator("#board .player.me .card-cost").all_inner_texts()) > 40
        assert old.game.cards["amber"].fields["value"] == 1  # the match being played keeps its content

        # a broken file: the lobby marks the game broken and shows the problem with its file, line and column
        broken = text.replace("  value: 3\n", "  valeu: 3\n", 1)
        line = broken.splitlines().index("  valeu: 3") + 1
        gems.write_text(broken)
        lobby.goto(base + "/")
        lobby.wait_for_selector(".game.broken", timeout=15_000)
        problem = lobby.locator(f".problem[data-file='cards/gems.yaml'][data-line='{line}']")
        problem.wait_for()
        assert problem.get_attribute("data-column") == "3"
        assert "valeu" in problem.inner_text() and "did you mean `value`" in problem.inner_text()
        assert f"cards/gems.yaml:{line}:3" in problem.inner_text()
        assert lobby.locator("#setup").is_hidden()
        r = httpx.post(f"{base}/api/matches", json={"game": "secret-hands", "players": 2, "seats": ["here", "bot"]})
        assert r.status_code == 422 and "does not load" in r.json()["error"] and "cards/gems.yaml:" in r.json()["error"]
        if shots:
            lobby.screenshot(path=str(shots / "broken-content.png"))

        # mended: the lobby, still open, offers the game again
        gems.write_text(text)
        lobby.wait_for_selector(".game:not(.broken)[data-game='secret-hands']", timeout=15_000)
        lobby.wait_for_selector("#setup:not([hidden])")
        assert lobby.locator("#problems").is_hidden()
        assert page.problems == [] and lobby.problems == []
    finally:
        running.__exit__(None, None, None)


def test_a_hero_choice_shows_the_heroes_abilities_on_the_page(site, new_page):
    require(site, "debtzilla")
    page = new_page(*PHONE)
    start_from_lobby(page, site.base, "debtzilla", players=3)
    assert wait_turn(page) == "choose"
    heroes = {c.name: c for c in site.state.catalog.game("debtzilla", {}).cards.values() if c.kind == "hero"}
    buttons = page.locator("#options button.option")
    assert buttons.count() == len(heroes)
    for i in range(buttons.count()):
        b = buttons.nth(i)
        hero = heroes[b.get_attribute("data-label")]
        texts = b.locator(".card-text").all_inner_texts()
        assert texts == [f"Ability: {hero.fields['ability_text']}", f"Special Move: {hero.fields['special_text']}"]
        assert b.locator(".card-cost").inner_text() == str(hero.fields["summon_cost"])
    assert page.problems == []


def test_a_shared_screen_hands_over_only_where_a_seat_has_something_private(site, new_page):
    """Happy City has nothing private: two people at one screen play on without a hand-over screen."""
    require(site, "happy-city")
    r = httpx.post(f"{site.base}/api/matches", json={"game": "happy-city", "players": 3,
                                                     "seats": ["here", "here", "bot"]})
    assert r.status_code == 201, r.text
    page = new_page()
    page.goto(site.base + r.json()["play_url"])
    page.evaluate("""() => { window.modes = []; new MutationObserver(() => window.modes.push(document.body.dataset.mode))
        .observe(document.body, { attributes: true }); }""")
    seats, version = set(), None
    for _ in range(8):
        assert wait_turn(page, version) == "choose"
        version = page.get_attribute("body", "data-version")
        seats.add(page.get_attribute("body", "data-viewer"))
        page.locator("#options button.option").first.click()
    assert seats == {"1", "2"}  # both people decided at this screen...
    assert "handover" not in page.evaluate("window.modes") and page.locator("#handover").is_hidden()  # ...unasked
    assert page.problems == []


def test_an_option_the_content_says_is_unavailable_is_shown_disabled_with_its_reason(new_page, tmp_path):
    folder = tmp_path / "menu"
    shutil.copytree(SECRET, folder)
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace('''      for p in players {
        let c = choose c from p.hand''', '''      for p in players {
        unavailable("Pass", "a gem is played every turn")
        ask by p "{p.name}: ready?" { "Play a gem" {} "Stretch first" {} }
        let c = choose c from p.hand'''))
    running = _serve(str(folder))
    try:
        r = httpx.post(f"{running.app.base}/api/matches", json={"game": "secret-hands", "players": 2,
                                                                "seats": ["remote", "bot"]})
        assert r.status_code == 201, r.text
        page = new_page()
        page.goto(running.app.base + r.json()["seats"][0]["url"])
        assert wait_turn(page) == "choose"
        assert page.locator("#options button.option").all_inner_texts() == ["Play a gem", "Stretch first"]
        off = page.locator("#options button.option-off")
        assert off.count() == 1 and off.is_disabled()
        assert off.inner_text().splitlines() == ["Pass", "a gem is played every turn"]
        assert page.problems == []
    finally:
        running.__exit__(None, None, None)


def test_the_end_to_end_table_plays_every_bundled_game():
    """A game added to content/ is played to its end in the browser too, not only served."""
    from interpreter import bundled_games
    assert set(GAMES) == set(bundled_games())
