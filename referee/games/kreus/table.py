"""What the referee knows at the table: seats, Energy tokens, hand counts, the unseen cards.

The referee never sees a hand. `state["pool"]` counts the cards nobody has seen
yet (in hands or face down); a card typed as revealed or discarded must still
have an unseen copy there.
"""

from __future__ import annotations

from referee.errors import IllegalAction, InputError
from referee.games.kreus import cards
from referee.games.kreus.cards import noun, title
from referee.games.kreus.state import KreusState

Choice = tuple[str, str]  # (Nature card in play, element)


def named(state: KreusState, value: object, what: str = "a player") -> str:
    """A player field as the core resolved it (any case, a unique prefix): a seat's name."""
    if not isinstance(value, str) or value not in state["tokens"]:
        raise InputError(f"{what} is needed: one of {', '.join(state['players'])}")
    return value


def seat_order(state: KreusState, start: int | None = None) -> list[str]:
    """Players going left (the order they were listed) from the First Player."""
    players = state["players"]
    first = (state["first"] if start is None else start) % len(players)
    return players[first:] + players[:first]


def first_player(state: KreusState) -> str:
    return state["players"][state["first"]]


def left_of(state: KreusState, name: str) -> str:
    i = state["players"].index(name)
    return state["players"][(i + 1) % len(state["players"])]


def unseen_card(state: KreusState, text: object, rule_context: str) -> str:
    """A typed card that could still be hidden in a hand (or face down)."""
    card = cards.parse(text, state["deck"])
    if state["pool"].get(card, 0) <= 0:
        copies = state["deck"][card]
        which = (f"{title(card)}, the only one in this deck, is" if copies == 1
                 else f"every {noun(card)} card ({copies} in this deck) is")
        raise IllegalAction(
            f"{which} already accounted for (in play, discarded or out of the game); "
            f"{rule_context} cannot be {'it' if copies == 1 else 'one'}",
            "Cards: the deck holds only so many copies of each card")
    return card


def take_unseen(state: KreusState, card: str) -> None:
    state["pool"][card] -= 1


def to_discard(state: KreusState, card: str) -> None:
    state["discard"].append(card)


def lost_in_creation(state: KreusState, card: str) -> None:
    """A card discarded during Creation; Iapetus recovers the Element cards among them."""
    to_discard(state, card)
    r = state["round"]
    if r["iapetus"] and cards.kind(card) == "element":
        r["recovered"].append(card)


def pay(state: KreusState, who: str, n: int, power: str) -> None:
    """Spend Energy: back to the Reserve (section 6)."""
    if state["tokens"][who] < n:
        raise IllegalAction(
            f"{power} costs {n} Energy token{'s' if n > 1 else ''}; "
            f"{who} has {state['tokens'][who]}",
            "Energy: a power needs its tokens")
    state["tokens"][who] -= n
    state["reserve"] += n


def gain(state: KreusState, who: str, declined: bool = False) -> str:
    """Take one Energy token from the Reserve if there is one (a player may leave it)."""
    if declined:
        return f"{who} leaves the Energy token in the Reserve."
    if state["reserve"] <= 0:
        return "The Reserve is empty: no Energy token to take."
    state["reserve"] -= 1
    state["tokens"][who] += 1
    return f"{who} takes 1 Energy token ({state['tokens'][who]} now, Reserve {state['reserve']})."


def need_hand(state: KreusState, who: str, n: int, what: str) -> None:
    if state["hand"][who] < n:
        held = state["hand"][who]
        raise IllegalAction(f"{who} holds {held} card{'' if held == 1 else 's'} in hand; "
                            f"{what} needs {n}", "Hand: only cards in hand can be used")


def tokens_on_cards(state: KreusState) -> int:
    """Tokens off the Reserve and off the players: Tethys protections and Themis stakes."""
    protected = sum(s["protected"] for p in state["in_play"].values() for s in p["elements"])
    return protected + len(state["round"]["bets"])


def held_aggression(state: KreusState) -> int:
    """Aggression cards not yet seen: they may still be in a hand or face down."""
    return sum(state["pool"].get(a, 0) for a in cards.AGGRESSIONS)


def may_be_last_turn(state: KreusState) -> bool:
    """Divination: this turn is the last if every player places the last card of their hand."""
    r = state["round"]

    def can_empty(p: str) -> bool:
        if p in r["placed"] or state["skip"].get(p) == state["turn"]:
            return state["hand"][p] == 0  # places nothing more this turn
        return state["hand"][p] <= (2 if r.get("cronus") == p else 1)

    return all(can_empty(p) for p in state["players"])


def cards_left(state: KreusState) -> dict[str, int]:
    """Cards each player still holds, in hand or face down."""
    return {p: state["hand"][p] + state["face_down"][p] for p in state["players"]}
