"""The Mindset: up to 4 emotions, their Fragment and Absorb slots, and the fragment supply.

An emotion is `{"card", "merged", "fragments", "absorbed", "ready"}`: `merged` is the
Brightness/Bleakness under a Mild/Strong card (the pair is one emotion), `fragments`
sit on the Fragment slots (they can be spent), `absorbed` on the Absorb slots (they
only score), `ready` says its ability may be used this turn.
"""

from __future__ import annotations

from referee.games.cerebria import cards, zones
from referee.games.cerebria.state import Emotion, State
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.scorers import cerebria as scoring

LIMIT = scoring.MINDSET
ABSORB_SLOTS = 2
MINDSET_RULE = scoring.MINDSET_RULE
MERGE_RULE = "Merging: a Mild/Strong emotion merges with a Brightness/Bleakness of its affiliation"


def new_emotion(card: str, merged: str | None = None) -> Emotion:
    return {"card": card, "merged": merged, "fragments": 0, "absorbed": 0, "ready": bool(merged)}


def affiliation(emo: Emotion) -> str:
    """An emotion holds fragments of its own affiliation (a merged pair shares one)."""
    return cards.affiliation(emo["card"])


def vibe(emo: Emotion) -> str:
    """The vibe that scores: a merged Brightness/Bleakness has none, its partner's counts."""
    return cards.vibe(emo["card"])


def fragment_capacity(emo: Emotion) -> int:
    return cards.fragment_slots(emo["card"])


def absorb_capacity(emo: Emotion) -> int:
    return ABSORB_SLOTS if (emo["merged"] or cards.is_plain(emo["card"])) else 0


def empty_slots(emo: Emotion) -> int:
    return fragment_capacity(emo) - emo["fragments"] + absorb_capacity(emo) - emo["absorbed"]


def label(emo: Emotion) -> str:
    return emo["card"] + (f" + {emo['merged']}" if emo["merged"] else "")


def position(state: State, owner: str, pos: object) -> int:
    """A 1-based Mindset position turned into an index, or InputError."""
    try:
        n = int(str(pos).strip())
    except ValueError:
        raise InputError(f"'{str(pos)[:20]}' is not a Mindset position (1-{LIMIT})") from None
    size = len(state["mindsets"][owner])
    if not 1 <= n <= LIMIT:
        raise InputError(f"a Mindset position is 1-{LIMIT}, not {n}")
    if n > size:
        held = f"1-{size}" if size else "none"
        raise IllegalAction(f"{owner}'s Mindset has no emotion at {n} (positions: {held})",
                            "Mindset: name an emotion that is there")
    return n - 1


def supply_take(state: State, aff: str, n: int) -> int:
    """Take up to N fragments of AFF from the supply (none are placed once it is out)."""
    got = min(n, state["supply"][aff])
    state["supply"][aff] -= got
    return got


def enter(state: State, owner: str, card: str, merge: str | None, discard_pos: int | None,
          rule: str) -> list[str]:
    """A card from OWNER's hand enters the Mindset (Invoke or Summon), with its fragments.

    Checks everything first; returns lines for the table.
    """
    mind = state["mindsets"][owner]
    if merge is not None:
        if cards.is_plain(card):
            raise IllegalAction(f"{card} cannot merge: only a Mild or Strong emotion merges",
                                MERGE_RULE)
        if not cards.is_plain(merge):
            raise IllegalAction(f"{merge} is not a Brightness/Bleakness", MERGE_RULE)
        if cards.affiliation(merge) != cards.affiliation(card):
            need = cards.plain_for(cards.affiliation(card))
            raise IllegalAction(f"{card} merges with a {need} card, not {merge}", MERGE_RULE)
    if discard_pos is None and len(mind) >= LIMIT:
        raise IllegalAction(f"{owner}'s Mindset is full: discard one (--discard POS) to make room",
                            MINDSET_RULE)
    hand = state["hands"][owner]
    cards_needed = 2 if merge else 1
    if hand["count"] < cards_needed:
        raise IllegalAction(f"{owner} holds {hand['count']} {ngettext('card', 'cards', hand['count'])}, {cards_needed} needed", rule)
    zones.take_from_hand(state, owner, card, rule)
    if merge is not None:
        zones.take_from_hand(state, owner, merge, rule)
    lines = []
    if discard_pos is not None:
        lines.append(f"{owner} discards {label(mind[discard_pos])} to make room")
        remove(state, owner, discard_pos)
    emo = new_emotion(card, merge)
    aff = cards.affiliation(card)
    want = fragment_capacity(emo)
    emo["fragments"] = supply_take(state, aff, want)
    mind.append(emo)
    text = f"{owner}'s Mindset gains {label(emo)}"
    if want:
        text += f" with {emo['fragments']} {aff} {ngettext('fragment', 'fragments', emo['fragments'])}"
        if emo["fragments"] < want:
            text += f" (the {aff} supply is out: {want - emo['fragments']} not placed)"
    if merge:
        text += "; merged, its ability is usable at once"
    lines.append(text)
    return lines


def remove(state: State, owner: str, idx: int) -> Emotion:
    """An emotion leaves a Mindset for the discard pile; its fragments go back to the supply."""
    emo = state["mindsets"][owner].pop(idx)
    state["supply"][affiliation(emo)] += emo["fragments"] + emo["absorbed"]
    zones.discard(state, emo["card"], *([emo["merged"]] if emo["merged"] else []))
    return emo


def on_slots(state: State) -> dict[str, int]:
    """Fragments sitting on Mindsets, by affiliation."""
    out = {"bliss": 0, "gloom": 0}
    for name in state["players"]:
        for emo in state["mindsets"][name]:
            out[affiliation(emo)] += emo["fragments"] + emo["absorbed"]
    return out
