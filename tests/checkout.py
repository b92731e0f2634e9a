"""The checkout the tests run from, as the tests must leave it, and the environment they run in.

`Checkout(ROOT)` lists every file of the checkout, so that the end of a test session can say
what a test left there (tests/conftest.py). Left out:
git's own folder, virtual environments, and the caches Python, pytest and Hypothesis keep there
by design.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# folders a test run may create or change in the checkout: bytecode and the test tools' caches
CACHES = frozenset({".git", "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache"})

# variables of the developer's shell the referee reads besides its own REFEREE_*: the locale's
# language (referee.model.i18n), NO_COLOR (referee.cli.output), Click's completion request
LANGUAGE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
OTHER_VARIABLES = ("NO_COLOR", "_REFEREE_COMPLETE")


def hermetic_environment(env: MutableMapping[str, str], scratch: Path) -> list[str]:
    """Clear from `env` what the referee would read of a developer's shell; returns the names
    cleared. The language becomes English (LANG=C.UTF-8, which also keeps UTF-8 for the processes
    the tests start), the default store's folder (XDG_DATA_HOME) and the config folder holding the
    seals' key (XDG_CONFIG_HOME) folders under `scratch`, so a test that forgets `--db` never
    writes into the developer's own store nor seals with the developer's own key."""
    cleared = [name for name in env if name.startswith("REFEREE_") or name in OTHER_VARIABLES]
    cleared += [name for name in LANGUAGE_VARIABLES if name in env]
    for name in cleared:
        del env[name]
    env["LANG"] = "C.UTF-8"
    env["XDG_DATA_HOME"] = str(scratch / "data")
    env["XDG_CONFIG_HOME"] = str(scratch / "config")
    return sorted(cleared)


def _skipped(here: str, folder: str) -> bool:
    return folder in CACHES or folder.endswith(".egg-info") or os.path.exists(os.path.join(here, folder, "pyvenv.cfg"))


class Checkout:
    """The files under `root`, caches and virtual environments left out."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files = self._list()

    def _list(self) -> set[str]:
        found: set[str] = set()
        for here, folders, names in os.walk(self.root):
            folders[:] = [f for f in folders if not _skipped(here, f)]
            found |= {os.path.relpath(os.path.join(here, name), self.root) for name in names}
        return found

    def left_behind(self) -> list[str]:
        """What is under the root now and was not when this listing was made (sorted). Files
        changed or removed are not counted: a developer may edit the code while the tests run."""
        return sorted(self._list() - self.files)
