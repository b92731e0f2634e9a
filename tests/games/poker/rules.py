"""Poker Dice's own rules: the cups rolled for each round, one re-roll or a stand each, the
showdown."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.poker import hands
from games.poker.state import DICE, FACES, PokerState
from referee.model.engine import event
from referee.model.errors import InputError
from referee.model.verbs import Action, Event

POSITIONS = tuple(str(i) for i in range(1, DICE + 1))


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def roll_cups(state: PokerState, chance: Any) -> list[Event]:
    """A new round: each player gets five fresh dice under the cup, seen by that player alone.
    The cup keeps the order rolled, so a re-roll by position tells nothing of the faces."""
    events = []
    for p in state["players"]:
        state["cups"][p] = list(chance.dice(f"cup {p}", DICE, FACES, to=p))
        events.append(event(f"{p}'s cup: {' '.join(state['cups'][p])} ({hands.name(state['cups'][p])}).", to=p,
                            others=f"{p} shakes five dice under the cup."))
    state["rerolled"] = dict.fromkeys(state["players"], 0)
    state["done"] = []
    return events


def _positions(action: Action) -> list[int]:
    typed = action.get("dice")
    words = [w for w in str(typed or "").split(",") if w.strip()]
    if not words:
        raise InputError("name the dice to re-roll by their places in the cup, 1-5 (for example 1,4)")
    places = []
    for w in words:
        if str(w).strip() not in POSITIONS:
            raise InputError(f"a die's place in the cup is 1-{DICE}, not {w!r}")
        places.append(int(str(w).strip()))
    if len(set(places)) != len(places):
        raise InputError("each die is named once")
    return sorted(places)


def _next(state: PokerState, chance: Any) -> list[Event]:
    """The turn passes on; after the last player of the round, the showdown."""
    state["turn"] += 1
    if len(state["done"]) < len(state["players"]):
        state["seat"] = (state["seat"] + 1) % len(state["players"])
        return []
    return showdown(state, chance)


def reroll(state: PokerState, action: Action, chance: Any) -> list[Event]:
    """Re-roll the dice at these places in the cup (1-5), once this round."""
    player = action["player"]
    places = _positions(action)
    new = chance.dice(f"reroll {player}", len(places), FACES, to=player)
    cup = state["cups"][player]
    for place, face in zip(places, new, strict=True):
        cup[place - 1] = face
    state["rerolled"][player] = len(places)
    state["done"].append(player)
    said = ", ".join(str(p) for p in places)
    events = [event(f"{player} re-rolls die {said}: the cup holds {' '.join(cup)} ({hands.name(cup)}).",
                    to=player, others=f"{player} re-rolls {_dice(len(places))} under the cup.")]
    return events + _next(state, chance)


def stand(state: PokerState, action: Action, chance: Any) -> list[Event]:
    """Keep the cup as it is this round."""
    player = action["player"]
    state["done"].append(player)
    return [event(f"{player} stands."), *_next(state, chance)]


def showdown(state: PokerState, chance: Any) -> list[Event]:
    """Every cup turned up: the best hand alone scores a point; a tie for it scores nobody."""
    shown = {p: list(state["cups"][p]) for p in state["players"]}
    best = hands.best(shown)
    cups = "; ".join(f"{p}: {' '.join(c)} ({hands.name(c)})" for p, c in shown.items())
    if len(best) == 1:
        state["scores"][best[0]] += 1
        outcome = f"{best[0]} scores ({state['scores'][best[0]]} of {state['target']})."
    else:
        outcome = f"{' and '.join(best)} tie for the best hand: no point."
    events = [event(f"Showdown, round {state['round']}: {cups}. {outcome}", shown=shown)]
    state["shown"], state["best"] = shown, best
    if len(best) == 1 and state["scores"][best[0]] >= state["target"]:
        state["winner"] = best[0]
        state["cups"] = {p: [] for p in state["players"]}
        state["done"] = []
        points = "1 point" if state["target"] == 1 else f"{state['target']} points"
        return [*events, event(f"{best[0]} has {points} and wins.")]
    state["round"] += 1
    state["seat"] = (state["round"] - 1) % len(state["players"])
    return events + roll_cups(state, chance)


def _player(state: PokerState) -> str:
    return state["players"][state["seat"]]


def reroll_options(state: PokerState) -> list[Action]:
    if state["winner"]:
        return []
    return [{"player": _player(state), "dice": ",".join(places)}
            for n in range(1, DICE + 1) for places in combinations(POSITIONS, n)]


def reroll_sample(state: PokerState) -> list[Action]:
    """What a playout re-rolls: one die at each place, or the whole cup (not all 31 choices, so
    that it stands about as often as it re-rolls a given way)."""
    if state["winner"]:
        return []
    return [*reroll_options(state)[:DICE], {"player": _player(state), "dice": ",".join(POSITIONS)}]


def stand_options(state: PokerState) -> list[Action]:
    return [] if state["winner"] else [{"player": _player(state)}]
