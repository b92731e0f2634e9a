"""A player's turn: two actions, abilities, counter-acts, the end of the turn, the Cycles.

One handler per declared verb (the declaration is `verbs.py`). The core has already
refused what the flow does not allow (the end of the game, a turn out of order, anything
but the answer while a counter-act or Deprive's second discard is pending), so each
handler checks only the rules of its own verb.
"""

from __future__ import annotations

from typing import Any

from referee.games.cerebria import abilities, cards, impulse, mindset, names, revelation, zones
from referee.games.cerebria.state import State, Use
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event, Pending, pending

TURN_RULE = "Turn order: players take turns clockwise"
ACTIONS_RULE = "A turn: exactly 2 actions (Impulse or Invoke)"
MULLIGAN_RULE = "Setup: one mulligan each, before the first turn"
COUNTER_RULE = names.COUNTER_RULE
REVELATION_RULE = "Revelation: the Cycle is over; prepare the next one"
DEPRIVE_RULE = abilities.DEPRIVE_RULE
COUNTER, DEPRIVE = "counter-act", "deprive"  # the pending decisions


def current(state: State) -> str:
    return state["players"][state["current"]]


def window(state: State) -> dict[str, Any] | None:
    """The open counter-act window: by (the acting player), params, order, next, reveal."""
    for p in state["pending"]:
        if p["decision"] == COUNTER:
            return p.get("data") or {}
    return None


def owed_deprive(state: State) -> Pending | None:
    """Deprive's second discard, when the player owes it."""
    return next((p for p in state["pending"] if p["decision"] == DEPRIVE), None)


def _ask(state: State, data: dict[str, Any]) -> None:
    """The window's head is the one pending entry: the next player clockwise who may answer."""
    vibe = data["params"]["vibe"]
    state["pending"] = [pending(data["order"][data["next"]], COUNTER,
                                ["pass", f"cancel --discard <{vibe} card>"], **data)]


def _player(action: Action) -> str:
    """The acting player, as the core resolved it."""
    name = action.get("player")
    if not isinstance(name, str):
        raise InputError(f"`{action.get('verb')}` needs the player's name")
    return name


def _take_action(state: State, name: str) -> None:
    if state["actions_left"] < 1:
        raise IllegalAction(f"{name} has taken both actions this turn; use abilities or end-turn",
                            ACTIONS_RULE)
    state["actions_left"] -= 1
    state["started"] = True


def mulligan(state: State, action: Action, chance: Chance) -> list[Event]:
    """Discard the whole starting hand and draw 4 new cards, once, before the first turn."""
    if state["cycle"] != 1 or state["started"]:
        raise IllegalAction("mulligans are taken before the first turn starts", MULLIGAN_RULE)
    name = _player(action)
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


def impulse_action(state: State, action: Action, chance: Chance) -> list[Event]:
    """Impulse Action: a face-up Impulse card to your hand; the stack above refills it."""
    name = _player(action)
    idx = names.impulse_slot(state, action.get("slot"))
    reveals = impulse.Reveals(action.get("reveal"))
    _take_action(state, name)
    card, triggered, line = impulse.leave(state, idx, chance, reveals,
                                          lambda c: zones.to_hand(state, name, c))
    reveals.check_all_used()
    events = [event(f"{name} takes {card} from Impulse slot {idx + 1}"), event(line)]
    if triggered:
        events += revelation.reveal(state, name)
    return events


def invoke(state: State, action: Action, chance: Chance) -> list[Event]:
    """Invoke Action: a card from your hand enters your Mindset (optionally merged)."""
    name = _player(action)
    card = names.hand_card(state, name, action.get("card"), names.INVOKE_RULE)
    merge = (names.hand_card(state, name, action["merge"], names.INVOKE_RULE)
             if action.get("merge") else None)
    discard = None
    if action.get("discard") is not None:
        discard = names.emotion(state, name, action["discard"])
    _take_action(state, name)
    lines = mindset.enter(state, name, card, merge, discard, names.INVOKE_RULE)
    return [event(line) for line in lines]


def ability(state: State, action: Action, chance: Chance) -> list[Event]:
    """Use an Emotion Ability: spend the fragment, then open the counter-act window."""
    name = _player(action)
    params = abilities.check_use(state, name, action)
    reveals = action.get("reveal")
    _check_reveals(state, reveals, params)
    state["started"] = True
    events = [event(abilities.spend(state, name, params))]
    idle = abilities.drains_nothing(state, name, params)  # the spent fragment may free a slot
    if idle:  # said now, so a dry run (and the hint) says it before it is recorded
        events.append(event(f"Note: {idle}."))
    left = revelation.clockwise_from(state, name)[1:]  # from the acting player's left
    order = askable(state, left, params["vibe"])
    if not order:
        return events + _resolve(state, name, params, chance, reveals)
    _ask(state, {"by": name, "params": params, "order": order, "next": 0, "reveal": reveals})
    events.append(event(f"Counter-act? {', '.join(order)} in turn may discard a "
                        f"{params['vibe']} emotion to cancel it (cancel NAME --discard CARD), "
                        f"or pass (`pass all`: nobody cancels)"))
    return events


def askable(state: State, players: list[str], vibe: str) -> list[str]:
    """The players whose hand may hold a card of VIBE: a shown one, or a hidden card that
    can still be one (some unseen card has that vibe).

    A player who surely cannot counter-act (no card, a wholly known hand without the
    vibe, or every card of the vibe in sight elsewhere) is not asked."""
    out: list[str] = []
    hidden_vibes: set[str] | None = None
    for name in players:
        if any(cards.vibe(c) == vibe for c in state["hands"][name]["known"]):
            out.append(name)
        elif zones.hidden_count(state, name) > 0:
            if hidden_vibes is None:
                hidden_vibes = zones.unseen_vibes(state)
            if vibe in hidden_vibes:
                out.append(name)
    return out


def _check_reveals(state: State, typed: object, params: Use) -> None:
    """Typed --reveal cards: cards of the deck, no more than the ability can turn face up."""
    reveals = impulse.Reveals(typed)
    most = abilities.REVEALS.get(params["ability"], 0)
    if params["ability"] == "deprive":
        most = len(params["slots"])  # one slot now: the second discard types its own
    reveals.check_at_most(most, params["ability"])
    for card in reveals.typed:
        names.unseen_card(state, card)


def _resolve(state: State, name: str, params: Use, chance: Chance,
             typed_reveals: object) -> list[Event]:
    reveals = impulse.Reveals(typed_reveals)
    lines, triggered = abilities.resolve(state, name, params, chance, reveals)
    reveals.check_all_used()
    events = [event(line) for line in lines]
    if triggered:
        events += revelation.reveal(state, name)
    return events


def _window(state: State) -> dict[str, Any]:
    data = window(state)
    if data is None:
        raise IllegalAction("no ability is waiting for a counter-act", COUNTER_RULE)
    return data


def _answering(state: State, data: dict[str, Any], name: str) -> None:
    """NAME may answer the window now (cancel or pass): a player the window will never ask
    is told why they cannot answer at all; one still to be asked, who answers first."""
    if name not in data["order"][data["next"]:]:
        vibe = data["params"]["vibe"]
        if name == data["by"]:
            why = "it is their own ability"
        elif name in data["order"]:
            why = "they have passed"
        elif state["hands"][name]["count"] == 0:
            why = "they have no card in hand"
        elif zones.hidden_count(state, name) > 0:
            why = f"every {vibe} card is in sight elsewhere"
        else:
            why = f"their hand is known and holds no {vibe} card"
        raise IllegalAction(f"{name} cannot answer: {why}", COUNTER_RULE)
    _in_turn(data, name)


def _in_turn(data: dict[str, Any], name: str) -> None:
    """Only the window's head answers: clockwise from the acting player's left, each
    earlier player having passed (the ones who cannot answer are not in the order)."""
    expected = data["order"][data["next"]]
    if name != expected:
        raise IllegalAction(f"{expected} answers first (clockwise from "
                            f"{data['by']}'s left)", COUNTER_RULE)


def cancel(state: State, action: Action, chance: Chance) -> list[Event]:
    """Counter-act: discard a hand emotion whose vibe matches the acting emotion's.

    Only the player the window waits for may cancel: every earlier player clockwise
    has passed or surely holds no emotion of the vibe (docs/rulings/cerebria.md)."""
    data = _window(state)
    name = _player(action)
    vibe = data["params"]["vibe"]
    _answering(state, data, name)
    if not action.get("discard"):
        raise InputError("cancel needs --discard CARD: the emotion discarded from the hand")
    card = names.hand_card(state, name, action["discard"], COUNTER_RULE, vibe)
    if cards.vibe(card) != vibe:
        raise IllegalAction(f"{card} is {cards.vibe(card)}; the {data['params']['ability']} "
                            f"comes from a {vibe} emotion", COUNTER_RULE)
    zones.take_from_hand(state, name, card, COUNTER_RULE)
    zones.discard(state, card)
    state["pending"] = []
    return [event(f"{name} discards {card}: {data['by']}'s {data['params']['ability']} is "
                  f"cancelled (the fragment stays spent)")]


def pass_(state: State, action: Action, chance: Chance) -> list[Event]:
    """No counter-act: one player passes (in order), or everyone left does (`pass all`)."""
    data = _window(state)
    name = action.get("player")
    if name is not None:
        name = _player(action)
        _answering(state, data, name)
        if action.get("reveal"):  # typed now, used when the ability resolves
            _check_reveals(state, action["reveal"], data["params"])
            data["reveal"] = action["reveal"]
        data["next"] += 1
        if data["next"] < len(data["order"]):
            _ask(state, data)
            return [event(f"{name} passes; {data['order'][data['next']]} may counter-act")]
        text = f"{name} passes. No counter-act."
    else:
        left = data["order"][data["next"]:]
        text = f"{', '.join(left)} {'pass' if len(left) > 1 else 'passes'}. No counter-act."
    reveals = action.get("reveal") or data.get("reveal")
    _check_reveals(state, reveals, data["params"])
    state["pending"] = []
    return [event(text), *_resolve(state, data["by"], data["params"], chance, reveals)]


def deprive(state: State, action: Action, chance: Chance) -> list[Event]:
    """The second Deprive discard, chosen after the first one was refilled."""
    name = _player(action)
    idx = names.impulse_slot(state, action.get("slot"))
    reveals = impulse.Reveals(action.get("reveal"))
    reveals.check_at_most(1, "the second Deprive discard")
    for card in reveals.typed:
        names.unseen_card(state, card)
    state["pending"] = []
    lines, triggered = abilities.deprive_once(state, idx, chance, reveals)
    reveals.check_all_used()
    events = [event(line) for line in lines]
    if triggered:
        events += revelation.reveal(state, name)
    return events


def end_turn(state: State, action: Action, chance: Chance) -> list[Event]:
    """The turn ends after exactly 2 actions; the next player clockwise starts theirs."""
    name = current(state)
    if state["actions_left"]:
        raise IllegalAction(f"{name} still has {state['actions_left']} {ngettext('action', 'actions', state['actions_left'])} to take",
                            ACTIONS_RULE)
    state["started"] = True
    state["current"] = (state["current"] + 1) % len(state["players"])
    state["turn"] += 1
    state["actions_left"] = 2
    state["abilities_used"] = []
    for emo in state["mindsets"][current(state)]:  # in the Mindset at the start of the turn
        emo["ready"] = True
    return [event(f"{name} ends the turn.")]


def next_cycle(state: State, action: Action, chance: Chance) -> list[Event]:
    if state["phase"] != "revelation":
        raise IllegalAction("the next Cycle is prepared only after a Revelation",
                            "Preparing for the next Cycle")
    return revelation.next_cycle(state, action, chance)
