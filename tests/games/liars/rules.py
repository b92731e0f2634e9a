"""Liar's Dice's own rules: bidding, challenging, the cups rolled for each round."""

from __future__ import annotations

from typing import Any

from games.liars.state import FACES, LiarsState
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Action, Event

RAISE_RULE = "Bids: each bid raises the last (more dice, or as many dice of a higher face)"
TABLE_RULE = "Bids: no more dice than lie on the table"
CHALLENGE_RULE = "Challenge: only a bid can be challenged"


def total(state: LiarsState) -> int:
    return sum(state["dice"].values())


def roll_cups(state: LiarsState, chance: Any) -> list[Event]:
    """A new round: each player still in gets a fresh cup, seen by that player alone."""
    events = []
    for p in state["players"]:
        n = state["dice"][p]
        state["cups"][p] = sorted(chance.dice(f"cup {p}", n, FACES, to=p)) if n else []
        if n:
            events.append(event(f"{p}'s cup: {' '.join(state['cups'][p])}.", to=p,
                                others=f"{p} shakes {n} {'die' if n == 1 else 'dice'} under the cup."))
    return events


def _next_seat(state: LiarsState, seat: int) -> int:
    n = len(state["players"])
    for step in range(1, n + 1):
        s = (seat + step) % n
        if state["dice"][state["players"][s]]:
            return s
    return seat


def bid(state: LiarsState, action: Action, chance: Any) -> list[Event]:
    """Bid that at least COUNT dice on the table show FACE; it must raise the last bid."""
    player, count, face = action["player"], action["count"], action["face"]
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise InputError(f"a bid is of at least one die, not {count!r}")
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
        raise InputError(f"a die's face is 1-6, not {face!r}")
    if count > total(state):
        raise IllegalAction(f"{count} dice are bid, {total(state)} lie on the table", TABLE_RULE)
    last = state["bid"]
    if last is not None and (count, face) <= (last["count"], last["face"]):
        raise IllegalAction(f"{player} must raise {last['player']}'s bid of {last['count']} x {last['face']}",
                            RAISE_RULE)
    state["bid"] = {"player": player, "count": count, "face": face}
    state["seat"] = _next_seat(state, state["seat"])
    state["turn"] += 1
    return [event(f"{player} bids {count} x {face}.")]


def challenge(state: LiarsState, action: Action, chance: Any) -> list[Event]:
    """Call the last bid a lie: every cup is shown; the bidder loses a die if fewer dice show
    the face than were bid, else the challenger does. Then new cups are rolled."""
    player, last = action["player"], state["bid"]
    if last is None:
        raise IllegalAction(f"there is no bid to challenge: {player} bids first", CHALLENGE_RULE)
    face = str(last["face"])
    found = sum(cup.count(face) for cup in state["cups"].values())
    loser = player if found >= last["count"] else last["player"]
    shown = {p: list(cup) for p, cup in state["cups"].items() if cup}
    cups = "; ".join(f"{p}: {' '.join(cup)}" for p, cup in shown.items())
    events = [event(f"{player} challenges {last['player']}'s bid of {last['count']} x {face}: {cups}. "
                    f"{found} show {face}: {loser} loses a die.", shown=shown)]
    state["shown"], state["bid"] = shown, None
    state["dice"][loser] -= 1
    state["turn"] += 1
    alive = [p for p in state["players"] if state["dice"][p]]
    if len(alive) == 1:
        state["winner"] = alive[0]
        state["cups"] = {p: [] for p in state["players"]}
        return [*events, event(f"{alive[0]} is the last with dice, and wins.")]
    state["round"] += 1
    seat = state["players"].index(loser)
    state["seat"] = seat if state["dice"][loser] else _next_seat(state, seat)
    return events + roll_cups(state, chance)


def bid_options(state: LiarsState) -> list[Action]:
    last = state["bid"]
    player = state["players"][state["seat"]]
    return [{"player": player, "count": c, "face": f} for c in range(1, total(state) + 1) for f in range(1, 7)
            if last is None or (c, f) > (last["count"], last["face"])]


def challenge_options(state: LiarsState) -> list[Action]:
    return [{"player": state["players"][state["seat"]]}] if state["bid"] else []
