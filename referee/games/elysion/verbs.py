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
from referee.games.elysion.commands import look_back
from referee.games.elysion.deck import KEEP
from referee.model.errors import InputError
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


def _pairs(action: Action) -> Action:
    """`reveal`'s NAME=REALM words as {name: realm}; with a name given twice, the [name, realm]
    pairs as typed, so the engine refuses it (one realm a day) instead of one overwriting the
    other."""
    pairs: list[list[str]] = []
    for item in action.get("realms") or []:
        name, sep, realm = str(item).partition("=")
        if not sep or not name.strip() or not realm.strip():
            raise InputError(f"'{item}': write each as NAME=REALM, e.g. Ann=12 or Bob=40*")
        pairs.append([name.strip(), realm.strip()])
    out = dict(pairs)
    return {**action, "realms": out if len({n.lower() for n in out}) == len(pairs) else pairs}


def _give_up(action: Action) -> Action:
    """`--give-up NAME:REALM=B[,B]|none` words as {name: {realm: [blessings] or None}}."""
    out: dict[str, dict] = {}
    for item in action.get("give_up") or []:
        who, sep1, rest = str(item).partition(":")
        realm, sep2, blessings = rest.partition("=")
        if not (sep1 and sep2 and who.strip() and realm.strip() and blessings.strip()):
            raise InputError(f"'{item}': write NAME:REALM=BLESSING[,BLESSING] or NAME:REALM=none")
        chosen = None if blessings.strip().lower() == "none" else [
            b.strip() for b in blessings.split(",") if b.strip()]
        out.setdefault(who.strip(), {})[realm.strip()] = chosen
    return {**action, "give_up": out or None}


REVEAL_HELP = """The day's realms, every player's at once.

\b
Each player picked a realm from their hand in secret; type them all:
  referee elysion reveal Ann=12 Bob=7* Cy=30
A trailing * is a constellation (it beats the realm of the same number).
A unique prefix of a name is enough: `reveal a=12 b=7* c=30`.
The referee works out who draws Blessings (a realm higher than yesterday's,
never on day 1: 1 + Charon's coins) and the take order (lowest realm first)."""

TAKE_HELP = """Your take turn: a realm, then Blessings.

\b
Turns go in take order (lowest realm played first); on day 8 no realm is taken:
  referee elysion take Ann 40                      the referee draws Ann's Blessings
  referee elysion take Ann 40 --drawn Nectar,Aegis --keep Aegis   as drawn at the table
  referee elysion take Ann                         day 8: only the Blessings
If several Blessings are drawn and --keep is left out, `keep` follows."""

KEEP_HELP = """Keep one of the Blessings just drawn.

The others go back under the deck together, below those put back earlier (in
any order among themselves): Blessings never drawn come up first, then each
batch put back, the oldest first.

\b
  referee elysion keep Ann Aegis
On day 8 it also draws: `keep Ann Aegis --drawn Nectar,Aegis`."""

SHADE_HELP = """Beyond the Styx: take a face-up Shade.

\b
  referee elysion shade Ann "Stone Giant"
Allowed once a turn when your realms and Blessings meet its goal and today's
realm or the Blessing just kept adds to it; it goes under today's realm.
The referee offers it when it answers (see `status`); `pass` declines.
No Shade on day 8: nobody takes a realm that day, so no take turn ends."""

PASS_HELP = """Beyond the Styx: take no Shade this turn.

\b
  referee elysion pass Ann
  referee elysion pass          the player whose Shade decision it is"""

NEXT_HELP = """End the day and deal the next row.

The untaken realm leaves the game and the Shades by the row are refilled.

\b
  referee elysion next                     the referee deals the new row
  referee elysion next --row 3,17,22*,40   the row as dealt at the table
No row is dealt for day 8. With Beyond the Styx, --shades names the Shades
turned up to refill the two by the row and show the deck's next card.
It says which day it ended; until everyone has taken, it is refused,
naming who is still to take."""

LOOKBACK_HELP = """The final scoring after day 8, card by card.

\b
Realms turn back from day 8 to day 1, each scoring with the realms from its
day on, all Blessings kept, and what stays face up (constellations and the
realms ending in their digit); then every Blessing scores. Ties go to the
lowest sum of realm numbers.
  referee elysion lookback
  referee elysion lookback --give-up Ann:32*=Nectar   Ann gives up Nectar
  referee elysion lookback --give-up Ann:32*=none     ... or keeps her Blessings
After the game it prints the look back again."""

VERBS = declare(
    Verb("reveal", flow.reveal, help=REVEAL_HELP,
         fields=(Field("realms", "every player's realm as NAME=REALM (12, or 12* for a "
                       "constellation); a unique prefix of the name is enough",
                       multiple=True, metavar=options.REALMS, open=True,
                       bounds=options.realms_within),),
         who="table", phases=("reveal",), options=options.reveal, log=_reveal_line, typed=_pairs),
    Verb("take", flow.take, help=TAKE_HELP,
         fields=(PLAYER,
                 Field("realm", "the realm taken from the row (none on day 8)", required=False),
                 Field("drawn", "The Blessings drawn at the table, in order (those not kept go "
                       "back under the deck). Default: the referee draws them.", kind="list",
                       option="--drawn", required=False, result=True, metavar="B,B,..."),
                 Field("keep", "The Blessing kept (one of those drawn).", option="--keep",
                       required=False, metavar="B")),
         who="current", actor="player", phases=("take",), options=options.take,
         log=_take_line),
    Verb("keep", flow.keep, help=KEEP_HELP,
         fields=(PLAYER,
                 Field("blessing", "the Blessing kept (a unique prefix among those drawn)",
                       required=False, private=True),
                 Field("drawn", "Day 8: the Blessings drawn at the table. Default: the referee "
                       "draws them.", kind="list", option="--drawn", required=False,
                       result=True, metavar="B,B,...")),
         who="current", actor="player", answers=(KEEP,), free=True, phases=("take",),
         options=options.keep,
         log=lambda a: f"{a.get('player', '?')} keeps "
                       f"{a.get('blessing') or '(drawn by the referee)'}"),
    Verb("shade", flow.take_shade, help=SHADE_HELP,
         fields=(Field("player", "the player taking the Shade", kind="player"),
                 Field("shade", "a face-up Shade (a unique prefix is enough)")),
         who="anyone", actor="player", answers=(flow.SHADE,), free=True,
         options=options.shade,
         log=lambda a: f"{a.get('player', '?')} takes Shade {a.get('shade')}"),
    Verb("pass", flow.pass_shade, help=PASS_HELP,
         fields=(Field("player", "the player passing (default: the one whose Shade decision "
                       "it is)", kind="player", required=False),), who="pending", actor="player",
         answers=(flow.SHADE,), options=options.pass_,
         log=lambda a: f"{a.get('player', '?')} takes no Shade"),
    Verb("next", flow.next_day, help=NEXT_HELP,
         fields=(Field("row", "The new row as dealt at the table. Default: drawn by the referee.",
                       kind="list", option="--row", required=False, result=True,
                       metavar="R,R,..."),
                 Field("shades", "Beyond the Styx: the Shades newly turned up, in order. "
                       "Default: drawn.", kind="list", option="--shades", required=False,
                       result=True, metavar="S,...")),
         who="table", phases=("day-end",), options=options.next_, log=_next_line),
    Verb("lookback", lookback.look_back, help=LOOKBACK_HELP,
         fields=(Field("give_up", "Which Blessings a constellation's player gives up (or none). "
                       "Default: the choice that earns that player the most glory.",
                       option="--give-up", required=False, multiple=True, open=True,
                       metavar="NAME:REALM=B[,B]|none"),),
         who="table", phases=("lookback",), options=options.lookback, typed=_give_up,
         shows=look_back, log=lambda a: "the look back"),
)
