"""A wider look at the exact legal list (a script, not a test):
`python tests/explore_legal.py GAME [SEEDS] [PER_SEED]`.

The same playouts and oracle as tests/test_legal_exact.py (tests/legal_exact.py), with more
seeds and more states per playout (default 40 x 25: about 1,000 states). Prints the report
line, the mismatches grouped by verb, ability and fields typed, and each state with a
mismatch as `seed exact-N, ply P` (the state `explore` checks after P plies of that seed's
playout) with its first few actions, so a case can be replayed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import legal_exact


def main(game: str, seeds: int = 40, per_seed: int = 25) -> legal_exact.Report:
    where: dict[tuple[str, int], list[tuple[str, dict]]] = {}
    check = legal_exact.check_state

    def keeping(engine: Any, state: Any, seed: str, ply: int, rng: Any, report: legal_exact.Report,
                listed_sample: int = 40) -> None:
        missing, extra = len(report.missing), len(report.extra)
        check(engine, state, seed, ply, rng, report, listed_sample)
        found = [("accepted, not listed", a) for a, _ in report.missing[missing:]]
        found += [("listed, refused", a) for a, _ in report.extra[extra:]]
        if found:
            where.setdefault((seed, ply - 1), []).extend(found)

    legal_exact.check_state = keeping
    try:
        start = time.perf_counter()
        report = legal_exact.explore(game, seeds=seeds, states_per_seed=per_seed)
    finally:
        legal_exact.check_state = check
    print(f"{report.line()} in {time.perf_counter() - start:.0f} s")
    kinds = Counter((what, a.get("verb"), a.get("ability"), tuple(sorted(k for k, v in a.items()
                     if k != "verb" and v not in (None, "", [])))) for found in where.values()
                    for what, a in found)
    for (what, verb, ability, fields), n in kinds.most_common():
        print(f"{n:5d} {what}: {verb}{' ' + ability if ability else ''} ({', '.join(fields)})")
    for (seed, ply), found in where.items():
        print(f"seed {seed}, ply {ply}: {len(found)}")
        for what, a in found[:3]:
            print(f"    {what}: {a}")
    return report


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    main(args[0], *(int(a) for a in args[1:3]))
