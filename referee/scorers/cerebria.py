"""Cerebria scoring: the vibe combination of a Mindset and the winner after a Revelation.

Pure functions; the engine's Revelation and the `cerebria vibes|winner` calculators
both call them, so the table and the calculators always agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from referee.model.errors import IllegalAction, InputError

VIBES = ("red", "yellow", "green", "blue")

# Best combination first is not needed: every rule is checked and the highest bonus kept.
BONUS = {
    "four-of-a-kind": 4,
    "four-different": 3,
    "three-of-a-kind": 2,
    "two-pairs": 2,
    "three-different": 1,
    "none": 0,
}

MINDSET = 4  # emotions a Mindset holds
MINDSET_RULE = "Mindset: at most 4 emotions"
SINGLE_MINDED = 12  # fragments of one kind
BALANCED = 7  # fragments of each kind
SUPPLY = 40  # fragments of each kind in the game
MIN_PLAYERS, MAX_PLAYERS = 2, 5
# A Revelation scores a Mindset's fragments and its bonus: 4 emotions, each with at most
# 4 slots (a Strong emotion merged with Brightness/Bleakness: 2 Fragment + 2 Absorb)
MOST_IN_ONE_REVELATION = MINDSET * 4 + max(BONUS.values())
SUPPLY_RULE = "Fragment supply: 40 of each kind"
LAST_RULE = "Revelation: the final one's fragments are part of the total"
LAST_MOST_RULE = f"Revelation: a Mindset scores at most {MOST_IN_ONE_REVELATION}"
PLAYERS_RULE = "Players: 2 to 5"

# (name, bliss, gloom, scored in the final Revelation or None when not given)
Score = tuple[str, int, int, int | None]


def check_vibes(vibes: Sequence[str]) -> None:
    """Refuse more vibes than a Mindset has emotions (well formed, but no Mindset holds them)."""
    if len(vibes) > MINDSET:
        raise IllegalAction(f"a Mindset holds at most {MINDSET} emotions, {len(vibes)} vibes "
                            f"given", MINDSET_RULE)


def vibe_combination(vibes: Iterable[str]) -> dict:
    """The best scoring combination of up to four vibes (only the best one scores).

    Each emotion counts once; callers pass the vibe of a merged pair once and
    nothing for a vibe-less card.
    """
    counts = sorted(Counter(vibes).values(), reverse=True)
    found = ["none"]
    if counts and counts[0] >= 4:
        found.append("four-of-a-kind")
    if len(counts) >= 4:
        found.append("four-different")
    if counts and counts[0] >= 3:
        found.append("three-of-a-kind")
    if len(counts) >= 2 and counts[0] >= 2 and counts[1] >= 2:
        found.append("two-pairs")
    if len(counts) >= 3:
        found.append("three-different")
    best = max(found, key=lambda name: BONUS[name])
    return {"combination": best, "bonus": BONUS[best]}


def condition(bliss: int, gloom: int) -> str | None:
    """Winning condition met by a score: Single-minded (12+ of one kind) or Balanced (7+ each)."""
    if bliss >= SINGLE_MINDED or gloom >= SINGLE_MINDED:
        return "single-minded"
    if bliss >= BALANCED and gloom >= BALANCED:
        return "balanced"
    return None


def check_scores(players: Sequence[Score]) -> None:
    """Refuse scores no game can reach (IllegalAction, the rule named): more than 40
    fragments of a kind over all players, a final Revelation scoring more than the
    player's total or more than one Mindset can hold, fewer than 2 or more than 5 players."""
    if len(players) > MAX_PLAYERS:
        raise IllegalAction(f"{len(players)} players given; Cerebria seats at most "
                            f"{MAX_PLAYERS}", PLAYERS_RULE)
    if len(players) < MIN_PLAYERS:
        raise IllegalAction(f"{len(players)} player{'' if len(players) == 1 else 's'} given; "
                            f"Cerebria is played by {MIN_PLAYERS} to {MAX_PLAYERS}: give every "
                            "player at the table", PLAYERS_RULE)
    for kind, total in zip(("Bliss", "Gloom"), _totals(players), strict=True):
        if total > SUPPLY:
            raise IllegalAction(f"{total} {kind} fragments scored in all; the supply holds "
                                f"only {SUPPLY} of each kind", SUPPLY_RULE)
    for name, bliss, gloom, last in players:
        if last is None:
            continue
        if last > bliss + gloom:
            raise IllegalAction(f"{name} scored {last} in the final Revelation but holds only "
                                f"{bliss + gloom} fragments in all", LAST_RULE)
        if last > MOST_IN_ONE_REVELATION:
            raise IllegalAction(f"{name} scored {last} in the final Revelation; one Revelation "
                                f"scores at most {MOST_IN_ONE_REVELATION} (4 emotions of 4 "
                                f"slots, and a bonus of 4)", LAST_MOST_RULE)


def _totals(players: Sequence[Score]) -> tuple[int, int]:
    """The Bliss and the Gloom scored over all players."""
    return sum(p[1] for p in players), sum(p[2] for p in players)


def decide(players: Sequence[Score]) -> dict:
    """The winner as the referee decides it after a Revelation: the winning conditions,
    or, when every fragment of both kinds is scored and nobody met one, the most fragments."""
    result = winner(players)
    spent = all(total >= SUPPLY for total in _totals(players))
    if not result["winners"] and spent:
        result = most_fragments(players)
    return result


def winner(players: Sequence[Score]) -> dict:
    """Who wins after a Revelation, from (name, bliss, gloom, scored in the final Revelation).

    The rulings: a Single-minded player beats a Balanced one; then most fragments in
    total; then most scored in the final Revelation; then the victory is shared. The
    final Revelation's scores may be left out (None) unless that tie-break is reached
    (InputError).
    """
    met = [(name, b, g, last, condition(b, g)) for name, b, g, last in players]
    met = [m for m in met if m[4]]
    if not met:
        return {"winners": [], "condition": None, "tie_break": None}
    kind = "single-minded" if any(m[4] == "single-minded" for m in met) else "balanced"
    pool = [m for m in met if m[4] == kind]
    tie_break = None
    if len(pool) > 1:
        tie_break = "total"
        best = max(m[1] + m[2] for m in pool)
        pool = [m for m in pool if m[1] + m[2] == best]
    pool, tie_break = _last_revelation_then_shared(pool, tie_break)
    return {"winners": [m[0] for m in pool], "condition": kind, "tie_break": tie_break}


def most_fragments(players: Sequence[Score]) -> dict:
    """The end when every fragment is scored and nobody met a condition (referee's ruling):
    the most fragments in total, then the most in the final Revelation, then shared."""
    if not players:
        return {"winners": [], "condition": None, "tie_break": None}
    best = max(b + g for _, b, g, _ in players)
    pool = [p for p in players if p[1] + p[2] == best]
    pool, tie_break = _last_revelation_then_shared(pool, None)
    return {"winners": [p[0] for p in pool], "condition": None, "tie_break": tie_break}


def _last_revelation_then_shared(pool: list, tie_break: str | None) -> tuple[list, str | None]:
    """The last tie-breaks: most scored in the final Revelation (4th field), then shared."""
    if len(pool) > 1:
        tie_break = "last-revelation"
        missing = [p[0] for p in pool if p[3] is None]
        if missing:
            raise InputError(f"{' and '.join(p[0] for p in pool)} tie on "
                             f"{pool[0][1] + pool[0][2]} fragments: the final Revelation "
                             f"decides: give {' and '.join(missing)} as NAME=BLISS/GLOOM/LAST "
                             f"(LAST: the fragments scored in it)")
        last = max(p[3] for p in pool)
        pool = [p for p in pool if p[3] == last]
    if len(pool) > 1:
        tie_break = "shared"
    return pool, tie_break
