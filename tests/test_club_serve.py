"""The league's standings page (issue 38 item 3): `referee serve --league NAME` shows the standings,
the ratings, the current round's tables and each table's game as it goes, in headless Chromium at a
phone's 390 px and on a 1920x1080 wall screen, updating as a game ends in another terminal."""

from __future__ import annotations

import json

import pytest
from club import KLEOS_NEW, play
from kleos_table import ISLE_SCRIPT
from serve_support import get, referee, serving, why_no_browser

from referee.cli.serve import missing_parts

browser_needed = pytest.mark.skipif(why_no_browser() is not None or bool(missing_parts()),
                                    reason=str(why_no_browser() or "pip install '.[serve]'"))
serve_needed = pytest.mark.skipif(bool(missing_parts()), reason="pip install '.[serve]'")
NEXTS = 21  # after the Isles, the Contest runs out with nobody fighting: a 0-0 shared victory


def _night(db) -> tuple[list[list[str]], str, str]:
    """A league, its first round drawn (two tables of two), table 1's game played to its end (a
    shared victory) and table 2's started, both put in the league as they began."""
    referee(db, "league", "new", "Night", "--game", "kleos")
    drawn = json.loads(referee(db, "--json", "club", "seat", "--league", "Night", "--tables", "2",
                               *[a for n in ("Ann", "Bob", "Cy", "Dee") for a in ("--player", n)]).stdout)["result"]
    ids = []
    for i, (first, second) in enumerate(drawn["tables"]):
        start = (KLEOS_NEW.replace("Ann:", "FIRST:").replace("Bob:", "SECOND:").replace("FIRST:", f"{first}:")
                 .replace("SECOND:", f"{second}:") + " --league Night")
        ids.append(play(db, "kleos", "\n".join([start, ISLE_SCRIPT, *(["next"] * NEXTS if i == 0 else [])])))
    return drawn["tables"], ids[0], ids[1]


@serve_needed
def test_serve_league_refuses_an_unknown_league_and_a_session_with_it(tmp_path):
    db = tmp_path / "r.db"
    referee(db, "league", "new", "Night", "--game", "kleos")
    done = referee(db, "serve", "--league", "Nope", check=False)
    assert done.returncode == 3 and "no league 'Nope'" in done.stderr
    done = referee(db, "serve", "--league", "Night", "--session", "kleos-1", check=False)
    assert done.returncode == 2 and "not both" in done.stderr


@serve_needed
def test_league_page_needs_its_token_and_is_read_only(tmp_path):
    db = tmp_path / "r.db"
    tables, over, running = _night(db)
    with serving(db, "--league", "Night") as served:
        assert "the league Night's standings and tables" in "".join(served.printed)
        status, body, _ = get(served.url)
        assert status == 200 and "League Night · Kleos" in body and "Round 1" in body
        assert f"{over}</a> · Game over · winner: {tables[0][0]}, {tables[0][1]}" in body
        assert f"{running}</a> · day 1 · deployment</p>" in body  # both deploy at once: nobody "to play"
        assert get(served.origin + "/")[0] == 403 and get(served.url, method="POST")[0] == 405
        status, body, _ = get(served.url + f"s/{running}")  # a table's own page, linked from it
        assert status == 200 and "Last actions" in body


def _page(browser, width: int, height: int):
    page = browser.new_page(viewport={"width": width, "height": height})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page, problems


@browser_needed
def test_league_page_on_a_phone_and_a_wall_screen_updates_as_a_game_ends(tmp_path, browser):
    from playwright.sync_api import expect

    db = tmp_path / "r.db"
    tables, _over, running = _night(db)
    with serving(db, "--league", "Night") as served:
        phone, phone_problems = _page(browser, 390, 844)
        wall, wall_problems = _page(browser, 1920, 1080)
        for page in (phone, wall):
            page.goto(served.url)
            expect(page.locator("#live.on")).to_be_visible(timeout=15_000)
            expect(page.locator("#standings")).to_contain_text(tables[0][0])
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # on the wall the three parts stand side by side, filling the screen's width
        boxes = [wall.locator(f"#{part}").bounding_box() for part in ("standings", "ratings", "round")]
        assert all(b is not None for b in boxes)
        assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"] and abs(boxes[0]["y"] - boxes[2]["y"]) < 2
        assert boxes[2]["x"] + boxes[2]["width"] > 1600
        phone.screenshot(path=str(tmp_path / "league-390.png"), full_page=True)
        wall.screenshot(path=str(tmp_path / "league-1920.png"))
        # table 2's game ends in another terminal: both pages show it, and the standings count it
        for _ in range(NEXTS):
            referee(db, "--session", running, "kleos", "next")
        for page in (phone, wall):
            expect(page.locator("#round")).to_contain_text(
                f"{running} · Game over · winner: {tables[1][0]}, {tables[1][1]}", timeout=10_000)
            expect(page.locator("#standings tbody tr")).to_have_count(4)
        wall.screenshot(path=str(tmp_path / "league-1920-over.png"))
        assert phone_problems == [] and wall_problems == []
        phone.close()
        wall.close()
