"""Creation (4.2, 5.1, 5.2): level prerequisites, Element legality, Aether, a Nature card as an
Element, forced play, unique Nature cards, and what the referee can know of hidden cards."""

from __future__ import annotations

from kreus_table import Layout, seated, text, turn

from referee.games.kreus import board
from referee.model.errors import InputError
from referee.testing import Table


def _next(t: Table, card: str, **opts) -> list[dict]:
    """The next player in the reveal order reveals `card` (Creation opened if need be)."""
    if t.state["phase"] == "divination":
        turn(t, [])
    return t.act({"verb": "reveal", "player": t.state["round"]["order"][0], "card": card,
                  **opts})


def _laid(*turn_1: str, n: int = 4, **options) -> Table:
    """Turn 1 played with these reveals (Fire, which nothing needs yet, is lost), and turn 2's
    Creation phase open: what `put` lays out on a table, by real play."""
    t = seated(n, **options)
    turn(t, list(turn_1))
    turn(t, [])
    return t


def test_level_one_cards_enter_play_freely():
    t = seated()
    events = _next(t, "comet")
    state = t.state
    assert "comet" in state["in_play"] and "Level I; needs Fire, Earth" in text(events)


def test_level_two_needs_its_level_one_complete():
    t = _laid("atmosphere", "air", "fire", "fire")  # incomplete: Wind stays locked
    events = _next(t, "wind")
    state = t.state
    assert "wind" not in state["in_play"] and "wind" in state["discard"]
    assert "needs Atmosphere complete" in text(events)
    t = _laid("atmosphere", "air", "water", "fire")
    _next(t, "wind")
    assert "wind" in t.state["in_play"]


def _laid_out(layout: Layout) -> Table:
    """A laid-out position (no prerequisite checked) at the start of its Creation phase:
    Ann reveals first."""
    t = layout.table()
    turn(t, [])
    return t


def test_level_three_needs_both_level_two_complete():
    t = _laid_out(Layout().play("atmosphere", "air", "water").play("wind", "air", "fire")
                  .play("rainbow", "fire"))
    _next(t, "bird")
    # Rainbow incomplete (needs Water, which Bird does not show): Bird is lost
    assert "bird" in t.state["discard"]
    t = _laid_out(Layout().play("atmosphere", "air", "water").play("wind", "air", "fire")
                  .play("rainbow", "water", "fire"))
    _next(t, "bird")
    assert "bird" in t.state["in_play"]


def test_planet_needs_any_two_level_three_complete():
    def base() -> Layout:
        return Layout().complete("atmosphere", "comet", "wind", "rainbow", "river", "mountain")

    one = base().play("bird", "air", "fire", "earth")
    t = _laid_out(one)
    _next(t, "planet")
    assert "planet" in t.state["discard"]
    # with Tree in play and incomplete, the Planet must stand for an element Tree needs
    t = _laid_out(one.play("tree", "earth", "water"))
    _next(t, "planet")
    assert t.state["as_element"] == {"planet": "tree"}
    t = _laid_out(base().play("bird", "air", "fire", "earth").play("tree", "earth", "water", "air"))
    _next(t, "planet")
    assert "planet" in t.state["in_play"]


def test_element_goes_only_on_a_nature_card_in_play_that_needs_it():
    t = _laid("atmosphere", "air", "fire", "fire")  # needs Water only
    events = _next(t, "air")
    assert "air" in t.state["discard"] and "no Nature card in play needs Air" in text(events)
    t = _laid("atmosphere", "fire", "fire", "fire")
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "air", "on": "comet"}, rule="Creation: Elements go on Nature cards in play")
    assert "not in play" in err.message


def test_element_is_forced_onto_the_only_card_that_needs_it():
    t = _laid("atmosphere", "fire", "fire", "fire")
    events = _next(t, "water")
    assert board.missing(t.state, "atmosphere") == ["air"]
    assert "Atmosphere still needs Air" in text(events)


def test_element_with_two_targets_asks_which():
    # both Atmosphere and River need Water (laid out: River before its Comet is complete)
    t = _laid_out(Layout().play("atmosphere").play("comet").play("river"))
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "water"}, kind=InputError)
    assert "--on" in err.message
    _next(t, "water", on="river")
    assert t.state["in_play"]["river"]["elements"][0]["card"] == "water"


def test_complete_card_takes_no_more_elements():
    t = _laid("atmosphere", "air", "water", "comet")
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "fire", "on": "atmosphere"}, rule="Creation: Elements go on Nature cards that still need them")
    assert "already complete" in err.message


def test_aether_declares_one_needed_element():
    t = _laid("atmosphere", "air", "fire", "fire", "fire", "fire", n=6)
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "aether", "as": "fire"}, rule="Creation: an Element goes on a Nature card in play that needs it")
    assert "Atmosphere needs Water" not in err.message
    assert "--as water --on atmosphere" in err.message
    _next(t, "aether", **{"as": "water"})
    state = t.state
    assert state["in_play"]["atmosphere"]["complete"]
    assert state["in_play"]["atmosphere"]["elements"][1] == {
        "element": "water", "card": "aether", "protected": False}


def test_nature_card_as_an_element_printed_on_itself_earns_the_token():
    # Dee First Player: turn 2 starts with Ann; tokens 0, 0, 0 and Cy, last, takes all 7;
    # Cy shows a card in turn 2's Divination, so the Reserve holds 1
    t = seated(tokens=[0, 0, 0], first="Dee")
    turn(t, ["atmosphere", "water", "fire", "fire"])
    turn(t, [], [("show-card", {"player": "Cy", "to": "Dee"})])
    assert t.state["reserve"] == 1 and t.state["round"]["order"][0] == "Ann"
    # Bird shows Air, Fire, Earth: it may stand for Air on Atmosphere
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "bird", "as": "water"}, rule="Creation: a Nature card replaces an element printed on it")
    assert "Bird shows Air, Fire, Earth" in err.message
    _next(t, "bird", **{"as": "air"})
    state = t.state
    assert state["in_play"]["atmosphere"]["complete"]
    assert state["as_element"] == {"bird": "atmosphere"}
    assert state["tokens"]["Ann"] == 1 and state["reserve"] == 0


def test_nature_card_played_as_itself_when_it_can():
    t = _laid("atmosphere", "water", "fire", "fire")
    _next(t, "comet")  # Comet could stand for nothing Atmosphere needs anyway
    assert "comet" in t.state["in_play"]


def test_nature_card_lost_when_it_cannot_enter_play():
    t = seated()
    events = _next(t, "fish")
    assert "fish" in t.state["discard"] and "closed" in text(events)


def test_discarded_nature_card_closes_its_routes_until_retrieved():
    t = seated(tokens=[3, 0, 0])
    t.act({"verb": "discard", "player": "Ann", "card": "rainbow"})
    open_ = [r["route"] for r in board.open_routes(t.state) if not r["blocked"]]
    assert open_ == ["Flower + Tree"]  # every other pair uses Rainbow
    t.act({"verb": "retrieve", "player": "Ann", "card": "rainbow", "give": "fire"})
    assert len([r for r in board.open_routes(t.state) if not r["blocked"]]) == 6


def test_nature_card_is_unique():
    t = seated()
    _next(t, "comet")
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "comet"}, rule="Cards: the deck holds only so many copies of each card")
    assert "already accounted for" in err.message


def test_revealed_card_must_have_an_unseen_copy():
    # 4 players: no Aether in the deck. Turn 1 loses four Fire (nothing in play); turn 2's
    # Divination discards two more (Ann and Bob, one each): all 6 Fire are accounted for
    t = seated()
    turn(t, ["fire"] * 4)
    for who in ("Ann", "Bob"):
        t.act({"verb": "discard", "player": who, "card": "fire"})
    turn(t, [])  # turn 2: Bob reveals first
    t.refuse({"verb": "reveal", "player": "Bob", "card": "aether"}, kind=InputError)
    t.refuse({"verb": "reveal", "player": "Bob", "card": "lava"}, kind=InputError)
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "fire"}, rule="Cards: the deck holds only so many copies of each card")
    assert "6 in this deck" in err.message


def test_reveal_in_order_from_the_first_player():
    t = seated(first="Cy")
    turn(t, [])
    assert t.state["round"]["order"] == ["Cy", "Dee", "Ann", "Bob"]
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "fire"}, rule="Creation: reveal in order from the First Player")
    assert "Cy reveals next" in err.message


def test_first_reveal_closes_divination_once_every_card_is_down():
    t = seated()
    t.refuse({"verb": "reveal", "player": "Ann", "card": "comet"}, rule="Divination: the phase ends once every player has placed a card")  # nobody has placed yet
    t.act({"verb": "ready"})
    events = t.act({"verb": "reveal", "player": "Ann", "card": "comet"})
    assert t.state["phase"] == "creation" and "Creation: reveal in this order" in text(events)


def test_completion_names_what_is_now_playable():
    events = turn(seated(), ["atmosphere", "air", "water", "comet"])
    assert "Atmosphere is complete!" in text(events)
    assert "Now playable: Wind, Rainbow" in text(events)


def test_nature_card_forced_to_stand_for_an_element_says_it_never_enters_play():
    """Atmosphere needs Water; Rainbow (Level II) is locked (Atmosphere incomplete) but shows
    Water: it must be played as Water, and the table is told it is spent for good."""
    t = _laid("atmosphere", "air", "fire", "fire")
    events = _next(t, "rainbow")
    assert t.state["as_element"] == {"rainbow": "atmosphere"}
    assert "never enter play as itself" in text(events)
