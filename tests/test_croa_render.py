"""What the table sees: the pond grid, the colonies, the piles; and the invariants' teeth."""

from __future__ import annotations

import pytest
from croa_table import Pond

from referee.games.croa import ENGINE


def _row(text: str, rank: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{rank:>2} | "))


def test_pond_shows_tiles_queens_servants_stuck_frogs_and_shared_logs():
    t = Pond(("Ann:red", "Bob:blue", "Cy:green"))
    t.tile("c2", "log")
    t.place("Bob", "c2")
    t.move("b1", "c2")  # a red and a blue servant share the log
    t.move("a7", "a6", tile="mud")  # Bob's servant stuck in yellow
    text = ENGINE.render(t.state)
    assert _row(text, 2).startswith(" 2 | . r    .      Lg rb  .      | ")
    assert _row(text, 1).startswith(" 1 | . R    .      .")
    assert _row(text, 6).startswith(" 6 | Md b*")
    assert "yellow a5-d8" in text and "pink e5-h8" in text
    assert "blue a1-d4" in text and "green e1-h4" in text
    assert "Turn 3 (round 1) · Cy (green) to play." in text
    # the colonies: seat, name, colour, letters, status, queen, pond, reserve, male tokens
    line = next(row for row in text.splitlines() if row.startswith("2 ") and "Bob" in row)
    assert line.split()[:8] == ["2", "Bob", "blue", "B/b", "waiting", "a8", "3", "3"]
    assert "blue   15 left  Ly:4 Mq:2 Md:1 Pk:1 Rd:4  males 1 2 3" in text


def test_a_crowded_square_counts_its_servants_to_keep_the_grid_aligned():
    # Queen + 3 servants on a log (twins there) would fill the 7-wide cell: "Lg R3r".
    t = Pond()
    t.tile("b2", "log")
    t.place("Ann", "b2", "queen")
    for _ in range(3):
        t.place("Ann", "b2")
    assert _row(ENGINE.render(t.state), 2).startswith(" 2 | . r    Lg R3r .      .      | ")


def test_symbols_stay_distinct_for_colours_sharing_a_letter():
    t = Pond(("Ann:blue", "Bob:black", "Cy:pink", "Dee:purple"))
    assert [col["symbol"] for col in t.state["colonies"]] == ["b", "l", "p", "u"]


def test_pending_and_forced_moves_are_spelled_out():
    t = Pond()
    t.tile("b2", "male1")
    t.move("a1", "b2")
    t.move("h7", "h6", tile="reeds")
    assert "Ann's queen and a servant share b2: one must move this turn." in ENGINE.render(
        t.state)
    t.move("b2:queen", "c3", tile="mosquito")
    text = ENGINE.render(t.state)
    assert "Waiting: Ann — mosquito:" in text and "or `pass`." in text


def test_a_digital_bounce_is_not_asked_for_a_tile():
    # --digital: the referee reveals the tiles and refuses --tile, so the hint must not ask.
    t = Pond(digital=True)
    t.tile("b2", "lilypad")
    t.move("a1", "b2")
    assert "must bounce off the lily pad at b2: `bounce SQ`." in ENGINE.render(t.state)
    physical = Pond()
    physical.move("a1", "b2", tile="lily_pad")
    assert "`bounce SQ` (--tile TILE" in ENGINE.render(physical.state)


def test_invariants_catch_a_frog_too_many_and_a_lost_tile():
    t = Pond()
    broken = ENGINE.copy(t.state)
    broken["colonies"][1]["frogs"][1]["square"] = "a2"  # a Bob servant on Ann's a2
    with pytest.raises(AssertionError, match="two colonies on a2"):
        ENGINE.check_invariants(broken)
    lost = ENGINE.copy(t.state)
    lost["piles"]["pink"]["pike"] = 0
    with pytest.raises(AssertionError):
        ENGINE.check_invariants(lost)


def test_log_lines_read_like_the_table_speaks():
    assert ENGINE.describe({"verb": "move", "from": "a2", "to": "a3", "tile": "lily_pad",
                            "bounce": ["b4:reeds"]}) == "move a2 -> a3 (lilypad), bounce b4:reeds"
    assert ENGINE.describe({"verb": "remove", "which": "b2:red"}) == "remove b2:red from the log"


def test_three_colonies_are_told_they_play_the_8x8_pond():
    three = ENGINE.render(Pond(("Ann:red", "Bob:blue", "Cy:green")).state)
    assert "3 colonies: the rulebook does not describe the 3-player side" in three
    assert "3-player side" not in ENGINE.render(Pond().state)
