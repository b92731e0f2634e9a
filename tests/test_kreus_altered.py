"""Altered Elements mode (8.2): Disturbing, Volatile and Complementary Element cards."""

from __future__ import annotations

from test_kreus_support import (
    InputError,
    act,
    do,
    play_turn,
    put,
    ready_all,
    seated,
    started,
    text,
    turn,
)


def _altered(**kw):
    return started(4, tokens=[2, 2, 2], altered=True, **kw)


def test_altered_copies_are_refused_outside_the_mode():
    t = seated()
    turn(t, [])
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "volatile-fire"}, kind=InputError)
    assert "--altered" in err.message


def test_disturbing_element_moves_the_first_player_card_left():
    state = put(_altered(), "comet")
    state, events = play_turn(state, ["disturbing-fire", "water", "water", "water"])
    assert "First Player card moves from Ann to Bob" in text(events)
    # end of turn: passed left again, Bob -> Cy
    assert state["players"][state["first"]] == "Cy"


def test_disturbing_element_discarded_does_not_move_the_card():
    t = seated(4, tokens=[2, 2, 2], altered=True)
    turn(t, ["disturbing-fire", "water", "water", "water"])
    assert t.state["players"][t.state["first"]] == "Bob"


def test_volatile_element_under_an_incomplete_card_is_discarded_at_end_of_turn():
    state = put(_altered(), "comet")
    state, events = play_turn(state, ["volatile-fire", "water", "water", "water"])
    assert state["in_play"]["comet"]["elements"] == []
    assert "volatile-fire" in state["discard"] and "Volatile" in text(events)


def test_volatile_element_stays_once_its_card_is_complete():
    state = put(_altered(), "comet")
    state, _ = play_turn(state, ["volatile-fire", "earth", "water", "water"])
    assert state["in_play"]["comet"]["complete"]
    assert state["in_play"]["comet"]["elements"][0]["card"] == "volatile-fire"


def test_complementary_element_must_follow_an_element_card():
    state = put(put(_altered(), "comet"), "atmosphere")
    state, events = play_turn(state, ["fire", "complementary-earth", "river", "complementary-air"])
    # Fire then Complementary Earth: played. River (a Nature card) then Complementary Air: lost
    assert state["in_play"]["comet"]["complete"]
    assert "complementary-air" in state["discard"] and "Complementary" in text(events)


def test_complementary_element_first_in_a_turn_looks_at_the_previous_turn():
    state = put(put(_altered(), "comet"), "atmosphere", "air", "water")
    # turn 1: Wind enters, Water is lost, Earth goes on Comet, Air on Wind: it ends on an Element
    state, _ = play_turn(state, ["wind", "water", "earth", "air"])
    state = do(ready_all(state), "next")
    state, _ = act(state, "reveal", player="Bob", card="complementary-fire", on="comet")
    assert state["in_play"]["comet"]["complete"]


def test_complementary_element_first_in_a_turn_after_a_lost_card_is_discarded():
    state = put(put(_altered(), "comet"), "atmosphere", "air", "water")
    state, _ = play_turn(state, ["wind", "earth", "air", "water"])  # ends on a lost Water
    state = do(ready_all(state), "next")
    state, events = act(state, "reveal", player="Bob", card="complementary-fire", on="comet")
    assert "complementary-fire" in state["discard"] and "Complementary" in text(events)


def test_complementary_element_cannot_follow_a_nature_card_used_as_an_element():
    state = put(put(_altered(), "comet"), "atmosphere")
    state = do(ready_all(state), "next")
    state = do(state, "reveal", player="Ann", card="bird", **{"as": "air"})
    state, _events = act(state, "reveal", player="Bob", card="complementary-water")
    assert "complementary-water" in state["discard"]
    assert state["in_play"]["atmosphere"]["elements"] == [
        {"element": "air", "card": "bird", "protected": False}]


def test_tethys_keeps_a_volatile_element():
    from test_kreus_titans import incarnate

    state = incarnate({"Ann": "cronus", "Bob": "theia", "Cy": "phoebe", "Dee": "tethys"},
                      altered=True)
    state = do(put(state, "comet"), "show-card", player="Ann", to="Bob")  # Reserve 1
    state = do(ready_all(state), "next")
    state = do(state, "reveal", player="Ann", card="volatile-fire")
    state = do(state, "power", player="Dee")
    for who, card in (("Bob", "water"), ("Cy", "water"), ("Dee", "water")):
        state = do(state, "reveal", player=who, card=card)
    assert state["turn"] == 2
    assert state["in_play"]["comet"]["elements"][0] == {
        "element": "fire", "card": "volatile-fire", "protected": True}
