"""One-way doors (docs/architecture.md): every module's imports, read with `ast`, go the right way.

    referee/cli/ (Click, printing, the shell) -> referee/record/session.py -> referee/record/store.py
            |                                          |
            v                                          v
    referee/games/<game>/ (pure rules)  ------->  scorers/ (pure maths)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ("referee.record.session", "referee.record.store", "referee.after.export", "referee.model.chance", "referee.model.engine",
        "referee.model.verbs", "referee.model.errors", "referee.model.registry", "referee.record.integrity")
IMPURE = ("click", "prompt_toolkit", "referee.cli", "referee.record.store", "referee.record.session",
          "referee.after.export", "psycopg", "sqlite3")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[str]:
    """Every module a file imports (relative imports made absolute), wherever in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found


def _files(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


def _under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _wrong_way(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [f"{_module(p)} imports {name}" for p in files for name in _imports(p)
            if _under(name, forbidden)]


def test_scorers_import_nothing_from_the_games_or_the_cli():
    assert _wrong_way(_files("scorers"), ("referee.games", "referee.cli", "click")) == []


def test_games_are_pure():
    assert _wrong_way(_files("referee/games"), IMPURE) == []


@pytest.mark.parametrize("core", CORE)
def test_the_core_never_imports_the_cli(core):
    path = ROOT / (core.replace(".", "/") + ".py")
    if not path.exists():
        pytest.skip(f"{core} does not exist")
    assert _wrong_way([path], ("referee.cli", "click", "prompt_toolkit")) == []


def test_the_shell_lives_in_the_cli():
    assert not (ROOT / "referee" / "shell.py").exists()


def test_the_cli_uses_no_private_name_of_a_game():
    found = []
    for path in _files("referee/cli"):
        for name in _imports(path):
            if _under(name, ("referee.games",)) and any(
                    part.startswith("_") and part != "__init__" for part in name.split(".")):
                found.append(f"{_module(path)} imports {name}")
    assert found == []


def test_the_cli_makes_no_rule_decisions():
    """Rule refusals come from the engines: the CLI never raises IllegalAction itself."""
    found = [str(p.relative_to(ROOT)) for p in _files("referee/cli")
             if "raise IllegalAction" in p.read_text(encoding="utf-8")]
    assert found == []


def test_the_walk_sees_relative_imports():
    """The checker itself: a relative import is read as the absolute module it names."""
    names = _imports(ROOT / "referee" / "games" / "croa" / "engine.py")
    assert any(n.startswith("referee.games.croa.") for n in names)
