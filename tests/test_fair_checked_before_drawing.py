"""Typed parts of an action are checked before anything is drawn for it (issue 34, item 3).

An attack rolls the attacker's dice, then, unless the attack slaughters, the defender's
retaliation. A retaliation typed wrong used to be refused only when it was reached, so the
refusal told, before the dice were shown, that the attack would not slaughter (and the retry
rolled the same dice). It is now checked first: refused the same way whatever the attack rolls.
The same for a competing check's second minion, and for Cerebria's Mood Marker typed with
`next-cycle` (checked before the Impulse cards are turned).
"""

from __future__ import annotations

import pytest
from kleos_table import do
from test_kleos_combat import tactics_game

from referee.model.chance import Chance
from referee.model.errors import InputError

# Hermes' Hoplite Warrior (hermes:1) attacks Ares' Hoplite Warrior (ares:1) at the Market: 2 Attack
# + 4 Tactics = 6 dice against Defense 2; the retaliation is Ares' Hoplite's 2 Attack, no Tactics: 2 dice.
BAD = "sss"  # three faces for the retaliation's two dice
SAID = "retaliation: 2 dice are rolled here, 3 were typed"


def test_a_mistyped_retaliation_is_refused_before_the_attack_rolls():
    answers = []
    for dice in ("sssss-", "s-----", None):  # a slaughter (5 - 2 >= 3), a miss, the referee's roll
        g = tactics_game()
        typed = f" --dice {dice}" if dice else ""
        out = g.refused(f"attack hermes:1 ares:1{typed} --retaliation {BAD}", code=2)
        answers.append((out.code, out.error["kind"], out.error["message"]))
    assert answers == [(2, "usage", SAID)] * 3


@pytest.fixture
def rolled(monkeypatch) -> list[str]:
    """The labels of the results drawn (rolled by the referee or typed) from here on."""
    out: list[str] = []
    real = Chance.draw

    def draw(self, label, *args, **kwargs):
        out.append(label)
        return real(self, label, *args, **kwargs)

    monkeypatch.setattr(Chance, "draw", draw)
    return out


def test_a_mistyped_retaliation_rolls_nothing(rolled):
    g = tactics_game()
    rolled.clear()
    g.refuse(do("attack", minion="hermes:1", target="ares:1", retaliation=BAD), kind=InputError)
    assert rolled == []


def test_a_competing_checks_typed_dice_are_checked_before_the_first_roll(rolled):
    # Ares' Hoplite (Attack 2) against Hermes' Hoplite (Attack 2): two dice each; three typed
    # for the second minion are refused before the first minion's dice are rolled
    g = tactics_game()
    rolled.clear()
    out = g.refused("check ares:1 attack --against hermes:1 --against-dice sss", code=2)
    assert out.error["message"] == "competing check: 2 dice are rolled here, 3 were typed"
    assert g.refused("check ares:1 attack --against ares:1", rule="Stat checks: a competing check is between "
                     "two different minions").code == 1
    assert rolled == []


def test_a_mistyped_mood_is_refused_before_any_impulse_card_is_turned(rolled):
    # Cerebria, preparing the next Cycle: the referee turns three Impulse cards, then tosses the
    # Mood Marker; a mood typed wrong is refused first, nothing turned
    from cerebria_table import Layout
    from test_cerebria_revelation import _revealed

    p = Layout()
    p.give("Ann", "brightness-blue")
    t = _revealed(p)
    rolled.clear()
    exc = t.refuse({"verb": "next-cycle", "mood": "sunny"}, kind=InputError)
    assert exc.message == "mood marker: 'sunny' is not one of bliss, gloom"
    assert rolled == []

