"""An import inside a function is a place docs/architecture.md lists ("Imports inside
functions"), with why and the milliseconds it saves; everywhere else imports sit at the top of
their module, read with `ast`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Imports inside functions"


def listed() -> str:
    """The section's text, `games/{kleos,kreus}/render.py` written out as each path."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert SECTION in doc
    text = doc.split(SECTION, 1)[1].split("\n## ", 1)[0]
    return re.sub(r"(\w+/)\{([\w,]+)\}(/[\w.]+)",
                  lambda m: "` `".join(f"{m[1]}{part}{m[3]}" for part in m[2].split(",")), text)


def with_imports_inside() -> list[str]:
    """The files of referee/ (relative to it) holding an import inside a function."""
    out = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, (ast.Import, ast.ImportFrom)) for f in ast.walk(tree)
               if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(f)):
            out.append(path.relative_to(ROOT / "referee").as_posix())
    return out


def test_every_import_inside_a_function_is_listed_with_its_reason():
    text = listed()
    named = set(re.findall(r"`([\w/]+\.py)`", text))
    folder = {name.rsplit("/", 1)[0] for name in named if "/" in name}
    # a bare name after a path of the same folder (`cli/express.py`, `lazy.py`) is in that folder
    known = named | {f"{d}/{name}" for d in folder for name in named if "/" not in name}
    assert [path for path in with_imports_inside() if path not in known] == []


def test_the_list_names_files_that_exist():
    named = set(re.findall(r"`((?:cli|after|record|games|model|scorers)/[\w/]+\.py)`", listed()))
    assert named and [n for n in sorted(named) if not (ROOT / "referee" / n).exists()] == []
