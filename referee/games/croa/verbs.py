"""The Crôa! verbs, declared once: the core lets each through or refuses it (referee.model.verbs)."""

from __future__ import annotations

from typing import Any

from referee.model.errors import InputError
from referee.model.verbs import Action, Field, Verb, declare

from . import actions, cardlist, cards, legal
from .arrival import listed
from .tiles import spelled

TILE = Field("tile", "The tile turned over there (physical tiles): lilypad, mosquito, mud, "
             "pike, reeds, log, male1..male6; a unique prefix is enough (li, mo, mu, p, r, lo, "
             "m1).", option="--tile", required=False, result=True, metavar="TILE",
             aliases=("-t",))
CHAIN = (
    Field("bounce", "A lily pad's bounce: where the frog goes next (repeat for a chain).",
          option="--bounce", required=False, multiple=True, metavar="SQ[:TILE]"),
    Field("mosquito", "A mosquito's extra move of another frog (repeat for a chain).",
          option="--mosquito", required=False, multiple=True, metavar="FROM:TO[:TILE]"),
    Field("remove", "A crowded log: which servant the third one pushes off (colour or "
          "player name).", option="--remove", required=False, metavar="SQ:COLOR"),
)
FROG = Field("from", "the frog: its square, or SQ:queen / SQ:servant where two of yours "
             "share it", metavar="FROM")


MOVE = """The turn's move: one of your frogs to one of the 8 squares around it.

FROM is a square (b1), or b1:queen / b1:servant where your queen and a servant
share it. Never onto your own frog, except on a log; a frog stuck in the mud
waits a turn. Opposing frogs on TO go back to their reserve (a queen: her colony
is out), then TO's tile acts. Where a choice follows (lily pad, mosquito, log),
give it here or answer with `bounce`, `mosquito`/`pass` or `remove`; a part
the chain does not call for is refused. A bounce typed (here or after the move)
says that nobody kept the frog on the lily pad with a Thunderclap.

\b
Examples:
  referee croa move a2 a3 --tile reeds
  referee croa move a2 a3 -t r
  referee croa move a1 b2 --tile lilypad --bounce c3:mud
  referee croa move b2:servant c3"""
BOUNCE = """Answer a lily pad: the square the frog bounces to.

Any square around the lily pad but the one it came from (the way back opens
only when every other one holds one of your frogs, a log with your servant
included), never onto your own frog except a log. The new tile acts in turn.
Example: `referee croa bounce b3 --tile mosquito`."""
MOSQUITO = """Answer a mosquito: move another of your frogs one square, at once.

Write FROM TO, or FROM-TO as the pending choices list it (`mosquito b1 c2`,
`mosquito b1-c2`). The tile it lands on acts; `pass` declines the move."""
PASS = """Decline the mosquito's extra move, or let a card work (nobody plays Doesn't work!).

When several colonies may answer a card, `pass all` declines for all of them at once
and `pass NAME` for one (the window stays open for the others); a bare `pass` is
enough when only one is asked."""
REMOVE = """Answer a crowded log: which servant the third one pushes off.

Name it by colour or player (`remove c3:blue`, `remove c3:Bob`, `remove blue`);
it goes back to its reserve."""
CARD_HELP = """Play a card (sessions started with --cards): one per turn, orange ones also in
others' turns.

The card list is a reconstruction (`referee croa cards`). A card is named by its
English or French title, or a unique prefix (`card mat --male m1`, `card
"coup de tonnerre"`). A card the referee does not know is played with --unknown:
recorded by name, the table applies it (in another colony's turn it is taken as
an orange card; a dealt hand plays only one it holds). Another colony
holding a card may answer with `card doesnt_work --player NAME`, or `pass`
(`pass all` when several may): dealt hands too, so being asked tells nobody who
holds one. No answer is asked for when every Doesn't work! lies face up. The
force stays in front of its colony until `--lost`.

\b
Examples:
  referee croa card mating_season --male male2
  referee croa card mega_jump --from a1 --to c3 --tile reeds
  referee croa card thunderclap --player Bob
  referee croa card "Frog Rain" --unknown
  referee croa card the_force --lost --player Bob --discard twins"""


def _from_to(action: Action) -> Action:
    """`mosquito b1-c2`: the move in one word, as the pending choices list it."""
    if action.get("to") is not None:
        return action
    src, dash, to = str(action.get("from") or "").rpartition("-")
    if not dash or not src or not to:
        raise InputError("write the move as FROM TO (e.g. `mosquito b1 c2`) or FROM-TO")
    return {**action, "from": src, "to": to}


def _lost(action: Action) -> Action:
    """`--discard` goes with `--lost` only."""
    if action.get("lost"):
        return action
    return {k: v for k, v in action.items() if k not in ("lost", "discard")}


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
    if action.get("lost"):  # the action's words, as the log shows every other one
        return " ".join(["card the_force --lost", *(f"{k}={action[k]}" for k in ("player", "discard")
                                                    if action.get(k))])
    extra = " ".join("--unknown" if k == "unknown" else f"{k}={shown(v) if k == 'tile' else v}"
                     for k, v in action.items()
                     if k not in ("verb", "card") and v not in (None, [], "", False))
    return f"card {action.get('card')} {extra}".strip()


VERBS = declare(
    Verb("move", actions.handler(actions.move),
         help=MOVE,
         fields=(FROG, Field("to", "the square it moves to"), TILE, *CHAIN),
         options=legal.move_options,
         log=lambda a: f"move {a.get('from')} -> {a.get('to')}{_tile(a)}{_chain(a)}"),
    Verb("bounce", actions.handler(actions.bounce), who="pending", answers=("bounce",),
         help=BOUNCE,
         fields=(Field("to", "the square (SQ, or SQ:TILE)", metavar="SQ"), TILE),
         options=legal.bounce_options,
         log=lambda a: f"bounce {shown(a.get('to'))}{_tile(a)}"),
    Verb("mosquito", actions.handler(actions.mosquito), who="pending", answers=("mosquito",),
         help=MOSQUITO, typed=_from_to,
         fields=(FROG, Field("to", "the square it moves to (or FROM-TO in one word)",
                             required=False), TILE),
         options=legal.mosquito_options,
         log=lambda a: f"mosquito {a.get('from')} -> {shown(a.get('to'))}{_tile(a)}"),
    Verb("pass", actions.handler(actions.pass_), who="pending",
         answers=("mosquito", "doesnt-work"), free=True,
         help=PASS,
         fields=(Field("player", "who passes: a player asked, or `all` for everyone asked "
                       "(needed when several may answer)", kind="player", required=False,
                       choices=("all",), metavar="[NAME|all]"),),
         options=legal.pass_options,
         log=lambda a: "pass" + (f" {a['player']}" if a.get("player") else "")),
    Verb("remove", actions.handler(actions.remove), who="pending", answers=("log-removal",),
         help=REMOVE,
         fields=(Field("which", "the servant: SQ:COLOR, SQ:NAME, COLOR or NAME",
                       metavar="SQ:COLOR"),),
         options=legal.remove_options,
         log=lambda a: f"remove {a.get('which')} from the log"),
    Verb("card", actions.handler(actions.card), who="anyone", actor="player",
         answers=("thunderclap", "doesnt-work"), free=True,
         help=CARD_HELP, typed=_lost,
         fields=(Field("card", "the card, by its English or French title (a unique prefix is "
                       "enough); one the referee does not know takes --unknown", open=True,
                       bounds=cards.unknown_card),
                 Field("player", "Who plays it, by name or colour (default: the colony to "
                       "play); orange cards may be played in another colony's turn.", kind="player",
                       option="--player", required=False),
                 Field("from", "Mega-jump, bodyguard, not even dead: the frog that moves.",
                       option="--from", required=False, metavar="SQ"),
                 Field("to", "Where that frog (or one more frog) goes.", option="--to",
                       required=False, metavar="SQ"),
                 TILE,
                 Field("male", "Mating season, twins: the male.", option="--male",
                       required=False, metavar="maleN"),
                 Field("lost", "The force: another card took it away from --player (it goes "
                       "to the discard; with 4 cards in hand, one is discarded).", kind="flag",
                       option="--lost", required=False),
                 Field("discard", "With --lost and 4 cards in hand: the card discarded.",
                       option="--discard", required=False, metavar="CARD", open=True,
                       bounds=cards.discardable),
                 Field("unknown", "A card the referee does not know, as the table names it: "
                       "recorded by name, its effect applied at the table.", kind="flag",
                       option="--unknown", required=False),
                 *CHAIN),
         options=cardlist.card_options, sample=cardlist.card_sample, log=_card_line),
)
