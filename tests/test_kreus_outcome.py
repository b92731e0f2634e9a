"""End of the game (4.4, 7): the outcome tiers, computed by referee/scorers/kreus.py and reached by
full scripted 4-player games, plus the Aggression defeats."""

from __future__ import annotations

import pytest
from kreus_table import (
    PERFECT_ROUTE,
    ROUTE,
    Layout,
    perfect_table,
    planet_layout,
    planet_table,
    seated,
    text,
    turn,
)

from referee.games.kreus import ENGINE
from referee.games.kreus.table import held_aggression
from referee.scorers.kreus import outcome
from referee.testing import Table

# -- the calculator -------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, expected", [
    ({"planet": False}, "critical-defeat"),
    ({"planet": True, "elements": 0}, "unstable"),
    ({"planet": True, "elements": 1}, "unstable"),
    ({"planet": True, "elements": 2}, "may-sustain-life"),
    ({"planet": True, "elements": 3}, "may-sustain-life"),
    ({"planet": True, "elements": 4}, "success"),
    ({"planet": True, "elements": 4, "cards_left": [2, 3, 2, 2]}, "perfection"),
    ({"planet": True, "elements": 4, "cards_left": [2, 1, 2, 2]}, "success"),
    ({"planet": True, "elements": 4, "aggression_held": True}, "defeat"),
    ({"planet": True, "elements": 3, "aggression_held": True}, "may-sustain-life"),
    ({"planet": True, "elements": 4, "cards_left": [3, 3, 3], "aggression_early": True}, "defeat"),
    ({"planet": False, "aggression_early": True}, "defeat"),
])
def test_outcome_tiers(kwargs, expected):
    assert outcome(**kwargs) == expected


def test_outcome_refuses_negative_counts():
    with pytest.raises(ValueError):
        outcome(planet=True, elements=-1)
    with pytest.raises(ValueError):
        outcome(planet=True, elements=4, cards_left=[2, -1])


def test_outcome_cards_left_is_one_count_per_player_three_to_six():
    for counts in ([2, 2], [2] * 7):
        with pytest.raises(ValueError, match="3 to 6"):
            outcome(planet=True, elements=4, cards_left=counts)
    assert outcome(planet=True, elements=4, cards_left=[2] * 6) == "perfection"


# -- full scripted games ---------------------------------------------------------------------

def test_full_game_perfection():
    # 4-player first game: 8 turns of 4 reveals, the 4 Aggression cards among them (turn 3);
    # each player revealed 8 of 10 cards and holds 2; no Aggression card unseen -> perfection
    t = perfect_table(turns=7)
    events = turn(t, PERFECT_ROUTE[7])
    state = t.state
    assert state["over"] and state["pending"] == [] and state["outcome"] == "perfection"
    assert held_aggression(state) == 0 and set(state["hand"].values()) == {2}
    assert "perfection" in text(events)


def test_full_game_defeat_when_an_aggression_card_is_held_at_completion():
    # the 7-turn route never reveals an Aggression card: all 5 are still held
    state = planet_table().state
    assert state["over"] and state["pending"] == [] and state["outcome"] == "defeat"
    assert held_aggression(state) == 5


def test_full_game_success_when_a_player_is_short_of_two_cards():
    # turn 8, Divination: Ann (3 cards) discards Mountain, then places 1: she ends with 1 card
    extra = {8: [("discard", {"player": "Ann", "card": "mountain"})]}
    state = perfect_table(divination=extra).state
    assert state["over"] and state["outcome"] == "success"
    assert state["hand"] == {"Ann": 1, "Bob": 2, "Cy": 2, "Dee": 2}


def test_full_game_success_without_the_question_once_every_aggression_card_is_seen():
    t = planet_table(turns=3)
    turn(t, ["hekatonkheires", "storm", "thunderbolts", "thunderbolts"])
    turn(t, ["thunderbolts", "river", "water", "earth"])  # River ends them
    assert not t.state["hek"]
    turn(t, ["bird", "air", "fire", "earth"])
    turn(t, ["fish", "water", "fire", "earth"])
    # Ann was dealt the Planet: an exchange lets it reach Dee, who reveals it first on turn 8
    turn(t, ["planet", "fire", "air", "earth"], [("exchange", {"player": "Ann", "with": "Dee"})])
    # turn 9, Ann first again: her Water completes the Planet; no Aggression card is unseen
    turn(t, ["water"])
    state = t.state
    assert state["over"] and state["pending"] == []
    # Ann: 10 - 9 = 1 card left; the others 2 (one face down, one in hand) -> success
    assert state["outcome"] == "success"


def _after_route(turn_7: list, turn_8: list) -> Table:
    """ROUTE's turn 7 laid out (the Planet in play with nothing under it), every hand at 3
    cards, then turns 7 and 8 played: each player keeps 1 card into turn 9."""
    t = planet_layout(Ann=3, Bob=3, Cy=3, Dee=3).table()
    turn(t, turn_7)
    turn(t, turn_8)
    assert t.state["turn"] == 9 and set(t.state["hand"].values()) == {1}
    return t


def _finish_by_discarding(t: Table) -> list[dict]:
    """Turn 9, Divination: every player discards their last card; `next` ends the game."""
    unseen = [card for card, n in sorted(t.state["pool"].items()) for _ in range(n)]
    for who, card in zip(t.state["players"], unseen, strict=True):
        t.act({"verb": "discard", "player": who, "card": card})
    events = t.act({"verb": "next"})
    state = t.state
    assert state["over"] and state["end_reason"] == "hands-empty"
    return events


def test_full_game_unstable():
    t = _after_route(["fire", "hekatonkheires", "thunderbolts", "storm"],
                     ["thunderbolts", "thunderbolts", "mountain", ("air", {"on": "mountain"})])
    _finish_by_discarding(t)
    state = t.state
    assert state["in_play"]["planet"]["elements"][0]["card"] == "fire"
    assert state["outcome"] == "unstable"


def test_full_game_may_sustain_life():
    t = _after_route(["fire", "air", "hekatonkheires", "thunderbolts"],
                     ["storm", "thunderbolts", "thunderbolts", "mountain"])
    _finish_by_discarding(t)
    state = t.state
    assert len(state["in_play"]["planet"]["elements"]) == 2
    assert state["outcome"] == "may-sustain-life"


def test_full_game_critical_defeat():
    # hands of 4, the rest discarded as if in earlier turns, sparing the cards revealed here:
    # the last turn is turn 4, when every hand is down to 1 card
    spare = ("fire", "air", "earth") * 2 + ("water",) * 5
    t = Layout(4, tokens=[2, 2, 2]).hands(4, spare=spare).table()
    turn(t, ["fire", "air", "earth", "water"])  # nothing in play: lost
    turn(t, ["thunderbolts", "thunderbolts", "thunderbolts", "hekatonkheires"])
    turn(t, ["storm", "fire", "air", "earth"])  # the Hekatonkheires rage
    events = turn(t, ["water"] * 4)  # the last turn
    state = t.state
    assert state["over"] and state["outcome"] == "critical-defeat"
    assert "critical defeat" in text(events)


def test_full_game_aggression_defeat_on_the_first_turn():
    t = seated(4, tokens=[2, 2, 2])
    events = turn(t, [*ROUTE[0][:2], "thunderbolts"])
    assert t.state["over"] and t.state["outcome"] == "defeat"
    assert "Comet" not in text(events[-1:])
    t.refuse({"verb": "reveal", "player": "Dee", "card": "water"}, rule="End of the game")


def test_game_ends_by_itself_only():
    err = seated().refuse({"verb": "end"}, rule="End of the game: hands empty or the Planet complete")
    assert "End of the game" in (err.rule or "")


def test_may_sustain_life_is_the_bare_minimum_win_and_unstable_a_loss():
    """Section 1: the team wins or loses together. "May sustain life" is the bare-minimum
    result (a win, every player listed); an unstable Planet falls apart (nobody wins)."""
    t = _after_route(["fire", "air", "hekatonkheires", "thunderbolts"],
                     ["storm", "thunderbolts", "thunderbolts", "mountain"])
    events = _finish_by_discarding(t)
    summary = ENGINE.summary(t.state)
    assert summary["outcome"] == "may-sustain-life"
    assert summary["winners"] == ["Ann", "Bob", "Cy", "Dee"]
    assert "the team wins" in text(events)
    unstable = _after_route(["fire", "hekatonkheires", "thunderbolts", "storm"],
                            ["thunderbolts", "thunderbolts", "mountain",
                             ("air", {"on": "mountain"})])
    _finish_by_discarding(unstable)
    assert ENGINE.summary(unstable.state)["winners"] == []
