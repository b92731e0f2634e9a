"""Where the cards are, as far as the table can see (hidden information).

The referee knows the deck composition and every face-up card: the Impulse, the
Mindsets, the discard pile, and hand cards that were shown (taken from the
Impulse, stolen and shown). Face-down cards (the main deck, the Impulse stacks,
the rest of each hand) are counts only. A card turning face up is typed by the
table or drawn by the referee from the cards not yet seen.
"""

from __future__ import annotations

from collections import Counter

from referee.games.cerebria import cards
from referee.games.cerebria.state import State
from referee.model.errors import IllegalAction, InputError

DECK_RULE = "Deck: 96 cards, each copy in one place"


def composition(state: State) -> dict[str, int]:
    return state.get("composition") or cards.default_deck()


def seen(state: State) -> Counter:
    """Every card whose place the table knows."""
    found = [c for c in state["impulse"] if c]
    found += state["discard"]["known"]
    for name in state["players"]:
        found += state["hands"][name]["known"]
        for emo in state["mindsets"][name]:
            found.append(emo["card"])
            if emo["merged"]:
                found.append(emo["merged"])
    return Counter(found)  # one count, in C


def where(state: State, card: str) -> str:
    """Where the copies of CARD in sight are, for a refusal."""
    places = [f"Impulse slot {i + 1}" for i, c in enumerate(state["impulse"]) if c == card]
    places += ["the discard pile"] * state["discard"]["known"].count(card)
    for name in state["players"]:
        places += [f"{name}'s hand"] * state["hands"][name]["known"].count(card)
        for emo in state["mindsets"][name]:
            places += [f"{name}'s Mindset"] * [emo["card"], emo["merged"]].count(card)
    return ", ".join(places)


def unseen(state: State) -> Counter:
    """Copies of each card not yet seen: in the deck, the stacks or hidden in hands."""
    get = seen(state).get
    return Counter({c: left for c, n in composition(state).items() if (left := n - get(c, 0)) > 0})


def unseen_vibes(state: State) -> set[str]:
    """The vibes a hidden card can still have."""
    return {cards.vibe(c) for c in unseen(state)}


def known_card(state: State, text: object) -> str:
    """Parse a card and check that it exists in this game's deck."""
    card = cards.parse(text)
    if card not in composition(state):
        raise InputError(f"{card} is not in this game's deck ({_twin(state, card)})")
    return card


def _twin(state: State, card: str) -> str:
    if cards.is_plain(card):
        return "see deck.json"
    _, aff, vibe, ability = card.split("-")
    other = "strong" if cards.kind(card) == "mild" else "mild"
    twin = f"{other}-{aff}-{vibe}-{ability}"
    return f"it has {twin}" if twin in composition(state) else "see deck.json"


def hidden_count(state: State, name: str) -> int:
    hand = state["hands"][name]
    return hand["count"] - len(hand["known"])


def take_from_hand(state: State, name: str, card: str, rule: str) -> None:
    """A named card leaves NAME's hand (invoked, merged, discarded, stolen and shown)."""
    hand = state["hands"][name]
    if hand["count"] < 1:
        raise IllegalAction(f"{name} has no card in hand", rule)
    if card in hand["known"]:
        hand["known"].remove(card)
        hand["count"] -= 1
        return
    if hidden_count(state, name) < 1:
        shown = ", ".join(hand["known"])
        raise IllegalAction(f"{name}'s hand is known to hold only {shown}; no {card}", rule)
    if unseen(state)[card] < 1:
        raise IllegalAction(f"{name} cannot hold {card}: every copy is already in sight "
                            f"({where(state, card)})", DECK_RULE)
    hand["count"] -= 1


def to_hand(state: State, name: str, card: str) -> None:
    """A face-up card goes into NAME's hand, seen by everyone."""
    state["hands"][name]["count"] += 1
    state["hands"][name]["known"].append(card)


def forget_hand(state: State, name: str) -> None:
    """The shown cards of a hand become hidden again (an unknown one of them left it)."""
    state["hands"][name]["known"] = []


def discard(state: State, *names: str) -> None:
    """Face-up cards go to the discard pile."""
    state["discard"]["known"].extend(names)


def discard_hidden(state: State, n: int) -> None:
    state["discard"]["unknown"] += n


def discard_total(state: State) -> int:
    return len(state["discard"]["known"]) + state["discard"]["unknown"]


def draw_face_down(state: State, n: int) -> tuple[int, bool]:
    """Take up to N face-down cards from the main deck, reshuffling the discard pile when it
    runs out (Next Cycle, step 1). Returns (cards taken, whether a reshuffle happened)."""
    taken, reshuffled = 0, False
    while taken < n:
        if state["deck"] == 0:
            if discard_total(state) == 0:
                break
            state["deck"] = discard_total(state)
            state["discard"] = {"known": [], "unknown": 0}
            reshuffled = True
        step = min(n - taken, state["deck"])
        state["deck"] -= step
        taken += step
    return taken, reshuffled


def total_cards(state: State) -> int:
    """All 96 cards, wherever they are (an invariant)."""
    n = state["deck"] + sum(state["stacks"]) + sum(1 for c in state["impulse"] if c)
    n += discard_total(state)
    for name in state["players"]:
        n += state["hands"][name]["count"]
        n += sum(2 if e["merged"] else 1 for e in state["mindsets"][name])
    return n
