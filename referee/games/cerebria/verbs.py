"""Cerebria's verbs as one declaration (docs/engine.md): fields, who, phases, handler, options.

The core refuses, before a handler runs, an action after the end, out of turn, outside
the Cycle, or anything but the answer while a counter-act or Deprive's second discard
waits. Cards and emotions may be named short (names.py); positions keep working.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.cerebria import flow, options, render
from referee.games.cerebria.cards import ABILITIES
from referee.games.cerebria.state import State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import InputError
from referee.model.verbs import Action, Event, Field, Verb, actor_left_out, declare

CYCLE = ("cycle",)
PLAYER = Field("player", "the player acting", kind="player")
MAY_LEAVE_OUT = Field("player", "the player acting (left out: the player whose turn it is)",
                      kind="player", metavar="[PLAYER]")
REVEAL = Field("reveal", "The card turned up from the stack (drawn by the referee if omitted).",
               option="--reveal", required=False, result=True, metavar="CARD")
REVEALS = Field("reveal", "Deprive/Embrace: each card turned up from the stack, in order.",
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

# the ability options that only one ability reads (a typo elsewhere must not pass unnoticed)
ABILITY_OPTIONS = {"merge": "summon", "discard": "summon", "card": "steal", "keep": "drain"}
NAME_IT = "name the ABILITY (destroy, drain, deprive, summon, steal, swap, draw, embrace)"


def ability_words(action: Action) -> Action:
    """`ability [PLAYER] [EMOTION] ABILITY ARGS...` as typed: the player left out (the one whose
    turn it is), the emotion left out (the one that gives ABILITY)."""
    player, pos, ability = action.get("player"), action.get("pos"), action.get("ability")
    args = list(action.get("args") or ())
    if player is not None and (str(player).isdigit() or str(player).lower() in ABILITIES):
        words = [w for w in (player, pos, ability) if w is not None]
        player, pos, ability, args = None, words[0], (words[1] if len(words) > 1 else None), [*words[2:], *args]
    if pos is None:
        raise InputError(NAME_IT)
    if str(pos).lower() in ABILITIES and str(ability or "").lower() != str(pos).lower():
        args = [ability, *args] if ability is not None else args
        pos, ability = None, pos
    if ability is None:
        raise InputError(NAME_IT)
    ability = str(ability).lower()
    for key, only in ABILITY_OPTIONS.items():
        if action.get(key) is not None and ability != only:
            raise InputError(f"--{key} is for {only} only, not {ability}")
    return {**action, "player": player, "pos": pos, "ability": ability, "args": args}


VERB_HELP: dict[str, str] = {  # each verb's help, as `referee cerebria VERB --help` shows it
    "mulligan": """Discard the starting hand and draw 4 (once each, before the first turn).""",
    "impulse": """Impulse Action: take the face-up card of SLOT (1-3) into your hand.

SLOT may also be the card there, named short (`yellow-draw`). The stack above
the slot refills it; if that stack is empty, a Revelation ends the Cycle at
once. Example: `referee cerebria impulse Ann 2`, or `impulse 2` (PLAYER left out: the
player whose turn it is; the log names them).""",
    "invoke": """Invoke Action: put CARD from your hand into your Mindset.

A Mild emotion gets 1 fragment, a Strong one 2, Brightness/Bleakness none;
a Mindset holds 4 emotions. Example:
`referee cerebria invoke Ann mild-bliss-red-draw --merge brightness-red`.
A short name is enough when only one card the hand can hold fits it
(`invoke Ann s-gl-green-drain`, `--merge yellow`). PLAYER may be left out: the player
whose turn it is (`invoke s-gl-green-drain`).

CARD is e.g. strong-gloom-blue-steal or brightness-red.""",
    "ability": """Use the ability of an emotion in your Mindset (spends one fragment).

EMOTION is its position 1-4 or its card (a short name will do); left out,
it is the emotion that gives ABILITY (`ability Ann draw`). Abilities are not
actions; each kind once per turn. Then the others may counter-act
(`cancel` / `pass`). ABILITY and its ARGS:

\b
  destroy PLAYER:POS             discard an emotion, its fragments to the supply
  drain PLAYER:POS HOST          move its fragments onto your emotion at HOST
  deprive SLOT [SLOT]            discard an Impulse card, it is refilled, then
                                 `deprive PLAYER SLOT` discards the second
                                 (or type both slots at once)
  summon CARD [--merge CARD]     put CARD from your hand into your Mindset
  steal PLAYER [--card CARD]     look at an opponent's hand and take a card:
                                 --card CARD: that card, shown to the table;
                                 no --card: an unseen card is taken;
                                 --card none: nothing is taken
  swap MINE PLAYER:POS           exchange emotions; their fragments stay on them
  draw                           two cards from the main deck
  embrace SLOT                   take an Impulse card into your hand

Deprive and Embrace trigger a Revelation when a stack has no card left.
CARD is e.g. strong-gloom-blue-steal or brightness-red.

PLAYER:POS may name the emotion by its card too (`Bob:red-draw`).

PLAYER may be left out (`ability 1 draw`): the player whose turn it is.

\b
Examples:
  referee cerebria ability Ann 1 draw --absorb 2
  referee cerebria ability Bob drain Ann:3 1 --keep absorb
  referee cerebria ability Cy steal Ann --card brightness-red""",
    "cancel": """Counter-act: cancel the pending ability by discarding a same-vibe emotion.

Players are asked clockwise from the acting player's left: only the player
asked now may cancel (the ones before have passed, or surely hold no emotion
of that vibe). The spent fragment stays spent.
Example: `referee cerebria cancel Bob --discard bleakness-red`.

CARD is e.g. strong-gloom-blue-steal or brightness-red.""",
    "pass": """No counter-act: PLAYER passes (the next in turn may still cancel).

`pass all` (or no name): everyone still asked passes at once, and the ability
resolves; the log shows it as one `pass all`.""",
    "deprive": """Deprive's second discard: discard the Impulse card of SLOT (1-3, or the card there).

Owed after `ability PLAYER POS deprive SLOT` named one slot: the player sees the
first refill, then chooses. An empty stack triggers a Revelation.
Example: `referee cerebria deprive Ann 2`, or `deprive 2`.""",
    "end-turn": """End the turn after its 2 actions; the next player clockwise plays.

PLAYER is optional; if given, it must be the player whose turn it is.""",
    "next-cycle": """Prepare the next Cycle after a Revelation (Impulse, stacks, Mindsets, hands, toss).

A hand above 4 cards keeps 4 and discards the rest. The referee forgets the shown
cards of that hand unless --keep names the ones kept; naming all 4 tells it that
the other shown cards were discarded.

\b
Example:
  referee cerebria next-cycle --mood gloom --keep brightness-red --keep Ann:bleakness-blue""",
}


VERBS = declare(
    Verb("mulligan", flow.mulligan, help=VERB_HELP["mulligan"], fields=(PLAYER,), who="anyone", actor="player",
         phases=CYCLE, options=options.mulligan, log=line),
    Verb("impulse", _progress(flow.impulse_action),
         help=VERB_HELP["impulse"],
         fields=(MAY_LEAVE_OUT, SLOT, REVEAL), actor="player", phases=CYCLE, typed=actor_left_out("slot"),
         options=options.impulse, log=line),
    Verb("invoke", _progress(flow.invoke), help=VERB_HELP["invoke"],
         fields=(MAY_LEAVE_OUT, Field("card", "the card from your hand (a short name will do)"),
                 Field("merge", "Merge with this Brightness/Bleakness from your hand.",
                       option="--merge", required=False, metavar="CARD"),
                 Field("discard", "Discard this emotion (position or card) first (required when the "
                       "Mindset is full).",
                       option="--discard", required=False, metavar="EMOTION")),
         actor="player", phases=CYCLE, typed=actor_left_out("card"), options=options.invoke, sample=options.invoke_sample, log=line),
    Verb("ability", _progress(flow.ability),
         help=VERB_HELP["ability"],
         fields=(MAY_LEAVE_OUT,
                 Field("pos", EMOTION + "; left out: the one that gives ABILITY",
                       required=False, metavar="EMOTION"),
                 Field("ability", "the ability printed on the emotion",
                       choices=("destroy", "drain", "deprive", "summon", "steal", "swap",
                                "draw", "embrace")),
                 Field("args", "the ability's arguments", required=False, multiple=True),
                 Field("absorb", "Put the spent fragment on the Absorb slot of this emotion.",
                       option="--absorb", required=False, metavar="EMOTION"),
                 Field("merge", "Summon: merge with this card.", option="--merge",
                       required=False, metavar="CARD"),
                 Field("discard", "Summon: discard this emotion first.", option="--discard",
                       required=False, metavar="EMOTION"),
                 Field("card", "Steal: the card taken, when it is shown to the table. Without "
                               "--card, an unseen card is taken; none: nothing is taken (the "
                               "player only looked).", option="--card",
                       required=False, metavar="CARD"),
                 Field("keep", "Drain: which fragments the drained emotion's owner keeps when "
                               "not all fit (default: those on Fragment slots).",
                       option="--keep", required=False, choices=("fragment", "absorb")),
                 REVEALS),
         actor="player", phases=CYCLE, typed=ability_words, options=options.ability, sample=options.ability_sample, log=line),
    Verb("cancel", _progress(flow.cancel),
         help=VERB_HELP["cancel"],
         fields=(Field("player", "a player still in the window", kind="player"),
                 Field("discard", "The emotion discarded from the hand; its vibe matches the "
                                  "ability's.",
                       option="--discard", metavar="CARD")),
         # free: with no window open, the handler refuses it naming the counter-act rule
         who="pending", answers=(flow.COUNTER,), free=True, options=options.cancel, log=line),
    Verb("pass", _progress(flow.pass_),
         help=VERB_HELP["pass"],
         fields=(Field("player", "the next player in the window, or all", kind="player",
                       required=False, metavar="[PLAYER|all]"), REVEALS),
         who="pending", answers=(flow.COUNTER,), free=True, options=options.pass_, log=line),
    Verb("deprive", _progress(flow.deprive),
         help=VERB_HELP["deprive"],
         fields=(MAY_LEAVE_OUT, SLOT, REVEAL), who="pending", actor="player", typed=actor_left_out("slot"),
         answers=(flow.DEPRIVE,), options=options.deprive, log=line),
    Verb("end-turn", _progress(flow.end_turn), help=VERB_HELP["end-turn"],
         fields=(Field("player", "the player whose turn it is (optional)", kind="player",
                       required=False),),
         actor="player", phases=CYCLE, options=options.end_turn, log=line),
    Verb("next-cycle", flow.next_cycle,
         help=VERB_HELP["next-cycle"],
         fields=(Field("mood", "The Mood Marker toss (tossed if omitted).", option="--mood", required=False,
                       result=True, choices=("bliss", "gloom")),
                 Field("reveal", "The new Impulse cards, slot 1 first (drawn if omitted).", option="--reveal",
                       required=False, multiple=True, result=True, metavar="CARD"),
                 Field("keep", "A shown card that a hand above 4 keeps when it is cut to 4 "
                               "(repeat it; write NAME:CARD when two such hands show the card).", option="--keep",
                       required=False, multiple=True, metavar="[NAME:]CARD")),
         who="table", options=options.next_cycle, log=line),
)
