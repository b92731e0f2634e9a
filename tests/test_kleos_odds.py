"""The calculators' maths (referee/scorers/kleos.py) and their agreement with the engine's dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.games.kleos import dice
from referee.scorers import kleos as sc


def test_one_die_succeeds_on_2_of_6_or_3_of_6_when_godly():
    assert sc.success_chance(False) == Fraction(1, 3)
    assert sc.success_chance(True) == Fraction(1, 2)
    # the engine counts the same faces
    assert dice.successes(["s", "g", "-"], godly=False) == 1
    assert dice.successes(["s", "g", "-"], godly=True) == 2


def test_odds_binomial_tail():
    # at least 1 success on 5 dice: 1 - (2/3)^5 = 1 - 32/243 = 211/243
    assert sc.odds(5, 1) == {"probability": 211 / 243, "exact": "211/243"}
    # at least 2 on 2 Godly dice: (1/2)^2 = 1/4
    assert sc.odds(2, 2, godly=True)["exact"] == "1/4"
    assert sc.odds(3, 0)["exact"] == "1/1" and sc.odds(1, 2)["exact"] == "0/1"


def test_combat_kill_and_slaughter():
    # Tactics example: Attack 2 + 4 = 6 dice against Defense 2.
    # kill = 1 - P(0) - P(1) = 1 - 64/729 - 6*32/729 = 1 - 256/729 = 473/729
    # slaughter = P(>= 5) = 6*2/729 + 1/729 = 13/729
    r = sc.combat(2, 2, tactics=4)
    assert r["dice"] == 6 and r["exact"] == {"kill": "473/729", "slaughter": "13/729"}
    assert r["kill"] == pytest.approx(473 / 729)


def test_combat_champion_is_never_slaughtered_and_dice_never_below_zero():
    r = sc.combat(2, 1, tactics=6, champion=True)
    assert r["slaughter"] == 0 and r["exact"]["slaughter"] == "0/1"
    r = sc.combat(1, 2, tactics=-3)
    assert r["dice"] == 0 and r["exact"]["kill"] == "0/1"


def test_odds_refuses_absurd_dice_counts():
    with pytest.raises(ValueError):
        sc.at_least(-1, 1)


def test_combat_calculator_has_no_dice_limit_within_its_options():
    """No Dice Limit: the largest inputs the calculator takes (99 Attack + 99 Tactics + 99 bonus
    = 297 dice) give an answer, not an internal error."""
    import json

    from click.testing import CliRunner

    from referee.cli import cli

    res = CliRunner().invoke(cli, ["--json", "kleos", "combat", "--attack", "99", "--defense",
                                   "99", "--tactics", "99", "--bonus", "99"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)["result"]
    assert out["dice"] == 297 and 0 < out["slaughter"] < out["kill"] < 1
