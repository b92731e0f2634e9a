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
from referee.games.kleos.minions import ROOM
from referee.model.verbs import Field, Verb, declare

OA = actions.OA
MINION_HELP = "a minion, GOD:SLOT (slot 1-4 or champion/c; the player's name works for GOD)"
DICE = Field("dice", "typed dice faces (s success, g godly, - or b blank); rolled if omitted",
             option="--dice", required=False, result=True, metavar="FACES")
FAVOR = Field("favor", "on a slaughter, the winner takes Olympus' Favor (default) or not",
              kind="flag", option="--favor", required=False, open=True, bounds=free.yes_no)
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
                 metavar="MINION")


def place(name: str, help_: str, required: bool = True) -> Field:
    return Field(name, help_, kind="location", required=required)


VERBS = declare(
    # -- Deployment and the Isles --------------------------------------------------------------
    Verb("isle", play.isle, help="Put the Epic card CARD face up on ISLE (isle1-isle5).",
         fields=(Field("isle", "the Isle waiting for a card", kind="location"),
                 Field("card", "the Epic card (a unique prefix of its name will do)")),
         who="table", options=options.isle, log=describe.describe),
    Verb("deploy", play.deploy, help="Deployment: GOD puts minion CARDS from hand on their "
         "temple (four at most).",
         fields=(god("the player deploying"),
                 Field("cards", "the minion cards from hand", multiple=True)),
         who="anyone", actor="god", phases=("deployment",), options=options.deploy,
         log=describe.describe),
    Verb("next", flow.next_, help="End Deployment, a player's phase, or the day; `next NAME` "
         "ends only NAME's phase.",
         fields=(god("whose phase it ends (refused if it is not theirs)", required=False),),
         actor="god", options=options.next_, log=describe.describe),
    # -- the Play Phase --------------------------------------------------------------------
    Verb("play", play.play, help="Play Phase: GOD plays minion CARD onto their temple.",
         fields=(god("the player whose Play Phase it is"),
                 Field("card", "the minion card from hand"), REPLACE),
         actor="god", phases=("play",), options=options.play, log=describe.describe),
    Verb("attach", play.attach, help="Play Phase: GOD attaches CARD to a minion.",
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
    Verb("move", actions.move, help="Move MINION to the adjacent location TO (one action), "
         "or anywhere by a card's effect (--effect, any time).",
         fields=(minion(), place("to", "the adjacent location"),
                 place("to2", "a Swift minion's second location", required=False),
                 Field("effect", "moved by a card's effect", kind="flag", option="--effect",
                       required=False)),
         options=options.move, log=describe.describe),
    Verb("oa", actions.opportunity, help="Answer a pending opportunity attack: MINION attacks "
         "the fleeing minion.",
         fields=(minion(help_="a minion of the player asked, where the fleeing one left"), DICE,
                 FAVOR, BONUS, GODLY),
         who="pending", answers=(OA,), options=options.oa, log=describe.describe),
    Verb("pass", actions.pass_, help="Answer a pending opportunity attack: no attack "
         "(`pass all`: no one left attacks).",
         fields=(Field("god", "the player passing (checked), several in turn, or all",
                       kind="player", required=False, multiple=True, metavar="GOD"),),
         who="pending", actor="god", answers=(OA,), options=options.pass_,
         log=describe.describe),
    Verb("attack", actions.attack, help="MINION attacks TARGET at the same location "
         "(one action).",
         fields=(minion(), minion("target", "the opposing minion attacked"), DICE,
                 Field("retaliation", "the retaliation's typed faces; rolled if omitted",
                       option="--retaliation", required=False, result=True, metavar="FACES"),
                 FAVOR, BONUS,
                 Field("retaliation_bonus", "extra retaliation dice", kind="int",
                       option="--retaliation-bonus", required=False, open=True,
                       bounds=free.bonus), GODLY),
         options=options.attack, log=describe.describe),
    Verb("recruit", actions.recruit, help="MINION tries to recruit the Epic card on its Isle "
         "(one action).", fields=(minion(), DICE, REPLACE, GODLY),
         options=options.recruit, log=describe.describe),
    Verb("replace", actions.replace, help="Answer the four-minion limit: SLOT (1-4) goes to "
         "Hades, or 'new'.",
         fields=(Field("slot", "the slot sent to Hades, or new"),),
         who="pending", answers=(ROOM,), options=options.replace, log=describe.describe),
    # -- card effects (the Golden Rule: the card's text wins) ---------------------------------
    Verb("kill", effects.kill, help="A card's effect kills MINION.",
         fields=(minion(), Field("by", "the player whose card killed it (gains the glory)",
                                 kind="player", option="--by", required=False, metavar="GOD",
                                 open=True, bounds=free.player),
                 REASON, Field("slaughter", "the card slaughters it", kind="flag",
                               option="--slaughter", required=False, open=True)),
         who="table", options=options.kill, log=describe.describe),
    Verb("glory", effects.glory, help="A card changes GOD's glory by DELTA.",
         fields=(god("the player whose glory changes"),
                 Field("delta", "the change, e.g. +2 or -1", open=True, metavar=free.DELTA,
                       bounds=free.delta), REASON),
         who="table", options=options.glory, log=describe.describe),
    Verb("favor", effects.favor, help="A card gives Olympus' Favor to MINION ('none' returns "
         "it to Olympus).", fields=(minion(help_=MINION_HELP + ", or none"),),
         who="table", options=options.favor, log=describe.describe),
    Verb("check", checks.check, help="A stat check a card calls for: one die per point of STAT.",
         fields=(minion(), Field("stat", "the stat rolled",
                                 choices=("attack", "defense", "cunning", "tactics"),
                                 open=True, bounds=free.stat),
                 Field("need", "successes the card asks for", kind="int", option="--need",
                       required=False, open=True, bounds=free.need),
                 minion("against", "a competing check against this minion", option="--against",
                        required=False),
                 DICE, Field("against_dice", "the other minion's typed faces",
                             option="--against-dice", required=False, result=True,
                             metavar="FACES"), GODLY),
         who="table", options=options.check, log=describe.describe),
)
