"""The pond of the 2-4 side: 8x8 squares a1-h8 in four 4x4 zones, 8-neighbour adjacency."""

from __future__ import annotations

from referee.model.errors import InputError
from referee.scorers.croa import ZONES  # the zones, shared with the calculator

__all__ = ["CORNERS", "NEIGHBOURS", "SQUARES", "ZONE", "ZONES", "ZONE_SQUARES", "parse_square"]

FILES = "abcdefgh"
SQUARES: list[str] = [f + str(r) for r in range(1, 9) for f in FILES]


def coords(square: str) -> tuple[int, int]:
    """(file 0-7, rank 0-7) of a square name."""
    return FILES.index(square[0]), int(square[1]) - 1


def name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def zone_of(square: str) -> str:
    """Board: blue a1-d4, green e1-h4, pink e5-h8, yellow a5-d8."""
    x, y = coords(square)
    if y < 4:
        return "blue" if x < 4 else "green"
    return "yellow" if x < 4 else "pink"


def _neighbours(square: str) -> tuple[str, ...]:
    x, y = coords(square)
    out = []
    for dy in (1, 0, -1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < 8 and 0 <= y + dy < 8:
                out.append(name(x + dx, y + dy))
    return tuple(out)


NEIGHBOURS: dict[str, tuple[str, ...]] = {sq: _neighbours(sq) for sq in SQUARES}
ZONE: dict[str, str] = {sq: zone_of(sq) for sq in SQUARES}
ZONE_SQUARES: dict[str, list[str]] = {z: [sq for sq in SQUARES if ZONE[sq] == z] for z in ZONES}

# Starting corners in seat order (docs/rulings/croa.md): the queen on the corner, servants orthogonally next to it.
CORNERS: dict[int, list[str]] = {2: ["a1", "h8"], 3: ["a1", "a8", "h8"], 4: ["a1", "a8", "h8", "h1"]}


def start_squares(corner: str) -> list[str]:
    """The queen's corner, then the two squares orthogonally next to it."""
    x, y = coords(corner)
    dx = 1 if x == 0 else -1
    dy = 1 if y == 0 else -1
    return [corner, name(x, y + dy), name(x + dx, y)]


def parse_square(text: object) -> str:
    """A square name a1..h8 (any case); InputError otherwise."""
    sq = str(text).strip().lower()
    if sq not in NEIGHBOURS:
        raise InputError(f"'{text}' is not a square of the pond (a1..h8, a1 bottom-left)")
    return sq


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS[a]


def jump_over(a: str, b: str) -> str | None:
    """The square between a and b when b is two steps away in a straight line, else None."""
    ax, ay = coords(a)
    bx, by = coords(b)
    dx, dy = bx - ax, by - ay
    if max(abs(dx), abs(dy)) != 2 or dx not in (-2, 0, 2) or dy not in (-2, 0, 2):
        return None
    return name(ax + dx // 2, ay + dy // 2)
