"""The handlers of the Crôa! verbs: `(state, action, chance) -> events`.

The core has already refused what the flow forbids (after the end, out of turn, anything but
an answer while a decision waits); these check the pond's own rules. Each effect returns
None (the turn goes on: a card before the move), True (a decision waits) or False (the move
is over: the turn passes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.chance import Chance
from referee.errors import IllegalAction
from referee.verbs import Action, Event

from . import cards
from .arrival import (
    RULE_BOUNCE,
    RULE_LOG,
    Ctx,
    arrive,
    mosquito_move,
    parse_bounce,
    parse_removal,
    remove_from_log,
)
from .board import parse_square
from .decisions import data, entry, top
from .flow import end_turn
from .legal import check_move
from .pond import frog
from .render import answer_hint
from .state import CroaState

RULE_PENDING = "Pending decision: only its answer is accepted now"
RULE_MOVE = "Moves: one frog per turn"

Effect = Callable[[CroaState, Action, Ctx], "bool | None"]


def handler(effect: Effect) -> Callable[[CroaState, Action, Chance], list[Event]]:
    """An effect as the core calls it: the move over ends the turn; what the command gave
    up front and did not need is said; what waits next is spelled out."""

    def run(state: CroaState, action: Action, chance: Chance) -> list[Event]:
        ctx = Ctx(chance)
        if effect(state, action, ctx) is False:
            end_turn(state, ctx)
        unused = [f"--bounce {b[0]}" for b in ctx.bounces]
        unused += [f"--mosquito {m[0]}:{m[1]}" for m in ctx.mosquitoes]
        unused += [f"--remove {ctx.remove}"] if ctx.remove is not None else []
        if unused:
            ctx.say(f"(not needed, ignored: {', '.join(unused)})")
        for line in answer_hint(state):
            ctx.say(line)
        return ctx.events

    run.__doc__ = effect.__doc__
    return run


def _square(text: Any) -> str:
    return parse_square(text if text is not None else "")


def move(state: CroaState, action: Action, ctx: Ctx) -> bool:
    """Moves: one own frog, one step, not onto an own frog (a log excepted)."""
    c = state["current"]
    ref = check_move(state, c, str(action.get("from", "")), _square(action.get("to")))
    ctx.take_answers(action)
    src = frog(state, ref)["square"]
    return arrive(state, ref, _square(action["to"]), src, action.get("tile"), ctx)


def bounce(state: CroaState, action: Action, ctx: Ctx) -> bool:
    """Lily pad: the answer naming where the frog bounces."""
    item = entry(state, "bounce")
    assert item is not None  # the core lets `bounce` through only while a bounce waits
    d = data(item)
    sq, tile = parse_bounce(action.get("to", ""))
    tile = action.get("tile") or tile
    if sq not in item["choices"]:
        raise IllegalAction(f"the frog on {d['square']} cannot bounce to {sq} "
                            f"(choices: {', '.join(item['choices'])})", RULE_BOUNCE)
    state["pending"] = []
    return arrive(state, d["frog"], sq, d["square"], tile, ctx)


def mosquito(state: CroaState, action: Action, ctx: Ctx) -> bool:
    """Mosquito: the answer moving another own frog."""
    item = entry(state, "mosquito")
    assert item is not None
    src = str(action.get("from", ""))
    to, typed = parse_bounce(action.get("to") if action.get("to") is not None else "")
    state["pending"] = []
    return mosquito_move(state, data(item)["frog"], src, to, action.get("tile") or typed, ctx)


def pass_(state: CroaState, action: Action, ctx: Ctx) -> bool | None:
    """Decline the mosquito's extra move, or let a card work (no Doesn't work!)."""
    who = action.get("player")
    if top(state) == "mosquito":
        mover = state["pending"][0]["player"]
        if who is not None and who not in (mover, "all"):
            raise IllegalAction(f"the mosquito's move is {mover}'s to decline, not {who}'s",
                                RULE_PENDING)
        state["pending"] = []
        ctx.say("No mosquito move.")
        return False
    if top(state) == "doesnt-work":
        return cards.pass_window(state, who, ctx)
    raise IllegalAction("a colony must move one frog on its turn (pass answers a mosquito "
                        "or a card)", RULE_MOVE)


def remove(state: CroaState, action: Action, ctx: Ctx) -> bool:
    """Log: the third servant's choice of which servant leaves."""
    item = entry(state, "log-removal")
    assert item is not None
    pick = parse_removal(state, action.get("which", ""), data(item)["square"])
    if pick not in item["choices"]:
        raise IllegalAction(f"choose one of {', '.join(item['choices'])}", RULE_LOG)
    state["pending"] = []
    remove_from_log(state, pick, ctx)
    return False


def card(state: CroaState, action: Action, ctx: Ctx) -> bool | None:
    """Cards: one in your own turn, orange ones also in others' turns."""
    return cards.play(state, action, ctx)
