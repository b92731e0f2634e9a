"""Turn flow (section 4): Divination, Creation in seat order, end of turn, end of the game.

Phases: setup -> divination -> creation -> over.
"""

from __future__ import annotations

from referee.games.kreus import board
from referee.games.kreus.cards import PLANET, element_of, quality_of, the, title
from referee.games.kreus.setup import new_round, setup_done
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import (
    cards_left,
    held_aggression,
    named,
    seat_order,
    to_discard,
)
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction
from referee.model.verbs import Action, Event
from referee.scorers.kreus import outcome as score_outcome


def must_place(state: KreusState) -> list[str]:
    """Players who still have to put a card face down this turn, in seat order."""
    placed, hand, skip, turn = state["round"]["placed"], state["hand"], state["skip"], state["turn"]
    return [p for p in seat_order(state)
            if p not in placed and hand[p] > 0 and skip.get(p) != turn]


def start_play(state: KreusState) -> list[dict]:
    """Setup is over: turn 1 begins with its Divination phase."""
    state["phase"] = "divination"
    return [event(f"Turn 1 · Divination: each player puts one card face down "
                  f"(`ready NAME`, or `ready` for everyone). First Player: {seat_order(state)[0]}.")]


def after_setup(state: KreusState, events: list[dict]) -> list[dict]:
    if state["phase"] == "setup" and setup_done(state):
        events += start_play(state)
    return events


def ready(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """Divination: players put a card face down (two with Cronus' power).

    `player` is one name, a list of names, or absent: every player who still has to place
    a card (the engine records their names). Each is checked in turn; one refusal refuses
    them all (the caller works on a copy and records nothing)."""
    typed = action.get("player")
    if typed is None:
        names = must_place(state)
        if not names:
            raise IllegalAction("every player who can has already put a card face down",
                                "Divination: one card face down each")
    elif isinstance(typed, list) and typed:
        names = [named(state, p) for p in typed]
    else:
        names = [named(state, typed)]
    if len(set(names)) != len(names):
        twice = next(p for p in names if names.count(p) > 1)
        raise IllegalAction(f"{twice} is named twice: each player puts one card face down",
                            "Divination: one card face down each")
    r = state["round"]
    placed = []
    for who in names:
        if who in r["placed"]:
            raise IllegalAction(f"{who} has already put a card face down this turn",
                                "Divination: one card face down each")
        if state["skip"].get(who) == state["turn"]:
            raise IllegalAction(f"{who} played two cards with Cronus last turn and sits this "
                                "turn out", "Incarnation: Cronus skips the turn after his power")
        if state["hand"][who] <= 0:
            raise IllegalAction(f"{who} has no card in hand",
                                "Divination: one card face down each")
        count = 2 if r["cronus"] == who else 1
        if state["hand"][who] < count:
            raise IllegalAction(f"{who} declared Cronus and must put two cards face down, "
                                f"but holds {state['hand'][who]}",
                                "Incarnation: Cronus places two cards")
        state["hand"][who] -= count
        state["face_down"][who] += count
        r["placed"].append(who)
        placed.append(f"{who} ({count} cards)" if count > 1 else who)
    waiting = must_place(state)
    tail = (f" Still to place: {', '.join(waiting)}." if waiting
            else " Everyone has placed: `next` (or the first `reveal`) starts the Creation phase.")
    what = "puts 2 cards" if placed[0].endswith("cards)") else "puts a card"
    head = (f"{names[0]} {what} face down." if len(names) == 1
            else f"Face down: {', '.join(placed)}.")
    return [event(head + tail)]


def reveal_order(state: KreusState) -> list[str]:
    """Seat order from the First Player, changed by Oceanus (swap) and Rhea (move her card)."""
    r = state["round"]
    order = [p for p in seat_order(state) if state["face_down"][p] > 0]
    for mod in r["order_mods"]:
        if mod["kind"] == "swap" and mod["a"] in order and mod["b"] in order:
            i, j = order.index(mod["a"]), order.index(mod["b"])
            order[i], order[j] = order[j], order[i]
        elif mod["kind"] == "move" and mod["player"] in order:
            order.remove(mod["player"])
            order.insert(min(mod["position"] - 1, len(order)), mod["player"])
    return order


def start_creation(state: KreusState) -> list[dict]:
    """All cards are face down: the Creation phase reveals them in order."""
    waiting = must_place(state)
    if waiting:
        raise IllegalAction(f"still to put a card face down: {', '.join(waiting)}",
                            "Divination: the phase ends once every player has placed a card")
    r = state["round"]
    state["phase"] = "creation"
    r["order"] = reveal_order(state)
    r["last_turn"] = all(h == 0 for h in state["hand"].values())
    marks = []
    if state["turn"] == 1:
        marks.append("first turn")
    if r["last_turn"]:
        marks.append("last turn")
    warn = (f" This is the {' and '.join(marks)}: an Aggression card revealed now loses the game"
            + (f" (except {r['crius']}'s: Crius)." if r["crius"] else ".") if marks else "")
    if not r["order"]:
        return [event("Creation: no card is face down this turn."), *end_turn(state)]
    return [event(f"Turn {state['turn']} · Creation: reveal in this order: "
                  f"{', '.join(r['order'])}.{warn}")]


def next_step(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """`next`: close the table's Divination phase (every card placed), saying so."""
    if state["phase"] == "divination":
        turn = state["turn"]
        events = start_creation(state)
        if state["phase"] == "creation":
            head = f"Turn {turn}: the table's Divination phase ends (every card is face down). "
            events[0] = {**events[0], "text": head + events[0]["text"]}
        return events
    r = state["round"]
    if r["order"]:
        raise IllegalAction(f"{r['order'][0]} must reveal their face-down card first",
                            "Creation: every face-down card is revealed in order")
    raise IllegalAction("the turn ends by itself once every card is revealed",
                        "Creation: the turn ends once every card is revealed")


def pending_text(state: KreusState) -> str:
    if not state["pending"]:
        return ""
    p = state["pending"][0]
    if p["decision"] == "storm-discard":
        return f"{p['player']} to discard a Nature or Element card (Storm of Uranus)"
    return p["decision"]


def after_reveal(state: KreusState) -> list[dict]:
    """After a card is played or discarded: next revealer, Iapetus' replay, or the end of turn."""
    r = state["round"]
    if state["over"] or state["pending"]:
        return []
    while r["order"] and state["face_down"][r["order"][0]] == 0:
        r["order"].pop(0)
    if r["order"]:
        return []
    if r["iapetus"] and not r["iapetus_done"] and not r["replay"]:
        r["iapetus_done"] = True
        if not r["recovered"]:
            return [event(f"Iapetus: no Element card was discarded this phase; {r['iapetus']} "
                          "has nothing to recover."), *end_turn(state)]
        r["replay"] = r["recovered"]
        r["recovered"] = []
        for card in r["replay"]:
            state["discard"].remove(card)
        names = ", ".join(title(c) for c in r["replay"])
        return [event(f"Iapetus: {r['iapetus']} recovers the Elements discarded this phase "
                      f"({names}) and plays them again: `reveal {r['iapetus']} CARD ...`.")]
    if r["replay"]:
        return []
    return end_turn(state)


def end_turn(state: KreusState) -> list[dict]:
    """End of the turn: Volatile Elements fall, the First Player card passes left, next turn."""
    events: list[dict] = []
    for nature, placed in state["in_play"].items():
        if placed["complete"]:
            continue
        keep = []
        for slot in placed["elements"]:
            if quality_of(slot["card"]) == "volatile" and not slot["protected"]:
                to_discard(state, slot["card"])
                events.append(event(f"{title(slot['card'])} was still under the incomplete "
                                    f"{title(nature)}: discarded (Volatile)."))
            else:
                keep.append(slot)
        placed["elements"] = keep
    n = len(state["players"])
    old = state["players"][state["first"]]
    state["first"] = (state["first"] + 1) % n
    if all(c == 0 for c in cards_left(state).values()):
        events.append(event("Every player has used every card."))
        return events + finish(state, "hands-empty")
    state["turn"] += 1
    state["phase"] = "divination"
    state["round"] = new_round()
    new_first = state["players"][state["first"]]
    events.append(event(f"{old} passes the First Player card to {new_first}. "
                        f"Turn {state['turn']} · Divination."))
    return events


def finish(state: KreusState, reason: str) -> list[dict]:
    """The game ends: hands empty, or the Planet complete.

    Every card leaves a hand face up, so an Aggression card the referee has not seen is
    still in a hand or face down, and so is one taken back from the discard pile (it is
    counted unseen again): with the Planet complete, that is a defeat.
    """
    state["end_reason"] = reason
    held = held_aggression(state)
    if reason == "planet" and held:
        return [event(f"{held} Aggression card{'s were' if held > 1 else ' was'} never seen "
                      "(or taken back from the discard pile and not revealed since): "
                      f"{'they are' if held > 1 else 'it is'} still in a hand or face down as "
                      "the Planet completes."), *conclude(state, True)]
    if reason == "planet":
        return [event("Every Aggression card has been seen: none can still be held."),
                *conclude(state, False)]
    return conclude(state, False)


def conclude(state: KreusState, held: bool, early: bool = False) -> list[dict]:
    """Judgement of Uranus (section 7): the outcome tier."""
    planet = PLANET in state["in_play"]
    state["aggression_held"] = held
    result = score_outcome(
        planet=planet, elements=board.planet_elements(state),
        cards_left=list(cards_left(state).values()), aggression_held=held,
        aggression_early=early, needed=len(state["tree"][PLANET]["elements"]))
    state["outcome"] = result
    state["over"] = True
    state["phase"] = "over"
    state["pending"] = []
    short = [p for p, n in cards_left(state).items() if n < 2]
    why = ""
    if result == "success" and short:
        why = (" Not perfection: " + ", ".join(f"{p} holds {cards_left(state)[p]}" for p in short)
               + " (every player needs two cards left).")
    return [event(f"Game over: {OUTCOME_TEXT[result]}{why}")]


OUTCOME_TEXT = {
    "critical-defeat": "critical defeat, the Planet never entered play.",
    "unstable": "the Planet is unstable (one Element or none).",
    "may-sustain-life": "the Planet may sustain life (two or three Elements): the bare minimum, "
                        "but the team wins.",
    "success": "success, the Planet is complete.",
    "perfection": "perfection! The Planet is complete and every player still holds two cards "
                  "or more.",
    "defeat": "defeat by Uranus' Aggression.",
}


def end_game(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """`end`: nothing to answer. The game ends by itself, and whether an Aggression card is
    held when the Planet completes is decided from the referee's count (docs/rulings/kreus.md)."""
    raise IllegalAction("the game ends by itself when every hand is empty or the Planet is "
                        "complete; an Aggression card never seen by then counts as held, so "
                        "the table is asked nothing",
                        "End of the game: hands empty or the Planet complete")


def aggression_defeat(state: KreusState, who: str, card: str) -> list[dict]:
    """An Aggression card on the first or last turn loses the game at once."""
    when = "first" if state["turn"] == 1 else "last"
    state["end_reason"] = "aggression"
    return [event(f"{who} reveals {the(card)} on the {when} turn: Uranus wins."),
            *conclude(state, False, early=True)]


def element_word(card: str) -> str:
    return element_of(card) or card
