"""Universe cards: names, kinds, the Altered qualities, and the deck for each player count.

Card keys are lower-case words: `fire air earth water aether`, the Nature names,
`thunderbolts storm hekatonkheires`; in Altered Elements mode an altered copy
is written `QUALITY-ELEMENT` (`volatile-fire`).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable

from referee.model.errors import InputError
from referee.model.prefix import fits_several

ELEMENTS: tuple[str, ...] = ("fire", "air", "earth", "water")
AETHER = "aether"
AGGRESSIONS: tuple[str, ...] = ("thunderbolts", "storm", "hekatonkheires")
QUALITIES: tuple[str, ...] = ("disturbing", "volatile", "complementary")
NATURE_NAMES: tuple[str, ...] = (
    "atmosphere", "comet", "wind", "rainbow", "mountain", "river",
    "bird", "fish", "tree", "flower", "planet",
)
PLANET = "planet"

TITLES = {"storm": "Storm of Uranus", "hekatonkheires": "The Hekatonkheires"}

ALIASES = {
    "thunderbolt": "thunderbolts", "lightning": "thunderbolts", "bolt": "thunderbolts",
    "storm-of-uranus": "storm", "uranus": "storm", "the-storm-of-uranus": "storm",
    "hek": "hekatonkheires", "the-hekatonkheires": "hekatonkheires",
    "hekatoncheires": "hekatonkheires", "ether": "aether",
}

# Token count and cards out of the box for each player count (section 3).
TOKENS = {3: 3, 4: 7, 5: 11, 6: 15}
REMOVED = {
    3: {"aether": 2, "fire": 1, "air": 1, "earth": 1, "water": 1},
    4: {"aether": 2},
    5: {"aether": 1, "thunderbolts": 1},
    6: {},
}


def full_deck() -> dict[str, int]:
    """All 42 Universe cards of the box."""
    deck = dict.fromkeys(ELEMENTS, 6)
    deck[AETHER] = 2
    deck.update(dict.fromkeys(NATURE_NAMES, 1))
    deck.update({"thunderbolts": 3, "storm": 1, "hekatonkheires": 1})
    return deck


def deck_for(players: int, first_game: bool, altered: bool) -> dict[str, int]:
    """The Universe deck for a player count (section 3), first-game variant and Altered copies.

    First game (3-5 players): the Storm of Uranus is swapped for one Aether.
    Altered Elements: of each element's copies one is Disturbing, one Volatile and
    one Complementary; a 3-player table removes a plain copy.
    """
    deck = full_deck()
    for card, n in REMOVED[players].items():
        deck[card] -= n
    if first_game and players <= 5:
        deck["storm"] -= 1
        deck[AETHER] += 1
    if altered:
        for e in ELEMENTS:
            deck[e] -= len(QUALITIES)
            for q in QUALITIES:
                deck[f"{q}-{e}"] = 1
    return {k: v for k, v in deck.items() if v > 0}


@functools.lru_cache(maxsize=512)
def element_of(card: str) -> str | None:
    """The element an Element card carries (`volatile-fire` -> fire); Aether and others: None."""
    base = card.split("-")[-1]
    return base if base in ELEMENTS else None


@functools.lru_cache(maxsize=512)
def quality_of(card: str) -> str | None:
    """The Altered quality of an Element card, or None."""
    head = card.split("-")[0]
    return head if "-" in card and head in QUALITIES else None


@functools.lru_cache(maxsize=512)
def kind(card: str) -> str:
    """'element' (Aether included), 'nature' or 'aggression'."""
    if card == AETHER or element_of(card):
        return "element"
    if card in AGGRESSIONS:
        return "aggression"
    return "nature"


@functools.lru_cache(maxsize=512)
def title(card: str) -> str:
    """The card as printed: `Storm of Uranus`, `Volatile Fire`, `Bird`."""
    return TITLES.get(card) or " ".join(w.capitalize() for w in card.split("-"))


def the(card: str) -> str:
    """The card inside a sentence: `the Storm of Uranus`, `the Hekatonkheires`, `Fire`."""
    if card == "hekatonkheires":
        return "the Hekatonkheires"
    if card == "storm":
        return "the Storm of Uranus"
    return title(card)


def noun(card: str) -> str:
    """The card's name after a word like `no` or `every`: `Hekatonkheires`, `Fire`."""
    return title(card).removeprefix("The ")


def normalize(text: str) -> str:
    """A typed card name as a key: any case, spaces or dashes, aliases, `fire-volatile` too."""
    key = "-".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())
    key = ALIASES.get(key, key)
    parts = key.split("-")
    if len(parts) == 2 and parts[0] in ELEMENTS and parts[1] in QUALITIES:
        key = f"{parts[1]}-{parts[0]}"
    return key


def _fits(key: str, name: str) -> bool:
    """A typed key is a prefix of the name, or word by word (`vol-fi` for `volatile-fire`)."""
    if name.startswith(key):
        return True
    words, parts = key.split("-"), name.split("-")
    return len(words) == len(parts) and all(p.startswith(w) for p, w in zip(parts, words,
                                                                             strict=True))


def _prefixed(key: str, names: Iterable[str], aliases: bool = True) -> list[str]:
    """The names (aliases mapped to their card) a typed prefix could mean."""
    pool = set(names)
    found = {n for n in pool if _fits(key, n)}
    if aliases:
        found |= {card for alias, card in ALIASES.items() if card in pool and _fits(key, alias)}
    return sorted(found)


def _one(text: object, key: str, found: list[str], what: str) -> str | None:
    """The one name a prefix means; several: refused naming them, never a guess."""
    if len(found) > 1:
        raise fits_several(text, found, what)
    return found[0] if found else None


def parse(text: object, deck: dict[str, int]) -> str:
    """A typed card name that exists in this game's deck (any case, an alias, or a unique
    prefix: `atm`, `thu`, `vol-fi`), else InputError naming the choices."""
    if not isinstance(text, str) or not text.strip():
        raise InputError("a card name is needed")
    if text in deck:  # as the log keeps it
        return text
    key = normalize(text)
    if key in deck:
        return key
    card = _one(text, key, _prefixed(key, deck), "card")
    if card is not None:
        return card
    if element_of(key) and quality_of(key):
        raise InputError(f"'{text}': Altered Elements are in the deck only in --altered games")
    elsewhere = [key] if key in full_deck() else _prefixed(key, full_deck())
    if len(elsewhere) == 1:
        raise InputError(f"'{text}': no {noun(elsewhere[0])} card is in this game's deck")
    raise InputError(f"unknown card '{text}' (cards: {', '.join(sorted(deck))})")


def parse_element(text: object) -> str:
    """An element name (fire, air, earth, water), or a unique prefix of one (`w`, `ea`)."""
    if text in ELEMENTS:
        return str(text)
    key = normalize(text) if isinstance(text, str) else ""
    if key in ELEMENTS:
        return key
    element = _one(text, key, _prefixed(key, ELEMENTS, aliases=False) if key else [],
                   "element")
    if element is None:
        raise InputError(f"unknown element '{text}' (elements: {', '.join(ELEMENTS)})")
    return element


def parse_nature(text: object, names: Collection[str]) -> str | None:
    """A Nature card named in an option (`--on`, `--target`): its key, a unique prefix
    (`atm`) expanded; None when it names no Nature card."""
    if isinstance(text, str) and text in names:
        return text
    key = normalize(str(text))
    if key in names:
        return key
    return _one(text, key, _prefixed(key, names, aliases=False) if key else [], "card")
