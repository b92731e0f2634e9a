"""The house's figures (a script, not a test): `python tests/house_figures.py`.

Prints, for each layer of referee/ (docs/architecture.md) and for the package's own top-level
modules, the lines of Python, the modules, and the import statements at a module's top and
inside functions (an import inside a function runs when the function is first called: the
places where that is kept on purpose are listed in docs/architecture.md, "Imports inside
functions").
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("cli", "after", "record", "games", "model", "scorers")


def layer_of(path: Path) -> str:
    """The layer a file of referee/ belongs to: its first folder, or `referee/*.py`."""
    parts = path.relative_to(ROOT / "referee").parts
    return parts[0] if len(parts) > 1 else "referee/*.py"


def imports(tree: ast.AST) -> tuple[int, int]:
    """(import statements outside any function, inside one) of a parsed module."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            inside |= {id(n) for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))}
    every = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return len(every) - len(inside), len(inside)


def figures() -> dict[str, list[int]]:
    """layer -> [modules, lines, imports at the top, imports inside functions]."""
    out: dict[str, list[int]] = {name: [0, 0, 0, 0] for name in (*LAYERS, "referee/*.py")}
    for path in sorted((ROOT / "referee").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        top, inside = imports(ast.parse(text))
        row = out.setdefault(layer_of(path), [0, 0, 0, 0])
        for i, n in enumerate((1, len(text.splitlines()), top, inside)):
            row[i] += n
    return out


def main() -> None:
    rows = figures()
    print(f"{'layer':14} {'modules':>8} {'lines':>8} {'imports at top':>15} {'inside functions':>17}")
    for name, (mods, lines, top, inside) in rows.items():
        print(f"{name:14} {mods:8d} {lines:8,d} {top:15,d} {inside:17,d}")
    total = [sum(r[i] for r in rows.values()) for i in range(4)]
    print(f"{'all':14} {total[0]:8d} {total[1]:8,d} {total[2]:15,d} {total[3]:17,d}")


if __name__ == "__main__":
    main()
