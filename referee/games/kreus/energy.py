"""Energy powers of the Divination phase (section 6) and the discard for a token (4.1, once
per player per Divination phase).

Show a card: 1 token. Exchange a card with a player: 2. Take a discarded card
for a Nature or Element card from hand: 3. Spent tokens go back to the Reserve.
"""

from __future__ import annotations

from referee.games.kreus import aggression, cards
from referee.games.kreus.cards import noun, title
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import (
    exchanged,
    gain,
    holds,
    named,
    need_hand,
    pay,
    take_unseen,
    taken_into_hand,
    to_discard,
    unseen_card,
)
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction
from referee.model.verbs import Action, Event

COSTS = {"show": 1, "exchange": 2, "retrieve": 3}


def show_card(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """1 token: show one card of your hand to one player."""
    who = named(state, action.get("player"))
    to = named(state, action.get("to"), "--to")
    if to == who:
        raise IllegalAction(f"{who} cannot show a card to themselves: it is shown to another "
                            "player", "Energy: a card is shown to another player")
    need_hand(state, who, 1, "showing a card")
    pay(state, who, COSTS["show"], "showing a card")
    if who not in state["round"]["shown"]:
        state["round"]["shown"].append(who)
    return [event(f"{who} shows a card to {to} (1 Energy; {who} has {state['tokens'][who]}, "
                  f"Reserve {state['reserve']}).")]


def exchange(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """2 tokens: swap one hand card with another player, both chosen face down."""
    who = named(state, action.get("player"))
    other = named(state, action.get("with"), "the other player")
    if other == who:
        raise IllegalAction(f"{who} cannot exchange with themselves",
                            "Energy: an exchange is with another player")
    need_hand(state, who, 1, "an exchange")
    need_hand(state, other, 1, "an exchange")
    pay(state, who, COSTS["exchange"], "an exchange")
    exchanged(state, who, other)
    return [event(f"{who} and {other} exchange one card face down (2 Energy; {who} has "
                  f"{state['tokens'][who]}, Reserve {state['reserve']}).")]


def swap_with_discard(state: KreusState, who: str, take: object, give: object, why: str) -> list[dict]:
    """A Nature or Element card from hand goes to the discard; any discarded card comes back
    (an Aggression card too): it is in `who`'s hand, unseen again until it leaves it, so an
    Aggression card taken back counts as held until it is revealed."""
    need_hand(state, who, 1, why)
    wanted = cards.parse(take, state["deck"])
    if wanted not in state["discard"]:
        raise IllegalAction(f"no {noun(wanted)} card is in the discard pile",
                            "Energy: only a discarded card can be taken back")
    given = unseen_card(state, give, "the card given")
    if cards.kind(given) == "aggression":
        raise IllegalAction(f"{title(given)} is an Aggression card; only a Nature or Element "
                            "card is given for it", "Energy: swap for a discarded card")
    holds(state, who, given)
    take_unseen(state, given)
    to_discard(state, given)
    state["discard"].remove(wanted)
    state["pool"][wanted] = state["pool"].get(wanted, 0) + 1
    taken_into_hand(state, who, wanted)
    return [event(f"{who} gives {title(given)} to the discard and takes back {title(wanted)} "
                  f"({why}).")]


def retrieve(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """3 tokens: take a discarded card for a Nature or Element card from hand."""
    who = named(state, action.get("player"))
    if state["tokens"][who] < COSTS["retrieve"]:
        pay(state, who, COSTS["retrieve"], "taking a discarded card")
    events = swap_with_discard(state, who, action.get("card"), action.get("give"), "3 Energy")
    pay(state, who, COSTS["retrieve"], "taking a discarded card")
    events.append(event(f"{who} has {state['tokens'][who]} Energy; Reserve {state['reserve']}."))
    return events


def discard(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """Divination: discard a Nature or Element card for a token, once per player per phase
    (docs/rulings/kreus.md); also answers the Storm (that discard earns nothing and is not counted)."""
    who = named(state, action.get("player"))
    if state["pending"]:  # the core let only the Storm's player through
        return aggression.storm_discard(state, who, action)
    need_hand(state, who, 1, "a discard")
    r = state["round"]
    if r["cronus"] == who and who not in r["placed"] and state["hand"][who] <= 2:
        raise IllegalAction(f"{who} declared Cronus and must keep two cards to put face down",
                            "Incarnation: Cronus places two cards")
    if who in r["discarded"]:
        raise IllegalAction(f"{who} has already discarded a card for Energy this Divination "
                            "phase", "Divination: one discard for a token per player per phase")
    card = unseen_card(state, action.get("card"), "the discarded card")
    if cards.kind(card) == "aggression":
        raise IllegalAction(f"{title(card)} is an Aggression card: only Nature or Element cards "
                            "are discarded for Energy", "Divination: discard for a token")
    holds(state, who, card)
    take_unseen(state, card)
    to_discard(state, card)
    state["hand"][who] -= 1
    r["discarded"].append(who)
    events = [event(f"{who} discards {title(card)}.")]
    if cards.kind(card) == "nature":
        events.append(event(f"{title(card)} is lost: every route through it is closed "
                            "until it is taken back."))
    events.append(event(gain(state, who, bool(action.get("no_token")))))
    return events
