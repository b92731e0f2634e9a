"""A player's turn: two actions, abilities, counter-acts, the end of the turn, the Cycles.

Every verb of games.md is one function here; `apply` dispatches to them.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.chance import Chance
from referee.engine import Event, event
from referee.errors import IllegalAction, InputError
from referee.games.cerebria import abilities, cards, impulse, mindset, render, revelation, zones

TURN_RULE = "Turn order: players take turns clockwise"
ACTIONS_RULE = "A turn: exactly 2 actions (Impulse or Invoke)"
MULLIGAN_RULE = "Setup: one mulligan each, before the first turn"
COUNTER_RULE = "Counter-act: discard a hand emotion of the same vibe"
REVELATION_RULE = "Revelation: the Cycle is over; prepare the next one"
DEPRIVE_RULE = abilities.DEPRIVE_RULE


def current(state: dict) -> str:
    return state["players"][state["current"]]


def _owed_deprive(state: dict) -> None:
    """Refuse anything but the second Deprive discard while it is owed."""
    owed = state.get("deprive")
    if owed:
        raise IllegalAction(f"{owed['player']} must first discard the second Impulse card of "
                            f"Deprive: `deprive {owed['player']} SLOT`", DEPRIVE_RULE)


def _in_turn(state: dict, who: object, rule: str = TURN_RULE) -> str:
    """The acting player must be the current one, with no decision pending."""
    if state["phase"] == "over":
        raise IllegalAction("the game is over", "Winning the game")
    if state["phase"] == "revelation":
        raise IllegalAction("the Cycle ended with a Revelation: type next-cycle", REVELATION_RULE)
    name = mindset.player_named(state, who)
    pending = state["pending"]
    if pending:
        waiting = pending["order"][pending["next"]]
        raise IllegalAction(f"{waiting} must first answer the counter-act on "
                            f"{pending['params']['ability']} (cancel or pass)", COUNTER_RULE)
    _owed_deprive(state)
    if name != current(state):
        raise IllegalAction(f"it is {current(state)}'s turn, not {name}'s", rule)
    return name


def _take_action(state: dict, name: str) -> None:
    if state["actions_left"] < 1:
        raise IllegalAction(f"{name} has taken both actions this turn; use abilities or end-turn",
                            ACTIONS_RULE)
    state["actions_left"] -= 1
    state["started"] = True


def mulligan(state: dict, action: dict, chance: Chance) -> list[Event]:
    """Discard the whole starting hand and draw 4 new cards, once, before the first turn."""
    if state["phase"] != "cycle" or state["cycle"] != 1 or state["started"] or state["pending"]:
        raise IllegalAction("mulligans are taken before the first turn starts", MULLIGAN_RULE)
    name = mindset.player_named(state, action.get("player"))
    if name in state["mulligans"]:
        raise IllegalAction(f"{name} has already taken a mulligan", MULLIGAN_RULE)
    hand = state["hands"][name]
    zones.discard(state, *hand["known"])
    zones.discard_hidden(state, hand["count"] - len(hand["known"]))
    hand["count"], hand["known"] = 0, []
    got, _ = zones.draw_face_down(state, revelation.HAND)
    hand["count"] = got
    state["mulligans"].append(name)
    return [event(f"{name} takes a mulligan: 4 cards discarded, {got} drawn")]


def impulse_action(state: dict, action: dict, chance: Chance) -> list[Event]:
    """Impulse Action: a face-up Impulse card to your hand; the stack above refills it."""
    name = _in_turn(state, action.get("player"))
    idx = impulse.slot_index(state, action.get("slot"))
    reveals = impulse.Reveals(action.get("reveal"))
    _take_action(state, name)
    card, triggered, line = impulse.leave(state, idx, chance, reveals,
                                          lambda c: zones.to_hand(state, name, c))
    reveals.check_all_used()
    events = [event(f"{name} takes {card} from Impulse slot {idx + 1}"), event(line)]
    if triggered:
        events += revelation.reveal(state, name)
    return events


def invoke(state: dict, action: dict, chance: Chance) -> list[Event]:
    """Invoke Action: a card from your hand enters your Mindset (optionally merged)."""
    name = _in_turn(state, action.get("player"))
    card = zones.known_card(state, action.get("card"))
    merge = zones.known_card(state, action["merge"]) if action.get("merge") else None
    discard = None
    if action.get("discard") is not None:
        discard = mindset.position(state, name, action["discard"])
    _take_action(state, name)
    lines = mindset.enter(state, name, card, merge, discard, "Invoke: a card from your hand")
    return [event(line) for line in lines]


def ability(state: dict, action: dict, chance: Chance) -> list[Event]:
    """Use an Emotion Ability: spend the fragment, then open the counter-act window."""
    name = _in_turn(state, action.get("player"))
    params = abilities.check_use(state, name, action)
    reveals = action.get("reveal")
    _check_reveals(state, reveals, params)
    state["started"] = True
    events = [event(abilities.spend(state, name, params))]
    left = revelation.clockwise_from(state, name)[1:]  # from the acting player's left
    order = [p for p in left if may_hold_vibe(state, p, params["vibe"])]
    if not order:
        return events + _resolve(state, name, params, chance, reveals)
    state["pending"] = {"player": name, "params": params, "order": order, "next": 0,
                        "reveal": reveals}
    events.append(event(f"Counter-act? {', '.join(order)} in turn may discard a "
                        f"{params['vibe']} emotion to cancel it (cancel NAME --discard CARD), "
                        f"or pass"))
    return events


def may_hold_vibe(state: dict, name: str, vibe: str) -> bool:
    """Whether NAME's hand may hold a card of VIBE: a hidden card, or a shown one of that vibe.

    A player who surely cannot counter-act (no card, or a wholly known hand without the
    vibe) is not asked."""
    hand = state["hands"][name]
    return zones.hidden_count(state, name) > 0 or any(cards.vibe(c) == vibe
                                                       for c in hand["known"])


def _check_reveals(state: dict, typed: object, params: dict) -> None:
    """Typed --reveal cards: cards of the deck, no more than the ability can turn face up."""
    reveals = impulse.Reveals(typed)
    most = abilities.REVEALS.get(params["ability"], 0)
    if params["ability"] == "deprive":
        most = len(params["slots"])  # one slot now: the second discard types its own
    reveals.check_at_most(most, params["ability"])
    for card in reveals.typed:
        zones.known_card(state, card)


def _resolve(state: dict, name: str, params: dict, chance: Chance,
             typed_reveals: object) -> list[Event]:
    reveals = impulse.Reveals(typed_reveals)
    lines, triggered = abilities.resolve(state, name, params, chance, reveals)
    reveals.check_all_used()
    events = [event(line) for line in lines]
    if triggered:
        events += revelation.reveal(state, name)
    return events


def _pending(state: dict) -> dict:
    pending = state["pending"]
    if not pending:
        raise IllegalAction("no ability is waiting for a counter-act", COUNTER_RULE)
    return pending


def cancel(state: dict, action: dict, chance: Chance) -> list[Event]:
    """Counter-act: discard a hand emotion whose vibe matches the acting emotion's."""
    pending = _pending(state)
    name = mindset.player_named(state, action.get("player"))
    waiting = pending["order"][pending["next"]:]
    if name not in waiting:
        vibe = pending["params"]["vibe"]
        if name == pending["player"]:
            why = "it is their own ability"
        elif name in pending["order"]:
            why = "they passed"
        elif state["hands"][name]["count"] == 0:
            why = "they have no card in hand"
        else:
            why = f"their hand is known and holds no {vibe} card"
        raise IllegalAction(f"{name} cannot counter-act now: {why}", COUNTER_RULE)
    if not action.get("discard"):
        raise InputError("cancel needs --discard CARD: the emotion discarded from the hand")
    card = zones.known_card(state, action["discard"])
    vibe = pending["params"]["vibe"]
    if cards.vibe(card) != vibe:
        raise IllegalAction(f"{card} is {cards.vibe(card)}; the {pending['params']['ability']} "
                            f"comes from a {vibe} emotion", COUNTER_RULE)
    zones.take_from_hand(state, name, card, COUNTER_RULE)
    zones.discard(state, card)
    params = pending["params"]
    state["pending"] = None
    skipped = waiting[: waiting.index(name)]
    text = f"{name} discards {card}: {pending['player']}'s {params['ability']} is cancelled " \
           f"(the fragment stays spent)"
    if skipped:
        text += f"; {', '.join(skipped)} let it pass"
    return [event(text)]


def pass_(state: dict, action: dict, chance: Chance) -> list[Event]:
    """No counter-act: one player passes (in order), or everyone left does."""
    pending = _pending(state)
    who = action.get("player")
    if who is not None:
        name = mindset.player_named(state, who)
        expected = pending["order"][pending["next"]]
        if name != expected:
            raise IllegalAction(f"{expected} answers first (clockwise from "
                                f"{pending['player']}'s left)", COUNTER_RULE)
        pending["next"] += 1
        if action.get("reveal"):  # typed now, used when the ability resolves
            _check_reveals(state, action["reveal"], pending["params"])
            pending["reveal"] = action["reveal"]
        if pending["next"] < len(pending["order"]):
            return [event(f"{name} passes; {pending['order'][pending['next']]} may counter-act")]
    state["pending"] = None
    reveals = action.get("reveal") if action.get("reveal") else pending.get("reveal")
    _check_reveals(state, reveals, pending["params"])
    return [event("No counter-act.")] + _resolve(state, pending["player"], pending["params"],
                                                  chance, reveals)


def deprive(state: dict, action: dict, chance: Chance) -> list[Event]:
    """The second Deprive discard, chosen after the first one was refilled."""
    owed = state.get("deprive")
    if state["phase"] != "cycle" or not owed:
        raise IllegalAction("no Deprive is waiting for its second discard", DEPRIVE_RULE)
    name = mindset.player_named(state, action.get("player"))
    if name != owed["player"]:
        raise IllegalAction(f"the Deprive is {owed['player']}'s, not {name}'s", DEPRIVE_RULE)
    idx = impulse.slot_index(state, action.get("slot"))
    reveals = impulse.Reveals(action.get("reveal"))
    reveals.check_at_most(1, "the second Deprive discard")
    for card in reveals.typed:
        zones.known_card(state, card)
    state["deprive"] = None
    lines, triggered = abilities.deprive_once(state, idx, chance, reveals)
    reveals.check_all_used()
    events = [event(line) for line in lines]
    if triggered:
        events += revelation.reveal(state, name)
    return events


def end_turn(state: dict, action: dict, chance: Chance) -> list[Event]:
    """The turn ends after exactly 2 actions; the next player clockwise starts theirs."""
    name = _in_turn(state, action.get("player") or current(state))
    if state["actions_left"]:
        raise IllegalAction(f"{name} still has {state['actions_left']} action(s) to take",
                            ACTIONS_RULE)
    state["started"] = True
    state["current"] = (state["current"] + 1) % len(state["players"])
    state["turn"] += 1
    state["actions_left"] = 2
    state["abilities_used"] = []
    nxt = current(state)
    for emo in state["mindsets"][nxt]:  # in the Mindset at the start of the turn
        emo["ready"] = True
    return [event(f"{name} ends the turn.")]


def next_cycle(state: dict, action: dict, chance: Chance) -> list[Event]:
    if state["phase"] != "revelation":
        raise IllegalAction("the next Cycle is prepared only after a Revelation",
                            "Preparing for the next Cycle")
    return revelation.next_cycle(state, action, chance)


VERBS: dict[str, Callable[[dict, dict, Chance], list[Event]]] = {
    "mulligan": mulligan,
    "impulse": impulse_action,
    "invoke": invoke,
    "ability": ability,
    "cancel": cancel,
    "pass": pass_,
    "deprive": deprive,
    "end-turn": end_turn,
    "next-cycle": next_cycle,
}


def apply(state: dict, action: dict, chance: Chance) -> tuple[dict, list[Event]]:
    verb = action.get("verb")
    fn = VERBS.get(verb)
    if fn is None:
        raise InputError(f"unknown cerebria verb '{str(verb)[:20]}' "
                         f"(verbs: {', '.join(VERBS)})")
    if state["phase"] == "over":
        raise IllegalAction("the game is over", "Winning the game")
    if state["pending"] and verb not in ("cancel", "pass"):
        _in_turn(state, current(state))  # names who must answer
    if verb != "deprive":
        _owed_deprive(state)
    events = fn(state, action, chance)
    if (state["phase"] == "cycle" and not state["pending"] and not state.get("deprive")
            and verb != "mulligan"):
        events.append(event(f"{current(state)}: {render.turn_progress(state)}"))
    return state, events
