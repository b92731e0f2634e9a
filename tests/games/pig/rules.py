"""Pig's own rules: rolling and holding."""

from __future__ import annotations

from typing import Any

from games.pig.state import FACES, GOAL, PigState
from referee.model.engine import event
from referee.model.errors import IllegalAction
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event

HOLD_RULE = "Hold: roll at least once before holding"


def turn_points(state: PigState) -> int:
    return sum(state["rolls"])


def _next_turn(state: PigState) -> str:
    state["rolls"] = []
    state["seat"] = (state["seat"] + 1) % len(state["players"])
    state["turn"] += 1
    return state["players"][state["seat"]]


def roll(state: PigState, action: Action, chance: Any) -> list[Event]:
    """The die is rolled (typed at the table with --die, else by the referee): a 1 loses the
    turn's points and passes the die on; any other face adds to them."""
    player = action["player"]
    typed = action.get("die")
    die = int(chance.dice("die", 1, FACES, typed=None if typed is None else str(typed))[0])
    if die == 1:
        lost = turn_points(state)
        following = _next_turn(state)
        return [event(f"{player} rolls a 1 and loses the {lost} {ngettext('point', 'points', lost)} of the turn; {following}'s turn",
                      die=die)]
    state["rolls"].append(die)
    return [event(f"{player} rolls {die}: {turn_points(state)} this turn", die=die)]


def hold(state: PigState, action: Action, chance: Any) -> list[Event]:
    """The turn's points are banked; reaching the goal wins, else the die passes on."""
    player = action["player"]
    points = turn_points(state)
    if points == 0:
        raise IllegalAction(f"{player} has not rolled this turn: nothing to hold", HOLD_RULE)
    state["scores"][player] += points
    total = state["scores"][player]
    if total >= GOAL:
        state["rolls"] = []
        state["winner"] = player
        return [event(f"{player} holds {points}: {total} points, and wins")]
    following = _next_turn(state)
    return [event(f"{player} holds {points}: {total} points; {following}'s turn")]


def roll_options(state: PigState) -> list[Action]:
    return [{"player": state["players"][state["seat"]]}]


def hold_options(state: PigState) -> list[Action]:
    return [{"player": state["players"][state["seat"]]}] if state["rolls"] else []
