"""End to end, in headless Chromium: what a newcomer reads at the table without the rulebook. Dice drawn with
the values rolled, a replay's seed as the server has it, undo where the rules allow it and its refusal
elsewhere, the score's breakdown at the end, spectators, bots of every kind, tooltips and the rules summary."""
from __future__ import annotations

import random
import re

import httpx
import pytest

from interpreter.web import tables as tables_module

from .test_web_browser import END, loads, start_from_lobby, wait_turn
from .test_web_table import PHONE, table_of

ROLLS = re.compile(r"^ {2}(.+?) \(.+?\) rolls \d+ dic?e: ([\d, ]+)\.$")


def page_dice(page, seat: int, zone: str) -> list[int]:
    """The dice values drawn in one player's zone, a run of identical dice counted as often as it says."""
    return sorted(page.evaluate("""([seat, zone]) => [...document.querySelectorAll(
        `.player[data-seat='${seat}'] [data-zone='${zone}'] .die-card`)].flatMap((d) => {
        const n = d.querySelector('.times') ? Number(d.querySelector('.times').textContent.slice(1)) : 1;
        return Array(n).fill(Number(d.querySelector('.face').textContent)); })""", [seat, zone]))


def test_debtzilla_dice_show_the_values_rolled_not_the_rollers_seat(site, new_page):
    """Issue 37's first bug: a rolled die was drawn with its roller's seat (`played_by`), not its value."""
    why = loads(site, "debtzilla")
    if why:
        pytest.fail(why)
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
