"""Liar's Dice, a dice game the tests play: the example of hidden information (docs/engine.md).

Each player has a cup of dice the referee rolls and that player alone sees. In turn, players
bid how many dice on the whole table show one face, each bid raising the last, or challenge
the last bid: every cup is shown, and whoever was wrong loses a die. New cups are rolled for
the next round. The last player with dice wins."""

from games.liars.engine import LiarsEngine

ENGINE = LiarsEngine()
