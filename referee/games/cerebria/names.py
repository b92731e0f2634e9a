"""Short names: a card, an Impulse card or an emotion named by as little as identifies it.

A card is always accepted in full (`strong-bliss-yellow-draw`). Where the context says
which cards can be meant (a hand, the Impulse row, a Mindset, the unseen cards), a
shorter name is enough when exactly one of them matches: any of the name's parts, in
order, each as a unique start (`yellow-draw`, `s-bl-yel-draw`, `bleak-red`). A short
name that fits several cards is refused with the candidates, never guessed.

A hand with hidden cards may hold any unseen card, so its candidates are its shown
cards and every unseen card: a short name picks a shown card only when no hidden
card could fit it too.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable

from referee.games.cerebria import cards, mindset, zones
from referee.games.cerebria.state import Emotion, State
from referee.model.engine import resolve_player
from referee.model.errors import IllegalAction, InputError
from referee.model.prefix import fits_several

SHOWN = 6  # candidates listed in a refusal
IMPULSE_RULE = "Impulse: one of the face-up cards"
INVOKE_RULE = "Invoke: a card from your hand"
SUMMON_RULE = "Summon: a card from your hand"
COUNTER_RULE = "Counter-act: discard a hand emotion of the same vibe"


def words(text: object) -> list[str]:
    return [p for p in re.split(r"[-_\s]+", str(text).strip().lower()) if p]


def fits(typed: list[str], card: str) -> bool:
    """Each typed word starts a part of the card name, in order (skipping parts is fine)."""
    parts = card.split("-")
    i = 0
    for word in typed:
        while i < len(parts) and not parts[i].startswith(word):
            i += 1
        if i == len(parts):
            return False
        i += 1
    return bool(typed)


def _listed(found: list[str]) -> str:
    more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    return ", ".join(found[:SHOWN]) + more


def card(state: State, text: object, candidates: Iterable[str] | Callable[[], Iterable[str]],
         where: str, rule: str) -> str:
    """The card TEXT names among CANDIDATES (the cards the context allows, or a function
    giving them).

    A full name is taken as written (checked against the deck); the handler then says
    whether it can be there. So is a short name that fits no candidate but exactly one
    card of the deck. A short name that fits several cards of the deck, none of them a
    candidate, names a card that cannot be there: IllegalAction under RULE. InputError
    only for a name that is no card at all, or one that fits several candidates."""
    try:
        full = cards.parse(text)
    except InputError as exc:
        slip = exc
    else:
        if full in zones.composition(state):
            return full
        return zones.known_card(state, full)  # says which card of the deck it could be
    typed = words(text)
    pool = candidates() if callable(candidates) else candidates
    found = sorted(c for c in set(pool) if fits(typed, c))
    if len(found) == 1:
        return found[0]
    shown = str(text).strip()[:40]
    if found:
        raise fits_several(shown, found, where=where)
    if not typed or typed[0] in (*cards.STRENGTHS, *cards.PLAIN):
        raise slip  # a full name with a slip in it: say what is wrong with it
    in_deck = sorted(c for c in zones.composition(state) if fits(typed, c))
    if len(in_deck) == 1:
        return in_deck[0]  # as if written in full: the handler says why it cannot be there
    if in_deck:
        fitting = _listed(in_deck) if len(in_deck) <= SHOWN else f"{len(in_deck)} cards"
        raise IllegalAction(f"no card {where} matches '{shown}' (it fits {fitting} of the "
                            f"deck, none of which can be there)", rule)
    raise InputError(f"no card {where} matches '{shown}' (write it in full, e.g. "
                     f"strong-gloom-blue-steal, or a part of it that only that card has)")


def in_hand(state: State, name: str) -> list[str]:
    """The cards NAME's hand can hold: the shown ones, and any unseen one if some are hidden."""
    hand = state["hands"][name]
    out = list(hand["known"])
    if zones.hidden_count(state, name) > 0:
        out += list(zones.unseen(state))
    return out


def hand_card(state: State, name: str, text: object, rule: str, vibe: str | None = None) -> str:
    """A card of NAME's hand (invoke, summon, merge, cancel, steal), of VIBE if given;
    RULE is the one a card the hand cannot hold breaks."""

    def pool() -> list[str]:
        return [c for c in in_hand(state, name) if vibe is None or cards.vibe(c) == vibe]

    where = f"in {name}'s hand" + (f" of the {vibe} vibe" if vibe else "")
    return card(state, text, pool, where, rule)


def unseen_card(state: State, text: object) -> str:
    """A card turned face up (--reveal): one of the cards not yet seen."""
    return card(state, text, lambda: zones.unseen(state), "still unseen", zones.DECK_RULE)


def impulse_slot(state: State, text: object) -> int:
    """An Impulse slot (1-3) as an index, or the face-up card there named (short)."""
    if isinstance(text, int) or str(text).strip().isdigit():
        return slot_index(state, text)
    if not words(text):
        raise InputError("name an Impulse slot: 1-3, or the face-up card there")
    shown = [c for c in state["impulse"] if c]
    chosen = card(state, text, shown, "in the Impulse", IMPULSE_RULE)
    slots = [i for i, c in enumerate(state["impulse"]) if c == chosen]
    if not slots:
        raise IllegalAction(f"{chosen} is not face up in the Impulse "
                            f"({', '.join(shown) or 'empty'})", IMPULSE_RULE)
    if len(slots) > 1:
        raise InputError(f"{chosen} shows in Impulse slots "
                         f"{' and '.join(str(i + 1) for i in slots)}: type the slot")
    return slots[0]


def _label(emo: Emotion) -> str:
    return emo["card"] + (f" + {emo['merged']}" if emo["merged"] else "")


def emotion(state: State, owner: str, text: object) -> int:
    """An emotion of OWNER's Mindset as an index: its position 1-4, or its card named (short).

    A name stays right after a discard shifts the positions."""
    if isinstance(text, int) or str(text).strip().lstrip("-").isdigit():
        return mindset.position(state, owner, text)
    mind = state["mindsets"][owner]
    typed = words(text)
    try:
        full: str | None = cards.parse(text)
    except InputError:
        full = None
    found = [i for i, e in enumerate(mind)
             if any(c is not None and (c == full if full else fits(typed, c))
                    for c in (e["card"], e["merged"]))]
    if len(found) == 1:
        return found[0]
    shown = str(text).strip()[:40]
    if found:
        listed = ", ".join(f"{i + 1}: {_label(mind[i])}" for i in found)
        raise InputError(f"'{shown}' could be {listed} in {owner}'s Mindset: type the position "
                         f"or more of the name")
    held = ", ".join(f"{i + 1}: {_label(e)}" for i, e in enumerate(mind)) or "empty"
    raise IllegalAction(f"no emotion in {owner}'s Mindset matches '{shown}' ({held})",
                        "Mindset: name an emotion that is there")


def canonical(state: State, action: dict) -> dict:
    """The action with each card named in full, as the log keeps it (a short name is
    resolved against the state it was typed at; the log should not depend on that).
    Anything that does not resolve is left as typed: the handler then refuses it."""
    out = dict(action)
    me = out.get("player")

    def full(key: str, resolve: Callable[[object], str]) -> None:
        if isinstance(out.get(key), str):
            with contextlib.suppress(InputError, IllegalAction, KeyError):
                out[key] = resolve(out[key])

    if not isinstance(me, str) or me not in state["hands"]:
        return out
    verb = out.get("verb")
    if verb in ("invoke", "ability"):
        full("merge", lambda t: hand_card(state, me, t, INVOKE_RULE))
    if verb == "invoke":
        full("card", lambda t: hand_card(state, me, t, INVOKE_RULE))
    if verb == "cancel":
        window = next((p.get("data") or {} for p in state["pending"]
                       if p["decision"] == "counter-act"), None)
        if window:
            full("discard", lambda t: hand_card(state, me, t, COUNTER_RULE,
                                                window["params"]["vibe"]))
    if verb == "ability" and str(out.get("ability", "")).lower() == "summon":
        args = out.get("args")
        if isinstance(args, list) and args and isinstance(args[0], str):
            with contextlib.suppress(InputError, IllegalAction):
                out["args"] = [hand_card(state, me, args[0], SUMMON_RULE), *args[1:]]
    return out


def slot_index(state: State, slot: object) -> int:
    """An Impulse slot 1-3 as an index; it must hold a card."""
    try:
        n = int(str(slot).strip())
    except ValueError:
        raise InputError(f"'{str(slot)[:20]}' is not an Impulse slot (1-3)") from None
    if not 1 <= n <= len(state["impulse"]):
        raise InputError(f"an Impulse slot is 1-3, not {n}")
    if state["impulse"][n - 1] is None:
        raise IllegalAction(f"Impulse slot {n} is empty", "Impulse: one of the face-up cards")
    return n - 1


def target(state: State, text: object) -> tuple[str, int]:
    """`NAME:POS` or `NAME:CARD`: an emotion in any player's Mindset (short names too)."""
    raw = str(text)
    name, sep, pos = raw.rpartition(":")
    if not sep:
        raise InputError(f"'{raw[:30]}': name an emotion as PLAYER:POS or PLAYER:CARD, "
                         f"e.g. Bob:2 or Bob:red-draw")
    owner = player_named(state, name)
    return owner, emotion(state, owner, pos)


def player_named(state: State, name: object) -> str:
    """A player named inside a word (`Bob:2`, a steal, `--keep Ann:CARD`): any case, a unique
    start is enough, as for every player field (the core's resolver)."""
    return resolve_player({p: p for p in state["players"]}, name)
