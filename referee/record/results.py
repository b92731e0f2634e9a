"""Sealed per-game results, and the aggregates kept from them as games end.

`stats`, league standings and ratings over a national league's season (100,000 finished games)
must answer within a second, which reading and checking every session's log and summary cannot
do. So when a game ends, in the transaction of the action that ends it (once the whole log was
checked and replayed from its seed: `integrity.end_check`), its result is written as one row:

- `results`: the session, its game, when it finished (ms), the head of the log and the summary
  it was computed from (the summary's text, so a reader compares it with the session's in SQL,
  hashing nothing), and a body (canonical JSON: the players in seat order with their scores,
  places and the game's own number, the winners, what decided it, its length), under a keyed
  seal (the seals' key, `referee.record.keys`; on a club's server `referee_mac`) over all of
  that. A correction or an undo that changes or reopens the end rewrites the row or withdraws
  it, in the same transaction; a row whose session head moved without it was changed outside
  the referee.
- `result_players`: an index of who played in which (a `--player` filter's rows).
- `tallies`: the aggregates, each row sealed: per game and player what `stats` prints ('stats'),
  per league and player what standings count ('league'), per scope (a game, 'all', a league)
  and player the current rating ('rating'). A game that ends adds to them; a withdrawn or
  rewritten row makes its players' tallies again from their rows.
- `rating_steps`: per scope, each rated game's change (each player's rating before and after),
  in finishing order. Rating waits for the next reader (`ratings` catches a scope up from its
  first unrated row), so the action that ends a game never loads the ratings library. A game
  that goes in before the last one rated (a correction to an old game, a session added to a
  league later) or leaves takes the scope back to just before it, undoing the later steps from
  their `before`; the steps kept are always a prefix of the scope's rows in finishing order,
  rated from the rows (never from the logs).

A row or a tally that fails its seal is never believed: the readers check every row's seal in
their scope, and against its session (one join): still over, its summary the one the row was
computed from, its log still ending at that head (the row at its recorded length is there and
carries that link). They name those that fail and count from the rows that hold. On a club's
server a row and session that held are remembered by their versions and hashed again only once
either changes (`PG_READ_CHECK`); the log's end is looked up at every read. The whole chain of
each log is `verify`'s to check, not a reader's. `verify` also compares each row with what its
session's summary gives now. A finished session with no row (finished before this schema,
pushed in without the checked mark) is checked as `stats` always did (its seal, its full check)
and gets its row on first use; one that fails is left out and named.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from referee.model import registry
from referee.record import keys
from referee.record.schema import checked_table_ddl

ALL = "all"  # the scope of the overall rating
LEAGUE = "league:"  # a league's scope: its name after this
COOPERATIVE = ("kreus",)  # one team against the game
KREUS_WIN = ("may-sustain-life", "success", "perfection")
GAME_PLAYER = "the game"
KEYED = "k1:"


# -- a game's result, from its checked summary ---------------------------------------------------

def _number(value: Any) -> int | float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def order(summary: dict) -> list[tuple[dict, int]]:
    """(player, place) in finishing order: winners first, then by the game's own number (a colony
    still in the pond before an eliminated one, then the score); equal players share a place."""
    winners = set(summary.get("winners") or [])
    rows = []
    for i, p in enumerate(p for p in summary.get("players", []) if isinstance(p, dict)):
        score = _number(p.get("score"))
        key = (p.get("name") not in winners, p.get("alive") is False,
               -(score if score is not None else float("-inf")))
        rows.append((key, i, p))
    rows.sort(key=lambda r: (r[0], r[1]))
    out: list[tuple[dict, int]] = []
    for n, (key, _i, p) in enumerate(rows):
        place = out[-1][1] if out and key == rows[n - 1][0] else n + 1
        out.append((p, place))
    return out


def own_number(game: str, summary: dict, player: dict) -> int | float:
    """The game's own number a league breaks ties with (glory, fragments, frogs, energy)."""
    if game == "croa":
        value = ((summary.get("details") or {}).get("frogs") or {}).get(player.get("name"), 0)
    elif game == "kreus":
        value = player.get("energy", 0)
    else:
        value = player.get("score", 0)
    return _number(value) or 0


def body_of(game: str, summary: dict, started: float, updated: float, actions: int) -> dict:
    """A finished game's result: what stats, standings and ratings read of it."""
    details = summary.get("details") or {}
    winners = [str(w) for w in summary.get("winners") or []]
    places = {id(p): place for p, place in order(summary)}
    players = []
    for p in (p for p in summary.get("players", []) if isinstance(p, dict)):
        name = str(p.get("name"))
        place = places[id(p)]
        if game in COOPERATIVE:  # one team: every player shares its place against the game
            place = 1 if winners else 2
        players.append({"name": name, "score": _number(p.get("score")), "place": place,
                        "own": own_number(game, summary, p)})
    condition = None
    if game == "cerebria":
        condition = summary.get("outcome") or details.get("condition") or "supply-spent"
    turns = summary.get("turn")
    return {"game": game, "started": started, "finished": updated, "players": players, "winners": winners,
            "outcome": summary.get("outcome"), "tie_break": details.get("tie_break") or None,
            "condition": condition, "turns": turns if isinstance(turns, int) and not isinstance(turns, bool) else None,
            "actions": max(actions, 0), "minutes": round(max(updated - started, 0) / 60)}


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def ms(when: float) -> int:
    return round(when * 1000)


# -- seals ------------------------------------------------------------------------------------------

def row_text(sid: str, game: str, finished: int, head: str, summary: str, body: str) -> str:
    return f"result|{sid}|{game}|{finished}|{head}|{summary}|{body}"


def tally_text(kind: str, scope: str, player: str, data: str) -> str:
    return f"tally|{kind}|{scope}|{player}|{data}"


def step_text(scope: str, finished: int, sid: str, data: str) -> str:
    return f"step|{scope}|{finished}|{sid}|{data}"


# The same texts in SQL (both dialects concatenate with ||): a club's server checks a whole table's
# seals in one statement, its key never leaving it.
def _row_sql(alias: str = "") -> str:
    cols = ("session_id", "game", "finished", "head", "summary", "body")
    return "'result|' || " + " || '|' || ".join(alias + c for c in cols)


ROW_SQL = _row_sql()
TALLY_SQL = "'tally|' || kind || '|' || scope || '|' || player || '|' || data"
STEP_SQL = "'step|' || scope || '|' || finished || '|' || session_id || '|' || data"


def _mac_sql(text: str) -> str:
    """HMAC-SHA256 of `text` under the server's key `k` (its two pads), as `referee_mac` computes it."""
    return f"k.kid || ':' || encode(sha256(k.outer_pad || sha256(k.inner_pad || convert_to({text}, 'UTF8'))), 'hex')"


# On a club's server (store_pg's boundaries), its key never leaving it: the seals of a whole array
# of texts in one call (`referee_mac` is one call a row, each a query of its own), and the rows of
# each table whose seal fails, found by one scan joined to the key (no condition is passed in:
# these run as the tables' owner).
PG_CHECKS = {  # table: (its key's columns and their types, its seal's text over the row `x`)
    "results": ("session_id text", _row_sql("x.")),
    "tallies": ("kind text, scope text, player text",
                "'tally|' || x.kind || '|' || x.scope || '|' || x.player || '|' || x.data"),
    "rating_steps": ("scope text, session_id text",
                     "'step|' || x.scope || '|' || x.finished || '|' || x.session_id || '|' || x.data"),
}


PG_CHECK_KEYS = {"results": "x.session_id", "tallies": "x.kind || '|' || x.scope || '|' || x.player",
                 "rating_steps": "x.scope || '|' || x.session_id"}


def _check_function(table: str) -> str:
    """`referee_unsealed_TABLE(keys)`: the rows whose seal fails, of the whole table (keys NULL) or
    of the rows named (each by its key, `PG_CHECK_KEYS`): only those are hashed."""
    columns, text = PG_CHECKS[table]
    keys = ", ".join("x." + c.split()[0] for c in columns.split(", "))
    fails = f"x.seal IS DISTINCT FROM 'k1:' || {_mac_sql(text)}"
    return (f"CREATE OR REPLACE FUNCTION referee_unsealed_{table}(want text[]) RETURNS TABLE ({columns}) LANGUAGE sql"
            f" STABLE SECURITY DEFINER {{path}} AS $$ SELECT {keys} FROM {table} x, referee_key k WHERE want IS NULL"
            f" AND {fails} UNION ALL SELECT {keys} FROM (SELECT DISTINCT unnest(want) AS w) u JOIN {table} x ON"
            f" {PG_CHECK_KEYS[table]} = u.w, referee_key k WHERE {fails} $$")


# The reader's check on a club's server (`read`): each result row against its seal and against its
# session (over, the same head, the same summary, its log still ending at that head), one
# statement, the key never leaving the server. A row that held is remembered with the versions of
# it and of its session row (`referee_checked`: the owner's alone, written only by these
# functions) and checked again only once either changes: any UPDATE, by any role, gives a row a new
# version (the transaction that wrote it and where it lies), and any change to a session's action
# rows forgets it (a trigger on `actions`, which no table role can turn off).
_ENDS = ("(s.length = 0 OR EXISTS (SELECT 1 FROM actions a WHERE a.session_id = s.id AND a.idx = s.length - 1"
         " AND a.link = s.head))")
_VERSION = ("x.xmin::text || '/' || x.ctid::text || '/' || COALESCE(s.xmin::text || '/' || s.ctid::text, '-')"
            " || '/' || k.kid")


def _read_check(rows: str) -> str:
    """The body of the check over `rows` (FROM items giving the result rows asked about as `x`)."""
    return (f"WITH r AS (SELECT x.session_id AS sid, {_VERSION} AS seen FROM {rows} LEFT JOIN sessions s ON s.id ="
            " x.session_id CROSS JOIN referee_key k), todo AS (SELECT r.sid, r.seen FROM r WHERE NOT EXISTS (SELECT 1"
            " FROM referee_checked c WHERE c.session_id = r.sid AND c.seen = r.seen)), judged AS (SELECT t.sid, t.seen,"
            f" x.seal IS NOT DISTINCT FROM 'k1:' || {_mac_sql(_row_sql('x.'))} AS sealed, COALESCE(s.status = 'over'"
            f" AND s.head = x.head AND x.summary = s.summary AND {_ENDS}, false) AS holds FROM todo t JOIN results x"
            " ON x.session_id = t.sid LEFT JOIN sessions s ON s.id = t.sid CROSS JOIN referee_key k), kept AS (INSERT"
            " INTO referee_checked (session_id, seen) SELECT j.sid, j.seen FROM judged j WHERE j.sealed AND j.holds"
            " ON CONFLICT (session_id) DO UPDATE SET seen = excluded.seen) SELECT j.sid, j.sealed, j.holds FROM"
            " judged j WHERE NOT (j.sealed AND j.holds)")


PG_READ_CHECK = [
    checked_table_ddl(),
    "REVOKE ALL ON referee_checked FROM PUBLIC",
    "CREATE OR REPLACE FUNCTION referee_result_problems(want text[]) RETURNS TABLE (session_id text, sealed boolean,"
    " holds boolean) LANGUAGE plpgsql VOLATILE SECURITY DEFINER {path} AS $f$ #variable_conflict use_column\n BEGIN"
    f" IF want IS NULL THEN RETURN QUERY {_read_check('results x')}; ELSE RETURN QUERY"
    f" {_read_check('(SELECT DISTINCT u.w FROM unnest(want) AS u(w)) w JOIN results x ON x.session_id = w.w')};"
    " END IF; END $f$",
    # a session's action rows changed (inserted, updated, deleted: by the referee or by hand): its
    # result row is checked again in full, its log's end looked up, at the next read
    "CREATE OR REPLACE FUNCTION referee_forget_checked() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER {path}"
    " AS $f$ BEGIN IF TG_OP = 'TRUNCATE' THEN DELETE FROM referee_checked; ELSIF TG_OP = 'INSERT' THEN DELETE FROM"
    " referee_checked WHERE session_id = NEW.session_id; ELSE DELETE FROM referee_checked WHERE session_id IN"
    " (OLD.session_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.session_id END); END IF; RETURN NULL; END $f$",
    "DROP TRIGGER IF EXISTS referee_forget_checked ON actions",
    "CREATE TRIGGER referee_forget_checked AFTER INSERT OR UPDATE OR DELETE ON actions FOR EACH ROW EXECUTE FUNCTION"
    " referee_forget_checked()",
    "DROP TRIGGER IF EXISTS referee_forget_all_checked ON actions",
    "CREATE TRIGGER referee_forget_all_checked AFTER TRUNCATE ON actions FOR EACH STATEMENT EXECUTE FUNCTION"
    " referee_forget_checked()",
]

PG_FUNCTIONS = [
    *PG_READ_CHECK,
    """CREATE OR REPLACE FUNCTION referee_macs(t text[]) RETURNS text[] LANGUAGE sql STABLE SECURITY DEFINER {path}
       AS $$ SELECT array_agg(""" + _mac_sql("x") + """ ORDER BY n) FROM unnest(t) WITH ORDINALITY AS u(x, n),
       referee_key k $$""",
    *(_check_function(table) for table in PG_CHECKS),
]


def _pg(store: Any) -> bool:
    return getattr(store, "backend", "") == "postgresql"


def _hmac(inner: Any, outer: Any, prefix: str, text: str | bytes) -> str:
    """HMAC-SHA256 of `text` from the key's two pads, each hashed once (`inner`, `outer`)."""
    i = inner.copy()
    i.update(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    o = outer.copy()
    o.update(i.digest())
    return prefix + o.hexdigest()


class _Sealer:
    """Seals many texts at once: the local key's HMAC in this process, or one query to the club's
    server for a whole batch."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.key: bytes | None = None
        self.kid = ""
        if not _pg(store):
            self.key = keys.local_key()
            self.kid = keys.key_id(self.key)
            # HMAC-SHA256 (RFC 2104) from its two pads hashed once: a copy per text, not a new key
            # schedule (three times faster over a season's rows)
            key = self.key if len(self.key) <= 64 else hashlib.sha256(self.key).digest()
            self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in key.ljust(64, b"\0")))
            self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in key.ljust(64, b"\0")))
            self._prefix = f"{KEYED}{self.kid}:"

    def local(self, text: str | bytes) -> str:
        """One text's seal under the local key (this process)."""
        return _hmac(self._inner, self._outer, self._prefix, text)

    def many(self, texts: list[str] | list[bytes]) -> list[str]:
        """Each text's seal (`k1:KID:HMAC`); texts as str, or as their UTF-8 bytes."""
        if not texts:
            return []
        if self.key is not None:
            return [self.local(t) for t in texts]
        texts = [t.decode("utf-8", "surrogatepass") if isinstance(t, bytes) else t for t in texts]
        found = self.store.db.execute(
            "SELECT m FROM unnest(referee_macs(?::text[])) WITH ORDINALITY AS x(m, n) ORDER BY n", (texts,)).fetchall()
        return [f"{KEYED}{r[0]}" if r[0] else "" for r in found]

    def one(self, text: str) -> str:
        return self.many([text])[0]


def _failing_pg(store: Any, table: str, key_cols: str, text_sql: str, clause: str, args: tuple) -> set[tuple]:
    """The server's own check (`referee_unsealed_TABLE`) of the rows of `clause` (all without one):
    only those rows are hashed, named by their keys as this role reads them."""
    if not clause:
        sql = f"SELECT {key_cols} FROM referee_unsealed_{table}(NULL)"
    else:
        sql = (f"SELECT {key_cols} FROM referee_unsealed_{table}(ARRAY(SELECT {PG_CHECK_KEYS[table]} FROM {table} x"
               f"{clause}))")
    return {tuple(r) for r in store.db.execute(sql, args).fetchall()}


def _row_sealed_sql(store: Any, alias: str = "") -> str:
    """SQLite: SQL true when a result row's seal is the one this referee's key makes of it (a
    function of this connection's, called as each row is read: a season's rows are never copied
    out to be checked)."""
    sealer = _Sealer(store)
    # the pads alone, never the store: a function the connection holds must not hold the store
    # back (a cycle would keep the file open until the next garbage collection)
    inner, outer, prefix = sealer._inner, sealer._outer, sealer._prefix

    def sealed(sid: str, game: str, finished: int, head: str, summary: str, body: str, seal: str) -> bool:
        return _hmac(inner, outer, prefix, row_text(sid, game, finished, head, summary, body)) == seal

    store.db.raw.create_function("referee_row_sealed", 7, sealed, deterministic=True)
    cols = ("session_id", "game", "finished", "head", "summary", "body", "seal")
    return f"referee_row_sealed({', '.join(alias + c for c in cols)})"


def _failing(store: Any, table: str, key_cols: str, text_sql: str, where: str = "", args: tuple = ()) -> set[tuple]:
    """The keys of the rows of `table` (restricted by `where`) whose seal does not match."""
    clause = f" WHERE {where}" if where else ""
    if _pg(store):
        return _failing_pg(store, table, key_cols, text_sql, clause, args)
    sealer = _Sealer(store)
    rows = store.db.execute(f"SELECT {key_cols}, CAST({text_sql} AS BLOB), seal FROM {table}{clause}",
                            args).fetchall()
    n = len(key_cols.split(","))
    made = sealer.many([r[n] for r in rows])
    return {tuple(r[:n]) for r, m in zip(rows, made, strict=True) if r[n + 1] != m}


# -- writing a game's row, and taking it back ---------------------------------------------------------

def sync(store: Any, sid: str, fields: dict, head: str, checked: bool) -> None:
    """At commit, for a session the transaction changed (after its seal): its row written when
    its game is over and was checked in full (the checked mark), rewritten when its end moved,
    withdrawn when it is no longer over. One read of the row by its key otherwise."""
    row = store.db.execute("SELECT head, summary, game, finished, body, seal FROM results WHERE session_id = ?",
                           (sid,)).fetchone()
    over = fields["status"] == "over"
    same = row is not None and row[0] == head and row[1] == fields["summary"]
    if same and checked:  # sealed with this key (a key lost, an older store keyed since: written again)
        same = _Sealer(store).one(row_text(sid, row[2], int(row[3]), row[0], row[1], row[4])) == row[5]
    if row is not None and (not over or not same or not checked):
        withdraw(store, sid)
    if over and checked and not same:
        summary = json.loads(fields["summary"])
        if summary.get("over"):
            live = store.done_end(sid)[1]
            write(store, sid, body_of(fields["game"], summary, float(fields["created"]), float(fields["updated"]),
                                      live - 1), head, fields["summary"])


def write(store: Any, sid: str, body: dict, head: str, summary: str, sealer: _Sealer | None = None) -> None:
    """Store a finished game's sealed row (`summary`: its session's summary, as stored) and add it to
    every aggregate (inside the caller's write)."""
    sealer = sealer or _Sealer(store)
    text = _canonical(body)
    finished = ms(body["finished"])
    seal = sealer.one(row_text(sid, body["game"], finished, head, summary, text))
    store.db.execute("INSERT INTO results (session_id, game, finished, head, summary, body, seal) VALUES"
                     " (?, ?, ?, ?, ?, ?, ?)", (sid, body["game"], finished, head, summary, text, seal))
    keys = sorted({_key(p["name"]) for p in body["players"]})
    store.db.executemany("INSERT INTO result_players (player, session_id) VALUES (?, ?)", [(k, sid) for k in keys])
    row = Row(sid, finished, body)
    _add_tallies(store, sealer, row, leagues_of(store, sid))
    for scope in scopes_of(store, sid, body["game"]):
        rate_in(store, sealer, scope, row)


def withdraw(store: Any, sid: str) -> None:
    """Take a game's row back (reopened, deleted, or about to be rewritten): its players' tallies
    made again from their other rows, every scope's ratings taken back to before it."""
    found = store.db.execute("SELECT game, finished, body FROM results WHERE session_id = ?", (sid,)).fetchone()
    if found is None:
        return
    sealer = _Sealer(store)
    body = json.loads(found[2])
    scopes = scopes_of(store, sid, found[0])
    leagues = leagues_of(store, sid)
    store.db.execute("DELETE FROM result_players WHERE session_id = ?", (sid,))
    store.db.execute("DELETE FROM results WHERE session_id = ?", (sid,))
    _remake_length(store, sealer, found[0], body)
    names = {_key(p["name"]) for p in body["players"]}
    readable = not leagues or _leagues_readable(store)
    for player in sorted(names):
        _remake_tally(store, sealer, "stats", found[0], player)
        for name in leagues if readable else ():
            _remake_tally(store, sealer, "league", name, player)
    if not readable:
        _stale(store, sealer)
    for scope in scopes:
        if scope.startswith(LEAGUE) and not readable:
            continue
        rebuild(store, sealer, scope, (int(found[1]), sid), rate_again=False)  # the next reader rates again


def league_added(store: Any, league: str, sid: str) -> None:
    """A session put in a league: its row (if its game is over) counts in the league's standings
    and ratings from now on."""
    found = store.db.execute("SELECT finished, body FROM results WHERE session_id = ?", (sid,)).fetchone()
    if found is None:
        return
    sealer = _Sealer(store)
    row = Row(sid, int(found[0]), json.loads(found[1]))
    for p in row.body["players"]:
        _bump(store, sealer, "league", league, p, row)
    rate_in(store, sealer, LEAGUE + league, row)


def leagues_of(store: Any, sid: str) -> list[str]:
    if hasattr(store, "leagues_of"):  # a club's server: through its function (leagues hidden from tables)
        return list(store.leagues_of(sid))
    return [r[0] for r in store.db.execute("SELECT league FROM league_sessions WHERE session_id = ? ORDER BY league",
                                           (sid,))]


def _leagues_readable(store: Any) -> bool:
    """Whether this store's role reads the league members (a club's table with the leagues hidden
    does not: what it cannot make again it marks stale, for the organiser's next read)."""
    return not _pg(store) or bool(store._privileged("league_sessions", "SELECT"))


STALE = ("stale", "leagues", "")  # the tally marking the leagues' aggregates to be made again


def _stale(store: Any, sealer: _Sealer) -> None:
    _put_tally(store, sealer, *STALE, {"stale": True})


def fresh_leagues(store: Any) -> bool:
    """The leagues' aggregates made again when a table that could not read the leagues marked them
    stale (when this store can: else False, and the reader counts from the rows)."""
    if store.db.execute("SELECT 1 FROM tallies WHERE kind = ? AND scope = ? AND player = ?", STALE).fetchone() is None:
        return True
    if getattr(store, "readonly", False) or not _leagues_readable(store):
        return False
    with store.write():
        remake(store, leagues_only=True)
    return True


def scopes_of(store: Any, sid: str, game: str) -> list[str]:
    """The rating scopes a game's row counts in: its game, all games, each league holding it."""
    return [game, ALL, *(LEAGUE + name for name in leagues_of(store, sid))]


def _key(name: str) -> str:
    return "p:" + name.casefold()


# -- tallies -----------------------------------------------------------------------------------------

class Row:
    """One game's result as read: its session, finish (ms) and body. (A plain class: an action that
    ends a game never loads dataclasses.)"""

    __slots__ = ("body", "finished", "sid")

    def __init__(self, sid: str, finished: int, body: dict) -> None:
        self.sid, self.finished, self.body = sid, finished, body


def stats_add(t: dict, body: dict, p: dict) -> None:
    """Add one finished game to a player's `stats` tally at its game."""
    game, name, score = body["game"], p["name"], p.get("score")
    winners = body.get("winners") or []
    t["plays"] = t.get("plays", 0) + 1
    length_add(t.setdefault("length", {}), body)  # how long this player's games last (`stats --player`)
    if body["finished"] >= t.get("last", 0):
        t["name"] = name
        t["last"] = body["finished"]
    if score is not None:
        t["scored"] = t.get("scored", 0) + 1
        t["score_sum"] = t.get("score_sum", 0) + score
        t["best"] = score if t.get("best") is None else max(t["best"], score)
    if game in COOPERATIVE:
        tier = body.get("outcome") or "unknown"
        outcomes = t.setdefault("outcomes", {})
        outcomes[tier] = outcomes.get(tier, 0) + 1
        if tier in KREUS_WIN or (tier == "unknown" and name in winners):
            t["wins"] = t.get("wins", 0) + 1
        return
    if name not in winners:
        return
    t["wins"] = t.get("wins", 0) + 1
    if len(winners) > 1:
        t["shared_wins"] = t.get("shared_wins", 0) + 1
    if game in ("kleos", "elysion") and body.get("tie_break"):
        t["tie_break_wins"] = t.get("tie_break_wins", 0) + 1
    if game == "cerebria":
        conditions = t.setdefault("conditions", {})
        conditions[body["condition"]] = conditions.get(body["condition"], 0) + 1


def league_add(t: dict, body: dict, p: dict) -> None:
    """Add one finished game to a player's tally in a league: outright wins (in Kreus the team's),
    shared wins, losses and the game's own number."""
    winners = body.get("winners") or []
    t.setdefault("name", p["name"])
    t["plays"] = t.get("plays", 0) + 1
    t["own"] = t.get("own", 0) + p.get("own", 0)
    if p["name"] in winners and (len(winners) == 1 or body["game"] in COOPERATIVE):
        t["wins"] = t.get("wins", 0) + 1
    elif p["name"] in winners:
        t["shared"] = t.get("shared", 0) + 1
    else:
        t["losses"] = t.get("losses", 0) + 1


ADD = {"stats": stats_add, "league": league_add}


def _put_tally(store: Any, sealer: _Sealer, kind: str, scope: str, player: str, data: dict | None) -> None:
    if data is None:
        store.db.execute("DELETE FROM tallies WHERE kind = ? AND scope = ? AND player = ?", (kind, scope, player))
        return
    text = _canonical(data)
    seal = sealer.one(tally_text(kind, scope, player, text))
    store.db.execute("INSERT INTO tallies (kind, scope, player, data, seal) VALUES (?, ?, ?, ?, ?) ON CONFLICT"
                     " (kind, scope, player) DO UPDATE SET data = excluded.data, seal = excluded.seal",
                     (kind, scope, player, text, seal))


def _locked(store: Any) -> str:
    """On a club's server, a tally read to be changed is locked until the write commits (two tables
    ending games at once add to one game's tallies in turn, never over each other)."""
    return " FOR UPDATE" if _pg(store) and getattr(store, "_dirty", None) is not None else ""


def _get_tally(store: Any, kind: str, scope: str, player: str) -> dict | None:
    row = store.db.execute("SELECT data FROM tallies WHERE kind = ? AND scope = ? AND player = ?" + _locked(store),
                           (kind, scope, player)).fetchone()
    return json.loads(row[0]) if row else None


def _bump(store: Any, sealer: _Sealer, kind: str, scope: str, p: dict, row: Row) -> None:
    player = _key(p["name"])
    t = _get_tally(store, kind, scope, player) or {}
    ADD[kind](t, row.body, p)
    _put_tally(store, sealer, kind, scope, player, t)


def length_add(t: dict, body: dict) -> None:
    """Add one finished game to its game's lengths: turns, actions, minutes (sums, extremes)."""
    t["games"] = t.get("games", 0) + 1
    if body.get("turns") is not None:
        t["turns_n"] = t.get("turns_n", 0) + 1
        t["turns_sum"] = t.get("turns_sum", 0) + body["turns"]
    t["actions_sum"] = t.get("actions_sum", 0) + body["actions"]
    t["minutes_sum"] = t.get("minutes_sum", 0) + body["minutes"]
    t["shortest"] = min(t.get("shortest", body["minutes"]), body["minutes"])
    t["longest"] = max(t.get("longest", body["minutes"]), body["minutes"])


def _add_tallies(store: Any, sealer: _Sealer, row: Row, leagues: list[str]) -> None:
    t = _get_tally(store, "length", row.body["game"], "") or {}
    length_add(t, row.body)
    _put_tally(store, sealer, "length", row.body["game"], "", t)
    for p in row.body["players"]:
        _bump(store, sealer, "stats", row.body["game"], p, row)
        for name in leagues:
            _bump(store, sealer, "league", name, p, row)


def _remake_tally(store: Any, sealer: _Sealer, kind: str, scope: str, player: str) -> None:
    """One player's tally made again from their rows (after one was withdrawn)."""
    if kind == "stats":
        sql = ("SELECT r.session_id, r.finished, r.body FROM results r JOIN result_players x ON x.session_id ="
               " r.session_id WHERE x.player = ? AND r.game = ? ORDER BY r.finished, r.session_id")
    else:
        sql = ("SELECT r.session_id, r.finished, r.body FROM results r JOIN result_players x ON x.session_id ="
               " r.session_id JOIN league_sessions l ON l.session_id = r.session_id WHERE x.player = ?"
               " AND l.league = ? ORDER BY r.finished, r.session_id")
    t: dict = {}
    for _sid, _finished, text in store.db.execute(sql, (player, scope)).fetchall():
        body = json.loads(text)
        for p in body["players"]:
            if _key(p["name"]) == player:
                ADD[kind](t, body, p)
    _put_tally(store, sealer, kind, scope, player, t or None)


def _remake_length(store: Any, sealer: _Sealer, game: str, gone: dict) -> None:
    """A game's lengths without one withdrawn row: its sums taken off; its extremes read again from
    the rows only when it was one of them."""
    t = _get_tally(store, "length", game, "")
    if t is None:
        return
    if t.get("games", 0) <= 1:
        _put_tally(store, sealer, "length", game, "", None)
        return
    if gone["minutes"] in (t.get("shortest"), t.get("longest")):
        t = {}
        for (text,) in store.db.execute("SELECT body FROM results WHERE game = ?", (game,)).fetchall():
            length_add(t, json.loads(text))
    else:
        t["games"] -= 1
        if gone.get("turns") is not None:
            t["turns_n"] -= 1
            t["turns_sum"] -= gone["turns"]
        t["actions_sum"] -= gone["actions"]
        t["minutes_sum"] -= gone["minutes"]
    _put_tally(store, sealer, "length", game, "", t or None)


# -- ratings ------------------------------------------------------------------------------------------

def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _rating_keys(row: Row) -> list[list[tuple[str, str, bool]]]:
    """The teams of one game as (key, name, virtual), in the order `_ranks` gives their places."""
    game = row.body["game"]
    if game in COOPERATIVE:
        return [[(_key(p["name"]), p["name"], False) for p in row.body["players"]],
                [("g:" + game, f"{GAME_PLAYER} ({game})", True)]]
    ordered = sorted(row.body["players"], key=lambda p: p["place"])  # stable: seat order within a place
    return [[(_key(p["name"]), p["name"], False)] for p in ordered]


def _ranks(row: Row) -> list[int]:
    if row.body["game"] in COOPERATIVE:
        return [1, 2] if row.body.get("winners") else [2, 1]
    return sorted(p["place"] for p in row.body["players"])


def rate(model: Any, states: dict[str, dict | None], row: Row) -> dict[str, dict] | None:
    """One game rated: each player's state after it (from `states`, None for a newcomer), or None
    when there is nobody to rate against."""
    teams = _rating_keys(row)
    if len(teams) < 2:
        return None
    current = []
    for team in teams:
        current.append([states.get(k) or {"name": n, "mu": model.mu, "sigma": model.sigma, "games": 0,
                                          "change": 0.0, "last": 0.0, "virtual": v} for k, n, v in team])
    new = model.rate([[model.rating(mu=s["mu"], sigma=s["sigma"]) for s in team] for team in current],
                     ranks=_ranks(row))
    out: dict[str, dict] = {}
    for team, states_of, rated in zip(teams, current, new, strict=True):
        for (k, n, v), s, r in zip(team, states_of, rated, strict=True):
            before = s["mu"] - 3 * s["sigma"]
            out[k] = {"name": s["name"] if v else n, "mu": r.mu, "sigma": r.sigma, "games": s["games"] + 1,
                      "change": (r.mu - 3 * r.sigma) - before, "last": max(s["last"], row.body["finished"]),
                      "virtual": v}
    return out


def _last_step(store: Any, scope: str) -> tuple[int, str] | None:
    row = store.db.execute("SELECT finished, session_id FROM rating_steps WHERE scope = ? ORDER BY finished DESC,"
                           " session_id DESC LIMIT 1", (scope,)).fetchone()
    return (int(row[0]), row[1]) if row else None


def rate_in(store: Any, sealer: _Sealer, scope: str, row: Row) -> None:
    """A row that joins a scope. Rating is left to the next reader (`catch_up`, from `ratings`), so
    the action that ends a game never loads the ratings library: a row that ends after the last
    one rated waits at the end; one that goes in before takes the scope back to just before it
    (each later step undone from its `before`), so the steps kept are always a prefix in order."""
    last = _last_step(store, scope)
    if last is None or last < (row.finished, row.sid):
        return
    if scope.startswith(LEAGUE) and not _leagues_readable(store):
        _stale(store, sealer)
        return
    rebuild(store, sealer, scope, (row.finished, row.sid), rate_again=False)


def _step(store: Any, sealer: _Sealer, model: Any, scope: str, row: Row) -> None:
    keys = [k for team in _rating_keys(row) for k, _n, _v in team]
    marks = ",".join("?" * len(keys))
    states: dict[str, dict | None] = dict.fromkeys(keys)
    for player, data in store.db.execute(f"SELECT player, data FROM tallies WHERE kind = 'rating' AND scope = ?"
                                         f" AND player IN ({marks}) ORDER BY player{_locked(store)}",
                                         (scope, *keys)).fetchall():
        states[player] = json.loads(data)
    after = rate(model, states, row)
    if after is None:  # nobody to rate against: a step of no change, so the scope knows it was seen
        states, after = {}, {}
    data = _canonical({"before": states, "after": after})
    store.db.execute("INSERT INTO rating_steps (scope, finished, session_id, data, seal) VALUES (?, ?, ?, ?, ?)",
                     (scope, row.finished, row.sid, data, sealer.one(step_text(scope, row.finished, row.sid, data))))
    for k, state in after.items():
        _put_tally(store, sealer, "rating", scope, k, state)


def scope_rows(store: Any, scope: str, start: tuple[int, str] | None = None) -> list[Row]:
    """The rows a scope rates, in finishing order (from `start` on)."""
    where, args = _scope_where(scope)
    if start is not None:
        where += " AND (r.finished > ? OR (r.finished = ? AND r.session_id >= ?))"
        args = (*args, start[0], start[0], start[1])
    sql = ("SELECT r.session_id, r.finished, r.body FROM results r"
           + (" JOIN league_sessions l ON l.session_id = r.session_id" if scope.startswith(LEAGUE) else "")
           + f" WHERE {where} ORDER BY r.finished, r.session_id")
    return [Row(r[0], int(r[1]), json.loads(r[2])) for r in store.db.execute(sql, args).fetchall()]


def _scope_where(scope: str) -> tuple[str, tuple]:
    if scope == ALL:
        return "1 = 1", ()
    if scope.startswith(LEAGUE):
        return "l.league = ?", (scope[len(LEAGUE):],)
    return "r.game = ?", (scope,)


def rebuild(store: Any, sealer: _Sealer, scope: str, start: tuple[int, str], model: Any = None,
            rate_again: bool = True) -> None:
    """Take a scope's ratings back to just before `start` (each later step undone from its
    `before`, latest first), then (with `rate_again`) rate its rows from `start` on again, in order."""
    if model is None and rate_again:
        try:
            model = _model()
        except ImportError:
            model = None
    later = store.db.execute(
        "SELECT finished, session_id, data FROM rating_steps WHERE scope = ? AND (finished > ? OR (finished = ? AND"
        " session_id >= ?)) ORDER BY finished DESC, session_id DESC", (scope, start[0], start[0], start[1])).fetchall()
    restored: dict[str, dict | None] = {}
    for _f, _sid, data in later:  # latest first: the earliest step's `before` is what stays
        restored.update(json.loads(data)["before"])
    store.db.execute("DELETE FROM rating_steps WHERE scope = ? AND (finished > ? OR (finished = ? AND"
                     " session_id >= ?))", (scope, start[0], start[0], start[1]))
    for k, state in sorted(restored.items()):
        _put_tally(store, sealer, "rating", scope, k, state)
    if model is None:
        return
    for row in scope_rows(store, scope, start):
        _step(store, sealer, model, scope, row)


def rows_in(store: Any, scope: str) -> int:
    """How many result rows a scope rates."""
    where, args = _scope_where(scope)
    join = " JOIN league_sessions l ON l.session_id = r.session_id" if scope.startswith(LEAGUE) else ""
    return int(store.db.execute(f"SELECT count(*) FROM results r{join} WHERE {where}", args).fetchone()[0])


def behind(store: Any, scope: str) -> bool:
    """Whether a scope has rows not rated yet: the steps kept are always a prefix of its rows in
    finishing order, so its last step and its last row are the same game unless some wait (two
    lookups by index, however many games the scope holds)."""
    where, args = _scope_where(scope)
    join = " JOIN league_sessions l ON l.session_id = r.session_id" if scope.startswith(LEAGUE) else ""
    last = store.db.execute(f"SELECT r.finished, r.session_id FROM results r{join} WHERE {where} ORDER BY"
                            " r.finished DESC, r.session_id DESC LIMIT 1", args).fetchone()
    return (None if last is None else (int(last[0]), last[1])) != _last_step(store, scope)


def rating_scopes(store: Any) -> list[str]:
    """Every scope a rating is kept in or will be (each game with a row, all games), leagues' aside."""
    kept = {r[0] for r in store.db.execute("SELECT DISTINCT scope FROM tallies WHERE kind = 'rating'").fetchall()
            if not r[0].startswith(LEAGUE)}
    # each game with a row: one index lookup a known game (not a pass over the rows), and any other
    # game its `stats` tallies name
    games = {g for g in registry.names() if store.db.execute("SELECT 1 FROM results WHERE game = ? LIMIT 1",
                                                             (g,)).fetchone() is not None}
    games |= {r[0] for r in store.db.execute("SELECT DISTINCT scope FROM tallies WHERE kind = 'stats'").fetchall()}
    return sorted(kept | games | ({ALL} if games else set()))


def catch_up(store: Any, scope: str) -> bool:
    """Rate the rows of a scope not rated yet (ended while the ratings library was missing, or
    from before this schema): from the earliest one on. True when anything was rated."""
    where, args = _scope_where(scope)
    join = " JOIN league_sessions l ON l.session_id = r.session_id" if scope.startswith(LEAGUE) else ""
    first = store.db.execute(
        f"SELECT r.finished, r.session_id FROM results r{join} WHERE {where} AND NOT EXISTS (SELECT 1 FROM"
        " rating_steps s WHERE s.scope = ? AND s.finished = r.finished AND s.session_id = r.session_id)"
        " ORDER BY r.finished, r.session_id LIMIT 1", (*args, scope)).fetchone()
    if first is None:
        return False
    rebuild(store, _Sealer(store), scope, (int(first[0]), first[1]))
    return True


# -- reading, checked ---------------------------------------------------------------------------------

class Read:
    """What a reader gets: the rows it asked for (checked), what was left out and why, and whether
    the aggregates may stand for the rows (every row of the scope held its seal)."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.left_out: list[tuple[str, str]] = []
        self.clean = True


TAMPERED = "its result row was changed outside the referee: its seal does not match (see `referee verify {sid}`)"
MOVED = ("its status or log changed outside the referee after its result was sealed (the "
         "session's head is not the one its result was computed from; see `referee verify {sid}`)")
EDITED = ("its summary was changed outside the referee after its result was sealed (see "
          "`referee verify {sid}`)")


def _holds_sql() -> str:
    """SQL true when the session `s` still is what its result row `r` was computed from: over, its
    summary the same, its log ending at the same head (the row at its recorded
    length there, carrying that link: a cut log or a damaged index shows here)."""
    return f"s.status = 'over' AND s.head = r.head AND r.summary = s.summary AND {_ENDS}"


def _why_moved(store: Any, sid: str) -> str:
    """What a reader names for a session that no longer matches its row: its own check's words
    when its seal or log says what (a cut log, a damaged file, an edited row), else which part moved."""
    problem = store.seal_problem(sid)
    if problem:
        return problem
    meta = store.db.execute("SELECT summary FROM sessions WHERE id = ?", (sid,)).fetchone()
    row = store.db.execute("SELECT summary FROM results WHERE session_id = ?", (sid,)).fetchone()
    if meta is not None and row is not None and meta[0] != row[0]:
        return EDITED.format(sid=sid)
    return MOVED.format(sid=sid)


def pending(store: Any, game: str | None = None) -> list[str]:
    """The finished sessions (of `game`) that have no result row yet."""
    sql = ("SELECT id FROM sessions s WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE"
           " r.session_id = s.id)")
    return [r[0] for r in store.db.execute(sql + (" AND game = ?" if game else "") + " ORDER BY id",
                                           (game,) if game else ())]


def _unwritten(store: Any, game: str | None) -> bool:
    """Whether some finished session (of `game`) may lack its row: two counts on their indexes."""
    where, args = (" AND game = ?", (game,)) if game else ("", ())
    over = store.db.execute(f"SELECT count(*) FROM sessions WHERE status = 'over'{where}", args).fetchone()[0]
    written = store.db.execute(f"SELECT count(*) FROM results WHERE 1 = 1{where}", args).fetchone()[0]
    return int(over) != int(written)


def fill(store: Any, game: str | None = None) -> tuple[list[Row], list[tuple[str, str]]]:
    """The finished sessions without a row, checked as `stats` always checked them (their seal, and
    their full check when they lack the checked mark): those that hold get their row (written when
    the store can be, else only read), those that fail are named. Returns (rows only read, failing)."""
    from referee.record.integrity import full_problem

    ids = pending(store, game)
    if not ids:
        return [], []
    failing: list[tuple[str, str]] = []
    good: list[tuple[str, dict, str, str]] = []
    for sid in ids:
        problem = store.seal_problem(sid) or full_problem(store, sid)
        if problem:
            failing.append((sid, problem))
            continue
        meta = store.session(sid)
        summary = meta["summary"]
        if not isinstance(summary, dict) or not summary.get("over"):
            failing.append((sid, "its summary cannot be read"))
            continue
        body = body_of(meta["game"], summary, float(meta["created"]), float(meta["updated"]),
                       store.done_end(sid)[1] - 1)
        good.append((sid, body, meta["head"], meta["summary_text"]))
    if not good:
        return [], failing
    if getattr(store, "readonly", False):
        return [Row(sid, ms(body["finished"]), body) for sid, body, _head, _sum in good], failing
    with store.write():
        sealer = _Sealer(store)
        counted = False  # a row taken out by hand: its game is in the aggregates already
        for sid, body, head, summary in good:
            if store.db.execute("SELECT 1 FROM results WHERE session_id = ?", (sid,)).fetchone() is None:
                counted = counted or store.db.execute(
                    "SELECT 1 FROM rating_steps WHERE scope = ? AND finished = ? AND session_id = ?",
                    (body["game"], ms(body["finished"]), sid)).fetchone() is not None
                write(store, sid, body, head, summary, sealer)
        if counted:
            remake(store)
    return [], failing


def read(store: Any, game: str | None = None, since: float | None = None, player: str | None = None,
         league: str | None = None, rows: bool = True) -> Read:
    """The checked rows (of `game`, finished on or after `since`, with `player`, in `league`), in
    finishing order; those that fail their seal, or whose session moved since, are left out and
    named. With `rows=False` only the check is made (the aggregates will be read instead)."""
    out = Read()
    where: list[str] = ["1 = 1"]
    args: list[Any] = []
    join = ""
    if game:
        where.append("r.game = ?")
        args.append(game)
    if league is not None:
        join += " JOIN league_sessions l ON l.session_id = r.session_id"
        where.append("l.league = ?")
        args.append(league)
    if since is not None:
        where.append("r.finished >= ?")
        args.append(ms(since))
    if player is not None:
        join += " JOIN result_players x ON x.session_id = r.session_id"
        where.append("x.player = ?")
        args.append(_key(player))
    clause = " AND ".join(where)
    scope_sql = f"session_id IN (SELECT r.session_id FROM results r{join} WHERE {clause})" if join or len(where) > 1 \
        else ""
    if _pg(store):  # the server checks the rows it has not seen as they are now (`PG_READ_CHECK`)
        asked = "NULL" if not scope_sql else f"ARRAY(SELECT r.session_id FROM results r{join} WHERE {clause})"
        found = store.db.execute(f"SELECT session_id, sealed, holds FROM referee_result_problems({asked})",
                                 tuple(args) if scope_sql else ()).fetchall()
        bad = {r[0] for r in found if not r[1]}
        moved = {r[0] for r in found if not r[2]}
    else:  # one statement: each row's seal checked as SQLite reads it; only the rows that fail come back
        holds = _holds_sql()
        store.db.execute("PRAGMA mmap_size = 1073741824")
        sealed = _row_sealed_sql(store, "r.")
        found = store.db.execute(
            f"SELECT r.session_id, {sealed}, COALESCE({holds}, 0) FROM results r{join} LEFT JOIN sessions s ON"
            f" s.id = r.session_id WHERE {clause} AND NOT ({sealed} AND COALESCE({holds}, 0))", tuple(args)).fetchall()
        bad = {r[0] for r in found if not r[1]}
        moved = {r[0] for r in found if not r[2]}
    extra: list[Row] = []
    if moved or _unwritten(store, game):
        extra, out.left_out = fill(store, game)
        out.clean = not extra
    for sid in sorted(bad):
        out.left_out.append((sid, TAMPERED.format(sid=sid)))
    for sid in sorted(moved - bad):
        out.left_out.append((sid, _why_moved(store, sid)))
    if bad or moved:
        out.clean = False
    if rows or not out.clean:
        found = store.db.execute(
            f"SELECT r.session_id, r.finished, r.body FROM results r{join} WHERE {clause} ORDER BY r.finished,"
            " r.session_id", tuple(args)).fetchall()
        skip = bad | moved
        out.rows = [Row(r[0], int(r[1]), json.loads(r[2])) for r in found if r[0] not in skip]
        if extra:
            wanted = _key(player) if player else None
            members = set(store.league(league)["sessions"]) if league is not None and store.league(league) else None
            for row in extra:
                if (since is None or row.finished >= ms(since)) and (wanted is None or any(
                        _key(p["name"]) == wanted for p in row.body["players"])) and (
                        members is None or row.sid in members):
                    out.rows.append(row)
            out.rows.sort(key=lambda r: (r.finished, r.sid))
    return out


def tallies(store: Any, kind: str, scope: str | None = None) -> dict[tuple[str, str], dict] | None:
    """{(scope, player): data} of one kind of aggregate (of one scope), None when any fails its seal
    (the reader then counts from the rows)."""
    found = tallies_of(store, (kind,), None if scope is None else [scope])
    return None if found is None else found[kind]


def tallies_of(store: Any, kinds: tuple[str, ...], scopes: list[str] | None = None
               ) -> dict[str, dict[tuple[str, str], dict]] | None:
    """{kind: {(scope, player): data}} of several kinds of aggregate (of some scopes), checked in one
    pass (on a club's server one scan of the table); None when any fails its seal. Each kind's
    rows come in scope and player order."""
    where = f"kind IN ({', '.join('?' * len(kinds))})"
    args: tuple[str, ...] = tuple(kinds)
    if scopes is not None:
        where += f" AND scope IN ({', '.join('?' * len(scopes))})"
        args += tuple(scopes)
    if _failing(store, "tallies", "scope, player", TALLY_SQL, where, args):
        return None
    out: dict[str, dict[tuple[str, str], dict]] = {kind: {} for kind in kinds}
    for kind, scope, player, data in store.db.execute(
            f"SELECT kind, scope, player, data FROM tallies WHERE {where} ORDER BY kind, scope, player", args):
        out[kind][(scope, player)] = json.loads(data)
    return out


def steps(store: Any, scope: str) -> list[tuple[str, int, dict]] | None:
    """(session, finish, after) of every rated game of a scope in order (a chart's points), None
    when one fails its seal."""
    if _failing(store, "rating_steps", "scope, session_id", STEP_SQL, "scope = ?", (scope,)):
        return None
    return [(r[0], int(r[1]), json.loads(r[2])["after"]) for r in store.db.execute(
        "SELECT session_id, finished, data FROM rating_steps WHERE scope = ? ORDER BY finished, session_id",
        (scope,)).fetchall()]


# -- verify, and an older store's rows -------------------------------------------------------------------

def row_problem(store: Any, sid: str) -> str | None:
    """`verify`: a session's result row (when it has one) against its seal and against its session
    (the head it was computed from, the summary it was computed from, and what that summary gives
    now); None when it holds."""
    row = store.db.execute("SELECT game, finished, head, summary, body, seal FROM results WHERE session_id = ?",
                           (sid,)).fetchone()
    if row is None:
        return None
    game, finished, head, kept, text, seal = row
    if _Sealer(store).one(row_text(sid, game, int(finished), head, kept, text)) != seal:
        return TAMPERED.format(sid=sid)
    meta = store.db.execute("SELECT head, status, summary, created, updated FROM sessions WHERE id = ?",
                            (sid,)).fetchone()
    if meta is None or meta[0] != head or meta[1] != "over":
        return MOVED.format(sid=sid)
    if meta[2] != kept:
        return EDITED.format(sid=sid)
    try:
        again = body_of(game, json.loads(meta[2]), float(meta[3]), float(meta[4]), store.done_end(sid)[1] - 1)
    except (ValueError, TypeError, KeyError):
        again = None
    if again != json.loads(text):
        return ("its result row does not say what its session's summary says (one of the two was changed outside "
                f"the referee; see `referee verify {sid}`)")
    return None


def problems(store: Any) -> list[tuple[str, str]]:
    """`verify --all`, beyond each session's row (`row_problem`): every aggregate against its seal."""
    out: list[tuple[str, str]] = []
    for kind, scope, player in sorted(_failing(store, "tallies", "kind, scope, player", TALLY_SQL)):
        out.append((f"{kind} tally {scope}/{player[2:]}", "an aggregate was changed outside the referee: its seal "
                    "does not match (`referee verify --all --reseal` makes the aggregates again from the rows)"))
    for scope, sid in sorted(_failing(store, "rating_steps", "scope, session_id", STEP_SQL)):
        out.append((f"rating step {scope}/{sid}", "a rating step was changed outside the referee: its seal does not "
                    "match (`referee verify --all --reseal` makes the aggregates again from the rows)"))
    for kind, scope, player in _missing_tallies(store):
        out.append((f"{kind} tally {scope}/{player[2:]}", "an aggregate the result rows call for is missing (deleted "
                    "outside the referee: a seal cannot show a row that is gone; `referee verify --all --reseal` "
                    "makes the aggregates again from the rows)"))
    return out


def _missing_tallies(store: Any) -> list[tuple[str, str, str]]:
    """The tallies (a game's lengths, a player's at a game and in a league) that the result rows
    holding their seal call for and the store does not hold: one pass over the rows."""
    bad = {k[0] for k in _failing(store, "results", "session_id", ROW_SQL)}
    members: dict[str, list[str]] = {}
    if _leagues_readable(store) and store.db.execute(
            "SELECT 1 FROM tallies WHERE kind = ? AND scope = ? AND player = ?", STALE).fetchone() is None:
        for league, sid in store.db.execute("SELECT league, session_id FROM league_sessions").fetchall():
            members.setdefault(sid, []).append(league)
    wanted: set[tuple[str, str, str]] = set()
    for sid, game, body in store.db.execute("SELECT session_id, game, body FROM results").fetchall():
        if sid in bad:
            continue
        wanted.add(("length", game, ""))
        for p in json.loads(body)["players"]:
            wanted.add(("stats", game, _key(p["name"])))
            wanted.update(("league", name, _key(p["name"])) for name in members.get(sid, ()))
    held = {tuple(r) for r in store.db.execute(
        "SELECT kind, scope, player FROM tallies WHERE kind IN ('length', 'stats', 'league')").fetchall()}
    return sorted(wanted - held)


def mend(store: Any) -> tuple[list[str], bool]:
    """`verify --all --reseal`: every result row that fails (its seal, or its session since) taken
    out, each finished session without a row checked as `stats` checks it and given its row, and
    the aggregates made again from the rows when any row was taken out or any aggregate fails.
    Returns (the sessions whose row was made again, whether the aggregates were)."""
    bad = sorted({k[0] for k in _failing(store, "results", "session_id", ROW_SQL)} | {r[0] for r in store.db.execute(
        "SELECT r.session_id FROM results r JOIN sessions s ON s.id = r.session_id WHERE s.head <> r.head OR"
        " s.status <> 'over' OR r.summary <> s.summary").fetchall()})
    if not bad and not problems(store):
        return [], False
    with store.write():
        for sid in bad:
            store.db.execute("DELETE FROM result_players WHERE session_id = ?", (sid,))
            store.db.execute("DELETE FROM results WHERE session_id = ?", (sid,))
        failing = {sid for sid, _problem in fill_all(store)}
    return [sid for sid in bad if sid not in failing], True


def remake(store: Any, leagues_only: bool = False) -> None:
    """Every aggregate (the leagues' only, with `leagues_only`) made again from the result rows that
    hold their seal (inside the caller's write): the tallies in one pass, then each scope rated in
    finishing order. What an upgrade and `verify --all --reseal` run."""
    sealer = _Sealer(store)
    bad = {k[0] for k in _failing(store, "results", "session_id", ROW_SQL)}
    rows = [Row(r[0], int(r[1]), json.loads(r[2])) for r in store.db.execute(
        "SELECT session_id, finished, body FROM results ORDER BY finished, session_id").fetchall() if r[0] not in bad]
    members: dict[str, list[str]] = {}
    for league, sid in store.db.execute("SELECT league, session_id FROM league_sessions").fetchall():
        members.setdefault(sid, []).append(league)
    made: dict[tuple[str, str, str], dict] = {}
    for row in rows:
        if not leagues_only:
            length_add(made.setdefault(("length", row.body["game"], ""), {}), row.body)
        for p in row.body["players"]:
            if not leagues_only:
                stats_add(made.setdefault(("stats", row.body["game"], _key(p["name"])), {}), row.body, p)
            for name in members.get(row.sid, ()):
                league_add(made.setdefault(("league", name, _key(p["name"])), {}), row.body, p)
    steps_made: list[tuple] = []
    try:
        model = _model()
    except ImportError:
        model = None
    if model is not None:
        states: dict[tuple[str, str], dict] = {}
        for row in rows:
            leagues = [LEAGUE + n for n in sorted(members.get(row.sid, ()))]
            for scope in leagues if leagues_only else (row.body["game"], ALL, *leagues):
                keys = [k for team in _rating_keys(row) for k, _n, _v in team]
                before = {k: states.get((scope, k)) for k in keys}
                after = rate(model, before, row)
                if after is None:
                    before, after = {}, {}
                for k, state in after.items():
                    states[(scope, k)] = state
                steps_made.append((scope, row.finished, row.sid, _canonical({"before": before, "after": after})))
        for (scope, k), state in states.items():
            made[("rating", scope, k)] = state
    if leagues_only:
        store.db.execute("DELETE FROM tallies WHERE kind IN ('league', 'stale') OR (kind = 'rating' AND scope LIKE"
                         " 'league:%')")
        store.db.execute("DELETE FROM rating_steps WHERE scope LIKE 'league:%'")
    else:
        store.db.execute("DELETE FROM tallies")
        store.db.execute("DELETE FROM rating_steps")
    items = sorted(made.items())
    texts = [_canonical(data) for _k, data in items]
    seals = sealer.many([tally_text(kind, scope, player, t) for ((kind, scope, player), _d), t in
                         zip(items, texts, strict=True)])
    store.db.executemany("INSERT INTO tallies (kind, scope, player, data, seal) VALUES (?, ?, ?, ?, ?)",
                         [(*k, t, s) for (k, _d), t, s in zip(items, texts, seals, strict=True)])
    for i in range(0, len(steps_made), 5000):
        chunk = steps_made[i:i + 5000]
        seals = sealer.many([step_text(*s) for s in chunk])
        store.db.executemany("INSERT INTO rating_steps (scope, finished, session_id, data, seal) VALUES (?, ?, ?, ?, ?)",
                             [(*s, seal) for s, seal in zip(chunk, seals, strict=True)])


def fill_all(store: Any, checked: bool = False) -> list[tuple[str, str]]:
    """Every finished session without a row gets one, in bulk (inside the caller's write): checked
    first as `stats` checks them unless `checked` (a caller that wrote them just now through the
    session layer's seal); then every aggregate made again. Returns the sessions that failed."""
    from referee.record.integrity import full_problem

    sealer = _Sealer(store)
    failing: list[tuple[str, str]] = []
    broken = {} if checked else store.seal_problems()
    values, players = [], []
    for sid, game, created, updated, summary, head in store.db.execute(
            "SELECT id, game, created, updated, summary, head FROM sessions s WHERE status = 'over' AND NOT EXISTS"
            " (SELECT 1 FROM results r WHERE r.session_id = s.id) ORDER BY id").fetchall():
        problem = broken.get(sid) or (None if checked else full_problem(store, sid))
        try:
            parsed = json.loads(summary)
        except ValueError:
            parsed = None
        if problem is None and not (isinstance(parsed, dict) and parsed.get("over")):
            problem = "its summary cannot be read"
        if problem:
            failing.append((sid, problem))
            continue
        assert isinstance(parsed, dict)
        body = body_of(game, parsed, float(created), float(updated), store.done_end(sid)[1] - 1)
        text = _canonical(body)
        values.append((sid, game, ms(body["finished"]), head, summary, text))
        players += [(k, sid) for k in sorted({_key(p["name"]) for p in body["players"]})]
    for i in range(0, len(values), 5000):
        chunk = values[i:i + 5000]
        seals = sealer.many([row_text(*v) for v in chunk])
        store.db.executemany("INSERT INTO results (session_id, game, finished, head, summary, body, seal) VALUES"
                             " (?, ?, ?, ?, ?, ?, ?)", [(*v, s) for v, s in zip(chunk, seals, strict=True)])
    store.db.executemany("INSERT INTO result_players (player, session_id) VALUES (?, ?)", players)
    remake(store)
    return failing
