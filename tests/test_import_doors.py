"""The one-way doors between the rooms (STYLE.md): walked over the source with ast."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ("session.py", "store.py", "export.py", "chance.py", "engine.py", "errors.py", "registry.py",
        "status.py")


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at top level or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _offenders(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(f"{p.relative_to(ROOT)} imports {m}" for p in files for m in _imports(p)
                  if m in forbidden or m.startswith(tuple(f + "." for f in forbidden)))


def test_the_core_never_imports_the_cli():
    files = [ROOT / "referee" / name for name in CORE]
    assert all(p.exists() for p in files)
    assert _offenders(files, ("referee.cli", "click", "prompt_toolkit")) == []


def test_the_shell_lives_in_the_cli_package():
    assert not (ROOT / "referee" / "shell.py").exists()
    assert (ROOT / "referee" / "cli" / "shell.py").exists()


def test_games_import_neither_click_nor_the_store_sessions_or_cli():
    files = sorted((ROOT / "referee" / "games").rglob("*.py"))
    forbidden = ("click", "prompt_toolkit", "referee.cli", "referee.store", "referee.session")
    assert _offenders(files, forbidden) == []


@pytest.mark.xfail(strict=True, reason="scorers/croa.py imports referee.games.croa (board, tiles): "
                   "known, left to the Crôa! owner")
def test_scorers_import_nothing_from_the_games():
    files = sorted((ROOT / "scorers").rglob("*.py"))
    assert _offenders(files, ("referee.games",)) == []
