"""Kleos's verbs as one declaration (docs/engine.md): fields, who, phases, handler, options.

Before a handler runs the core has refused an action after the Contest, a verb outside
its phase, a player acting in someone else's phase (minion actions are checked by the
handlers: a card's effect may move a minion in any phase, so `move` belongs to none), and anything but the answer while an
opportunity attack or a four-minion choice waits. Players are named by god or by name (any
case, a unique prefix); minions as GOD:SLOT with the same freedom for GOD (`ann:c`,
`ath:2`); locations and card names by a unique prefix too.
"""

from __future__ import annotations

from referee.games.kleos import actions, checks, describe, effects, flow, free, options, play
from referee.games.kleos.lookup import with_many, with_stats
from referee.games.kleos.minions import ROOM
from referee.model.verbs import Field, Verb, declare, one_or_many

OA = actions.OA
MINION_HELP = "a minion, GOD:SLOT (slot 1-4 or champion/c; the player's name works for GOD)"
DICE = Field("dice", "typed dice faces (s success, g godly, - or b blank); rolled if omitted",
             option="--dice", required=False, result=True, metavar="FACES")
FAVOR = Field("favor", "on a slaughter, the winner takes Olympus' Favor (default) or not",
              kind="flag", option="--favor", required=False, open=True, bounds=free.yes_no,
              default=True)
GODLY = Field("godly", "a card makes these dice Godly", kind="flag", option="--godly",
              required=False, open=True, bounds=free.yes_no)
BONUS = Field("bonus", "extra dice from a card", kind="int", option="--bonus", required=False,
              open=True, bounds=free.bonus)
REPLACE = Field("replace", "with four minions in play: the slot (1-4) sent to Hades, or 'new'",
                option="--replace", required=False, metavar="SLOT")
REASON = Field("reason", "the card or effect", option="--reason", open=True, metavar=free.TEXT,
               bounds=free.reason)


def god(help_: str, required: bool = True) -> Field:
    return Field("god", help_, kind="player", required=required, metavar="GOD")


def minion(name: str = "minion", help_: str = MINION_HELP, option: str | None = None,
           required: bool = True) -> Field:
    return Field(name, help_, kind="minion", option=option, required=required,
                 metavar="MINION" if option or name == "minion" else None)


def place(name: str, help_: str, required: bool = True) -> Field:
    return Field(name, help_, kind="location", required=required)


ISLE = """Put the Epic card CARD face up on ISLE (isle1-isle5).

At setup every Isle waits for a card, and Deployment cannot end until each
of the five has one; from Day 2, Daybreak asks for one on each Isle left
with no card and no minion, and the day goes on (`next`) once each has it.
Only an Epic minion (one with a Disposition in the card library) lies on an
Isle, and never a card already in play or in Hades (each Epic card exists
once).
Example: `isle isle1 Myrina`."""
DEPLOY = """Deployment: GOD puts minion CARDS from hand on their temple (four at most).

Only before Day 1; players may deploy in any order and more than once.
An Epic card lying on an Isle, or already in play, is not in a hand.
Example: `deploy ares "Hoplite Warrior" Centaur`."""
NEXT = """End Deployment (once each Isle has its Epic card), a phase, or the day.

Play Phases go in turn order, then Action Phases; after the last Action
Phase, Dusk scores the city and Daybreak starts the next day (the first
player passes clockwise, Isles ask for cards, Zeus' Pity is announced).
As at setup, the day goes on once each Isle Daybreak asked for has its
Epic card; `next --deck-out` says the Epic Minion Deck is out: those Isles
stay empty, and no later Daybreak asks again.
After the Dusk of Day 5 the Contest ends and the winner is named.
`next PLAYER` (a name or god) ends only that player's phase: a `next`
too many is refused instead of ending the next player's phase."""
PLAY = """Play Phase: GOD plays minion CARD onto their temple.

With four minions in play, --replace names the one sent to Hades (never a
cursed one) or 'new'. An Epic card lying on an Isle, or already in play,
cannot be played. Example: `play athena Centaur --replace 2`."""
ATTACH = """Play Phase: GOD attaches CARD to a minion.

A curse goes on an opposing minion, never on a champion; a mount on your
own Hero, an offering on your own Monster (a new one replaces the old);
one card of a name per minion.
Example: `attach ares "Spear of Ares" --to ares:1 --as blessing --mod atk=+1`."""
MOVE = """Move MINION to the adjacent location TO (one action).

The Port reaches every Isle; an Isle leads only back to the Port. A Swift
minion's first move of the day may go on to TO2. Leaving a location with
opposing minions (not the Port) offers them an opportunity attack first.
A card's effect moves a minion anywhere, at any time (--effect).
Example: `move ares:2 port isle1`."""
OA_HELP = """Answer a pending opportunity attack: MINION attacks the fleeing minion.

An Attack check without Tactics, and the fleeing minion does not
retaliate; a slaughter is still possible. One per minion per day.
Example: `oa athena:2 --dice s-g`."""
PASS = """Answer a pending opportunity attack: no attack.

GOD (optional) is the player passing, checked against the one asked;
the next player in turn order with a minion there able to attack is
asked in turn (a player with none is never asked). `pass all` declines
for everyone still to be asked, each pass recorded in the log."""
ATTACK = """MINION attacks TARGET at the same location (one action).

Each side adds the Tactics of its other minions there. Successes >=
Defense kill; 3 or more over Defense slaughter (no retaliation, +1 glory,
Olympus' Favor; never a champion). Otherwise TARGET retaliates; both may
fall. Example: `attack ares:c athena:1 --dice ssg-- --retaliation s-`."""
RECRUIT = """MINION tries to recruit the Epic card on its Isle (one action).

A Cunning check: successes >= the card's Disposition recruit it (+1
glory); it joins at the Isle, exhausted today. With four minions in play,
--replace (or a `replace` answer) says which goes to Hades.
Example: `recruit ares:2 --dice s-`."""
REPLACE_HELP = """Answer the four-minion limit: SLOT (1-4) goes to Hades, or 'new' (the minion entering).

A cursed minion cannot be sent to Hades this way."""
KILL = """A card's effect kills MINION (glory to --by: 1, a champion 2, +1 slaughter).

A champion is never removed: it goes back to its temple, attachments to
Hades. Example: `kill athena:2 --by hermes --reason Trickster`."""
GLORY = """A card changes GOD's glory by DELTA (+2, -1); the track stops at 0.

Example: `glory athena +3 --reason "Zeus card"`."""
FAVOR_HELP = """A card gives Olympus' Favor to MINION ('none' returns it to Olympus).

One minion holds it at a time; its dice are Godly (g succeeds too)."""
CHECK = """A stat check a card calls for: one die per point of STAT.

Alone, against --need successes, or a competing check --against another
minion (most successes wins; a tie has no winner). Spends no action and
changes nothing on the board. Example: `check ares:c cunning --need 2`."""

VERBS = declare(
    # -- Deployment and the Isles --------------------------------------------------------------
    Verb("isle", play.isle, help=ISLE,
         fields=(Field("isle", "the Isle waiting for a card", kind="location"),
                 Field("card", "the Epic card (a unique prefix of its name will do)")),
         who="table", options=options.isle, log=describe.describe, prepare=with_stats),
    Verb("deploy", play.deploy, help=DEPLOY,
         fields=(god("the player deploying"),
                 Field("cards", "the minion cards from hand", multiple=True)),
         who="anyone", actor="god", phases=("deployment",), options=options.deploy,
         log=describe.describe, prepare=with_many),
    Verb("next", flow.next_, help=NEXT,
         fields=(Field("god", "whose phase it ends (refused if it is not theirs)", kind="player",
                       required=False, metavar="[PLAYER]"),
                 Field("deck_out", "The Epic Minion Deck is out: the Isles waiting stay empty.",
                       kind="flag", option="--deck-out", required=False)),
         actor="god", options=options.next_, log=describe.describe),
    # -- the Play Phase --------------------------------------------------------------------
    Verb("play", play.play, help=PLAY,
         fields=(god("the player whose Play Phase it is"),
                 Field("card", "the minion card from hand"), REPLACE),
         actor="god", phases=("play",), options=options.play, log=describe.describe,
         prepare=with_stats),
    Verb("attach", play.attach, help=ATTACH,
         fields=(god("the player whose Play Phase it is"),
                 Field("card", "the attached card's printed name", open=True,
                       metavar=free.CARD, bounds=free.card),
                 minion("to", "the minion it goes on", option="--to"),
                 Field("as", "what kind of card it is", option="--as",
                       choices=("blessing", "curse", "mount", "offering")),
                 Field("mod", "what it changes on the minion's stats, e.g. atk=-1,swift",
                       option="--mod", required=False, open=True, metavar=free.MODS,
                       bounds=free.mods)),
         actor="god", phases=("play",), options=options.attach, log=describe.describe),
    # -- the Action Phase ------------------------------------------------------------------
    Verb("move", actions.move, help=MOVE,
         fields=(minion(), place("to", "the adjacent location"),
                 place("to2", "a Swift minion's second location", required=False),
                 Field("effect", "moved by a card's effect", kind="flag", option="--effect",
                       required=False)), by_table="effect",
         options=options.move, log=describe.describe),
    Verb("oa", actions.opportunity, help=OA_HELP,
         fields=(minion(help_="a minion of the player asked, where the fleeing one left"), DICE,
                 FAVOR, BONUS, GODLY),
         who="pending", answers=(OA,), options=options.oa, log=describe.describe),
    Verb("pass", actions.pass_, help=PASS,
         fields=(Field("god", "the player passing (checked), several in turn, or all",
                       kind="player", required=False, multiple=True, metavar="[GOD...|all]"),),
         who="pending", actor="god", answers=(OA,), options=options.pass_,
         log=describe.describe, typed=one_or_many("god")),
    Verb("attack", actions.attack, help=ATTACK,
         fields=(minion(), minion("target", "the opposing minion attacked"), DICE,
                 Field("retaliation", "the retaliation's typed faces; rolled if omitted",
                       option="--retaliation", required=False, result=True, metavar="FACES"),
                 FAVOR, BONUS,
                 Field("retaliation_bonus", "extra retaliation dice", kind="int",
                       option="--retaliation-bonus", required=False, open=True,
                       bounds=free.bonus), GODLY),
         options=options.attack, log=describe.describe),
    Verb("recruit", actions.recruit, help=RECRUIT, fields=(minion(), DICE, REPLACE, GODLY),
         options=options.recruit, log=describe.describe),
    Verb("replace", actions.replace, help=REPLACE_HELP,
         fields=(Field("slot", "the slot sent to Hades, or new"),),
         who="pending", answers=(ROOM,), options=options.replace, log=describe.describe),
    # -- card effects (the Golden Rule: the card's text wins) ---------------------------------
    Verb("kill", effects.kill, help=KILL,
         fields=(minion(), Field("by", "the player whose card killed it (gains the glory)",
                                 kind="player", option="--by", required=False, metavar="GOD",
                                 open=True, bounds=free.player),
                 REASON, Field("slaughter", "the card slaughters it", kind="flag",
                               option="--slaughter", required=False, open=True)),
         who="table", options=options.kill, log=describe.describe),
    Verb("glory", effects.glory, help=GLORY,
         fields=(god("the player whose glory changes"),
                 Field("delta", "the change, e.g. +2 or -1", open=True, metavar=free.DELTA,
                       bounds=free.delta), REASON),
         who="table", options=options.glory, log=describe.describe),
    Verb("favor", effects.favor, help=FAVOR_HELP, fields=(minion(help_=MINION_HELP + ", or none"),),
         who="table", options=options.favor, log=describe.describe),
    Verb("check", checks.check, help=CHECK,
         fields=(minion(), Field("stat", "the stat rolled",
                                 choices=("attack", "defense", "cunning", "tactics")),
                 Field("need", "successes the card asks for", kind="int", option="--need",
                       required=False, open=True, bounds=free.need),
                 minion("against", "a competing check against this minion", option="--against",
                        required=False),
                 DICE, Field("against_dice", "the other minion's typed faces",
                             option="--against-dice", required=False, result=True,
                             metavar="FACES"), GODLY),
         who="table", options=options.check, log=describe.describe),
)
