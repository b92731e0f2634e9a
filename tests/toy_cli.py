"""`python tests/toy_cli.py ARGS`: the real `referee` entry point with the toy game added (subprocess tests)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402

toygame.install()

from referee.cli import main  # noqa: E402

main()
