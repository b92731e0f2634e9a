"""Creation (4.2, 5.1, 5.2): level prerequisites, Element legality, Aether, a Nature card as an
Element, forced play, unique Nature cards, and what the referee can know of hidden cards."""

from __future__ import annotations

import pytest
from test_kreus_support import (
    InputError,
    act,
    do,
    play_turn,
    put,
    ready_all,
    refused,
    started,
    text,
)

from referee.games.kreus import board


def _creation(state):
    """Every card face down and the Creation phase open; Ann reveals first."""
    return do(ready_all(state), "next")


def _reveal(state, card, **opts):
    who = state["round"]["order"][0]
    return act(state, "reveal", player=who, card=card, **opts)


def test_level_one_cards_enter_play_freely():
    state, events = _reveal(_creation(started()), "comet")
    assert "comet" in state["in_play"] and "Level I; needs Fire, Earth" in text(events)


def test_level_two_needs_its_level_one_complete():
    state = put(started(), "atmosphere", "air")  # incomplete: Wind stays locked
    state, events = _reveal(_creation(state), "wind")
    assert "wind" not in state["in_play"] and "wind" in state["discard"]
    assert "needs Atmosphere complete" in text(events)
    state = put(started(), "atmosphere", "air", "water")
    state, _ = _reveal(_creation(state), "wind")
    assert "wind" in state["in_play"]


def test_level_three_needs_both_level_two_complete():
    state = put(put(put(started(), "atmosphere", "air", "water"), "wind", "air", "fire"),
                "rainbow", "fire")
    state, _ = _reveal(_creation(state), "bird")
    # Rainbow incomplete (needs Water, which Bird does not show): Bird is lost
    assert "bird" in state["discard"]
    state = put(put(put(started(), "atmosphere", "air", "water"), "wind", "air", "fire"),
                "rainbow", "water", "fire")
    state, _ = _reveal(_creation(state), "bird")
    assert "bird" in state["in_play"]


def test_planet_needs_any_two_level_three_complete():
    base = started()
    for c, els in [("atmosphere", "aw"), ("comet", "fe"), ("wind", "af"), ("rainbow", "wf"),
                   ("river", "we"), ("mountain", "ea")]:
        base = put(base, c, *[{"a": "air", "w": "water", "f": "fire", "e": "earth"}[x]
                              for x in els])
    one = put(base, "bird", "air", "fire", "earth")
    state, _ = _reveal(_creation(one), "planet")
    assert "planet" in state["discard"]
    # with Tree in play and incomplete, the Planet must stand for an element Tree needs
    forced = put(one, "tree", "earth", "water")
    state, _ = _reveal(_creation(forced), "planet")
    assert state["as_element"] == {"planet": "tree"}
    two = put(put(base, "bird", "air", "fire", "earth"), "tree", "earth", "water", "air")
    state, _ = _reveal(_creation(two), "planet")
    assert "planet" in state["in_play"]


def test_element_goes_only_on_a_nature_card_in_play_that_needs_it():
    state = put(started(), "atmosphere", "air")  # needs Water only
    state, events = _reveal(_creation(state), "air")
    assert "air" in state["discard"] and "no Nature card in play needs Air" in text(events)
    state = put(started(), "atmosphere")
    err = refused(_creation(state), "reveal", player="Ann", card="air", on="comet")
    assert "not in play" in err.message


def test_element_is_forced_onto_the_only_card_that_needs_it():
    state = put(started(), "atmosphere")
    state, events = _reveal(_creation(state), "water")
    assert board.missing(state, "atmosphere") == ["air"]
    assert "Atmosphere still needs Air" in text(events)


def test_element_with_two_targets_asks_which():
    state = put(put(started(), "atmosphere"), "comet")
    state = put(state, "river")  # both Atmosphere and River need Water (test shortcut)
    state = _creation(state)
    with pytest.raises(InputError, match="--on"):
        _reveal(state, "water")
    state, _ = _reveal(state, "water", on="river")
    assert state["in_play"]["river"]["elements"][0]["card"] == "water"


def test_complete_card_takes_no_more_elements():
    state = _creation(put(put(started(), "atmosphere", "air", "water"), "comet"))
    err = refused(state, "reveal", player="Ann", card="fire", on="atmosphere")
    assert "already complete" in err.message


def test_aether_declares_one_needed_element():
    state = _creation(put(started(n=6), "atmosphere", "air"))
    err = refused(state, "reveal", player="Ann", card="aether", **{"as": "fire"})
    assert "Atmosphere needs Water" not in err.message
    assert "--as water --on atmosphere" in err.message
    state, _events = _reveal(state, "aether", **{"as": "water"})
    assert state["in_play"]["atmosphere"]["complete"]
    assert state["in_play"]["atmosphere"]["elements"][1] == {
        "element": "water", "card": "aether", "protected": False}


def test_nature_card_as_an_element_printed_on_itself_earns_the_token():
    state = _creation(put(started(tokens=[0, 0, 0]), "atmosphere", "water"))
    state = {**state, "reserve": 1, "tokens": {**state["tokens"], "Dee": 6}}
    # Bird shows Air, Fire, Earth: it may stand for Air on Atmosphere
    err = refused(state, "reveal", player="Ann", card="bird", **{"as": "water"})
    assert "Bird shows Air, Fire, Earth" in err.message
    state, _events = _reveal(state, "bird", **{"as": "air"})
    assert state["in_play"]["atmosphere"]["complete"]
    assert state["as_element"] == {"bird": "atmosphere"}
    assert state["tokens"]["Ann"] == 1 and state["reserve"] == 0


def test_nature_card_played_as_itself_when_it_can():
    state = _creation(put(started(), "atmosphere", "water"))
    state, _ = _reveal(state, "comet")  # Comet could stand for nothing Atmosphere needs anyway
    assert "comet" in state["in_play"]


def test_nature_card_lost_when_it_cannot_enter_play():
    state, events = _reveal(_creation(started()), "fish")
    assert "fish" in state["discard"] and "closed" in text(events)


def test_discarded_nature_card_closes_its_routes_until_retrieved():
    state = do(started(tokens=[3, 0, 0]), "discard", player="Ann", card="rainbow")
    open_ = [r["route"] for r in board.open_routes(state) if not r["blocked"]]
    assert open_ == ["Flower + Tree"]  # every other pair uses Rainbow
    state = do(state, "retrieve", player="Ann", card="rainbow", give="fire")
    assert len([r for r in board.open_routes(state) if not r["blocked"]]) == 6


def test_nature_card_is_unique():
    state = _creation(started())
    state, _ = _reveal(state, "comet")
    err = refused(state, "reveal", player="Bob", card="comet")
    assert "already accounted for" in err.message


def test_revealed_card_must_have_an_unseen_copy():
    # 4 players: no Aether in the deck. Turn 1 loses four Fire (nothing in play); turn 2's
    # Divination discards two more (Ann and Bob, one each): all 6 Fire are accounted for
    state, _ = play_turn(started(), ["fire"] * 4)
    for who in ("Ann", "Bob"):
        state = do(state, "discard", player=who, card="fire")
    state = _creation(state)  # turn 2: Bob reveals first
    refused(state, "reveal", kind=InputError, player="Bob", card="aether")
    refused(state, "reveal", kind=InputError, player="Bob", card="lava")
    err = refused(state, "reveal", player="Bob", card="fire")
    assert "6 in this deck" in err.message


def test_reveal_in_order_from_the_first_player():
    state = _creation(started(first="Cy"))
    assert state["round"]["order"] == ["Cy", "Dee", "Ann", "Bob"]
    err = refused(state, "reveal", player="Ann", card="fire")
    assert "Cy reveals next" in err.message


def test_first_reveal_closes_divination_once_every_card_is_down():
    state = started()
    refused(state, "reveal", player="Ann", card="comet")  # nobody has placed yet
    state, events = act(ready_all(state), "reveal", player="Ann", card="comet")
    assert state["phase"] == "creation" and "Creation: reveal in this order" in text(events)


def test_completion_names_what_is_now_playable():
    _state, events = play_turn(started(), ["atmosphere", "air", "water", "comet"])
    assert "Atmosphere is complete!" in text(events)
    assert "Now playable: Wind, Rainbow" in text(events)


def test_nature_card_forced_to_stand_for_an_element_says_it_never_enters_play():
    """Atmosphere needs Water; Rainbow (Level II) is locked (Atmosphere incomplete) but shows
    Water: it must be played as Water, and the table is told it is spent for good."""
    state = put(started(), "atmosphere", "air")
    state, events = _reveal(_creation(state), "rainbow")
    assert state["as_element"] == {"rainbow": "atmosphere"}
    assert "never enter play as itself" in text(events)
