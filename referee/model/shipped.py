"""Data files shipped beside a game's modules (its board, deck, cards, catalog), read by path.

    text = shipped.text(__file__, "deck.json")

Read with `os.path` and `open`: `importlib.resources` and `pathlib` take a few milliseconds
to import (tempfile, zipfile, urllib), paid by every command of the game that loads them.
"""

from __future__ import annotations

import os


def text(module_file: str, name: str) -> str:
    """The text of data file `name` in the folder of the module whose `__file__` is given."""
    with open(os.path.join(os.path.dirname(os.path.abspath(module_file)), name), encoding="utf-8") as file:
        return file.read()
