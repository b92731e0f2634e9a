"""Deployment and the Play Phase: minions from hand, attachments, the Isles' Epic cards.

Rules implemented: Deployment puts minions (up to four) on the temple; in
your own Play Phase (the core checks the phase and whose it is) you may play a minion (four-minion limit) and attach
Blessings, Curses, Heroic Mounts and Monstrous Offerings: a Curse goes on an
opposing minion and never on a champion; a Blessing on any minion (its card says
which); one attachment of a name per minion;
a Mount only on a Hero, an Offering only on a Monster, one of each (a new one
replaces the old, which goes to Hades). An Isle gets a new Epic card only when
it is waiting for one (at setup, or at Daybreak when empty of card and minions).
Each Epic card exists once (docs/rulings/kleos.md): a card lying on an Isle is never deployed
or played from a hand, an Epic card in play is never deployed, played or put on
an Isle again, and an Epic card in Hades (killed, or used) never comes back.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import board as bd
from referee.games.kleos import cards
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.state import Attachment, Card, Minion, State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event

AS = ("blessing", "curse", "mount", "offering")
ISLES_EPIC = "Greek Isles: only Epic minions lie on the Isles"
EPIC_ONCE = "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play"
HADES_RULE = "Hades: an Epic card in Hades never comes back"
MODS = {"atk": "attack", "attack": "attack", "def": "defense", "defense": "defense",
        "cun": "cunning", "cunning": "cunning", "tac": "tactics", "tactics": "tactics"}


def _not_champion(card: Card) -> None:
    if "champion" in card["keywords"]:
        raise IllegalAction(f"{card['name']} is a champion: it is always in play, never a card "
                            "to play or recruit", "Champion: one per god, always in play")


def _on_isle(state: State, name: str) -> str | None:
    """The Isle where a card of that name lies face up, if any."""
    return next((isle for isle, card in state["isles"].items()
                 if card and card["name"].lower() == name.lower()), None)


def _in_play(state: State, name: str) -> Minion | None:
    """A minion in play with a card of that name, if any."""
    return next((m for m in state["minions"].values()
                 if m["card"]["name"].lower() == name.lower()), None)


def is_epic(card: Card) -> bool:
    """An Epic card: the Epic keyword, or a Disposition (only Epic cards print one)."""
    return "epic" in card["keywords"] or card.get("disposition") is not None


def in_hades(state: State, card: Card) -> bool:
    """An Epic card that went to Hades (killed, sent to make room, or used as an attachment):
    in neither deck nor hand, it never comes back (a basic card has many copies)."""
    low = card["name"].lower()
    return is_epic(card) and any(h.lower() == low for h in state["hades"])


def not_in_hades(state: State, card: Card) -> None:
    if in_hades(state, card):
        raise IllegalAction(f"{card['name']} is in Hades (killed or used): that one Epic card is "
                            "in neither deck nor hand and never comes back", HADES_RULE)


def from_hand(state: State, found: list[Card]) -> None:
    """Cards coming from a hand: none lies on an Isle, none is a second copy of an Epic card,
    none is an Epic card in Hades."""
    for i, card in enumerate(found):
        not_in_hades(state, card)
        isle = _on_isle(state, card["name"])
        if isle is not None:
            raise IllegalAction(f"{card['name']} lies on {isle}: that one card cannot also come "
                                "from a hand (a minion there may recruit it)", EPIC_ONCE)
        twin = _in_play(state, card["name"])
        if twin is not None and "epic" in card["keywords"] + twin["card"]["keywords"]:
            raise IllegalAction(f"{card['name']} is already in play as {twin['ref']}: an Epic "
                                "card cannot enter play twice", EPIC_ONCE)
        if "epic" in card["keywords"] and any(c["name"].lower() == card["name"].lower()
                                              for c in found[:i]):
            raise IllegalAction(f"{card['name']} is named twice: an Epic card enters play once",
                                EPIC_ONCE)


def deploy(state: State, action: Action, chance: Chance) -> list[Event]:
    """Deployment: minions from hand go onto the player board and the temple."""
    god = st.seated(state, action.get("god"))
    names = action.get("cards")
    if not isinstance(names, list) or not names:
        raise InputError("deploy: name at least one minion card")
    given = action.get("stats") or [None] * len(names)
    if not isinstance(given, list) or len(given) != len(names):
        raise InputError("deploy: one set of stats per card")
    found = [cards.resolve(state, n, g) for n, g in zip(names, given, strict=True)]
    for card in found:
        _not_champion(card)
    from_hand(state, found)
    room = st.MAX_MINIONS - st.count_minions(state, god)
    if len(found) > room:
        raise IllegalAction(f"{st.who(state, god)} has room for {room} more {ngettext('minion', 'minions', room)}, "
                            f"not {len(found)}",
                            "Minion limit: four minions plus the champion")
    temple = st.player(state, god)["temple"]
    evs: list[Event] = []
    for card in found:
        evs += mn.enter_play(state, god, card, temple)
    return evs


def play(state: State, action: Action, chance: Chance) -> list[Event]:
    """Play a Minion: it enters on the player's temple."""
    god = st.seated(state, action.get("god"))
    card = cards.resolve(state, action.get("card"), action.get("stats"))
    _not_champion(card)
    from_hand(state, [card])
    temple = st.player(state, god)["temple"]
    replace = action.get("replace")
    if replace in (None, "") and mn.free_slot(state, god) is None:
        # The fifth minion entering: the player chooses which goes to Hades (a pending choice).
        state["pending"] = [mn.room_entry(state, god, card, temple, exhausted=False)]
        return [event(f"{st.who(state, god)} has four minions: send one to Hades to make room "
                      f"for {card['name']} "
                      f"(replace SLOT: {', '.join(mn.room_choices(state, god))})")]
    return mn.enter_play(state, god, card, temple, replace=replace)


def parse_mod(raw: Any) -> dict[str, Any]:
    """`atk=+1,def=+1,cun=+2,tac=-1,swift` -> {"attack": 1, ..., "swift": True}."""
    if raw in (None, ""):
        return {}
    if isinstance(raw, dict):
        items = [f"{k}={v}" if v is not True else str(k) for k, v in raw.items()]
    elif isinstance(raw, str):
        items = [x.strip() for x in raw.split(",") if x.strip()]
    else:
        raise InputError("--mod is written like atk=+1,def=+1,cun=+2,tac=+1,swift")
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if key == "swift" and not sep:
            out["swift"] = True
            continue
        if key not in MODS or not sep:
            raise InputError(f"--mod: '{item}' is not one of atk=N, def=N, cun=N, tac=N, swift")
        try:
            n = int(value.strip())
        except ValueError:
            raise InputError(f"--mod: '{item}' needs a whole number, e.g. {key}=+1") from None
        if abs(n) > 20:
            raise InputError(f"--mod: {n} is not a card's modifier")
        out[MODS[key]] = out.get(MODS[key], 0) + n
    return out


def attach(state: State, action: Action, chance: Chance) -> list[Event]:
    """Attach a Blessing, Curse, Heroic Mount or Monstrous Offering to a minion."""
    god = st.seated(state, action.get("god"))
    kind = str(action.get("as") or "").strip().lower()
    if kind not in AS:
        raise InputError(f"attach --as must be one of {', '.join(AS)}, not '{kind}'")
    name = str(action.get("card") or "").strip()
    if not name or len(name) > 60:
        raise InputError("attach: name the card being attached (60 characters at most)")
    mod = parse_mod(action.get("mod"))
    target = st.minion(state, action.get("to"))
    _epic_attachment(state, name)
    if kind == "curse":
        if st.is_champion(target):
            raise IllegalAction(f"{st.name(target)} is a champion and cannot be cursed",
                                "Curses: never on a champion")
        if target["god"] == god:
            raise IllegalAction("a Curse goes on an opposing minion",
                                "Curses: attached to opposing minions")
    elif kind in ("mount", "offering") and target["god"] != god:
        raise IllegalAction(f"a {kind.capitalize()} goes on a minion you control; "
                            f"{target['ref']} is {st.whose(state, target['god'])}",
                            f"{'Heroic Mount' if kind == 'mount' else 'Monstrous Offering'}: "
                            "only on a minion you control")
    keywords = target["card"]["keywords"]
    if kind == "mount" and "hero" not in keywords:
        raise IllegalAction(f"{st.name(target)} is not a Hero", "Heroic Mount: only on Heroes")
    if kind == "offering" and "monster" not in keywords:
        raise IllegalAction(f"{st.name(target)} is not a Monster",
                            "Monstrous Offering: only on Monsters")
    if any(a["card"].lower() == name.lower() for a in target["attachments"]):
        raise IllegalAction(f"{st.name(target)} already has a {name} attached",
                            "Attachments: one of the same name per minion")
    evs: list[Event] = []
    if kind in ("mount", "offering"):
        old = next((a for a in target["attachments"] if a["as"] == kind), None)
        if old is not None:
            target["attachments"].remove(old)
            state["hades"].append(old["card"])
            evs.append(event(f"{old['card']} ({kind}) is discarded to Hades"))
    attachment: Attachment = {"card": name, "as": kind, "by": god, "mod": mod}
    target["attachments"].append(attachment)
    shown = ", ".join(f"{k} {v:+d}" if k != "swift" else "Swift" for k, v in mod.items())
    evs.append(event(f"{name} ({kind}) attached to {st.name(target)}"
                     + (f": {shown}" if shown else "")))
    return evs


def _epic_attachment(state: State, name: str) -> None:
    """An Epic card used as an attachment is still its one copy: not one in Hades (killed or
    used before), nor one lying on an Isle or in play."""
    known = state["cards"].get(name.lower())
    facts = cards.rulebook_facts().get(name.lower()) or {}
    if known is not None:
        if not is_epic(known):
            return
        full = known["name"]
    elif facts.get("disposition") is not None or "epic" in facts.get("keywords", []):
        full = facts["name"]
    else:
        return
    if any(h.lower() in (name.lower(), full.lower()) for h in state["hades"]):
        raise IllegalAction(f"{full} is in Hades (killed or used): that one Epic card is in neither "
                            "deck nor hand and never comes back", HADES_RULE)
    isle = _on_isle(state, full)
    if isle is not None:
        raise IllegalAction(f"{full} lies on {isle}: that one card cannot also be attached from a hand",
                            EPIC_ONCE)
    twin = _in_play(state, full)
    if twin is not None:
        raise IllegalAction(f"{full} is already in play as {twin['ref']}: an Epic card is used once",
                            EPIC_ONCE)


def _one_copy(state: State, name: str) -> None:
    """The Epic Minion Deck holds a single copy of each Epic minion: once drawn onto an Isle
    (and then recruited, killed or still waiting there), it cannot come out again."""
    drawn = state.setdefault("epics_drawn", {})
    if name.lower() in drawn:
        raise IllegalAction(f"{name} was already drawn from the Epic deck (onto "
                            f"{drawn[name.lower()]})",
                            "Epic Minion Deck: one copy of each Epic minion")


def isle(state: State, action: Action, chance: Chance) -> list[Event]:
    """An Epic card is placed face up on an Isle that is waiting for one."""
    where = bd.location(state["board"], action.get("isle"))
    if bd.kind(state["board"], where) != "isle":
        raise IllegalAction(f"{where} is not a Greek Isle (isles: {', '.join(bd.ISLES)})",
                            ISLES_EPIC)
    if where not in state["awaiting"]:
        lying = state["isles"][where]
        raise IllegalAction(
            f"{where} is not waiting for a card" + (f" (it holds {lying['name']})"
                                                    if lying else ""),
            "Greek Isles: populated at setup, then at Daybreak only when empty of card and minions")
    card = cards.resolve(state, action.get("card"), action.get("stats"))
    _not_champion(card)
    _one_copy(state, card["name"])  # drawn before (then recruited, killed...): never again
    not_in_hades(state, card)  # an Epic card from a hand that went to Hades
    if card.get("disposition") is None and "epic" not in card["keywords"]:
        raise IllegalAction(f"{card['name']} is not an Epic minion: only Epic minions lie on the "
                            "Isles (a basic minion is deployed or played from a hand)", ISLES_EPIC)
    if card.get("disposition") is None:
        raise InputError(f"{card['name']} has no Disposition: an Epic card on an Isle needs its "
                         "printed one (card add ... --disposition N)")
    twin = _in_play(state, card["name"])
    if twin is not None:
        raise IllegalAction(f"{card['name']} is already in play as {twin['ref']}: that one card "
                            "cannot also lie on an Isle (draw another)", EPIC_ONCE)
    card = Card(**{**card, "keywords": sorted((set(card["keywords"]) - {"basic"}) | {"epic"})})
    state["isles"][where] = card
    state["epics_drawn"][card["name"].lower()] = f"{where}, day {state['day']}"
    state["awaiting"].remove(where)
    return [event(f"{card['name']} (Disposition {card['disposition']}) waits on {where}")]
