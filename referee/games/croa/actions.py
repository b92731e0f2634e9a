"""The handlers of the Crôa! verbs: `(state, action, chance) -> events`.

The core has already refused what the flow forbids (after the end, out of turn, anything but
an answer while a decision waits); these check the pond's own rules. Each effect returns
None (the turn goes on: a card before the move), True (a decision waits) or False (the move
is over: the turn passes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.model.chance import Chance
from referee.model.errors import IllegalAction, RefereeError
from referee.model.i18n import N_, _, msg
from referee.model.verbs import Action, Event

from . import cards
from .arrival import (
    RULE_BOUNCE,
    RULE_EXTRA,
    RULE_LOG,
    RULE_WAY_BACK,
    Ctx,
    arrive,
    check_digital_answers,
    mosquito_move,
    parse_bounce,
    parse_removal,
    remove_from_log,
    unfit_answers,
)
from .board import NEIGHBOURS, parse_square
from .decisions import RULE_PENDING, data, entry, top
from .flow import end_turn
from .legal import check_move
from .pond import frog
from .render import answer_said
from .state import CroaState

RULE_MOVE = N_("Pond rules (règles de la mare): a colony moves one of its frogs each turn")

Effect = Callable[[CroaState, Action, Ctx], "bool | None"]


def handler(effect: Effect) -> Callable[[CroaState, Action, Chance], list[Event]]:
    """An effect as the core calls it. Answers given up front answer the decisions of the
    chain in turn, through the very functions the typed answers use (`follow`); the move over
    ends the turn; an answer the chain did not call for is refused (older logs, where it was
    ignored, still replay); what waits next is spelled out."""

    def run(state: CroaState, action: Action, chance: Chance) -> list[Event]:
        ctx = Ctx(chance)
        if state["digital"] and not chance.replaying:
            check_digital_answers(action)
        try:
            result = follow(state, effect(state, action, ctx), ctx)
            unused = ctx.unused()
            if unused and not chance.replaying:
                raise IllegalAction(_("the move did not call for {parts} (nothing waits for it): "
                                      "type only the answers the chain asks for").format(
                                          parts=", ".join(unused)), RULE_EXTRA)
        except RefereeError as exc:
            if chance.drawn and Ctx.carries(action):  # told after the tile was turned: not how
                raise unfit_answers(action) from exc
            raise
        if result is False:
            end_turn(state, ctx)
        if unused:
            ctx.say(msg("(not needed, ignored: {parts})", parts=", ".join(unused)))
        for line in answer_said(state):
            ctx.say(line, hint=True)
        return ctx.events

    run.__doc__ = effect.__doc__
    return run


def follow(state: CroaState, result: bool | None, ctx: Ctx) -> bool | None:
    """Feed the up-front answers to the decisions the chain waits for, one at a time, each
    through the handler of its typed answer (`bounce`, `mosquito`, `remove`): given up front
    or typed step by step, a chain is one path. Stops when the decision waiting has no answer
    given (it waits for the table) or is not the mover's to answer (a Doesn't work! window)."""
    while result is True and state["pending"]:
        waiting = top(state)
        if waiting == "bounce" and ctx.bounces:
            sq, tile = ctx.bounces.pop(0)
            result = bounce(state, {"verb": "bounce", "to": sq, "tile": tile}, ctx)
        elif waiting == "mosquito" and ctx.mosquitoes:
            src, to, tile = ctx.mosquitoes.pop(0)
            result = mosquito(state, {"verb": "mosquito", "from": src, "to": to, "tile": tile},
                              ctx)
        elif waiting == "log-removal" and ctx.remove is not None:
            which, ctx.remove = ctx.remove, None
            result = remove(state, {"verb": "remove", "which": which}, ctx)
        else:
            break
    return result


def _thunderclaps_passed(state: CroaState, ctx: Ctx) -> None:
    """Coup de tonnerre: the bounce answered (typed after the move, or with it up front: the
    table types what happened) is the table's word that no other colony asked kept the frog
    on the lily pad; the window is recorded as passed by all of them."""
    mover = state["pending"][0]["player"]
    others = list(dict.fromkeys(p["player"] for p in state["pending"]
                                if p["decision"] == "thunderclap" and p["player"] != mover))
    if others:
        ctx.say(msg("No Thunderclap from {names}: the frog bounces on.", names=others), passed="thunderclap",
                players=others)


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
        back = sq == d.get("came_from") and sq in NEIGHBOURS[d["square"]]
        why = _(" (it just left it)") if back else ""
        raise IllegalAction(_("the frog on {square} cannot bounce to {typed}{why} (choices: "
                              "{choices})").format(square=d["square"], typed=sq, why=why,
                                                   choices=", ".join(item["choices"])),
                            RULE_WAY_BACK if back else RULE_BOUNCE)
    _thunderclaps_passed(state, ctx)
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
            raise IllegalAction(_("the mosquito's move is {mover}'s to decline, not {who}'s")
                                .format(mover=mover, who=who), RULE_PENDING)
        state["pending"] = []
        ctx.say(msg("No mosquito move."))
        return False
    if top(state) == "doesnt-work":
        return cards.pass_window(state, who, ctx)
    raise IllegalAction(_("a colony must move one frog on its turn (pass answers a mosquito "
                          "or a card)"), RULE_MOVE)


def remove(state: CroaState, action: Action, ctx: Ctx) -> bool:
    """Log: the third servant's choice of which servant leaves."""
    item = entry(state, "log-removal")
    assert item is not None
    pick = parse_removal(state, action.get("which", ""), data(item)["square"])
    if pick not in item["choices"]:
        raise IllegalAction(_("choose one of {choices}").format(choices=", ".join(item["choices"])),
                            RULE_LOG)
    state["pending"] = []
    remove_from_log(state, pick, ctx)
    return False


def card(state: CroaState, action: Action, ctx: Ctx) -> bool | None:
    """Cards: one in your own turn, orange ones also in others' turns."""
    return cards.play(state, action, ctx)
