"""Poker Dice, a dice game the tests play: the second example of hidden information, written
from docs/engine.md alone (the "sixth game").

Each player has five dice under a cup that the referee rolls and that player alone sees. In
turn from the round's opener, each player either re-rolls some of their dice (named by their
places in the cup, so the table learns how many, not which faces) or stands. Then every cup is
turned up: the best poker-dice hand alone scores a point (a tie for it scores nobody), and new
cups are rolled, the next player opening. The first to the target (3 points) wins."""

from games.poker.engine import PokerEngine

ENGINE = PokerEngine()
