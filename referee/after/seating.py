"""A seating draw nobody can rig: players to tables of the sizes the game allows.

The first round of a league (or a draw outside a league) is at random; later rounds go Swiss
style: players ranked by the league's standings or by their ratings, like with like, tables
where nobody meets a player they met already in the league when such a seating exists.

Nobody chooses the randomness. The referee makes a fresh secret (the same kind as a game's:
256 bits from the operating system, `referee.model.secret`), stores its commitment with
everything that goes into the draw (players, table sizes, the strengths used, who met whom),
prints the commitment, draws, then stores and prints the secret with the tables. Anyone can
re-run the draw from the stored inputs and the revealed secret (`referee club seat --verify
ID`) and must get the same tables; every draw is kept, so a draw made again shows.

The Swiss seating is an exact search (every way of splitting the players into tables of the
allowed sizes, pruned by bound) for the fewest repeat meetings, then the least spread of rank
within tables (see `swiss`). Past `SEARCH_LIMIT` tables looked at it keeps the best found and says so.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import TYPE_CHECKING, Any

from referee.after import league as leagues
from referee.after import ratings
from referee.model import registry, secret
from referee.model.errors import InputError, StorageError
from referee.model.i18n import _, ngettext
from referee.record import seatings

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

SEARCH_LIMIT = 400_000  # tables looked at (a second or two) before the best found is kept
BY = ("random", "standings", "rating")


def sizes(players: int, low: int, high: int, tables: int | None = None) -> list[int]:
    """Table sizes as even as possible (largest first): `tables` of them, or the fewest that
    seat everyone."""
    if tables is None:
        tables = max(1, -(-players // high))
    if tables < 1:
        raise InputError(_("--tables takes a number of 1 or more"))
    if not tables * low <= players <= tables * high:
        raise InputError(ngettext("{n} players cannot sit at {t} table of {low} to {high} players",
                                  "{n} players cannot sit at {t} tables of {low} to {high} players", tables).format(
            n=players, t=tables, low=low, high=high))
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def _rng(seed_text: str, round_no: int) -> random.Random:
    epoch = secret.Epoch(0, seed_text)
    return random.Random(secret.draw_key(epoch, 0, f"seat/round {round_no}", 0))


def draw(inputs: dict, seed_text: str) -> dict:
    """The tables of a draw from its inputs and its secret (the same every time):
    `{"tables": [[name, ...], ...], "order": [...], "repeats": n, "exact": bool}`."""
    rng = _rng(seed_text, int(inputs["round"]))
    players = list(inputs["players"])
    rng.shuffle(players)  # at random: the order, and among equals, who ranks first
    table_sizes = list(inputs["sizes"])
    if inputs["by"] == "random":
        tables, at = [], 0
        for n in table_sizes:
            tables.append(players[at:at + n])
            at += n
        return {"tables": tables, "order": players, "repeats": repeats_of(tables, inputs["met"]), "exact": True}
    strength = inputs["strength"]
    width = max((len(v) for v in strength.values()), default=1)
    order = sorted(players, key=lambda p: [-float(x) for x in strength.get(p.casefold(), [0] * width)])
    # (a stable sort: equals stay in their shuffled order)
    tables, repeat_count, exact = swiss(order, table_sizes, inputs["met"])
    return {"tables": tables, "order": order, "repeats": repeat_count, "exact": exact}


def _met_pairs(met: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset((a.casefold(), b.casefold())) for a, b in met}


def repeats_of(tables: list[list[str]], met: list[list[str]]) -> int:
    pairs = _met_pairs(met)
    return sum(1 for t in tables for a, b in itertools.combinations(t, 2)
               if frozenset((a.casefold(), b.casefold())) in pairs)


def swiss(order: list[str], table_sizes: list[int], met: list[list[str]]) -> tuple[list[list[str]], int, bool]:
    """Players (strongest first) into tables of `table_sizes`: the fewest pairs who met already,
    then the least spread of rank within tables (like with like: the sum over tables of the square
    of the gap between its best and worst rank, so one wide table costs more than two narrow
    ones; among equals, the first found, the stronger players' tables tightest). Tables come
    strongest first.
    Returns (tables, repeat pairs, whether the search was exhaustive)."""
    n = len(order)
    pairs = _met_pairs(met)
    clash = [[frozenset((order[i].casefold(), order[j].casefold())) in pairs for j in range(n)] for i in range(n)]
    remaining = sorted(table_sizes, reverse=True)
    best: list[Any] = [None, (n * n, n * n)]  # tables as index lists, (repeats, spread)
    looked = [0]
    exhaustive = [True]

    def search(free: list[int], left: list[int], built: list[list[int]], rep: int, spread: int) -> None:
        if not free:
            if (rep, spread) < best[1]:
                best[0], best[1] = [list(t) for t in built], (rep, spread)
            return
        floor = spread + sum((s - 1) ** 2 for s in left)  # each table left spreads over size - 1 ranks or more
        if (rep, floor) >= best[1]:
            return
        anchor, rest = free[0], free[1:]
        for size in sorted(set(left), reverse=True):
            others = list(left)
            others.remove(size)
            for mates in itertools.combinations(rest, size - 1):
                looked[0] += 1
                if looked[0] > SEARCH_LIMIT and best[0] is not None:
                    exhaustive[0] = False
                    return
                table = [anchor, *mates]
                r = rep + sum(clash[a][b] for a, b in itertools.combinations(table, 2))
                if r > best[1][0]:
                    continue
                s = spread + (table[-1] - anchor) ** 2
                built.append(table)
                search([i for i in rest if i not in mates], others, built, r, s)
                built.pop()
                if not exhaustive[0]:
                    return

    def cost(tables: list[list[int]]) -> tuple[int, int]:
        return (sum(clash[a][b] for t in tables for a, b in itertools.combinations(t, 2)),
                sum((max(t) - min(t)) ** 2 for t in tables))

    # a good seating first (consecutive ranks, then players swapped between tables while that
    # helps), so the exact search below starts with a tight bound
    start, at = [], 0
    for size in remaining:
        start.append(list(range(at, at + size)))
        at += size
    here = cost(start)
    better = True
    while better:
        better = False
        for x, y in itertools.combinations(range(len(start)), 2):
            for i, j in itertools.product(range(len(start[x])), range(len(start[y]))):
                start[x][i], start[y][j] = start[y][j], start[x][i]
                now = cost(start)
                if now < here:
                    here, better = now, True
                else:
                    start[x][i], start[y][j] = start[y][j], start[x][i]
    best[0], best[1] = [sorted(t) for t in start], here
    search(list(range(n)), remaining, [], 0, 0)
    tables = sorted(best[0], key=lambda t: t[0])
    return [[order[i] for i in t] for t in tables], best[1][0], exhaustive[0]


# -- a draw in a store ---------------------------------------------------------------------

def _names(players: list[str]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for raw in players:
        name = raw.strip()
        if not name:
            raise InputError(_("--player needs a name"))
        if name.casefold() in seen:
            raise InputError(_("{name} is named twice").format(name=name))
        seen.add(name.casefold())
        out.append(name)
    return out


def _met(store: RecordStore, league: dict | None, earlier: list[dict]) -> list[list[str]]:
    """Who sat with whom already in the league: its sessions' players and its earlier draws' tables."""
    if league is None:
        return []
    pairs: set[tuple[str, str]] = set()
    for sid in league["sessions"]:
        meta = store.session(sid)
        summary = meta["summary"] if isinstance(meta["summary"], dict) else json.loads(meta["summary"] or "{}")
        names = sorted({str(p.get("name")).casefold() for p in summary.get("players", [])})
        pairs.update(itertools.combinations(names, 2))
    for row in earlier:
        for table in row["tables"]:
            pairs.update(itertools.combinations(sorted(p.casefold() for p in table), 2))
    return [list(p) for p in sorted(pairs)]


def _strength(store: RecordStore, by: str, game: str, league: str | None) -> dict[str, list[float]]:
    """Each known player's strength, compared left to right (a player not listed: all zero)."""
    if by == "standings":
        assert league is not None
        table = leagues.standings(store, league)
        key = table["tie_break"]
        # as the standings order them: points, then outright wins, then the game's own number
        return {r["player"].casefold(): [r["points"], r["wins"], r[key]] for r in table["rows"]}
    found = ratings.compute(store, game, league)
    return {t.player.casefold(): [round(t.ordinal, 6)] for (g, _k), t in found.tracks.items()
            if g == game and not t.virtual}


def seat(store: RecordStore, players: list[str], game: str | None, league: str | None, tables: int | None,
         by: str | None) -> dict:
    """Draw the seating, storing it (inputs and commitment first, then the secret and tables)."""
    names = _names(players)
    found = None
    if league is not None:
        found = leagues.get(store, league)
        if game is not None and game != found["game"]:
            raise InputError(_("the league '{name}' plays {held}, not {game}").format(
                name=league, held=found["game"], game=game))
        game = found["game"]
    if game is None:
        raise InputError(_("name the game (--game) or the league (--league) the tables will play"))
    if by == "standings" and league is None:
        raise InputError(_("--by standings needs a league (--league NAME)"))
    engine = registry.engine(game)
    table_sizes = sizes(len(names), engine.min_players, engine.max_players, tables)
    with store.write():
        earlier = seatings.of_league(store, league) if league else []
        round_no = len(earlier) + 1
        chosen = by or ("standings" if league is not None and round_no > 1 else "random")
        inputs = {"game": game, "players": names, "sizes": table_sizes, "round": round_no, "by": chosen,
                  "met": _met(store, found, earlier),
                  "strength": {} if chosen == "random" else _strength(store, chosen, game, league)}
        seed_text = secret.new_secret()
        commitment = secret.commit_one(seed_text)
        sid = seatings.begin(store, league or "", round_no, game, commitment, inputs)
        result = draw(inputs, seed_text)
        row = seatings.finish(store, sid, seed_text, result["tables"])
    return {**row, "repeats": result["repeats"], "exact": result["exact"]}


def verify(store: RecordStore, sid: str) -> dict:
    """Re-run a stored draw from its inputs and revealed secret: `{"id", "ok", "problems", ...}`."""
    stored = seatings.stored_row(store, sid)
    if stored is None:
        known = seatings.ids(store)
        hint = _(" (draws here: {ids})").format(ids=", ".join(known[-10:])) if known else ""
        raise StorageError(_("no seating draw '{id}' in {path}").format(id=sid, path=store.path) + hint)
    row = seatings.read(store, sid) or {}
    problems = []
    if stored["digest"] != seatings.digest(stored):
        problems.append(_("its row was changed after the draw (the digest does not match)"))
    if secret.commit_one(row["seed"]) != row["commitment"]:
        problems.append(_("the revealed secret does not match the commitment printed before the draw"))
    again = draw(row["inputs"], row["seed"]) if row["seed"] else {"tables": None}
    if again["tables"] != row["tables"]:
        problems.append(_("the tables stored are not the ones its inputs and secret give"))
    return {**row, "ok": not problems, "problems": problems, "again": again["tables"]}
