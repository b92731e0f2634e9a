"""Deployment puts Minions into play and nothing else: the rulebook keeps every other card in
the hand until the Contest starts, so no card's effect (a kill, a glory change, Olympus'
Favor, a check, a move) is accepted or listed then; from Daybreak of Day 1 they are."""

from __future__ import annotations

import pytest
from kleos_table import do, new_game

RULE = "Deployment: only Minions go into play"

EFFECTS = [
    do("glory", god="ares", delta="+1", reason="Spear of Ares"),
    do("kill", minion="ares:1", reason="Lightning"),
    do("favor", minion="ares:1"),
    do("check", minion="ares:1", stat="cunning", need=1),
    do("move", minion="ares:1", to="port", effect=True),
]


@pytest.mark.parametrize("action", EFFECTS, ids=lambda a: a["verb"])
def test_no_card_effect_at_deployment(action):
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    assert g.state["phase"] == "deployment"
    g.refuse(action, rule=RULE)
    assert not any(a["verb"] == action["verb"] and (a.get("effect") or action["verb"] != "move")
                   for a in g.engine.legal_actions(g.state))


@pytest.mark.parametrize("action", EFFECTS, ids=lambda a: a["verb"])
def test_card_effects_are_accepted_once_the_contest_starts(action):
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    g.act(do("next"))  # Daybreak of Day 1: the Play Phase
    assert g.state["phase"] == "play"
    g.act(action)  # accepted: a card may be played now
    assert any(a["verb"] == action["verb"] for a in g.engine.legal_actions(g.state))
