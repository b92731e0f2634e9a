"""Altered Elements mode (8.2): Disturbing, Volatile and Complementary Element cards."""

from __future__ import annotations

from kreus_table import TITANS, Layout, seated, text, titans, turn

from referee.model.errors import InputError
from referee.testing import Table


def _laid(*turn_1: str) -> Table:
    """An Altered game where Dee, First Player, lays out turn 1 (Air is lost while nothing
    needs it): turn 2 starts with Ann."""
    t = seated(4, tokens=[2, 2, 2], altered=True, first="Dee")
    turn(t, list(turn_1))
    assert t.state["players"][t.state["first"]] == "Ann"
    return t


def test_altered_copies_are_refused_outside_the_mode():
    t = seated()
    turn(t, [])
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "volatile-fire"}, kind=InputError)
    assert "--altered" in err.message


def test_disturbing_element_moves_the_first_player_card_left():
    t = _laid("comet", "air", "air", "air")
    events = turn(t, ["disturbing-fire", "water", "water", "water"])
    assert "First Player card moves from Ann to Bob" in text(events)
    # end of turn: passed left again, Bob -> Cy
    assert t.state["players"][t.state["first"]] == "Cy"


def test_disturbing_element_discarded_does_not_move_the_card():
    t = seated(4, tokens=[2, 2, 2], altered=True)
    turn(t, ["disturbing-fire", "water", "water", "water"])
    assert t.state["players"][t.state["first"]] == "Bob"


def test_volatile_element_under_an_incomplete_card_is_discarded_at_end_of_turn():
    t = _laid("comet", "air", "air", "air")
    events = turn(t, ["volatile-fire", "water", "water", "water"])
    state = t.state
    assert state["in_play"]["comet"]["elements"] == []
    assert "volatile-fire" in state["discard"] and "Volatile" in text(events)


def test_volatile_element_stays_once_its_card_is_complete():
    t = _laid("comet", "air", "air", "air")
    turn(t, ["volatile-fire", "earth", "water", "water"])
    state = t.state
    assert state["in_play"]["comet"]["complete"]
    assert state["in_play"]["comet"]["elements"][0]["card"] == "volatile-fire"


def test_complementary_element_must_follow_an_element_card():
    t = _laid("air", "air", "comet", "atmosphere")
    events = turn(t, ["fire", "complementary-earth", "river", "complementary-air"])
    state = t.state
    # Fire then Complementary Earth: played. River (a Nature card) then Complementary Air: lost
    assert state["in_play"]["comet"]["complete"]
    assert "complementary-air" in state["discard"] and "Complementary" in text(events)


def test_complementary_element_first_in_a_turn_looks_at_the_previous_turn():
    t = _laid("comet", "atmosphere", "air", "water")
    # turn 2: Wind enters, Water is lost, Earth goes on Comet, Air on Wind: it ends on an Element
    turn(t, ["wind", "water", "earth", "air"])
    turn(t, [("complementary-fire", {"on": "comet"})])  # turn 3: Bob first
    assert t.state["in_play"]["comet"]["complete"]


def test_complementary_element_first_in_a_turn_after_a_lost_card_is_discarded():
    t = _laid("comet", "atmosphere", "air", "water")
    turn(t, ["wind", "earth", "air", "water"])  # ends on a lost Water
    turn(t, [])
    events = t.act({"verb": "reveal", "player": "Bob", "card": "complementary-fire",
                    "on": "comet"})
    assert "complementary-fire" in t.state["discard"] and "Complementary" in text(events)


def test_complementary_element_cannot_follow_a_nature_card_used_as_an_element():
    t = _laid("air", "air", "comet", "atmosphere")
    turn(t, [])
    t.act({"verb": "reveal", "player": "Ann", "card": "bird", "as": "air"})
    t.act({"verb": "reveal", "player": "Bob", "card": "complementary-water"})
    state = t.state
    assert "complementary-water" in state["discard"]
    assert state["in_play"]["atmosphere"]["elements"] == [
        {"element": "air", "card": "bird", "protected": False}]


def test_tethys_keeps_a_volatile_element():
    p = Layout(4, tokens=[2, 2, 2], incarnation=True, altered=True).play("comet")
    t = titans(p.table(), TITANS)  # Dee: Tethys
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})  # Reserve 1
    turn(t, [])
    t.act({"verb": "reveal", "player": "Ann", "card": "volatile-fire"})
    t.act({"verb": "power", "player": "Dee"})
    for who, card in (("Bob", "water"), ("Cy", "water"), ("Dee", "water")):
        t.act({"verb": "reveal", "player": who, "card": card})
    state = t.state
    assert state["turn"] == 2
    assert state["in_play"]["comet"]["elements"][0] == {
        "element": "fire", "card": "volatile-fire", "protected": True}
