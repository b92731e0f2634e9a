"""Revelation scoring: the vibe combinations and the winner (referee/scorers/cerebria.py, the rulings)."""

from __future__ import annotations

import pytest

from referee.scorers.cerebria import most_fragments, vibe_combination, winner
from referee.testing import Table


@pytest.mark.parametrize("vibes, combination, bonus", [
    ([], "none", 0),
    (["red"], "none", 0),
    (["red", "red"], "none", 0),
    (["red", "blue", "green"], "three-different", 1),
    (["red", "red", "blue", "green"], "three-different", 1),  # one pair + 3 different -> 1
    (["red", "red", "red"], "three-of-a-kind", 2),
    (["red", "red", "red", "blue"], "three-of-a-kind", 2),
    (["red", "red", "blue", "blue"], "two-pairs", 2),
    (["red", "yellow", "green", "blue"], "four-different", 3),
    (["blue", "blue", "blue", "blue"], "four-of-a-kind", 4),
])
def test_only_the_best_vibe_combination_scores(vibes, combination, bonus):
    assert vibe_combination(vibes) == {"combination": combination, "bonus": bonus}


def test_nobody_wins_below_the_conditions():
    # 11 Bliss is not Single-minded; 7 Bliss + 6 Gloom is not Balanced
    assert winner([("Ann", 11, 0, 5), ("Bob", 7, 6, 5)]) == {
        "winners": [], "condition": None, "tie_break": None}


def test_single_minded_beats_balanced_even_with_fewer_fragments():
    # Ann 12 Bliss (total 12) beats Bob 9/9 (total 18): the condition comes before the total
    assert winner([("Ann", 12, 0, 3), ("Bob", 9, 9, 3)]) == {
        "winners": ["Ann"], "condition": "single-minded", "tie_break": None}


def test_single_minded_by_gloom():
    assert winner([("Ann", 0, 12, 3)])["condition"] == "single-minded"


def test_tie_broken_by_total_then_last_revelation_then_shared():
    # both Balanced: 7+8=15 beats 7+7=14
    assert winner([("Ann", 7, 7, 9), ("Bob", 7, 8, 1)]) == {
        "winners": ["Bob"], "condition": "balanced", "tie_break": "total"}
    # both 15 in total: Ann scored 6 in the final Revelation, Bob 4
    assert winner([("Ann", 8, 7, 6), ("Bob", 7, 8, 4)]) == {
        "winners": ["Ann"], "condition": "balanced", "tie_break": "last-revelation"}
    assert winner([("Ann", 8, 7, 4), ("Bob", 7, 8, 4), ("Cy", 1, 1, 2)]) == {
        "winners": ["Ann", "Bob"], "condition": "balanced", "tie_break": "shared"}


def test_spent_supply_ends_with_the_most_fragments():
    # the referee's ruling for a table where all 80 fragments are scored and nobody won
    assert most_fragments([("Ann", 11, 6, 2), ("Bob", 6, 11, 3), ("Cy", 6, 6, 1)]) == {
        "winners": ["Bob"], "condition": None, "tie_break": "last-revelation"}


# -- The `winner` calculator: incomplete or impossible scores --------------------------------


def test_winner_needs_the_final_revelation_only_to_break_a_tie_on_the_total():
    with Table("cerebria") as t:
        # no tie on the total: LAST is not needed (Bob 7+9=16 beats Ann 8+7=15)
        out = t.ok("winner --player Ann=8/7 --player Bob=7/9")
        assert out.result == {"winners": ["Bob"], "condition": "balanced", "tie_break": "total"}
        # a tie on 15: the final Revelation decides, so a missing LAST is refused (exit 2)
        t.refused("winner --player Ann=8/7/4 --player Bob=7/8", code=2,
                  message="give Bob as NAME=BLISS/GLOOM/LAST")
        out = t.ok("winner --player Ann=8/7/4 --player Bob=7/8/6")
        assert out.result == {"winners": ["Bob"], "condition": "balanced",
                              "tie_break": "last-revelation"}


def test_winner_refuses_malformed_scores_as_usage_errors():
    with Table("cerebria") as t:
        for bad in ("Ann=8/7/", "Ann=8//3", "Ann=-1/7", "Ann=8/7/-2", "Ann=8", "Ann=8/7/1/1"):
            t.refused(f"winner --player {bad} --player Bob=1/1", code=2)


def test_fragment_supply_is_40_of_each_kind_in_the_winner_calculator():
    with Table("cerebria") as t:
        t.refused("winner --player Ann=41/0 --player Bob=0/0", rule="Fragment supply: 40 of each kind",
                  message="41 Bliss fragments")
        # 30 + 11 Gloom over two players is more than the 40 in the game
        t.refused("winner --player Ann=0/30 --player Bob=1/11",
                  rule="Fragment supply: 40 of each kind", message="41 Gloom fragments")
        t.ok("winner --player Ann=0/29 --player Bob=1/11")


def test_the_final_revelation_scores_no_more_than_the_total_nor_than_one_mindset_holds():
    with Table("cerebria") as t:
        t.refused("winner --player Ann=8/7/16 --player Bob=7/8/3",
                  rule="Revelation: the final one's fragments are part of the total",
                  message="holds only 15")
        # 4 emotions of at most 4 slots (16 fragments) and a bonus of at most 4: 20
        t.refused("winner --player Ann=12/12/21 --player Bob=7/8/3",
                  rule="Revelation: a Mindset scores at most 20")
        t.ok("winner --player Ann=12/12/20 --player Bob=7/8/3")


def test_cerebria_seats_at_most_five_players_in_the_winner_calculator():
    with Table("cerebria") as t:
        six = " ".join(f"--player P{i}=1/1" for i in range(6))
        t.refused(f"winner {six}", rule="Players: 2 to 5")


def test_spent_supply_ends_with_the_most_fragments_in_the_winner_calculator():
    # all 40 Bliss and 40 Gloom scored, nobody Single-minded (12+) or Balanced (7+ each):
    # Ann, Bob, Cy and Dee tie on 17; Bob scored the most (3) in the final Revelation
    with Table("cerebria") as t:
        out = t.ok("winner --player Ann=11/6/2 --player Bob=6/11/3 --player Cy=11/6/1 "
                   "--player Dee=6/11/2 --player Eve=6/6/0")
        assert out.result == {"winners": ["Bob"], "condition": None,
                              "tie_break": "last-revelation"}
        # one Gloom fewer in all: the supply is not spent, nobody wins yet
        out = t.ok("winner --player Ann=11/6/2 --player Bob=6/11/3 --player Cy=11/6/1 "
                   "--player Dee=6/10/2 --player Eve=6/6/0")
        assert out.result == {"winners": [], "condition": None, "tie_break": None}
