"""Kreus, the fourth play-test (issue 35, items 6-8): the first reveal is listed once every
card is face down; the Storm of Uranus taken back cannot be answered with `none` when the
counts prove a Nature or Element card in hand; an Element's special effect needs the card put
into play (a Disturbing Element discarded moves nothing; a Complementary Element needs the
card just before it to be an Element put into play)."""

from __future__ import annotations

from kreus_table import Layout, seated, text, turn

from referee.games.kreus import ENGINE
from referee.testing import Table

STORM_DISCARD = "Aggression: the Storm's player discards a Nature or Element card"


def reveals(t: Table) -> list[dict]:
    return [a for a in ENGINE.legal_actions(t.state) if a["verb"] == "reveal"]


# -- 6. the first reveal is listed once every card is face down ----------------------------------

def test_creation_the_first_reveal_is_listed_once_every_card_is_face_down():
    t = seated()
    t.act({"verb": "ready"})  # every card face down; the Divination phase is still open
    assert t.state["phase"] == "divination"
    listed = reveals(t)
    assert listed and {a["player"] for a in listed} == {"Ann"}  # the First Player reveals first
    assert {"verb": "reveal", "player": "Ann", "card": "atmosphere"} in listed
    assert any(a["verb"] == "next" for a in ENGINE.legal_actions(t.state))
    for a in listed:  # each one accepted as it stands (a dry run)
        t.act(a, dry_run=True)
    shown = t.run(["hint", "--limit", "0"]).result["actions"]
    assert any(a["command"] == "reveal Ann atmosphere" for a in shown)


def test_creation_no_reveal_is_listed_while_a_card_is_still_to_be_placed():
    t = seated()
    t.act({"verb": "ready", "player": "Ann"})
    assert reveals(t) == []


# -- 7. the Storm of Uranus taken back: `none` only when the counts allow it ---------------------

def storm_back(hands: dict[str, int] | None = None) -> Table:
    """Turn 2, Bob first: nothing lies on an incomplete card, so the Storm he reveals comes
    back to his hand and he owes a discard."""
    if hands is None:
        t = seated()
        turn(t, ["fire", "fire", "fire", "fire"])  # turn 1: nothing in play, all discarded
    else:
        t = Layout(first="Bob").hands(hands).turn(2).table()
    turn(t, [])
    assert t.state["round"]["order"][0] == "Bob"
    t.act({"verb": "reveal", "player": "Bob", "card": "storm"})
    assert t.state["pending"][0]["decision"] == "storm-discard"
    return t


def test_storm_taken_back_none_refused_when_the_counts_prove_a_nature_or_element_card():
    t = storm_back()
    # Bob: 10 dealt, 2 put face down, the Storm back: 8 other cards, and only 4 Aggression
    # cards (3 Thunderbolts, the Hekatonkheires) are unseen
    assert t.state["hand"]["Bob"] == 9
    out = t.refused("discard Bob none", rule=STORM_DISCARD,
                    message="Bob holds 8 other cards and at most 4 Aggression cards are unseen")
    assert "none" not in t.state["pending"][0]["choices"]
    assert {"verb": "discard", "player": "Bob", "card": "none"} not in ENGINE.legal_actions(t.state)
    assert out.error["rule"] == STORM_DISCARD
    t.ok("discard Bob water")


def test_storm_taken_back_with_its_discard_typed_up_front_none_refused_too():
    t = seated()
    turn(t, ["fire", "fire", "fire", "fire"])
    turn(t, [])
    t.refused("reveal Bob storm --discard none", rule=STORM_DISCARD, message="Bob holds 8")
    forms = [a for a in reveals(t) if a["card"] == "storm"]
    assert forms and not [a for a in forms if a.get("discard") == "none"]


def test_storm_taken_back_none_accepted_when_a_hand_of_aggression_cards_is_possible():
    # Bob holds 3 cards: the Storm, put face down on turn 2, and two more; 4 Aggression
    # cards are unseen, so both may be Aggression cards
    t = storm_back({"Bob": 3})
    assert t.state["hand"]["Bob"] == 3 and "none" in t.state["pending"][0]["choices"]
    assert {"verb": "discard", "player": "Bob", "card": "none"} in ENGINE.legal_actions(t.state)
    out = t.ok("discard Bob none")
    assert "nothing is discarded" in out.text


# -- 8. an Element's special effect needs the card put into play -------------------------------

def test_disturbing_element_discarded_under_the_hekatonkheires_moves_nothing():
    # Comet in play (turn 1, Ann first); turn 2, Bob first: the Hekatonkheires, then Cy's
    # Disturbing Fire, which the Comet needs: discarded, so the First Player card stays
    t = seated(4, tokens=[2, 2, 2], altered=True)
    turn(t, ["comet", "air", "air", "air"])
    events = turn(t, ["hekatonkheires", "disturbing-fire"])
    assert "disturbing-fire" in t.state["discard"] and "First Player card moves" not in text(events)
    assert t.state["players"][t.state["first"]] == "Bob"
    assert t.state["in_play"]["comet"]["elements"] == []


def test_disturbing_element_that_nothing_needs_moves_nothing():
    # turn 2, Bob first: Fire has nowhere to go (nothing in play), so it is discarded and
    # the First Player card stays with Bob (it passes to Cy at the end of the turn only)
    t = seated(4, tokens=[2, 2, 2], altered=True)
    turn(t, ["water", "water", "water", "earth"])
    events = turn(t, ["disturbing-fire"])
    assert "disturbing-fire" in t.state["discard"] and "First Player card moves" not in text(events)
    assert t.state["players"][t.state["first"]] == "Bob"


def test_complementary_element_after_an_aggression_card_is_discarded():
    # Comet in play (turn 1); turn 2: Thunderbolts (nothing to strike) come just before the
    # Complementary Earth, which is not an Element put into play: discarded
    t = seated(4, tokens=[2, 2, 2], altered=True)
    turn(t, ["comet", "air", "air", "air"])
    events = turn(t, ["thunderbolts", "complementary-earth"])
    assert "complementary-earth" in t.state["discard"] and "Complementary" in text(events)
    assert t.state["in_play"]["comet"]["elements"] == []


def test_complementary_element_after_an_element_put_into_play_is_played():
    t = seated(4, tokens=[2, 2, 2], altered=True)
    turn(t, ["comet", "air", "air", "air"])
    turn(t, ["fire", "complementary-earth"])
    assert t.state["in_play"]["comet"]["complete"]
