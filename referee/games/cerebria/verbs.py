"""Cerebria's verbs as one declaration (docs/engine.md): fields, who, phases, handler, options.

The core refuses, before a handler runs, an action after the end, out of turn, outside
the Cycle, or anything but the answer while a counter-act or Deprive's second discard
waits. Cards and emotions may be named short (names.py); positions keep working.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.cerebria import flow, options, render
from referee.games.cerebria.state import State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.verbs import Action, Event, Field, Verb, declare

CYCLE = ("cycle",)
PLAYER = Field("player", "the player acting", kind="player")
REVEAL = Field("reveal", "the card turned up from the stack (drawn by the referee if omitted)",
               option="--reveal", required=False, result=True, metavar="CARD")
REVEALS = Field("reveal", "the card(s) turned up from the stacks, in order (drawn if omitted)",
                option="--reveal", required=False, multiple=True, result=True, metavar="CARD")
SLOT = Field("slot", "an Impulse slot 1-3, or the face-up card there (a short name will do)",
             metavar="SLOT")
EMOTION = ("an emotion of your Mindset: its position 1-4 or its card (a short name will do)")


def _progress(handler: Callable[[State, Action, Chance], list[Event]]) -> Callable[
        [State, Action, Chance], list[Event]]:
    """After an action of the turn, a line on what is left of it."""

    def run(state: State, action: Action, chance: Chance) -> list[Event]:
        events = handler(state, action, chance)
        if state["phase"] == "cycle" and not state["pending"]:
            events.append(event(f"{flow.current(state)}: {render.turn_progress(state)}"))
        return events

    run.__doc__ = handler.__doc__
    return run


def line(action: Action) -> str:
    """The log line: the action as it would be typed."""
    verb = action.get("verb", "?")
    if verb == "pass" and action.get("player") is None:
        parts = ["pass", "all"]
    else:
        parts = [verb, str(action.get("player") or "")]
    positional = ("pos", "ability") if verb == "ability" else ("slot", "card")
    for key in positional:
        if action.get(key) is not None:
            parts.append(str(action[key]))
    parts += [str(a) for a in action.get("args") or []]
    extra = ("card",) if verb == "ability" else ()
    for key in (*extra, "merge", "discard", "absorb", "keep", "mood"):
        value = action.get(key)
        for one in value if isinstance(value, list) else [value]:  # next-cycle --keep
            if one is not None:
                parts.append(f"--{key} {one}")
    reveal = action.get("reveal") or []
    for card in [reveal] if isinstance(reveal, str) else reveal:  # impulse/deprive: one
        parts.append(f"--reveal {card}")
    return " ".join(p for p in parts if p)


VERBS = declare(
    Verb("mulligan", flow.mulligan, help="Discard the starting hand and draw 4 (once each, "
         "before the first turn).", fields=(PLAYER,), who="anyone", actor="player",
         phases=CYCLE, options=options.mulligan, log=line),
    Verb("impulse", _progress(flow.impulse_action),
         help="Impulse Action: take the face-up card of SLOT into your hand.",
         fields=(PLAYER, SLOT, REVEAL), actor="player", phases=CYCLE,
         options=options.impulse, log=line),
    Verb("invoke", _progress(flow.invoke), help="Invoke Action: put CARD from your hand into "
         "your Mindset.",
         fields=(PLAYER, Field("card", "the card from your hand (a short name will do)"),
                 Field("merge", "merge with this Brightness/Bleakness from your hand",
                       option="--merge", required=False, metavar="CARD"),
                 Field("discard", "discard this emotion first: " + EMOTION,
                       option="--discard", required=False, metavar="EMOTION")),
         actor="player", phases=CYCLE, options=options.invoke, sample=options.invoke_sample, log=line),
    Verb("ability", _progress(flow.ability),
         help="Use the ability of an emotion in your Mindset (spends one fragment).",
         fields=(PLAYER,
                 Field("pos", EMOTION + "; left out: the one that gives ABILITY",
                       required=False, metavar="EMOTION"),
                 Field("ability", "the ability printed on the emotion",
                       choices=("destroy", "drain", "deprive", "summon", "steal", "swap",
                                "draw", "embrace")),
                 Field("args", "the ability's arguments", required=False, multiple=True),
                 Field("absorb", "put the spent fragment on this emotion's Absorb slot",
                       option="--absorb", required=False, metavar="EMOTION"),
                 Field("merge", "summon: merge with this card", option="--merge",
                       required=False, metavar="CARD"),
                 Field("discard", "summon: discard this emotion first", option="--discard",
                       required=False, metavar="EMOTION"),
                 Field("card", "steal: the card taken (none: nothing)", option="--card",
                       required=False, metavar="CARD"),
                 Field("keep", "drain: which fragments the drained emotion keeps",
                       option="--keep", required=False, choices=("fragment", "absorb")),
                 REVEALS),
         actor="player", phases=CYCLE, options=options.ability, sample=options.ability_sample, log=line),
    Verb("cancel", _progress(flow.cancel),
         help="Counter-act: cancel the pending ability by discarding a same-vibe emotion.",
         fields=(Field("player", "a player still in the window", kind="player"),
                 Field("discard", "the card discarded from the hand (a short name will do)",
                       option="--discard", metavar="CARD")),
         # free: with no window open, the handler refuses it naming the counter-act rule
         who="pending", answers=(flow.COUNTER,), free=True, options=options.cancel, log=line),
    Verb("pass", _progress(flow.pass_),
         help="No counter-act: PLAYER passes; `all` (or no name): everyone left passes.",
         fields=(Field("player", "the next player in the window, or all", kind="player",
                       required=False), REVEALS),
         who="pending", answers=(flow.COUNTER,), free=True, options=options.pass_, log=line),
    Verb("deprive", _progress(flow.deprive),
         help="Deprive's second discard: discard the Impulse card of SLOT.",
         fields=(PLAYER, SLOT, REVEAL), who="pending", actor="player",
         answers=(flow.DEPRIVE,), options=options.deprive, log=line),
    Verb("end-turn", _progress(flow.end_turn), help="End the turn after its 2 actions.",
         fields=(Field("player", "the player whose turn it is (optional)", kind="player",
                       required=False),),
         actor="player", phases=CYCLE, options=options.end_turn, log=line),
    Verb("next-cycle", flow.next_cycle,
         help="Prepare the next Cycle after a Revelation.",
         fields=(Field("mood", "the Mood Marker toss", option="--mood", required=False,
                       result=True, choices=("bliss", "gloom")),
                 Field("reveal", "the new Impulse cards, slot 1 first", option="--reveal",
                       required=False, multiple=True, result=True, metavar="CARD"),
                 Field("keep", "a shown card a hand above 4 keeps", option="--keep",
                       required=False, multiple=True, metavar="[NAME:]CARD")),
         who="table", options=options.next_cycle, log=line),
)
