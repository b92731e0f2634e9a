"""Issue 37, item 13: the live page speaks to players who type nothing. The game's texts (its
board, its events, what is pending) without a terminal's syntax, each of the last actions with
the player who took it and the latest marked, Elysion's score as it would stand, Cerebria's
cards by name; the terminal keeps its own words. Drawn straight from the store (no server),
then once in headless Chromium at 390 px."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from club import EXAMPLES, play
from example_runner import example_games

from referee.cli.web import page
from referee.games.cerebria.cards import SLUG
from referee.model import view
from referee.model.spoken import for_players
from referee.record import session
from referee.record.store import Store


def _lines(game: str) -> list[str]:
    return (EXAMPLES / f"{game}.txt").read_text(encoding="utf-8").splitlines()


# where each example is stopped (where its texts tell the terminal what to type next): half-way
# through its lines, or the part given here, or the number of lines given here
PART = {"elysion": 2 / 3}
STOPS = {"kleos": 62}


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> dict:
    """Each game part-way (where its texts tell the terminal what to type next)."""
    db = tmp_path_factory.mktemp("words") / "r.db"
    ids = {}
    for game in example_games():
        lines = _lines(game)
        ids[game] = play(db, game, "\n".join(lines[:STOPS.get(game, int(len(lines) * PART.get(game, 1 / 2)))]))
    return {"db": db, "ids": ids}


def _shown(db: Path, sid: str) -> tuple[str, session.Loaded]:
    """The page's words for session `sid` (its tags out), and the session."""
    store = Store(str(db))
    try:
        loaded = session.load(store, sid)
        _title, fragment = page.table_fragment(loaded)
    finally:
        store.close()
    return html.unescape(re.sub(r"<[^>]+>", "\n", fragment)), loaded


@pytest.mark.parametrize("said, read", [
    ("Day 5 is done: type `next` for the next row.", "Day 5 is done."),
    ("Bob keeps one of them: type `keep Bob BLESSING`.", "Bob keeps one of them."),
    ("The mosquito: Ann may move another frog, `mosquito a1-a2` (or another choice listed), or `pass`.",
     "The mosquito: Ann may move another frog."),
    ("Ann's servant must bounce off the lily pad at a3: `bounce SQ` (--tile TILE on a square without a tile).",
     "Ann's servant must bounce off the lily pad at a3."),
    ("Day 6 of 8 · pick realms, then `reveal NAME=REALM ...` (all players at once)", "Day 6 of 8 · pick realms"),
    ("Ann: no action left (`end-turn` when done) · abilities used: draw", "Ann: no action left · abilities used: draw"),
    ("`next` starts the Creation phase.", "next starts the Creation phase."),
    ("Bob takes 1 Energy token (3 now, Reserve 1).", "Bob takes 1 Energy token (3 now, Reserve 1)."),
])
def test_a_text_for_the_page_drops_what_only_a_terminal_types(said, read):
    assert for_players(said) == read


@pytest.mark.parametrize("game", example_games())
def test_the_page_shows_no_terminal_syntax_while_the_log_keeps_its_words(tables, game):
    text, loaded = _shown(tables["db"], tables["ids"][game])
    assert "`" not in text and "another choice listed" not in text
    assert not re.search(r"(?<!\S)--\w", text), re.findall(r".*(?<!\S)--\w.*", text)
    if game in ("croa", "elysion", "cerebria"):  # their terminal texts hold commands to type
        logged = " ".join(view.text(e) for r in loaded.records for e in r.get("events") or [])
        assert "`" in logged


def test_last_actions_name_their_player_and_the_latest_is_marked(tables):
    text, loaded = _shown(tables["db"], tables["ids"]["kleos"])
    fragment = page.table_fragment(loaded)[1]
    last = fragment[fragment.index('<ol class="log"'):]
    # the example's 62 lines end with Bob's champion moving to the port (athena is Bob's god)
    assert re.search(r'<li value="\d+" class="latest"><b><span class="who">Bob</span>: athena:champion moves to port',
                     last), last[:400]
    assert last.count('class="latest"') == 1
    assert '<span class="who">Ann</span>: next' in last  # Ann's phase ends: named from its words
    assert "Last move, Bob: Bob's athena:champion" in text or "Last move: Bob's athena:champion" in text


def test_elysion_shows_each_players_glory_as_a_look_back_now_would_count_it(tables):
    text, loaded = _shown(tables["db"], tables["ids"]["elysion"])
    board = loaded.engine.render(loaded.state)
    # two thirds in (day 6), the board's `look back` column: Ann 42, Bob 35, Cy 22
    for name, glory in (("Ann", 42), ("Bob", 35), ("Cy", 22)):
        assert re.search(rf"^{name} .* {glory} ", board, re.M), board
    assert "Glory if we looked back now:\n Ann 42 · Bob 35 · Cy 22" in text


def test_cerebria_cards_read_by_name_on_the_page_and_in_notation_at_the_terminal(tables):
    text, loaded = _shown(tables["db"], tables["ids"]["cerebria"])
    assert not SLUG.search(text), SLUG.search(text)
    assert SLUG.search(loaded.engine.render(loaded.state))  # the terminal: what its user types
    assert re.search(r"\b(Draw|Drain|Steal|Swap|Destroy|Deprive|Summon|Embrace) \((mild|strong) (Bliss|Gloom), "
                     r"(red|blue|green|yellow)\)", text)


def test_the_words_at_390_px_in_chromium(tables, browser, tmp_path):
    """Each game's page, as a phone shows it (no server: the document the server sends)."""
    for game, sid in tables["ids"].items():
        store = Store(str(tables["db"]))
        try:
            title, fragment = page.table_fragment(session.load(store, sid))
        finally:
            store.close()
        doc = page.document(title, fragment, "v", "/nowhere/events")
        shown = tmp_path / f"{game}.html"
        shown.write_text(doc.replace(f"<script>{page.SCRIPT}</script>", ""), encoding="utf-8")
        tab = browser.new_page(viewport={"width": 390, "height": 844})
        tab.goto(shown.as_uri(), wait_until="load")
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390, game
        assert tab.locator("ol.log li.latest").count() == 1 and tab.locator("p.last").count() == 1
        assert "`" not in tab.locator("main").inner_text()
        tab.screenshot(path=str(tmp_path / f"{game}-390.png"), full_page=True)
        tab.close()


def test_the_pond_outlines_the_last_move_where_from_dashed_where_to_solid(tables):
    """Half the Crôa! example: Bob's last move took his servant from g8 to f7 (the move typed
    after it is refused). Squares are 40 units from a 16-unit edge, a1 bottom left: g8 is column
    6, row 0; f7 column 5, row 1; each outline 1.5 inside its square."""
    store = Store(str(tables["db"]))
    try:
        fragment = page.table_fragment(session.load(store, tables["ids"]["croa"]))[1]
    finally:
        store.close()
    marks = re.findall(r'<rect class="last" x="([\d.]+)" y="([\d.]+)"[^>]*?( stroke-dasharray="[^"]*")?/>', fragment)
    assert marks == [("257.5", "17.5", ' stroke-dasharray="5 3"'), ("217.5", "57.5", "")]
