"""A mutation run over the games' rule checks (not CI: minutes to hours).

    pip install -e '.[test,mutation]'
    python tests/mutation.py kreus croa            # the functions of these games that refuse
    python tests/mutation.py kreus --only setup    # ... only those of kreus/setup.py
    python tests/mutation.py --list kreus          # the functions it would mutate, and stop

A rule check is a function of `referee/games/GAME/` that refuses: it raises `IllegalAction`
(or calls a function given the rule to name, as `referee GAME rules` harvests them). mutmut
changes one thing at a time in those functions only (a comparison, a constant, a condition
dropped) and runs the rules tests of that game (tests/test_GAME_*.py, at engine speed; the
CLI, example, playtest and fuzz files are left out) that reach the function: a mutant no test
notices *survives*, and is either a rule no test pins down (write a test named after the
rule) or a change that makes no difference (list it, with why).

The run happens in a scratch folder (a copy of referee/, scorers/ and tests/, and a
pyproject.toml whose [tool.mutmut] names the games), so the working tree is never touched;
the figures (mutants, killed, survived, time) are printed at the end, and the survivors are
listed with `mutmut show NAME` for each, run in that folder (printed too).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("kleos", "kreus", "cerebria", "croa", "elysion")
# Test files of a game that are not its rules tests (the CLI, whole example games, random play,
# fuzzing): slow, and a rule they notice is noticed by a rules test first.
NOT_RULES = re.compile(r"_(cli|example|playtest|input|declaration|shell|render|odds|card_file|"
                       r"lookback|lookback_json|hint|catalog|corrections)\.py$")
SEP = "ǁ"  # mutmut's separator between a class and its method in a mutant's name


def refusing(game: str, only: str | None = None) -> list[str]:
    """mutmut's names (globs) for the functions of a game that refuse."""
    from referee.model.rulebook import RAISES, _rule_params, _trees

    package = f"referee.games.{game}"
    takes = set(_rule_params(_trees(package))) | set(RAISES)
    folder = ROOT / "referee" / "games" / game
    names: list[str] = []
    for path in sorted(folder.glob("*.py")):
        if only and only not in path.stem:
            continue
        module = f"{package}.{path.stem}"
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def visit(body: list[ast.stmt], cls: str | None, module: str = module) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    visit(node.body, node.name)
                elif isinstance(node, ast.FunctionDef) and _refuses(node, takes):
                    key = f"x{SEP}{cls}{SEP}{node.name}" if cls else f"x_{node.name}"
                    names.append(f"{module}.{key}__mutmut_*")

        visit(tree.body, None)
    return names


def _refuses(fn: ast.FunctionDef, takes: set[str]) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if called in takes and called != fn.name:
                return True
    return False


def rules_tests(game: str) -> list[str]:
    return sorted(f"tests/{p.name}" for p in (ROOT / "tests").glob(f"test_{game}_*.py")
                  if not NOT_RULES.search(p.name))


def scratch(games: list[str]) -> Path:
    """A copy of the project to run mutmut in, its pyproject.toml naming what to mutate."""
    where = Path(tempfile.mkdtemp(prefix="referee-mutation-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "mutants")
    for name in ("referee", "scorers", "tests"):
        shutil.copytree(ROOT / name, where / name, ignore=ignore)
    tests = [t for g in games for t in rules_tests(g)]
    config = "\n".join([
        "", "[tool.mutmut]",
        'source_paths = ["referee"]',
        f"only_mutate = {[f'referee/games/{g}/*' for g in games]!r}".replace("'", '"'),
        f"pytest_add_cli_args_test_selection = {tests!r}".replace("'", '"'),
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]',
        "", ""])
    (where / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8") + config,
                                          encoding="utf-8")
    return where


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of {', '.join(GAMES)} (default: kreus croa)")
    parser.add_argument("--only", help="only the modules whose name holds this (e.g. setup)")
    parser.add_argument("--list", action="store_true", help="list the functions, run nothing")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutmut's workers")
    args = parser.parse_args()
    games = list(args.games) or ["kreus", "croa"]
    if set(games) - set(GAMES):
        parser.error(f"not a game: {', '.join(sorted(set(games) - set(GAMES)))}")
    names = [n for g in games for n in refusing(g, args.only)]
    if args.list:
        print("\n".join(names))
        print(f"{len(names)} functions that refuse", file=sys.stderr)
        return 0
    mutmut = shutil.which("mutmut") or str(Path(sys.executable).with_name("mutmut"))
    where = scratch(games)
    print(f"mutating {len(names)} functions of {', '.join(games)} in {where}", flush=True)
    began = time.monotonic()
    subprocess.run([mutmut, "run", "--max-children", str(args.jobs), *names], cwd=where, check=False)
    took = time.monotonic() - began
    shown = subprocess.run([mutmut, "results", "--all", "true"], cwd=where, capture_output=True, text=True,
                           check=False).stdout
    status: dict[str, list[str]] = {}
    for line in shown.splitlines():
        name, _, said = line.strip().rpartition(": ")
        if name:
            status.setdefault(said.strip(), []).append(name)
    total = sum(len(v) for v in status.values())
    print(f"\n{total} mutants in {took:.0f} s: " + ", ".join(f"{len(v)} {k}" for k, v in sorted(status.items())))
    for name in status.get("survived", []):
        print(f"  survived: {name}")
    print(f"(in {where}: `mutmut show NAME` shows a mutant; the folder may be removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
