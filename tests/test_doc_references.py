"""Every file and test the documentation names exists (issue 39, item 5).

Read: README.md, the pages of docs/ (the rulings too), the man pages, and the READMEs inside the
package. Named there:
- a path in the repository (`tests/test_pig.py`, `referee/cli/express.py`, `docs/engine.md`,
  `examples/kleos.txt`, `tests/games/pig/`): it must exist. A pattern is not a path: one with a
  placeholder (`<game>`, `GAME`) or a glob (`tests/bench_*.py`) is left out;
- a bare `.md` or `.py` file name (`corrections.md`): some file of the repository has that name;
- a test (`test_a_roll_adds_its_face_to_the_turn_points`): some test file defines it. A test
  written out as an example for the reader (`def test_...` in a code block) is left out.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("tests", "referee", "docs", "examples", "man", ".ci")
PATH = re.compile(r"(?<![\w/.-])((?:" + "|".join(re.escape(f) for f in FOLDERS) + r")/[\w./<>*-]*)")
NAME = re.compile(r"(?<![\w/.<>-])([a-z][\w-]*\.(?:md|py))\b")
TEST = re.compile(r"(?<![\w/.-])(def )?(test_\w+)\b(?!\.py)")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "referee").rglob("README.md"))]


def _plain(text: str) -> str:
    """A man page's roff as text: `\\-` is `-`, font changes go."""
    return re.sub(r"\\f[BIRP]", "", text.replace("\\-", "-").replace("\\&", ""))


@cache
def _file_names() -> frozenset[str]:
    return frozenset(p.name for p in ROOT.rglob("*") if ".venv" not in p.parts and ".git" not in p.parts)


@cache
def _tests() -> frozenset[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        found |= set(re.findall(r"^\s*(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return frozenset(found)


def missing(text: str) -> list[str]:
    """What `text` names that the repository does not hold."""
    text = _plain(text)
    out = []
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".,:;")
        if re.search(r"[<>*]|GAME", path):  # a pattern, not a path
            continue
        if not (ROOT / path).exists():
            out.append(path)
    out += [m.group(1) for m in NAME.finditer(text) if m.group(1) not in _file_names()]
    out += [m.group(2) for m in TEST.finditer(text) if not m.group(1) and m.group(2) not in _tests()]
    return out


@pytest.mark.parametrize("doc", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_and_test_a_document_names_exists(doc):
    assert missing(doc.read_text(encoding="utf-8")) == []


def test_every_file_a_manual_page_names_exists():
    """The manual pages (drawn from the Click tree's help, never committed) name only what is there."""
    from referee.cli.manpages import pages

    assert {name: missing(text) for name, text in pages().items() if missing(text)} == {}


def test_a_stale_reference_is_found():
    """The check can fail: the stale names the architect's review found, and a vanished test."""
    text = ("Doors open one way (tests/test_doors.py walks the imports); see cli.md and"
            " `referee/cli/nowhere.py`, and test_a_rule_nobody_wrote.")
    assert missing(text) == ["tests/test_doors.py", "referee/cli/nowhere.py", "cli.md", "test_a_rule_nobody_wrote"]


def test_patterns_and_written_out_tests_are_not_references():
    text = ("`tests/test_<game>_*.py`, `tests/bench_*.py`, `referee/games/GAME/`, tests/games/pig/,"
            " `docs/engine.md`.\ndef test_hold_before_rolling_is_refused():\n"
            "test_a_roll_adds_its_face_to_the_turn_points")
    assert missing(text) == []


def test_the_readme_test_command_is_the_one_ci_runs_and_shows_skips():
    """The README's test command and `.ci/run`'s are one command, and it lists each skip with its
    reason (`-rs`), so a run says what it did not test."""
    def command(text: str) -> str:
        found = re.search(r"python -m pytest([^<\n]*)", text)
        assert found is not None
        return found.group(1).strip().split("#")[0].strip()

    readme = command((ROOT / "README.md").read_text(encoding="utf-8"))
    assert readme == command((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert "-rs" in readme.split()
