"""Turn order: clockwise (seat order), skipping eliminated colonies; the end of a turn."""

from __future__ import annotations

from referee.model.i18n import msg

from .arrival import Ctx
from .cards import start_of_turn
from .decisions import clear
from .legal import movable
from .pond import alive
from .state import CroaState


def end_turn(state: CroaState, ctx: Ctx) -> None:
    """The move is over: free mud frogs whose owner's turn ends, check for the last queen,
    then hand over to the next colony."""
    c = state["current"]
    col = state["colonies"][c]
    clear(state)
    state["gain"] = 0  # servants gained by eliminations are placed on arrival (arrival.py)
    _unstick(state, c, ctx)
    col["played_card"] = False
    if state["winner"] is not None:
        ctx.say(msg("Only {name}'s queen is left: {name} wins!", name=state["colonies"][state["winner"]]["name"]))
        return
    for _n in range(2 * len(state["colonies"]) + 2):
        before = state["current"]
        state["current"] = next_colony(state, before)
        state["turn"] += 1
        if state["current"] <= before:
            state["round"] = state.get("round", 1) + 1
        nxt = state["current"]
        start_of_turn(state, nxt, ctx)
        if movable(state, nxt):
            return
        name = state["colonies"][nxt]["name"]
        ctx.say(msg("{name} has no frog that can move ({why}): the turn passes.", name=name, why=why_stuck(state, nxt)),
                passed=name)
        _unstick(state, nxt, ctx)
        state["colonies"][nxt]["played_card"] = False


def why_stuck(state: CroaState, c: int) -> dict:
    """Why no frog of colony c can move: the mud, or no square it may go to (said when read)."""
    frogs = [f for f in state["colonies"][c]["frogs"] if f["square"] is not None]
    if all(f["stuck"] for f in frogs):
        return msg("all stuck in the mud")
    if any(f["stuck"] for f in frogs):
        return msg("stuck in the mud or hemmed in by its own frogs")
    return msg("every square around them holds one of its own frogs")


def round_of(state: CroaState) -> int:
    """The round: one turn for each colony still in the pond, in seat order.

    Every turn counts (a turn passed for want of a movable frog included) and eliminated
    colonies get none, so a round is as long as the colonies alive during it: with 4 colonies
    and no elimination, turn 31 is in round 8 (ceil(31 / 4)). The counter starts at 1 and a
    new round starts each time play wraps from a later seat back to an earlier one
    (`end_turn`), so eliminations mid-game keep it right; ceil(turn / colonies) would not.
    """
    return int(state.get("round", 1))


def _unstick(state: CroaState, c: int, ctx: Ctx) -> None:
    """Mud: a stuck frog is freed at the end of its owner's next turn."""
    for f in state["colonies"][c]["frogs"]:
        if f["stuck"]:
            f["stuck"] -= 1
            if not f["stuck"]:
                ctx.say(msg("{name}'s frog on {square} is free of the mud.", name=state["colonies"][c]["name"],
                            square=f["square"]))


def next_colony(state: CroaState, c: int) -> int:
    """Clockwise = seat order; eliminated colonies are skipped."""
    n = len(state["colonies"])
    live = set(alive(state))
    for k in range(1, n + 1):
        if (c + k) % n in live:
            return (c + k) % n
    return c
