"""Pig, a dice game the tests play: proof that a game needs nothing outside its folder.

On your turn, roll the die as often as you dare: each roll adds to the turn's points, but
a 1 loses them and ends the turn. Hold to bank the turn's points; the first to 100 wins."""

from games.pig.engine import PigEngine

ENGINE = PigEngine()
