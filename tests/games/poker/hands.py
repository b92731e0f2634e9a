"""Poker-dice hands: what five dice make, and which hand beats which."""

from __future__ import annotations

from collections import Counter

# the hands from worst to best
NAMES = ("nothing", "one pair", "two pairs", "three of a kind", "straight", "full house",
         "four of a kind", "five of a kind")


def rank(cup: list[str]) -> tuple[int, tuple[int, ...]]:
    """The hand's rank (an index into NAMES) and its faces, most repeated first, then highest:
    two hands of one rank compare face by face in that order (6 6 2 2 5 beats 5 5 4 4 6)."""
    faces = [int(f) for f in cup]
    counts = Counter(faces)
    order = tuple(sorted(faces, key=lambda f: (counts[f], f), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        return 7, order
    if shape[0] == 4:
        return 6, order
    if shape == [3, 2]:
        return 5, order
    if len(counts) == 5 and max(faces) - min(faces) == 4:
        return 4, order
    if shape[0] == 3:
        return 3, order
    if shape == [2, 2, 1]:
        return 2, order
    if shape[0] == 2:
        return 1, order
    return 0, order


def name(cup: list[str]) -> str:
    return NAMES[rank(cup)[0]]


def best(cups: dict[str, list[str]]) -> list[str]:
    """The players holding the best hand (more than one when they tie), in the cups' order."""
    top = max(rank(c) for c in cups.values())
    return [p for p, c in cups.items() if rank(c) == top]
