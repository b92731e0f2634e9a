"""Aggression cards (5.3): Thunderbolts, the Storm of Uranus and the Hekatonkheires.

Revealed on the first or last turn (without Crius) they lose the game at once;
under the Hekatonkheires they are discarded with no effect. Only Element cards
can be struck: not Nature cards used as Elements, not those Tethys protects,
not those under a complete Nature card.
"""

from __future__ import annotations

from referee.games.kreus import board, cards, flow
from referee.games.kreus.cards import the, title
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import (
    Choice,
    holds,
    lost_in_creation,
    may_hold,
    take_unseen,
    taken_into_hand,
    to_discard,
    unseen_card,
)
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import pending

OPTION_RULE = "Creation: a reveal's options must fit the card revealed"
BOLT_RULE = "Aggression: Thunderbolts hit an unprotected Element card of an incomplete Nature card"
STORM_RULE = "Aggression: the Storm's player discards only when it blows nothing away"
DISCARD_RULE = "Aggression: the Storm's player discards a Nature or Element card"


def play_aggression(state: KreusState, who: str, card: str, action: dict) -> list[dict]:
    """A revealed Aggression card: defeat on the first or last turn, else its effect.

    What the table typed is checked first, the same way whatever happens next: a
    Thunderbolts target must be an Element card the bolt could hit, and a Storm discard
    is named only when the Storm blows nothing away and its player has a card to give.
    """
    _check_options(state, who, card, action)
    r = state["round"]
    if (state["turn"] == 1 or r["last_turn"]) and r["crius"] != who:
        to_discard(state, card)
        return flow.aggression_defeat(state, who, card)
    name = the(card)
    state["last_play"] = "aggression"
    r["last_element"] = None
    if state["hek"]:
        to_discard(state, card)
        return [event(f"{who} reveals {name}: the Hekatonkheires discard it, no effect.")]
    if card == "thunderbolts":
        return _thunderbolts(state, who, action)
    if card == "storm":
        return _storm(state, who, action)
    state["hek"] = True
    return [event(f"{who} reveals the Hekatonkheires: every Element or Aggression card put into "
                  "play is discarded until a Nature card enters play.")]


def _check_options(state: KreusState, who: str, card: str, action: dict) -> None:
    """Refuse options that do not fit the card, instead of ignoring them."""
    name = the(card)
    for key in ("on", "as"):
        if action.get(key) is not None:
            raise IllegalAction(f"{name} is an Aggression card: it goes on no Nature card "
                                f"and stands for no element (--{key} is for Nature and Element "
                                "cards)", OPTION_RULE)
    if action.get("target") is not None:
        if card != "thunderbolts":
            raise IllegalAction(f"--target names the Element card Thunderbolts strike; "
                                f"{name} strikes none", OPTION_RULE)
        _aimed(state, action["target"])
    typed = action.get("discard")
    if typed is None:
        return
    if card != "storm":
        raise IllegalAction(f"--discard is the card given up after a Storm of Uranus taken "
                            f"back, not after {name}", OPTION_RULE)
    r = state["round"]
    if (state["turn"] == 1 or r["last_turn"]) and r["crius"] != who:
        raise IllegalAction(f"the Storm revealed on the {'first' if state['turn'] == 1 else 'last'}"
                            f" turn loses the game: {who} takes nothing back and discards "
                            "nothing (drop --discard)", STORM_RULE)
    if state["hek"] or board.vulnerable(state):
        why = ("the Hekatonkheires discard the Storm" if state["hek"]
               else "the Storm blows Element cards away")
        raise IllegalAction(f"{why}, so {who} takes nothing back and discards nothing: "
                            "drop --discard", STORM_RULE)
    holds_nothing_else = state["hand"][who] == 0
    if holds_nothing_else and str(typed).strip().lower() != "none":
        raise IllegalAction(f"{who} takes the Storm back holding no other card: nothing to "
                            "discard (drop --discard)", STORM_RULE)


def thunderbolt_targets(state: KreusState) -> list[Choice]:
    return list(dict.fromkeys((n, state["in_play"][n]["elements"][i]["element"])
                              for n, i in board.vulnerable(state)))


def _aimed(state: KreusState, typed: object) -> Choice:
    """A typed Thunderbolts target, which must be an Element card the bolt can hit now."""
    nature, element = _parse_target(state, typed)
    options = thunderbolt_targets(state)
    if (nature, element) not in options:
        choices = (f"choices: {_targets_text(options)}" if options
                   else "no Element card can be hit now: reveal it without --target")
        raise IllegalAction(f"{typed} is not an Element card Thunderbolts can hit ({choices})",
                            BOLT_RULE)
    return nature, element


def _thunderbolts(state: KreusState, who: str, action: dict) -> list[dict]:
    """Discard one Element card of the player's choice from an incomplete Nature card."""
    options = thunderbolt_targets(state)
    to_discard(state, "thunderbolts")
    if not options:
        return [event(f"{who} reveals Thunderbolts: no Element card can be hit, no effect.")]
    typed = action.get("target")
    if typed is None:
        if len(options) > 1:
            raise InputError("Thunderbolts: choose the Element card to discard with "
                             f"--target NATURE:ELEMENT ({_targets_text(options)})")
        nature, element = options[0]
    else:
        nature, element = _aimed(state, typed)
    slots = state["in_play"][nature]["elements"]
    i = next(i for n, i in board.vulnerable(state)
             if n == nature and slots[i]["element"] == element)
    lost = slots.pop(i)["card"]
    lost_in_creation(state, lost)
    return [event(f"{who} reveals Thunderbolts: {title(lost)} is struck off {title(nature)}.")]


def _targets_text(options: list[Choice]) -> str:
    return ", ".join(f"{n}:{e}" for n, e in options)


def _storm(state: KreusState, who: str, action: dict) -> list[dict]:
    """Discard every Element card of every incomplete Nature card, or take it back and discard."""
    hits = board.vulnerable(state)
    if hits:
        lost = []
        for nature, i in sorted(hits, key=lambda h: -h[1]):
            card = state["in_play"][nature]["elements"].pop(i)["card"]
            lost.append(f"{title(card)} ({title(nature)})")
            lost_in_creation(state, card)
        to_discard(state, "storm")
        return [event(f"{who} reveals the Storm of Uranus: discarded {', '.join(reversed(lost))}.")]
    state["pool"]["storm"] += 1
    state["hand"][who] += 1
    taken_into_hand(state, who, "storm")
    events = [event(f"{who} reveals the Storm of Uranus: no Element card to blow away; "
                    f"{who} takes it back in hand.")]
    if state["hand"][who] == 1:
        return [*events, event(f"{who} holds nothing else: no card to discard.")]
    choices = [c for c, n in sorted(state["pool"].items())
               if n > 0 and cards.kind(c) != "aggression" and may_hold(state, who, c)]
    proof = holds_nature_or_element(state, who)
    state["pending"] = [pending(who, "storm-discard", [*choices, *([] if proof else ["none"])])]
    events.append(event(f"{who} must now discard a Nature or Element card: `discard {who} CARD`"
                        + (f" ({proof})." if proof else f" (or `discard {who} none` if only "
                                                         "Aggression cards remain).")))
    typed = action.get("discard")
    if typed is not None:
        events += storm_discard(state, who, {"card": typed}, inline=True)
    return events


def holds_nature_or_element(state: KreusState, who: str) -> str | None:
    """Why the referee's counts prove that WHO, the Storm of Uranus back in hand, holds a Nature
    or Element card besides it (None when a hand of Aggression cards only is possible): more
    other cards in hand than the unseen Aggression cards they may be, or a one-copy Nature or
    Element card known to be theirs that cannot all be face down."""
    others = state["hand"][who] - 1  # the Storm itself is one of them
    if others <= 0:
        return None
    known = [c for c, holders in state["known"].items() if holders == [who]
             and state["pool"].get(c, 0) > 0 and cards.kind(c) != "aggression"]
    if len(known) > state["face_down"][who]:
        return f"{title(known[0])} can only be in {who}'s hand"
    aggression = sum(state["pool"].get(a, 0) - (1 if a == "storm" else 0)
                     for a in cards.AGGRESSIONS if may_hold(state, who, a))
    if others > aggression:
        return (f"{who} holds {others} other card{'s' if others > 1 else ''} and at most "
                f"{aggression} Aggression card{'' if aggression == 1 else 's'} "
                f"{'is' if aggression == 1 else 'are'} unseen: one of them is a Nature or "
                "Element card")
    return None


def storm_discard(state: KreusState, who: str, action: dict, inline: bool = False) -> list[dict]:
    """Storm of Uranus with nothing to blow away: its player discards a Nature or Element card
    (`none` only when the counts allow a hand of Aggression cards only)."""
    typed = action.get("card")
    if isinstance(typed, str) and typed.strip().lower() == "none":
        proof = holds_nature_or_element(state, who)
        if proof:
            raise IllegalAction(f"{who} takes the Storm of Uranus back and must discard a Nature "
                                f"or Element card: {proof} (discard {who} CARD)", DISCARD_RULE)
        state["pending"] = []
        done = [event(f"{who} holds no Nature or Element card: nothing is discarded.")]
        return done if inline else done + flow.after_reveal(state)
    card = unseen_card(state, typed, "the discarded card")
    if cards.kind(card) == "aggression":
        raise IllegalAction("the Storm makes its player discard a Nature or Element card",
                            DISCARD_RULE)
    holds(state, who, card)
    take_unseen(state, card)
    to_discard(state, card)
    state["hand"][who] -= 1
    state["pending"] = []
    events = [event(f"{who} discards {title(card)} for the Storm of Uranus.")]
    if state["round"]["iapetus"] and cards.kind(card) == "element":
        state["round"]["recovered"].append(card)
    return events if inline else events + flow.after_reveal(state)


def _parse_target(state: KreusState, typed: object) -> Choice:
    if not isinstance(typed, str) or ":" not in typed:
        raise InputError("--target is NATURE:ELEMENT, e.g. atmosphere:water")
    nature, element = typed.split(":", 1)
    typed_nature = nature
    nature = cards.parse_nature(typed_nature, state["tree"]) or ""
    if not nature:
        raise InputError(f"unknown Nature card '{cards.normalize(typed_nature)}' in --target")
    if nature not in state["in_play"]:
        raise IllegalAction(f"{title(nature)} is not in play",
                            "Aggression: Thunderbolts hit a Nature card in play")
    return nature, cards.parse_element(element)
