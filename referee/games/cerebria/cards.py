"""Emotion cards: the notation the CLI documents, what a card is, and the deck composition.

A card is written `mild|strong`-`bliss|gloom`-VIBE-ABILITY (`strong-gloom-blue-steal`)
or `brightness|bleakness`-VIBE (`brightness-red`). Case, spaces and underscores are
forgiven; the canonical form is lower case with dashes.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache

from referee.model import shipped
from referee.model.errors import InputError
from referee.scorers.cerebria import VIBES  # defined once, with the vibe combinations

ABILITIES = ("destroy", "drain", "deprive", "summon", "steal", "swap", "draw", "embrace")
STRENGTHS = ("mild", "strong")
AFFILIATIONS = ("bliss", "gloom")
PLAIN = {"brightness": "bliss", "bleakness": "gloom"}  # cards with Absorb slots, no ability
DECK_SIZE = 96
PER_KIND = 16  # per affiliation: 16 Mild, 16 Strong, 16 Brightness/Bleakness

_EXAMPLE = "strong-gloom-blue-steal or brightness-red"


def parse(text: object) -> str:
    """The canonical name of a card written in the notation, or InputError."""
    if isinstance(text, str):
        return _parse(text)  # remembered: the same few names come back all game long
    raise InputError(f"a card is written like {_EXAMPLE}")


@cache
def _parse(text: str) -> str:
    if not text.strip():
        raise InputError(f"a card is written like {_EXAMPLE}")
    parts = [p for p in re.split(r"[-_\s]+", text.strip().lower()) if p]
    shown = text.strip()[:60]
    if not parts:
        raise InputError(f"'{shown}' is not a card; a card is written like {_EXAMPLE}")
    head = parts[0]
    if head in PLAIN:
        if len(parts) != 2:
            raise InputError(f"'{shown}': a {head} card is written {head}-VIBE, e.g. {head}-red")
        if parts[1] not in VIBES:
            raise InputError(f"'{shown}': no vibe '{parts[1][:20]}' (vibes: {', '.join(VIBES)})")
        return f"{head}-{parts[1]}"
    if head not in STRENGTHS:
        raise InputError(
            f"'{shown}': a card starts with mild, strong, brightness or bleakness "
            f"(e.g. {_EXAMPLE})"
        )
    if len(parts) != 4:
        raise InputError(f"'{shown}': a {head} card is written {head}-AFFILIATION-VIBE-ABILITY, "
                         f"e.g. {head}-bliss-red-draw")
    _, aff, vibe, ability = parts
    if aff not in AFFILIATIONS:
        raise InputError(f"'{shown}': no affiliation '{aff[:20]}' (bliss or gloom)")
    if vibe not in VIBES:
        raise InputError(f"'{shown}': no vibe '{vibe[:20]}' (vibes: {', '.join(VIBES)})")
    if ability not in ABILITIES:
        raise InputError(f"'{shown}': no ability '{ability[:20]}' "
                         f"(abilities: {', '.join(ABILITIES)})")
    return f"{head}-{aff}-{vibe}-{ability}"


@cache
def kind(card: str) -> str:
    """mild, strong, brightness or bleakness."""
    return card.split("-", 1)[0]


@cache
def affiliation(card: str) -> str:
    """bliss or gloom: Brightness is Bliss, Bleakness is Gloom."""
    head = kind(card)
    return PLAIN.get(head) or card.split("-")[1]


@cache
def vibe(card: str) -> str:
    parts = card.split("-")
    return parts[1] if kind(card) in PLAIN else parts[2]


@cache
def ability(card: str) -> str | None:
    """The card's Emotion Ability; Brightness/Bleakness have none."""
    return None if kind(card) in PLAIN else card.split("-")[3]


@cache
def is_plain(card: str) -> bool:
    """Brightness or Bleakness: two Absorb slots, no ability, no Fragment slot."""
    return kind(card) in PLAIN


@cache
def fragment_slots(card: str) -> int:
    """Mild 1, Strong 2, Brightness/Bleakness 0 (Invoke: fragments placed by kind)."""
    return {"mild": 1, "strong": 2}.get(kind(card), 0)


def plain_for(aff: str) -> str:
    return "brightness" if aff == "bliss" else "bleakness"


@cache
def default_deck() -> dict[str, int]:
    """The shipped deck composition (data file deck.json)."""
    text = shipped.text(__file__, "deck.json")
    return dict(json.loads(text)["cards"])


def check_deck(data: object) -> dict[str, int]:
    """Validate a user deck (card name -> copies): 96 cards, 16 of each kind per affiliation."""
    if isinstance(data, dict) and "cards" in data:
        data = data["cards"]
    if isinstance(data, list):
        data = dict(Counter(parse(c) for c in data))
    if not isinstance(data, dict) or not data:
        raise InputError("a deck is a JSON object {\"cards\": {\"CARD\": copies, ...}}")
    deck: dict[str, int] = {}
    for name, copies in data.items():
        card = parse(name)
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise InputError(f"deck: '{name}' needs a whole number of copies (1 or more)")
        deck[card] = deck.get(card, 0) + copies
    if sum(deck.values()) != DECK_SIZE:
        raise InputError(f"deck: the deck has {DECK_SIZE} cards, this one {sum(deck.values())}")
    for aff in AFFILIATIONS:
        for k in (*STRENGTHS, plain_for(aff)):
            n = sum(c for card, c in deck.items() if kind(card) == k and affiliation(card) == aff)
            if n != PER_KIND:
                raise InputError(f"deck: {PER_KIND} {k} {aff} cards are needed, this deck has {n}")
    return dict(sorted(deck.items()))


SLUG = re.compile(r"\b(?:(mild|strong)-(bliss|gloom)-(" + "|".join(VIBES) + r")-(" + "|".join(ABILITIES) + r")"
                  r"|(brightness|bleakness)-(" + "|".join(VIBES) + r"))\b")


def named(text: str) -> str:
    """`text` with each card written as players name it, not in the notation typed:
    `strong-bliss-green-drain` reads `Drain (strong Bliss, green)`, `bleakness-blue` reads
    `Bleakness (blue)`."""
    def name(m: re.Match) -> str:
        if m.group(5):
            return f"{m.group(5).capitalize()} ({m.group(6)})"
        return f"{m.group(4).capitalize()} ({m.group(1)} {m.group(2).capitalize()}, {m.group(3)})"

    return SLUG.sub(name, text)
