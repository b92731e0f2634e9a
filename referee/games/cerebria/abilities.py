"""The eight Emotion Abilities: checking a use, spending its fragment, resolving its effect.

Using an ability spends one fragment from the emotion's Fragment slot (to the supply,
or onto an Absorb slot with `--absorb`). Then the other players may counter-act
(flow.py); if nobody does, `resolve` applies the effect.
"""

from __future__ import annotations

from referee.games.cerebria import cards, impulse, mindset, names, zones
from referee.games.cerebria.state import State, Use
from referee.model import plain
from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, pending

USE_RULE = "Abilities: each type once per turn"
READY_RULE = "Abilities: only emotions in the Mindset since the start of the turn (merged: at once)"
SPEND_RULE = "Abilities: spend a fragment from the emotion's Fragment slot"
ABSORB_RULE = "Absorb: Brightness takes Bliss, Bleakness Gloom; a merged one only from its partner"
DRAIN_RULE = "Drain: fragments go only onto an emotion of their affiliation"
DRAIN_SELF_RULE = "Drain: from one emotion onto another emotion of yours"
SWAP_RULE = "Swap: one of your emotions with one in another player's Mindset"
STEAL_RULE = "Steal: take a card from an opponent's hand"

Effect = tuple[list[str], bool]  # lines for the table, whether a Revelation triggers

USAGE = {
    "destroy": "destroy PLAYER:POS",
    "drain": "drain PLAYER:POS HOST  (drained emotion, then your host position) [--keep]",
    "deprive": "deprive SLOT [SLOT]  (an Impulse slot; the second is chosen once the first is "
               "refilled, or typed at once)",
    "summon": "summon CARD [--merge CARD] [--discard POS]",
    "steal": "steal PLAYER [--card CARD|none]",
    "swap": "swap MINE PLAYER:POS",
    "draw": "draw",
    "embrace": "embrace SLOT",
}
REVEALS = {"deprive": 2, "embrace": 1}  # Impulse cards an ability can turn face up
ARITY: dict[str, tuple[int, ...]] = {
    "destroy": (1,), "drain": (2,), "deprive": (1, 2), "summon": (1,), "steal": (1,),
    "swap": (2,), "draw": (0,), "embrace": (1,)}
DEPRIVE_RULE = "Deprive: discard an Impulse card and replace it, twice"


def check_use(state: State, me: str, action: Action) -> Use:
    """Everything a use needs, checked before anything changes. Returns the parameters.

    The emotion is named by its position, by its card (short names too), or not at all:
    then it is the one emotion of the Mindset that gives the ability."""
    name = str(action.get("ability", "")).strip().lower()
    if name not in cards.ABILITIES:
        raise InputError(f"no ability '{name[:20]}' (abilities: {', '.join(cards.ABILITIES)})")
    if action.get("pos") is None:
        pos = giver(state, me, name)
    else:
        pos = names.emotion(state, me, action["pos"])
    emo = state["mindsets"][me][pos]
    own = cards.ability(emo["card"])
    if own is None:
        raise IllegalAction(f"{emo['card']} at {pos + 1} has no ability (it only absorbs)",
                            "Brightness/Bleakness have no ability")
    if own != name:
        raise IllegalAction(f"{mindset.label(emo)} at {pos + 1} gives {own}, not {name}",
                            "Abilities: an emotion gives the ability printed on it")
    if name in state["abilities_used"]:
        raise IllegalAction(f"{name} was already used this turn", USE_RULE)
    if not emo["ready"]:
        raise IllegalAction(f"{mindset.label(emo)} entered {me}'s Mindset this turn", READY_RULE)
    if emo["fragments"] < 1:
        raise IllegalAction(f"{mindset.label(emo)} has no fragment on its Fragment slot",
                            SPEND_RULE)
    args = action.get("args") or []
    if not isinstance(args, list):
        raise InputError("ability arguments are a list")
    if len(args) not in ARITY[name]:
        count = " or ".join(map(str, ARITY[name]))
        raise InputError(f"{name} takes {count} {ngettext('argument', 'arguments', max(ARITY[name]))}: {USAGE[name]}")
    params: Use = {"ability": name, "pos": pos, "vibe": mindset.vibe(emo),
                   "emotion": mindset.label(emo)}
    params["absorb"] = _check_absorb(state, me, pos, action.get("absorb"))
    params.update(_check_args(state, me, pos, name, args, action))
    return params


def giver(state: State, me: str, ability: str) -> int:
    """The emotion of ME's Mindset that gives ABILITY, when the table names only the ability:
    the one that has it, or the one of them that can use it now."""
    mind = state["mindsets"][me]
    found = [i for i, e in enumerate(mind) if cards.ability(e["card"]) == ability]
    usable = [i for i in found if mind[i]["ready"] and mind[i]["fragments"] > 0]
    if len(found) == 1:
        return found[0]
    if len(usable) == 1:
        return usable[0]
    if not found:
        raise IllegalAction(f"no emotion in {me}'s Mindset gives {ability}",
                            "Abilities: an emotion gives the ability printed on it")
    listed = ", ".join(f"{i + 1}: {mindset.label(mind[i])}" for i in (usable or found))
    raise InputError(f"{ability}: which emotion? {listed} (type its position or name)")


def _check_absorb(state: State, me: str, pos: int, absorb: object) -> int | None:
    if absorb is None:
        return None
    idx = names.emotion(state, me, absorb)
    host = state["mindsets"][me][idx]
    giver = state["mindsets"][me][pos]
    if mindset.absorb_capacity(host) == 0:
        raise IllegalAction(f"{mindset.label(host)} has no Absorb slot", ABSORB_RULE)
    if host["merged"] and idx != pos:
        raise IllegalAction(f"the merged {host['merged']} absorbs only from its partner",
                            ABSORB_RULE)
    if mindset.affiliation(host) != mindset.affiliation(giver):
        raise IllegalAction(f"{mindset.label(host)} cannot absorb a "
                            f"{mindset.affiliation(giver)} fragment", ABSORB_RULE)
    if host["absorbed"] >= mindset.absorb_capacity(host):
        raise IllegalAction(f"{mindset.label(host)}'s Absorb slots are full", ABSORB_RULE)
    return idx


def _check_args(state: State, me: str, pos: int, name: str, args: list, action: Action) -> Use:
    if name == "destroy":
        owner, idx = names.target(state, args[0])
        return {"target": [owner, idx]}
    if name == "drain":
        owner, idx = names.target(state, args[0])
        host = names.emotion(state, me, args[1])
        if owner == me and idx == host:
            raise IllegalAction("an emotion cannot drain itself", DRAIN_SELF_RULE)
        src = state["mindsets"][owner][idx]
        dst = state["mindsets"][me][host]
        if mindset.affiliation(src) != mindset.affiliation(dst):
            raise IllegalAction(f"{mindset.affiliation(src)} fragments of {mindset.label(src)} "
                                f"cannot go onto {mindset.label(dst)}", DRAIN_RULE)
        keep = action.get("keep") or "fragment"
        if keep not in ("fragment", "absorb"):
            raise InputError("--keep is fragment or absorb (which of the drained emotion's "
                             "fragments stay when the host has too few empty slots)")
        return {"target": [owner, idx], "host": host, "keep": keep}
    if name in ("deprive", "embrace"):
        return {"slots": [names.impulse_slot(state, s) for s in args]}
    if name == "summon":
        card = names.hand_card(state, me, args[0], names.SUMMON_RULE)
        merge = (names.hand_card(state, me, action["merge"], names.SUMMON_RULE)
                 if action.get("merge") else None)
        discard = None
        if action.get("discard") is not None:
            discard = names.emotion(state, me, action["discard"])
        trial = plain.copy(state)  # the same checks as when it resolves
        mindset.enter(trial, me, card, merge, discard, names.SUMMON_RULE)
        return {"card": card, "merge": merge, "discard": discard}
    if name == "steal":
        victim = names.player_named(state, args[0])
        if victim == me:
            raise IllegalAction("steal from an opponent, not from yourself", STEAL_RULE)
        if str(action.get("card") or "").strip().lower() == "none":
            return {"victim": victim, "card": None, "take": False}  # looked, took nothing
        taken = (names.hand_card(state, victim, action["card"], STEAL_RULE)
                 if action.get("card") else None)
        if taken is not None:
            trial = plain.copy(state)
            zones.take_from_hand(trial, victim, taken, STEAL_RULE)
        return {"victim": victim, "card": taken, "take": True}
    if name == "swap":
        mine = names.emotion(state, me, args[0])
        owner, idx = names.target(state, args[1])
        if owner == me:
            raise IllegalAction("the other emotion must be in another player's Mindset", SWAP_RULE)
        return {"mine": mine, "target": [owner, idx]}
    return {}  # draw


def spend(state: State, me: str, params: Use) -> str:
    """Spend the fragment: back to the supply, or onto an Absorb slot."""
    emo = state["mindsets"][me][params["pos"]]
    emo["fragments"] -= 1
    aff = mindset.affiliation(emo)
    state["abilities_used"].append(params["ability"])
    if params["absorb"] is None:
        state["supply"][aff] += 1
        return f"{me} spends a {aff} fragment of {params['emotion']} to {params['ability']}"
    host = state["mindsets"][me][params["absorb"]]
    host["absorbed"] += 1
    absorber = host["merged"] if params["absorb"] == params["pos"] else host["card"]
    return (f"{me} spends a {aff} fragment of {params['emotion']} to {params['ability']}; "
            f"{absorber} absorbs it")


def resolve(state: State, me: str, params: Use, chance: Chance,
            reveals: impulse.Reveals) -> tuple[list[str], bool]:
    """Apply the effect. Returns (lines for the table, whether a Revelation triggers)."""
    name = params["ability"]
    return _EFFECTS[name](state, me, params, chance, reveals)


def _destroy(state: State, me: str, params: Use, chance: Chance,
             reveals: impulse.Reveals) -> Effect:
    """Destroy: an emotion of any Mindset to the discard pile, its fragments to the supply."""
    owner, idx = params["target"]
    emo = mindset.remove(state, owner, idx)
    back = emo["fragments"] + emo["absorbed"]
    return [f"Destroy: {mindset.label(emo)} leaves {owner}'s Mindset"
            + (f"; {back} {ngettext('fragment', 'fragments', back)} back to the supply" if back else "")], False


def drained(state: State, me: str, params: Use) -> int:
    """How many fragments a Drain moves: those on the drained emotion, as many as the host's
    empty Fragment and Absorb slots take."""
    owner, idx = params["target"]
    src = state["mindsets"][owner][idx]
    dst = state["mindsets"][me][params["host"]]
    space = (mindset.fragment_capacity(dst) - dst["fragments"]
             + mindset.absorb_capacity(dst) - dst["absorbed"])
    return min(src["fragments"] + src["absorbed"], space)


def drains_nothing(state: State, me: str, params: Use) -> str | None:
    """Why a Drain would move no fragment ('' / None when it moves some): it stays legal (the
    fragment is spent all the same), and the table is told before it is recorded."""
    if params.get("ability") != "drain" or drained(state, me, params):
        return None
    owner, idx = params["target"]
    src = state["mindsets"][owner][idx]
    dst = state["mindsets"][me][params["host"]]
    if not src["fragments"] + src["absorbed"]:
        why = f"{owner}'s {mindset.label(src)} holds no fragment"
    else:
        why = f"{me}'s {mindset.label(dst)} has no empty slot"
    return f"this Drain moves nothing ({why}); the fragment is spent all the same"


def _drain(state: State, me: str, params: Use, chance: Chance,
           reveals: impulse.Reveals) -> Effect:
    """Drain: fragments onto one of your emotions of their affiliation; the overflow stays."""
    owner, idx = params["target"]
    src = state["mindsets"][owner][idx]
    dst = state["mindsets"][me][params["host"]]
    space_f = mindset.fragment_capacity(dst) - dst["fragments"]
    moved = drained(state, me, params)
    if params["keep"] == "fragment":  # the drained emotion's owner keeps its spendable ones
        take_a = min(src["absorbed"], moved)
        take_f = moved - take_a
    else:
        take_f = min(src["fragments"], moved)
        take_a = moved - take_f
    src["fragments"] -= take_f
    src["absorbed"] -= take_a
    put_f = min(moved, space_f)  # the host fills its Fragment slots first (they can be spent)
    dst["fragments"] += put_f
    dst["absorbed"] += moved - put_f
    left = src["fragments"] + src["absorbed"]
    line = (f"Drain: {moved} {mindset.affiliation(dst)} {ngettext('fragment moves', 'fragments move', moved)} from {owner}'s "
            f"{mindset.label(src)} to {me}'s {mindset.label(dst)}")
    if left:
        line += f"; {left} stay (no empty slot for them)"
    return [line], False


def _deprive(state: State, me: str, params: Use, chance: Chance,
             reveals: impulse.Reveals) -> Effect:
    """Deprive: discard an Impulse card and refill it, twice; an empty stack reveals.

    With one slot given, the second discard waits until the table has seen the refill:
    the player owes it (a pending `deprive` decision) and answers with the `deprive` verb."""
    lines: list[str] = []
    for idx in params["slots"]:
        more, revelation = deprive_once(state, idx, chance, reveals)
        lines += more
        if revelation:
            return lines, True
    if len(params["slots"]) == 1:
        slots = [f"deprive {me} {i + 1}" for i, c in enumerate(state["impulse"]) if c]
        state["pending"] = [pending(me, "deprive", slots, emotion=params["emotion"])]
        lines.append(f"Deprive: {me} now chooses the second Impulse card to discard "
                     f"(`deprive {me} SLOT`)")
    return lines, False


def deprive_once(state: State, idx: int, chance: Chance,
                 reveals: impulse.Reveals) -> tuple[list[str], bool]:
    """One Deprive discard: the card of slot IDX to the discard pile, refilled from its stack."""
    card, revelation, line = impulse.leave(state, idx, chance, reveals,
                                           lambda c: zones.discard(state, c))
    return [f"Deprive: {card} is discarded from Impulse slot {idx + 1}", line], revelation


def _summon(state: State, me: str, params: Use, chance: Chance,
            reveals: impulse.Reveals) -> Effect:
    """Summon: like Invoke (merge allowed) but not an action."""
    card = params["card"]
    assert card is not None  # checked when used
    lines = mindset.enter(state, me, card, params["merge"], params["discard"], names.SUMMON_RULE)
    return ["Summon: " + lines[0], *lines[1:]], False


def _steal(state: State, me: str, params: Use, chance: Chance,
           reveals: impulse.Reveals) -> Effect:
    """Steal: look at an opponent's hand and take (at most) one card."""
    victim, card = params["victim"], params["card"]
    hand = state["hands"][victim]
    if hand["count"] == 0:
        return [f"Steal: {victim}'s hand is empty; nothing to take"], False
    if not params.get("take", True):
        return [f"Steal: {me} looks at {victim}'s hand and takes nothing"], False
    if card is not None:
        zones.take_from_hand(state, victim, card, STEAL_RULE)
        state["hands"][me]["known"].append(card)
        text = f"Steal: {me} takes {card} from {victim}'s hand"
    else:
        zones.forget_hand(state, victim)  # the card taken may be a shown one: none is sure now
        hand["count"] -= 1
        text = f"Steal: {me} takes a card from {victim}'s hand"
    state["hands"][me]["count"] += 1
    return [text], False


def _swap(state: State, me: str, params: Use, chance: Chance,
          reveals: impulse.Reveals) -> Effect:
    """Swap: exchange an emotion with another player's; fragments stay on the cards."""
    owner, idx = params["target"]
    mine = state["mindsets"][me][params["mine"]]
    theirs = state["mindsets"][owner][idx]
    state["mindsets"][me][params["mine"]] = theirs
    state["mindsets"][owner][idx] = mine
    mine["ready"] = theirs["ready"] = False  # both just entered a Mindset
    return [(f"Swap: {me}'s {mindset.label(mine)} and {owner}'s {mindset.label(theirs)} change "
            f"Mindsets with their fragments")], False


def _draw(state: State, me: str, params: Use, chance: Chance,
          reveals: impulse.Reveals) -> Effect:
    """Draw: two face-down cards from the main deck."""
    got, reshuffled = zones.draw_face_down(state, 2)
    state["hands"][me]["count"] += got
    lines = []
    if reshuffled:
        lines.append("The main deck ran out: the discard pile is shuffled into a new one")
    lines.append(f"Draw: {me} draws {got} {ngettext('card', 'cards', got)}" + ("" if got == 2 else " (no more cards)"))
    return lines, False


def _embrace(state: State, me: str, params: Use, chance: Chance,
             reveals: impulse.Reveals) -> Effect:
    """Embrace: like the Impulse Action, but not an action."""
    idx = params["slots"][0]
    card, revelation, line = impulse.leave(state, idx, chance, reveals,
                                           lambda c: zones.to_hand(state, me, c))
    return [f"Embrace: {me} takes {card} from Impulse slot {idx + 1}", line], revelation


_EFFECTS = {"destroy": _destroy, "drain": _drain, "deprive": _deprive, "summon": _summon,
            "steal": _steal, "swap": _swap, "draw": _draw, "embrace": _embrace}
