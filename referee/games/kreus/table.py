"""What the referee knows at the table: seats, Energy tokens, hand counts, the unseen cards.

The referee never sees a hand. `state["pool"]` counts the cards nobody has seen
yet (in hands or face down); a card typed as revealed or discarded must still
have an unseen copy there.
"""

from __future__ import annotations

from referee.games.kreus import cards
from referee.games.kreus.cards import noun, title
from referee.games.kreus.state import KreusState
from referee.model.errors import IllegalAction, InputError

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
    if state["pool"][card] <= 0:  # seen: it is in no hand any more
        state["known"].pop(card, None)
        if card in state["taken"]:
            state["taken"].remove(card)


PLANET_RULE = "Hands: the Planet starts in the First Player's hand"
HELD_RULE = "Hands: a card taken into a hand stays there until it is exchanged or seen"


def holds(state: KreusState, who: str, card: str) -> None:
    """Refuse `who` letting `card` out of their hand (or face down) when the referee knows
    it cannot be there: a card it knows is in other hands (the Planet before any exchange
    could move it, a card taken back from the discard), or a card other than those `who`
    must still hold when only as many cards are left to them."""
    holders = state["known"].get(card)
    if holders is not None and who not in holders:
        where = " or ".join(holders)
        if card == cards.PLANET and card not in state["taken"]:
            raise IllegalAction(f"the Planet was dealt to the First Player and can only be in "
                                f"{where}'s hand: no exchange has reached {who}", PLANET_RULE)
        raise IllegalAction(f"{title(card)} can only be in {where}'s hand: no exchange has "
                            f"passed it to {who}", HELD_RULE)
    kept = [c for c, ps in state["known"].items()
            if ps == [who] and c != card and state["pool"].get(c, 0) > 0]
    left = cards_left(state)[who] - 1
    if len(kept) > left:
        names = ", ".join(title(c) for c in kept)
        raise IllegalAction(f"{who} holds {left + 1} card{'s' if left else ''} and {names} "
                            f"{'is' if len(kept) == 1 else 'are'} among them: this one must "
                            f"be {names if len(kept) == 1 else 'one of those'}",
                            PLANET_RULE if cards.PLANET in kept and cards.PLANET not in
                            state["taken"] else HELD_RULE)


def may_hold(state: KreusState, who: str, card: str) -> bool:
    """`holds` as a test (completion, hints, playouts)."""
    try:
        holds(state, who, card)
    except IllegalAction:
        return False
    return True


def taken_into_hand(state: KreusState, who: str, card: str) -> None:
    """A card goes into `who`'s hand openly (taken back from the discard, the Storm taken
    back): the referee knows where a one-copy card is until an exchange can move it."""
    if state["deck"].get(card) == 1:
        state["known"][card] = [who]
        if card not in state["taken"]:
            state["taken"].append(card)


def exchanged(state: KreusState, a: str, b: str) -> None:
    """An exchange between `a` and `b`: a card known in one hand may now be in the other."""
    for holders in state["known"].values():
        for x, y in ((a, b), (b, a)):
            if x in holders and y not in holders:
                holders.append(y)


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
