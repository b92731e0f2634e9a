"""A mutation run over the games' rule checks (not CI: minutes to hours).

    pip install -e '.[test,mutation]'
    python tests/mutation.py croa                        # 4 mutants of each rule check, 20 min at most
    python tests/mutation.py croa kleos --sample 8 --max-seconds 1800
    python tests/mutation.py kreus --only setup          # ... only the rule checks of kreus/setup.py
    python tests/mutation.py --list kreus                # the functions it would mutate, and stop
    python tests/mutation.py croa --again DIR            # rerun DIR's survivors against today's tests

A rule check is a function of `referee/games/GAME/` that refuses: it raises `IllegalAction`
or calls a function given the rule to name (a parameter `rule` or `..._rule`, as `referee GAME
rules` harvests them). mutmut changes one thing at a time in a function (a comparison, a
constant, a condition dropped) and runs the rules tests of that game (tests/test_GAME_*.py, at
engine speed; the CLI, example, playtest and fuzz files are left out) that reach the function,
as mutmut's own coverage of the clean run maps them: a mutant no test notices *survives*, and
is either a rule no test pins down (write a test named after the rule) or a change that makes
no difference (list it in docs/mutation.md, with why).

Bounded: mutmut makes every mutant of the files, but only a sample is tested, `--sample N`
mutants of each rule check (drawn with `--seed`, the same every run), in rounds: round k tests
the k-th mutant of every rule check, so a run cut short by `--max-seconds` (shared evenly by
the games) has spread its time evenly over them. One mutmut worker (`--jobs`) and `nice` 10 by default: the machine is
shared.

Each game runs in its own scratch folder (a copy of referee/, referee/scorers/, tests/, examples/ and man/, and a
pyproject.toml whose [tool.mutmut] names the game's files with a rule check), so the working
tree is never touched. The figures per game are printed at the end (mutants made, sampled,
tested, killed, survived, timeout, time) and kept in the folder's `figures.json`, with each
survivor's diff (`mutmut show NAME`, run in that folder). `--again DIR` copies tests/ into
DIR again and reruns the survivors it holds: a new test kills what it prints as killed.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from referee.model import registry

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(registry.shipped())  # the games people get (a test game has no rules tests of its own files)
# Test files of a game that are not its rules tests (the CLI, whole example games, random play,
# fuzzing): slow, and a rule they notice is noticed by a rules test first. (Elysion's look back
# is a rule: test_elysion_lookback.py is one of its rules tests.)
NOT_RULES = re.compile(r"_(cli|example|playtest|input|declaration|shell|render|odds|card_file|"
                       r"lookback_json|hint|catalog|corrections|fr_whole)\.py$")
SEP = "ǁ"  # mutmut's separator between a class and its method in a mutant's name
NOTHING = "no.such.function__mutmut_0"  # a name no mutant has: mutmut makes them all, tests none
# mutmut's exit codes (mutmut/stats.py), as this report counts them
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
          36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 255: "timeout",
          None: "not tested"}


def refusing(game: str, only: str | None = None, factories: bool = False) -> list[str]:
    """mutmut's names (globs) for the functions of a game that refuse. A factory (a function
    that returns a function it defines, as Crôa!'s `handler`) is left out unless asked for:
    it runs when its module is imported, before mutmut switches a mutant in, so each of its
    mutants would survive untested."""
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
                elif isinstance(node, ast.FunctionDef) and _refuses(node, takes) \
                        and (factories or not _factory(node)):
                    key = f"x{SEP}{cls}{SEP}{node.name}" if cls else f"x_{node.name}"
                    names.append(f"{module}.{key}__mutmut_*")

        visit(tree.body, None)
    return names


def _factory(fn: ast.FunctionDef) -> bool:
    inner = {n.name for n in fn.body if isinstance(n, ast.FunctionDef)}
    return any(isinstance(n, ast.Return) and getattr(n.value, "id", None) in inner for n in fn.body)


def _refuses(fn: ast.FunctionDef, takes: set[str]) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if called in takes and called != fn.name:
                return True
    return False


def rules_tests(game: str) -> list[str]:
    """The game's rules tests: tests/test_GAME_*.py but its CLI, example... files, or tests/test_GAME.py
    for a game tested in one file."""
    files = [*(ROOT / "tests").glob(f"test_{game}_*.py"), *(ROOT / "tests").glob(f"test_{game}.py")]
    return sorted(f"tests/{p.name}" for p in files if not NOT_RULES.search(p.name))


def _config(game: str, names: list[str]) -> str:
    files = sorted({"referee/" + "/".join(n.split(".")[1:4]) + ".py" for n in names})
    return "\n".join([
        "", "[tool.mutmut]",
        'source_paths = ["referee"]',
        'also_copy = ["examples", "man"]',  # what the tests read besides the code
        "only_mutate = " + json.dumps(files),
        "pytest_add_cli_args_test_selection = " + json.dumps(rules_tests(game)),
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:randomly", "-q", "-x"]',
        "", ""])


def scratch(game: str, names: list[str]) -> Path:
    """A copy of the project to run mutmut in, its pyproject.toml naming what to mutate."""
    where = Path(tempfile.mkdtemp(prefix=f"referee-mutation-{game}-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "mutants")
    for name in ("referee", "tests", "examples", "man"):
        shutil.copytree(ROOT / name, where / name, ignore=ignore)
    (where / "pyproject.toml").write_text(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8") + _config(game, names), encoding="utf-8")
    return where


def mutmut(where: Path, args: list[str], *, until: float | None = None, quiet: bool = False) -> int:
    """Run mutmut in `where`; at `until` (a monotonic time) it is interrupted and keeps what it found."""
    exe = shutil.which("mutmut") or str(Path(sys.executable).with_name("mutmut"))
    out = subprocess.DEVNULL if quiet else None
    proc = subprocess.Popen([exe, *args], cwd=where, stdout=out, stderr=out, start_new_session=True)
    try:
        return proc.wait(timeout=None if until is None else max(1.0, until - time.monotonic()))
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGINT)  # mutmut stops its workers and saves the results so far
        try:
            return proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            return proc.wait()


def results(where: Path) -> dict[str, int | None]:
    """Every mutant mutmut made in `where`, with its exit code (None: not tested)."""
    found: dict[str, int | None] = {}
    for meta in sorted((where / "mutants").rglob("*.py.meta")):
        found.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return found


def function_of(mutant: str) -> str:
    return mutant.rpartition("__mutmut_")[0]


def sample(made: list[str], names: list[str], per: int, seed: int) -> list[list[str]]:
    """Up to `per` mutants of each rule check, drawn with `seed`, as rounds: round k holds the
    k-th mutant of every rule check."""
    by_function: dict[str, list[str]] = {}
    for mutant in sorted(made, key=lambda m: (function_of(m), int(m.rpartition("_")[2]))):
        if any(fnmatch.fnmatchcase(mutant, glob) for glob in names):
            by_function.setdefault(function_of(mutant), []).append(mutant)
    drawn = {f: random.Random(f"{seed}:{f}").sample(ms, min(per, len(ms))) for f, ms in by_function.items()}
    return [[ms[k] for ms in drawn.values() if k < len(ms)] for k in range(per)]


def show(where: Path, mutant: str) -> str:
    exe = shutil.which("mutmut") or str(Path(sys.executable).with_name("mutmut"))
    return subprocess.run([exe, "show", mutant], cwd=where, capture_output=True, text=True,
                          check=False).stdout


def run_game(game: str, names: list[str], args: argparse.Namespace, until: float) -> dict[str, object]:
    began = time.monotonic()
    where = scratch(game, names)
    print(f"== {game}: {len(names)} rule checks, in {where}", flush=True)
    mutmut(where, ["run", "--max-children", str(args.jobs), NOTHING], quiet=True)  # make them all
    made = results(where)
    if not made or not (where / "mutants" / "mutmut-stats.json").is_file():
        print(f"   mutmut made no mutants or ran no clean test (`mutmut run` in {where} says why)")
        return {"game": game, "folder": str(where), "functions": len(names), "made": len(made),
                "in_checks": 0, "sampled": 0, "tested": 0, "seconds": round(time.monotonic() - began),
                "survivors": {}}
    rounds = sample(list(made), names, args.sample, args.seed)
    in_checks = sum(1 for m in made if any(fnmatch.fnmatchcase(m, g) for g in names))
    print(f"   {len(made)} mutants made, {in_checks} in the rule checks; "
          f"testing {sum(map(len, rounds))} in {len(rounds)} rounds", flush=True)
    for k, batch in enumerate(rounds, 1):
        if time.monotonic() >= until or not batch:
            break
        print(f"   round {k}: {len(batch)} mutants", flush=True)
        mutmut(where, ["run", "--max-children", str(args.jobs), *batch], until=until, quiet=not args.verbose)
    return report(game, where, [m for batch in rounds for m in batch], time.monotonic() - began,
                  made=len(made), in_checks=in_checks, functions=len(names))


def report(game: str, where: Path, sampled: list[str], took: float, **figures: int) -> dict[str, object]:
    now = results(where)
    status = {m: STATUS.get(now.get(m), "other") for m in sampled}
    counts = Counter(status.values())
    survivors = sorted(m for m, s in status.items() if s == "survived")
    found: dict[str, object] = {
        "game": game, "folder": str(where), **figures, "sampled": len(sampled),
        "tested": len(sampled) - counts["not tested"], **{k: counts[k] for k in sorted(counts)},
        "seconds": round(took), "survivors": {m: show(where, m) for m in survivors}}
    (where / "figures.json").write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")
    return found


def again(game: str, where: Path, args: argparse.Namespace) -> int:
    """Copy tests/ into `where` again and rerun the survivors it holds."""
    before = json.loads((where / "figures.json").read_text(encoding="utf-8"))
    survivors = list(before["survivors"])
    if not survivors:
        print("no survivor to rerun")
        return 0
    shutil.rmtree(where / "tests")
    shutil.copytree(ROOT / "tests", where / "tests", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (where / "pyproject.toml").write_text(  # today's rules tests (a new test file among them)
        (ROOT / "pyproject.toml").read_text(encoding="utf-8") + _config(game, refusing(game)), encoding="utf-8")
    mutmut(where, ["run", "--max-children", str(args.jobs), *survivors], quiet=not args.verbose)
    now = results(where)
    for m in survivors:
        print(f"{STATUS.get(now.get(m), 'other'):>10}  {m}")
    left = [m for m in survivors if STATUS.get(now.get(m)) == "survived"]
    print(f"{len(survivors) - len(left)} of {len(survivors)} survivors killed now")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of {', '.join(GAMES)} (default: all, in turn)")
    parser.add_argument("--only", help="only the modules whose name holds this (e.g. setup)")
    parser.add_argument("--list", action="store_true", help="list the functions, run nothing")
    parser.add_argument("--sample", type=int, default=4, metavar="N", help="mutants tested per rule check (4)")
    parser.add_argument("--seed", type=int, default=0, help="which mutants are drawn (0)")
    parser.add_argument("--max-seconds", type=float, default=1200,
                        help="for the whole run, shared evenly by the games (1200)")
    parser.add_argument("--jobs", type=int, default=1, help="mutmut's workers (1)")
    parser.add_argument("--nice", type=int, default=10, help="added to the run's niceness (10)")
    parser.add_argument("--again", type=Path, metavar="DIR", help="rerun the survivors of DIR (one game)")
    parser.add_argument("--verbose", action="store_true", help="show mutmut's own output")
    args = parser.parse_args()
    games = list(args.games) or list(GAMES)
    if set(games) - set(GAMES):
        parser.error(f"not a game: {', '.join(sorted(set(games) - set(GAMES)))}")
    if args.list:
        names = [n for g in games for n in refusing(g, args.only)]
        print("\n".join(names))
        left = sorted({n for g in games for n in refusing(g, args.only, factories=True)} - set(names))
        print("\n".join(f"left out (a factory, run at import): {n}" for n in left))
        print(f"{len(names)} functions that refuse", file=sys.stderr)
        return 0
    os.nice(args.nice)
    if args.again:
        if len(games) != 1:
            parser.error("--again takes the one game of that folder")
        return again(games[0], args.again, args)
    end = time.monotonic() + args.max_seconds
    done = []
    for i, game in enumerate(games):
        # each game its share of the time left (what one leaves unused goes to the next)
        until = time.monotonic() + (end - time.monotonic()) / (len(games) - i)
        if time.monotonic() >= end:
            print(f"== {game}: not run (--max-seconds spent)")
            continue
        done.append(run_game(game, refusing(game, args.only), args, until))
    print("\ngame      checks  made  in checks  sampled  tested  killed  survived  timeout  no tests  seconds")
    for f in done:
        print(f"{f['game']:<9} {f['functions']:>6} {f['made']:>5} {f['in_checks']:>10} {f['sampled']:>8} "
              f"{f['tested']:>7} {f.get('killed', 0):>7} {f.get('survived', 0):>9} {f.get('timeout', 0):>8} "
              f"{f.get('no tests', 0):>9} {f['seconds']:>8}")
    for f in done:
        for name, diff in dict(f["survivors"]).items():  # type: ignore[call-overload]
            print(f"\n# survived ({f['game']}, in {f['folder']}): {name}\n{diff.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
