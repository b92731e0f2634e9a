"""Revelation scoring: the vibe combinations and the winner (scorers/cerebria.py, RULINGS)."""

from __future__ import annotations

import pytest

from scorers.cerebria import most_fragments, vibe_combination, winner


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
