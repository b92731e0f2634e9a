"""Each rule a game's referee checks, by the name its refusals give (`referee GAME rules [TOPIC]`).

A refusal names its rule as "Topic: what the rule says" ("Mud: a stuck frog cannot move on its
owner's next turn"), in the project's own words. The list is read from the game's own code, so
it cannot drift from what the referee enforces: every `IllegalAction(message, rule)` whose rule is
a string written there (or a module-level constant holding one), plus the core's refusals as the
game words them. A rule built at run time from parts is listed by its fixed beginning.
"""

from __future__ import annotations

import ast
import importlib
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from referee.model import registry
from referee.model.engine import RULES as CORE_RULES

RAISES = {"IllegalAction"}


def _marked(node: ast.AST | None) -> ast.AST | None:
    """`N_("...")` (a text marked for the catalog) is its string."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("N_", "_") and node.args:
        return node.args[0]
    return node


def _string(node: ast.AST | None, constants: dict[str, str]) -> str | None:
    node = _marked(node)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.Attribute):
        return constants.get(node.attr)
    if isinstance(node, ast.JoinedStr):  # an f-string: its fixed beginning, if it names a topic
        head = ""
        for part in node.values:
            if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                break
            head += part.value
        return head.rstrip() if ":" in head else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _string(node.left, constants)
    return None


def _trees(package: str) -> list[ast.Module]:
    """The game's modules and its scorer's (`referee/scorers/<game>.py`: the calculators' refusals)."""
    folder = Path(importlib.import_module(package).__file__ or "").parent
    paths = sorted(folder.glob("*.py"))
    scorer = folder.parents[1] / "scorers" / f"{package.rpartition('.')[2]}.py"
    if scorer.is_file():
        paths.append(scorer)
    return [ast.parse(p.read_text(encoding="utf-8")) for p in paths]


def _rule_params(trees: list[ast.Module]) -> dict[str, int]:
    """Functions that take the rule to name as a parameter (`rule`, `..._rule`): name -> its place."""
    found = dict.fromkeys(RAISES, 1)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args]
                for i, name in enumerate(names):
                    if name == "rule" or name.endswith("_rule"):
                        found[node.name] = i - (1 if names and names[0] == "self" else 0)
    return found


def harvest(package: str) -> list[str]:
    """Every rule named by a refusal in the modules of `package` (and its scorer): the rule given
    to `IllegalAction`, or to a function that passes the rule it is given on to one."""
    trees = _trees(package)
    constants: dict[str, str] = {}
    for tree in trees:
        for stmt in tree.body:
            value = _marked(stmt.value) if isinstance(stmt, ast.Assign) else None
            if isinstance(stmt, ast.Assign) and isinstance(value, ast.Constant) \
                    and isinstance(value.value, str):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        constants[target.id] = value.value
    takes = _rule_params(trees)
    found: dict[str, None] = {}
    for name, text in constants.items():  # a module's rule constants: FOO_RULE = "Topic: ..."
        if name == "RULE" or name.endswith("_RULE"):
            found.setdefault(text, None)
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if called not in takes:
                continue
            place = takes[called]
            arg = node.args[place] if len(node.args) > place else next(
                (k.value for k in node.keywords if k.arg == "rule" or (k.arg or "").endswith("_rule")), None)
            for branch in ((arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,)):
                named = _string(branch, constants)
                if named:
                    found.setdefault(named, None)
    return list(found)


def topic(rule: str) -> str:
    """The name a rule is filed under: what comes before its first colon."""
    return rule.split(":", 1)[0].strip()


def rules_of(engine: Any) -> dict[str, list[str]]:
    """Topic -> the rules under it, for one game: its own refusals, then the core's as it words them."""
    game = registry.games().get(getattr(engine, "name", ""))
    package = game.module if game else type(engine).__module__.rpartition(".")[0]
    every = harvest(package) + [engine.rule(key) for key in CORE_RULES]
    book: dict[str, list[str]] = {}
    for rule in every:
        lines = book.setdefault(topic(rule), [])
        if rule not in lines:
            lines.append(rule)
    return book


def lookup(engine: Any, typed: str) -> dict[str, list[str]]:
    """The topics `typed` names: the one spelled so (any case), else those it begins, else those
    whose name or rules contain it."""
    book = rules_of(engine)
    want = typed.strip().casefold()
    exact = {t: r for t, r in book.items() if t.casefold() == want}
    if exact:
        return exact
    start = {t: r for t, r in book.items() if t.casefold().startswith(want)}
    if start:
        return start
    return {t: r for t, r in book.items()
            if want in t.casefold() or any(want in line.casefold() for line in r)}


def known(engine: Any, rule: str) -> bool:
    """Whether a refusal's rule is listed (its whole text, or its topic when built at run time)."""
    book = rules_of(engine)
    return rule in book.get(topic(rule), []) or topic(rule) in book


def close_topics(engine: Any, typed: str) -> list[str]:
    """Topics near what was typed (a word of a topic's name counts too): for "did you mean"."""
    keys: dict[str, str] = {}
    for name in rules_of(engine):
        keys.setdefault(name.casefold(), name)
        for word in name.replace("(", " ").replace(")", " ").split():
            keys.setdefault(word.casefold(), name)
    near = get_close_matches(typed.strip().casefold(), list(keys), n=6, cutoff=0.6)
    return list(dict.fromkeys(keys[k] for k in near))[:3]

