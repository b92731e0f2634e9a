"""Card effects the table applies by hand (the Golden Rule: the card's text wins).

`kill` (glory as for any kill: 1, a champion 2, +1 for a slaughter), `glory`
(a card gives or takes glory; the track never goes below 0) and `favor`
(Olympus' Favor moved by a card; one holder at a time).
"""

from __future__ import annotations

from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.state import State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Action, Event


def _reason(action: Action) -> str:
    reason = str(action.get("reason") or "").strip()
    if not reason:
        raise InputError("say which card or effect it is: --reason TEXT")
    if len(reason) > 80:
        raise InputError("--reason is a short note (80 characters at most)")
    return reason


def kill(state: State, action: Action, chance: Chance) -> list[Event]:
    """A card's effect kills a minion; the player named by `by` gains the glory."""
    reason = _reason(action)
    victim = st.minion(state, action.get("minion"))
    by = st.seated(state, action.get("by")) if action.get("by") not in (None, "") else None
    slaughter = bool(action.get("slaughter"))
    if slaughter and st.is_champion(victim):
        raise IllegalAction(f"{st.name(victim)} is a champion", "Slaughter: never a champion")
    evs = [event(f"{reason}: " + mn.defeated(state, victim))]
    return evs + mn.kill_glory(state, by, victim, slaughter, reason)


def glory(state: State, action: Action, chance: Chance) -> list[Event]:
    """A card changes a player's glory by DELTA."""
    reason = _reason(action)
    god = st.seated(state, action.get("god"))
    raw = action.get("delta")
    try:
        delta = int(str(raw).strip())
    except ValueError:
        raise InputError(f"glory change must be a whole number like +2 or -1, "
                         f"not {raw!r}") from None
    if delta == 0 or abs(delta) > 30:
        raise InputError(f"a glory change of {delta} is not a card's effect")
    change = st.gain(state, god, delta, f"card: {reason}")
    note = "" if change == delta else f" (the track stops at 0: {change:+d})"
    return [event(f"{st.who(state, god)} {delta:+d} glory: {reason}{note}")]


def favor(state: State, action: Action, chance: Chance) -> list[Event]:
    """Olympus' Favor goes to a minion (or back to Olympus with `none`)."""
    raw = str(action.get("minion") or "").strip()
    before = state["favor"]
    if raw.lower() in ("none", "olympus"):
        if before is None:
            raise IllegalAction("no minion holds Olympus' Favor: it is already with Olympus",
                                "Olympus' Favor: one holder at a time")
        state["favor"] = None
        return [event("Olympus' Favor returns to Olympus"
                      + (f" ({before} loses it)" if before else ""))]
    if ":" not in raw:
        raise InputError(f"Olympus' Favor goes to a minion (GOD:SLOT) or back to Olympus "
                         f"('none'), not '{raw}'")
    m = st.minion(state, raw)
    if before == m["ref"]:
        raise IllegalAction(f"{st.name(m)} already has Olympus' Favor",
                            "Olympus' Favor: one holder at a time")
    state["favor"] = m["ref"]
    lost = f" ({before} loses it)" if before else ""
    return [event(f"{st.name(m)} gains Olympus' Favor{lost}")]
