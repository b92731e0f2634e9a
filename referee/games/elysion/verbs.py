"""The Elysion verbs, declared once: fields, who may use each, its phase or decision, handler,
legal options and log line.

The core (`referee.model.engine.Engine.apply`) refuses before a handler runs: an unknown verb,
anything after the look back, a verb outside its part of the day (`reveal`, the take
turns, `next`, `lookback`), a take turn out of order, and anything but the Blessing to
keep or the Shade while one is pending. The engine words those refusals in the day's
terms (`flow.not_yours`). Player names are resolved by the core (any case, a unique
prefix); card names by the catalog (a unique prefix too).
"""

from __future__ import annotations

from referee.games.elysion import flow, lookback, options
from referee.games.elysion.deck import KEEP
from referee.model.verbs import Action, Field, Verb, declare

PLAYER = Field("player", "the player whose take turn it is", kind="player")


def _listed(value: object) -> str:
    """A typed list (or comma-separated text) as it reads in the log."""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value) if value else ""


def _reveal_line(action: Action) -> str:
    realms = action.get("realms")
    if isinstance(realms, dict):
        return "reveal " + ", ".join(f"{p} {r}" for p, r in realms.items())
    return "reveal"


def _take_line(action: Action) -> str:
    who = action.get("player", "?")
    drawn = _listed(action.get("drawn")) or "Blessings"
    if action.get("realm"):
        text = f"{who} takes {action['realm']}"
        text += f", draws {drawn}" if action.get("drawn") else ""
    else:
        text = f"{who} draws {drawn}"
    return text + (f", keeps {action['keep']}" if action.get("keep") else "")


def _next_line(action: Action) -> str:
    text = "next day" + (f", row {_listed(action['row'])}" if action.get("row") else "")
    shades = _listed(action.get("shades"))
    return text + (f", Shades turned up: {shades}" if shades else "")


VERBS = declare(
    Verb("reveal", flow.reveal, help="The day's realms, every player's at once.",
         fields=(Field("realms", "every player's realm as NAME=REALM (12, or 12* for a "
                       "constellation); a unique prefix of the name is enough",
                       multiple=True, metavar=options.REALMS, open=True,
                       bounds=options.realms_within),),
         who="table", phases=("reveal",), options=options.reveal, log=_reveal_line),
    Verb("take", flow.take, help="Your take turn: a realm, then Blessings.",
         fields=(PLAYER,
                 Field("realm", "the realm taken from the row (none on day 8)", required=False),
                 Field("drawn", "the Blessings drawn at the table, in order", option="--drawn",
                       required=False, result=True, metavar="B,B,..."),
                 Field("keep", "the Blessing kept, one of those drawn", option="--keep",
                       required=False, metavar="B")),
         who="current", actor="player", phases=("take",), options=options.take,
         log=_take_line),
    Verb("keep", flow.keep, help="Keep one of the Blessings just drawn.",
         fields=(PLAYER,
                 Field("blessing", "the Blessing kept (a unique prefix among those drawn)",
                       required=False),
                 Field("drawn", "day 8: the Blessings drawn at the table", option="--drawn",
                       required=False, result=True, metavar="B,B,...")),
         who="current", actor="player", answers=(KEEP,), free=True, phases=("take",),
         options=options.keep,
         log=lambda a: f"{a.get('player', '?')} keeps "
                       f"{a.get('blessing') or '(drawn by the referee)'}"),
    Verb("shade", flow.take_shade, help="Beyond the Styx: take a face-up Shade.",
         fields=(Field("player", "the player taking the Shade", kind="player"),
                 Field("shade", "a face-up Shade (a unique prefix is enough)")),
         who="anyone", actor="player", answers=(flow.SHADE,), free=True,
         options=options.shade,
         log=lambda a: f"{a.get('player', '?')} takes Shade {a.get('shade')}"),
    Verb("pass", flow.pass_shade, help="Beyond the Styx: take no Shade this turn.",
         fields=(Field("player", "the player passing (default: the one whose Shade decision "
                       "it is)", kind="player", required=False),), who="pending", actor="player", answers=(flow.SHADE,),
         options=options.pass_, log=lambda a: f"{a.get('player', '?')} takes no Shade"),
    Verb("next", flow.next_day, help="End the day and deal the next row.",
         fields=(Field("row", "the new row as dealt at the table", option="--row",
                       required=False, result=True, metavar="R,R,..."),
                 Field("shades", "Beyond the Styx: the Shades newly turned up, in order",
                       option="--shades", required=False, result=True, metavar="S,...")),
         who="table", phases=("day-end",), options=options.next_, log=_next_line),
    Verb("lookback", lookback.look_back, help="The final scoring after day 8, card by card.",
         fields=(Field("give_up", "Blessings a constellation's player gives up (or none)",
                       option="--give-up", required=False, multiple=True, open=True,
                       metavar="NAME:REALM=B[,B]|none"),),
         who="table", phases=("lookback",), options=options.lookback,
         log=lambda a: "the look back"),
)
