"""Minion cards: the stats a card carries, checked and put in one normal form.

A card is plain data, copied into the actions that name it so a log replays
without the card library:
`{"name", "attack", "defense", "cunning", "tactics", "disposition", "keywords",
"swift", "hunter"}`. Keywords are among basic/epic/hero/monster/champion.
The rulebook prints only a few facts about a few cards (`rulebook_cards.json`);
the players type the rest once with `referee kleos card add`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, cast

from referee.games.kleos.state import Card, State
from referee.model import shipped
from referee.model.errors import InputError
from referee.model.prefix import fits_several

KEYWORDS = ("basic", "epic", "hero", "monster", "champion")
STATS = ("attack", "defense", "cunning", "tactics")
GODS = ("ares", "artemis", "athena", "dionysus", "hermes")


def _int(value: Any, what: str, low: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InputError(f"{what} must be a whole number, not {value!r}")
    try:
        n = int(str(value).strip())
    except ValueError:
        raise InputError(f"{what} must be a whole number, not {value!r}") from None
    if low is not None and n < low:
        raise InputError(f"{what} cannot be below {low} (got {n})")
    if abs(n) > 99:
        raise InputError(f"{what} of {n} is not a card value")
    return n


def parse_stats(text: str) -> dict[str, int]:
    """`A/D/C/T` (Tactics may be negative, e.g. `4/3/1/-1`) into the four stats."""
    parts = str(text).strip().split("/")
    if len(parts) != 4:
        raise InputError("stats are written A/D/C/T (Attack/Defense/Cunning/Tactics), "
                         f"not '{text}'")
    out = {}
    for key, part in zip(STATS, parts, strict=True):
        out[key] = _int(part, key.capitalize(), None if key == "tactics" else 0)
    return out


def parse_pair(text: str, what: str) -> list[int]:
    """`A/D` (a Hunter bonus) into two numbers."""
    parts = str(text).strip().lstrip("+").split("/")
    if len(parts) != 2:
        raise InputError(f"{what} is written A/D (Attack/Defense bonus), not '{text}'")
    return [_int(p.strip().lstrip("+"), what, None) for p in parts]


def normalize(data: Any, name: str | None = None) -> Card:
    """Check a card's data and return it in normal form (InputError when malformed)."""
    if not isinstance(data, dict):
        raise InputError(f"card data must be an object, not {type(data).__name__}")
    name = str(data.get("name") or name or "").strip()
    if not name:
        raise InputError("a card needs a name")
    if len(name) > 60:
        raise InputError(f"card name '{name[:20]}...' is too long (60 characters at most)")
    card: dict[str, Any] = {"name": name}  # a Card once every field is in
    for key in STATS:
        if key not in data:
            raise InputError(f"card '{name}' has no {key.capitalize()}")
        card[key] = _int(data[key], f"{name}'s {key.capitalize()}", None if key == "tactics" else 0)
    disp = data.get("disposition")
    card["disposition"] = None if disp is None else _int(disp, f"{name}'s Disposition")
    kws = data.get("keywords") or []
    if not isinstance(kws, list) or not all(isinstance(k, str) for k in kws):
        raise InputError(f"card '{name}': keywords must be a list of words")
    kws = sorted({k.strip().lower() for k in kws})
    bad = [k for k in kws if k not in KEYWORDS]
    if bad:
        raise InputError(f"card '{name}': unknown keyword '{bad[0]}' "
                         f"(keywords: {', '.join(KEYWORDS)})")
    if "champion" not in kws and "epic" not in kws and "basic" not in kws:
        kws = sorted([*kws, "basic"])
    card["keywords"] = kws
    card["swift"] = bool(data.get("swift", False))
    hunter = data.get("hunter")
    if hunter is not None:
        if not isinstance(hunter, list) or len(hunter) != 2:
            raise InputError(f"card '{name}': a Hunter bonus is two numbers [attack, defense]")
        hunter = [_int(h, f"{name}'s Hunter bonus", None) for h in hunter]
    card["hunter"] = hunter
    god = data.get("god")
    if god is not None:
        god = str(god).lower()
        if god not in GODS:
            raise InputError(f"card '{name}': no god '{god}' (gods: {', '.join(GODS)})")
        card["god"] = god
    return cast(Card, card)


@lru_cache(maxsize=1)
def rulebook_facts() -> dict[str, dict]:
    """What the rulebook states about named cards, keyed by lower-case name and alias."""
    raw = json.loads(shipped.text(__file__, "rulebook_cards.json"))["cards"]
    out: dict[str, dict] = {}
    for name, facts in raw.items():
        entry = {"name": name, **facts}
        out[name.lower()] = entry
        for alias in facts.get("aliases", []):
            out[alias.lower()] = entry
    return out


def facts_text(name: str) -> str:
    """The rulebook's facts about a card, in a few words ('' when it says nothing)."""
    facts = rulebook_facts().get(name.strip().lower())
    if not facts:
        return ""
    bits = []
    for key in ("disposition", "tactics"):
        if key in facts:
            bits.append(f"{key.capitalize()} {facts[key]}")
    if "hunter" in facts:
        a, d = facts["hunter"]
        bits.append(f"Hunter +{a} Attack/+{d} Defense")
    if facts.get("keywords"):
        bits.append("/".join(k.capitalize() for k in facts["keywords"]))
    if "mount" in facts:
        bits.append(f"Heroic Mount ({facts['mount']})")
    if facts.get("offering"):
        bits.append("Monstrous Offering")
    return f"{facts['name']}: " + (", ".join(bits) if bits else "named only, no stats printed")


def with_rulebook_defaults(data: dict) -> dict:
    """Fill fields the player left out with what the rulebook states about that card."""
    facts = rulebook_facts().get(str(data.get("name", "")).strip().lower())
    if not facts:
        return data
    out = dict(data)
    if out.get("disposition") is None and "disposition" in facts:
        out["disposition"] = facts["disposition"]
    if out.get("hunter") is None and "hunter" in facts:
        out["hunter"] = facts["hunter"]
    kws = set(out.get("keywords") or [])
    out["keywords"] = sorted(kws | set(facts.get("keywords", [])))
    return out


def unknown_card(name: str) -> InputError:
    """The refusal for a card name with no stats, with the hint to add it."""
    hint = f'add it once with `referee kleos card add "{name}" --stats A/D/C/T ...`'
    known = facts_text(name)
    extra = f" (the rulebook gives only {known.split(': ', 1)[1]})" if known else ""
    return InputError(f"unknown card '{name}': its stats are not in the card library{extra}; "
                      f"{hint}")


def describe(card: Card) -> str:
    """`Centaur 2/2/1/+1` with keywords, Swift, Hunter, Disposition."""
    t = card["tactics"]
    text = f"{card['name']} {card['attack']}/{card['defense']}/{card['cunning']}/{t:+d}"
    extra = [k.capitalize() for k in card["keywords"] if k != "basic"]
    if card.get("swift"):
        extra.append("Swift")
    hunter = card.get("hunter")
    if hunter:
        extra.append("Hunter +{}/+{}".format(*hunter))
    if card.get("disposition") is not None:
        extra.append(f"Disposition {card['disposition']}")
    return text + (f" ({', '.join(extra)})" if extra else "")


def match(typed: str, names: list[str]) -> str | None:
    """The one card name TYPED stands for among NAMES: the name itself (any case), else the
    only one it begins, else the only one with a word it begins (`Hop` -> Hoplite Warrior,
    `Myr` -> Amazonian Queen Myrina); None when there is none. When several fit: InputError
    naming them ("'sh' fits two cards: Shield Maiden, Shieldbearer")."""
    want = typed.strip().casefold()
    if not want:
        return None
    folded = {n.casefold(): n for n in names}
    if want in folded:
        return folded[want]
    for test in (lambda f: f.startswith(want),
                 lambda f: any(w.startswith(want) for w in f.split())):
        found = sorted({n for f, n in folded.items() if test(f)})
        if len(found) == 1:
            return found[0]
        if found:
            raise fits_several(typed, found)
    return None


def resolve(state: State, name: Any, given: Any = None) -> Card:
    """The card an action names: its copied stats, else one this session already knows
    (a unique prefix of its name will do).

    A card first used in a session is remembered in it, so later actions may
    name it alone.
    """
    if not isinstance(name, str) or not name.strip():
        raise InputError("a card is named by its printed name")
    if given is not None:
        card = normalize(given, name)
        if card["name"].lower() != name.strip().lower():
            raise InputError(f"the stats given are for '{card['name']}', not '{name}'")
        state["cards"][card["name"].lower()] = card
        return card
    known = state["cards"].get(name.strip().lower())
    if known is None:
        full = match(name, [c["name"] for c in state["cards"].values()])
        known = state["cards"].get(full.lower()) if full else None
    if known is None:
        raise unknown_card(name.strip())
    return known
