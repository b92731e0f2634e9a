"""The Crôa! verbs, declared once: the core lets each through or refuses it (referee.model.verbs)."""

from __future__ import annotations

from typing import Any

from referee.model.verbs import Action, Field, Verb, declare

from . import actions, cardlist, cards, legal
from .arrival import listed
from .tiles import spelled

TILE = Field("tile", "the tile turned over there (physical tiles): lilypad, mosquito, mud, "
             "pike, reeds, log, male1..male6 (a unique prefix is enough)", option="--tile",
             required=False, result=True, metavar="TILE")
CHAIN = (
    Field("bounce", "a lily pad's bounce: where the frog goes next (repeat for a chain)",
          option="--bounce", required=False, multiple=True, metavar="SQ[:TILE]"),
    Field("mosquito", "a mosquito's extra move of another frog (repeat for a chain)",
          option="--mosquito", required=False, multiple=True, metavar="FROM:TO[:TILE]"),
    Field("remove", "a crowded log: which servant the third one pushes off (colour or "
          "player name)", option="--remove", required=False, metavar="SQ:COLOR"),
)
FROG = Field("from", "the frog: its square, or SQ:queen / SQ:servant where two of yours "
             "share it", metavar="FROM")


def shown(value: Any) -> str:
    """`SQ:TILE` words as the log prints them: a tile typed in an old spelling, as printed now."""
    return ":".join(spelled(part) for part in str(value).split(":"))


def _tile(action: Action) -> str:
    return f" ({shown(action['tile'])})" if action.get("tile") else ""


def _chain(action: Action) -> str:
    text = "".join(f", bounce {shown(b)}" for b in listed(action.get("bounce")))
    text += "".join(f", mosquito {shown(m)}" for m in listed(action.get("mosquito")))
    return text + (f", remove {action['remove']}" if action.get("remove") else "")


def _card_line(action: Action) -> str:
    if action.get("lost"):
        return (f"{action.get('player') or 'the colony to play'} loses the force"
                + (f", discards {action['discard']}" if action.get("discard") else ""))
    extra = " ".join(f"{k}={shown(v) if k == 'tile' else v}" for k, v in action.items()
                     if k not in ("verb", "card") and v not in (None, [], ""))
    return f"card {action.get('card')} {extra}".strip()


VERBS = declare(
    Verb("move", actions.handler(actions.move),
         help="The turn's move: one of your frogs to one of the 8 squares around it.",
         fields=(FROG, Field("to", "the square it moves to"), TILE, *CHAIN),
         options=legal.move_options,
         log=lambda a: f"move {a.get('from')} -> {a.get('to')}{_tile(a)}{_chain(a)}"),
    Verb("bounce", actions.handler(actions.bounce), who="pending", answers=("bounce",),
         help="Answer a lily pad: the square the frog bounces to.",
         fields=(Field("to", "the square (SQ, or SQ:TILE)", metavar="SQ"), TILE),
         options=legal.bounce_options,
         log=lambda a: f"bounce {shown(a.get('to'))}{_tile(a)}"),
    Verb("mosquito", actions.handler(actions.mosquito), who="pending", answers=("mosquito",),
         help="Answer a mosquito: move another of your frogs one square, at once.",
         fields=(FROG, Field("to", "the square it moves to (or FROM-TO in one word)",
                             required=False), TILE),
         options=legal.mosquito_options,
         log=lambda a: f"mosquito {a.get('from')} -> {shown(a.get('to'))}{_tile(a)}"),
    Verb("pass", actions.handler(actions.pass_), who="pending",
         answers=("mosquito", "doesnt-work"), free=True,
         help="Decline the mosquito's extra move, or let a card work (nobody plays Doesn't "
              "work!).",
         fields=(Field("player", "who passes: a player asked, or `all` for everyone asked "
                       "(needed when several may answer)", kind="player", required=False,
                       choices=("all",), metavar="[NAME|all]"),),
         options=legal.pass_options,
         log=lambda a: "pass" + (f" {a['player']}" if a.get("player") else "")),
    Verb("remove", actions.handler(actions.remove), who="pending", answers=("log-removal",),
         help="Answer a crowded log: which servant the third one pushes off.",
         fields=(Field("which", "the servant: SQ:COLOR, SQ:NAME, COLOR or NAME",
                       metavar="SQ:COLOR"),),
         options=legal.remove_options,
         log=lambda a: f"remove {a.get('which')} from the log"),
    Verb("card", actions.handler(actions.card), who="anyone", actor="player",
         answers=("thunderclap", "doesnt-work"), free=True,
         help="Play a card (sessions started with --cards): one per turn, orange ones also in "
              "others' turns.",
         fields=(Field("card", "the card (a unique prefix is enough; an unknown name is "
                       "recorded)", open=True, bounds=cards.unknown_card),
                 Field("player", "who plays it (default: the colony to play)", kind="player",
                       option="--player", required=False),
                 Field("from", "mega-jump, bodyguard, not even dead: the frog that moves",
                       option="--from", required=False, metavar="SQ"),
                 Field("to", "where that frog (or one more frog) goes", option="--to",
                       required=False, metavar="SQ"),
                 TILE,
                 Field("male", "mating season, twins: the male", option="--male",
                       required=False, metavar="maleN"),
                 Field("lost", "the force: another card took it away", kind="flag",
                       option="--lost", required=False),
                 Field("discard", "with --lost and 4 cards in hand: the card discarded",
                       option="--discard", required=False, metavar="CARD", open=True,
                       bounds=cards.discardable),
                 *CHAIN),
         options=cardlist.card_options, sample=cardlist.card_sample, log=_card_line),
)
