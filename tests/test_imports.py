"""The house's imports form a tree of layers (docs/architecture.md), read with `ast`.

Every module of referee/ and referee/scorers/ is read, its imports inside functions too (an import hidden in
a function still makes a circle: it only moves the moment it is met). Two checks:

- no circle between modules: the graph of "module A imports module B" has no cycle;
- no door the wrong way between layers, from the top down:

      referee/testing.py (the harness)
      referee/cli/       Click, printing, the shell, completion, hints, the web view
      referee/after/     stats, standings, leagues, report, export
      referee/record/    sessions, the chain, corrections, the stores
      referee/games/     pure rules
      referee/model/     engine, verbs, errors, chance, registry, text
      referee/scorers/   pure scoring and probability

  a module imports its own layer or a lower one, never a higher one.

No circle is tolerated, and no door the wrong way: the four circles the reshaping found (the
record's seven modules, cli common/hint, Crôa! cards/legal, Cerebria names/zones/mindset) and
the three it made visible (Cerebria and Kreus listings reading their declaration) went by moving
what each side needed.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("referee.scorers", "referee.model", "referee.games", "referee.record", "referee.after", "referee.cli",
          "referee.testing")
TOP = ("referee.__main__",)  # `python -m referee`: above everything
# The ground every layer stands on: the package's version, the errors and the translation hook.
# They import nothing of ours (checked below), so any layer may import them, scorers too.
FOUNDATION = ("referee", "referee.model.errors", "referee.model.i18n")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {_module(p): p for folder in ("referee",) for p in sorted((ROOT / folder).rglob("*.py"))}


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The module of ours a dotted name stands for (`a.b.c` where c is a name in module a.b: a.b)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imported_names(path: Path) -> list[str]:
    """Every dotted name a file imports (`from a.b import c`: `a.b.c`), wherever in the file,
    relative imports made absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = _module(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
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
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found


def imports_of(path: Path) -> set[str]:
    """Every module of ours a file imports."""
    known = modules()
    me = _module(path)
    return {target for name in imported_names(path) if (target := _resolve(name, known)) not in (None, me)}


@cache
def graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(imports_of(path)) for name, path in modules().items()}


def layer(module: str) -> int:
    if module in FOUNDATION:
        return -1
    if module in TOP:
        return len(LAYERS)
    for rank, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            return rank
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def cycles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """One cycle (a closed path of modules) through each strongly connected group of modules."""
    return [_path_in(group, edges) for group in groups(edges)]


def groups(edges: dict[str, frozenset[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (each holds at least one circle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[set[str]] = []
    counter = [0]

    def visit(root: str) -> None:  # Tarjan's algorithm, iterative (the graph is deep)
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return groups


def _path_in(group: set[str], edges: dict[str, frozenset[str]]) -> list[str]:
    """A closed path inside one strongly connected group, from its first module back to it."""
    start = min(group)
    seen = {start: ""}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(edges.get(node, ())):
            if child == start:
                path = [node]
                while seen[path[-1]]:
                    path.append(seen[path[-1]])
                return [*reversed(path), start]
            if child in group and child not in seen:
                seen[child] = node
                queue.append(child)
    raise AssertionError("unreachable: a strongly connected group has a cycle")


def test_no_circle_between_modules():
    found = cycles(graph())
    assert found == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_door_the_wrong_way():
    found = [f"{name} ({LAYERS[layer(name)] if 0 <= layer(name) < len(LAYERS) else 'top'}) imports {target}"
             for name, targets in sorted(graph().items()) for target in sorted(targets)
             if layer(target) > layer(name)]
    assert found == [], "imports against the layers:\n" + "\n".join(found)


def test_the_foundation_imports_nothing_of_ours():
    assert {name: sorted(graph()[name]) for name in FOUNDATION if graph()[name]} == {}


def test_every_module_has_a_layer():
    for name in modules():
        layer(name)


def test_the_walk_sees_imports_inside_functions():
    """The checker itself: the store's opener imports the club's store only inside a function."""
    top = {n for node in ast.parse((ROOT / "referee/record/stores.py").read_text(encoding="utf-8")).body
           if isinstance(node, ast.ImportFrom) for n in [node.module]}
    assert "referee.record.store_pg" not in top
    assert "referee.record.store_pg" in graph()["referee.record.stores"]


def test_the_walk_finds_a_circle():
    """The checker itself, on a made-up graph."""
    assert cycles({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}) \
        == [["a", "b", "c", "a"]]


def test_the_walk_sees_relative_imports():
    names = imports_of(ROOT / "referee" / "games" / "croa" / "engine.py")
    assert any(n.startswith("referee.games.croa.") for n in names)


@pytest.mark.parametrize("folder", ["referee/games", "referee/scorers"])
def test_pure_layers_import_no_io(folder):
    """Games and scorers: no Click, no prompt_toolkit, no database driver."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            found += [f"{_module(path)} imports {n}" for n in names
                      if n.split(".")[0] in ("click", "prompt_toolkit", "psycopg", "sqlite3")]
    assert found == []


def test_the_shell_lives_in_the_cli():
    assert not (ROOT / "referee" / "shell.py").exists()


def test_the_cli_uses_no_private_name_of_a_game():
    found = [f"{_module(path)} imports {name}" for path in sorted((ROOT / "referee" / "cli").rglob("*.py"))
             for name in imported_names(path)
             if name.startswith("referee.games.") and any(
                 part.startswith("_") and part != "__init__" for part in name.split("."))]
    assert found == []


def test_the_cli_makes_no_rule_decisions():
    """Rule refusals come from the engines: the CLI never raises IllegalAction itself."""
    found = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "referee" / "cli").rglob("*.py"))
             if "raise IllegalAction" in p.read_text(encoding="utf-8")]
    assert found == []
