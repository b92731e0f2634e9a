"""The SQL both stores run the same way: sessions, their action rows, the chain and the seal,
the card library's one shared write, copies of sessions (push) and leagues.

`PortableStore` holds it, written with `?` marks (both dialects' connections take them); `Store`
(SQLite) and `PgStore` (PostgreSQL) inherit it, and each says in its own module what its dialect
says its own way (its connection, its transactions, its `LOG_ENDS` and `_SELECT`, its key).
Calls go through `self`, so a store's own version of a method (PgStore's row lock per session,
its session rows with a withheld seed) is the one that runs.
"""
from __future__ import annotations

import json
import time
from contextlib import AbstractContextManager
from typing import Any

from referee.model.errors import StorageError
from referee.model.i18n import _, ngettext
from referee.record.chain import (
    KEYED,
    SEAL_FIELDS,
    canonical_json,
    digest_problem,
    head_of,
    keyed_input,
    keyed_parts,
    link_text,
    row_digest,
    seal_text,
)
from referee.record.schema import SESSION_COLUMNS

COMMITS = [0]  # write transactions committed by this process (so a failed output can say what was stored)


# -- the seal (see referee.record.chain): written with every change, checked on every read ---------

EDITED_ROWS = "an action's events, reason or time was changed outside the referee"
OTHER_KEY = ("it was sealed with another key (key {theirs}; this referee's key is {ours}): its key file was lost "
             "or replaced, or the store comes from another machine, so this key cannot prove its seal; `referee "
             "verify {sid}` re-checks it whole from its log, and `referee verify --reseal {sid}` seals it again "
             "with this key after that check")


class PortableStore:
    """What both stores run the same way; each store says what its dialect needs (below)."""

    db: Any  # the connection: execute / executemany with `?` marks, fetchone / fetchall
    LOG_ENDS: str  # (session id, number of rows, last link, last idx, last digest) of every log, in the dialect's SQL
    _SELECT: str  # what a session read selects
    _dirty: set[str] | None = None  # sessions changed by the open write transaction: sealed again at commit
    _vouched: dict[str, tuple] | None = None  # sessions checked before this transaction's first change to them
    _checked: set[str] | None = None  # sessions checked in full (replayed from the seed) in this transaction

    path: Any  # where the store is (a file, a server's address), as messages name it

    # what each store does its own way
    def mac(self, text: str) -> str | None:
        """`ID:HMAC` of `text` under the store's key."""
        raise NotImplementedError

    def write(self) -> AbstractContextManager[None]:
        """One write transaction."""
        raise NotImplementedError

    def columns(self, table: str) -> list[str]:
        """The columns `table` has in this store."""
        raise NotImplementedError

    def has_table(self, table: str) -> bool:
        """Whether this store holds `table` (an older store may not hold a newer one yet)."""
        raise NotImplementedError

    def storage_check(self, quick: bool = False) -> list[str]:
        """The store's own check of its storage: what it reports, [] when sound."""
        raise NotImplementedError

    def library_put_many(self, game: str, kind: str, cards: dict[str, dict]) -> None:
        """Write several entries of a card library at once."""
        raise NotImplementedError

    def _mark(self, sid: str) -> None:
        """Session `sid` changed: sealed again when the transaction commits (at once outside one)."""
        if self._dirty is None:
            self.reseal(sid)
        else:
            self._dirty.add(sid)

    def _before(self, sid: str) -> None:
        """Before this transaction's first change to session `sid`: its seal must hold (the cheap
        check, the rows counted), so that no change is ever sealed over an edit made outside the
        referee (refused, exit 3, nothing written). A session made or checked in this transaction
        passes at once."""
        if self._dirty is not None and (sid in self._dirty or sid in (self._vouched or {})):
            return
        problem = self.seal_problem(sid)
        if problem is not None and not problem.startswith("no session"):
            raise StorageError(_("session '{sid}' fails its integrity check: {problem} (see `referee verify {sid}`); "
                                 "nothing was written").format(sid=sid, problem=problem))
        self._vouch(sid)

    def _vouch(self, sid: str) -> None:
        """Session `sid` passed its check in this write transaction: its seal's state is kept, so the
        seal written at commit keeps its checked mark when the log's end did not move."""
        if self._dirty is None:
            return
        if self._vouched is None:
            self._vouched = {}
        fields = self._seal_fields(sid)
        if fields is not None:
            parts = keyed_parts(str(fields["_seal"]))
            self._vouched[sid] = (fields["_head"], fields["_length"], fields["_digest"],
                                   bool(parts and parts[1] == "c"))

    def _reseal_dirty(self) -> None:
        for sid in sorted(self._dirty or ()):
            self.reseal(sid)

    def _seal_fields(self, sid: str) -> dict | None:
        row = self.db.execute(f"SELECT {', '.join(SEAL_FIELDS)}, head, length, digest, seal FROM sessions"
                              " WHERE id = ?", (sid,)).fetchone()
        if row is None:
            return None
        out = dict(zip((*SEAL_FIELDS, "_head", "_length", "_digest", "_seal"), row, strict=True))
        for key in ("created", "updated"):
            if isinstance(out[key], int):
                out[key] = float(out[key])
        return out

    def _log_end(self, sid: str, count: bool = False) -> tuple[int, str, str]:
        """(how many action rows, the last one's link, the last one's digest) as stored: one read of
        the last row. With `count` (every check but the upgrades'), the rows are counted, so a row
        removed in the middle shows at once (the primary key's index: a count, no row read);
        without, their number is the last one's plus one."""
        last = self.db.execute("SELECT idx, link, digest FROM actions WHERE session_id = ? ORDER BY idx DESC LIMIT 1",
                                (sid,)).fetchone()
        if last is None:
            return 0, "", ""
        n = int(last[0]) + 1
        if count:
            counted = int(self.db.execute("SELECT COUNT(*) FROM actions WHERE session_id = ?", (sid,)).fetchone()[0])
            if counted != n:  # a row missing in the middle (or one added out of order)
                n = counted
        return n, last[1], last[2]

    def head(self, sid: str) -> str:
        """The last link of the session's log as stored (its head in full)."""
        return self._log_end(sid)[1]

    def _keyed_seal(self, fields: dict, head: str, length: int, digest: str, checked: bool) -> str | None:
        """The keyed seal (`referee.record.chain`), None when the store has no key yet (a club's server
        before its owner set one)."""
        flag = "c" if checked else "o"
        made = self.mac(keyed_input(flag, seal_text(fields, head, length, digest)))
        if made is None:
            return None
        kid, _sep, value = made.partition(":")
        return f"{KEYED}{kid}:{flag}:{value}"

    def reseal(self, sid: str, checked: bool | None = None) -> None:
        """Write the session row's head, length, digest and keyed seal from what is stored now: the
        last row's link and digest (each row's digest is written with the row, chained to the one
        before it), so sealing again reads one row whatever the log's length. The seal is marked
        checked when the session was checked in full in this transaction (`_checked`), or was so
        marked when this transaction first checked it and its log's end has not moved since."""
        from referee.record.chain import seal_of

        fields = self._seal_fields(sid)
        if fields is None:  # purged meanwhile
            return
        length, head, digest = self._log_end(sid)
        if checked is None:
            was = (self._vouched or {}).get(sid)
            checked = sid in (self._checked or ()) or bool(was and was[3] and was[:3] == (head, length, digest))
        seal = self._keyed_seal(fields, head, length, digest, checked) or seal_of(fields, head, length, digest)
        self.db.execute("UPDATE sessions SET head = ?, length = ?, digest = ?, seal = ? WHERE id = ?",
                        (head, length, digest, seal, sid))
        from referee.record import results

        results.sync(self, sid, fields, head, checked)  # its game's result row: written, rewritten or withdrawn

    def unmarked(self, game: str | None = None) -> list[str]:
        """The finished sessions (of `game`) whose seal does not carry the checked mark."""
        sql = "SELECT id FROM sessions WHERE status = 'over' AND seal NOT LIKE 'k1:%:c:%'"
        args = (game,) if game else ()
        return [r[0] for r in self.db.execute(sql + (" AND game = ?" if game else "") + " ORDER BY id", args)]

    def checked_mark(self, sid: str) -> bool:
        """Whether the session's seal carries the checked mark (its seal itself checked elsewhere)."""
        fields = self._seal_fields(sid)
        parts = keyed_parts(str(fields["_seal"])) if fields else None
        return bool(parts and parts[1] == "c")

    def seal_problem(self, sid: str, rows: list[dict] | None = None, count: bool = True) -> str | None:
        """What breaks the seal of session `sid`, None when it holds. With `rows` (every stored
        action row, as `actions(sid, ALL_STATUSES)` reads them) every row's digest is computed again
        from the first row on (the full check); without, only the session row and the end of its log
        (cheap: what `stats`, leagues and `sessions` use). `count=False`: the cheap check takes the
        log's length from its last row's number instead of counting the rows (an action, a view and a
        Tab before they trust the snapshot: the same cost at any length)."""
        fields = self._seal_fields(sid)
        if fields is None:
            return f"no session '{sid}'"
        if rows is None:
            n, last, last_digest = self._log_end(sid, count)
        else:
            n, last, last_digest = len(rows), (rows[-1]["link"] if rows else ""), (rows[-1]["digest"] if rows else "")
        problem = self._row_problem(fields, n, last, last_digest)
        if problem is None and rows is not None:
            bad = digest_problem(rows)
            if bad is not None:
                return f"{EDITED_ROWS} (action {bad}): the seal does not match"
        return problem

    def seal_problems(self, game: str | None = None) -> dict[str, str]:
        """The cheap check of `seal_problem` for every session (of `game`) at once, the rows counted:
        {id: problem} for those that fail (what `stats` uses over thousands of sessions)."""
        sql = f"SELECT {', '.join(SEAL_FIELDS)}, head, length, digest, seal FROM sessions"
        rows = self.db.execute(sql + (" WHERE game = ?" if game else ""), (game,) if game else ()).fetchall()
        ends = {r[0]: (int(r[1]), r[2], r[4]) for r in self.db.execute(self.LOG_ENDS).fetchall()}
        out = {}
        for row in rows:
            fields = dict(zip((*SEAL_FIELDS, "_head", "_length", "_digest", "_seal"), row, strict=True))
            for key in ("created", "updated"):
                if isinstance(fields[key], int):
                    fields[key] = float(fields[key])
            problem = self._row_problem(fields, *ends.get(fields["id"], (0, "", "")))
            if problem:
                out[fields["id"]] = problem
        return out

    def _lost(self, sid: str, k: int) -> str:
        """Where `k` missing rows were: at the end of the log, or in its middle (the first one named)."""
        gap = self.db.execute(
            "SELECT MIN(a.idx) + 1 FROM actions a WHERE a.session_id = ? AND a.idx < (SELECT MAX(idx) FROM actions"
            " WHERE session_id = ?) AND NOT EXISTS (SELECT 1 FROM actions b WHERE b.session_id = a.session_id"
            " AND b.idx = a.idx + 1)", (sid, sid)).fetchone()
        first = self.db.execute("SELECT MIN(idx) FROM actions WHERE session_id = ?", (sid,)).fetchone()
        if first and first[0] not in (None, 0):
            return f"; {k} were removed (action 0 is missing)"
        if gap and gap[0] is not None:
            return f"; {k} were removed (action {gap[0]} is missing, in the middle of the log)"
        return f"; the last {k} were removed"

    def _row_problem(self, fields: dict, n: int, last: str, last_digest: str) -> str | None:
        """The session row against the end of its log (`n` rows, the last one's link `last` and digest
        `last_digest`) and its keyed seal."""
        head, length, digest = fields["_head"], fields["_length"], fields["_digest"]
        if not fields["_seal"]:
            return "the session row carries no seal (it was written outside the referee)"
        if not isinstance(length, int) or n != length:
            lost = self._lost(fields["id"], length - n) if isinstance(length, int) and n < length else ""
            damage = self.storage_check(quick=True)
            if damage:  # not an edit: the file itself is damaged, and these rows cannot be read
                lost = (f"; {length - n} cannot be read: the store's file is damaged (SQLite's check: "
                        f"{'; '.join(damage[:3])})") if isinstance(length, int) and n < length else \
                    f"; the store's file is damaged (SQLite's check: {'; '.join(damage[:3])})"
            rows = ngettext("{n} action row", "{n} action rows", length if isinstance(length, int) else 2).format(n=length)
            return f"the session row records {rows} ending at head {head_of(str(head))}, the log holds {n}{lost}"
        if last != head:
            return (f"its last action's link ({head_of(last)}) is not the head the session row records "
                    f"({head_of(str(head))}): the end of the log was replaced")
        if last_digest != digest:
            return (f"{EDITED_ROWS}: its last action's digest ({head_of(last_digest)}) is not the one the session "
                    f"row records ({head_of(str(digest))})")
        parts = keyed_parts(str(fields["_seal"]))
        if parts is None:
            return ("its seal was made without the referee's key (a store from before keyed seals is sealed again "
                    "with the key when a referee first opens it for writing): it was sealed outside the referee")
        made = self.mac(keyed_input(parts[1], seal_text(fields, head, length, digest)))
        if made is None:
            return "the store has no key to check its seals with (see `referee club init`)"
        ours, _sep, value = made.partition(":")
        if parts[0] != ours:
            return OTHER_KEY.format(theirs=parts[0] or "?", ours=ours, sid=fields["id"])
        if parts[1] not in ("c", "o") or parts[2] != value:
            return ("the session row (its game, name, seed, commitment, status, summary, times or origin) was changed"
                    " outside the referee: its seal does not match")
        return None

    def new_session_id(self, game: str) -> str:
        """The next free id of `game` (`kleos-3`)."""
        return self._next_id(game, f"{game}-")

    def _next_id(self, game: str, prefix: str) -> str:
        """The next free number after `prefix` (`kleos-`; on a club's server a table's own ids
        start with its role's name, `kleos-table3-`)."""
        rows = self.db.execute("SELECT id FROM sessions WHERE game = ?", (game,)).fetchall()
        numbers = [int(r[0][len(prefix):]) for r in rows if r[0].startswith(prefix) and r[0][len(prefix):].isdigit()]
        return f"{prefix}{max(numbers, default=0) + 1}"

    def create_session(self, game: str, name: str, seed: str, rules_version: str, record: dict, summary: dict,
                       commitment: str = "", seed_public: bool = True, created: float | None = None,
                       origin: str = "", unverified: bool = False) -> str:
        """Create a session whose log starts with the `new` record; returns its id.

        `commitment` is `sha256:` of the seed; `seed_public` is False when the seed was
        generated and stays secret until the game is over."""
        now = time.time()
        sid = self.new_session_id(game)
        self.db.execute(
            "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used,"
            " commitment, seed_public, origin, unverified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, game, name, seed, rules_version, "over" if summary.get("over") else "open",
             json.dumps(summary), now if created is None else created, now, now, commitment, 1 if seed_public else 0,
             origin, 1 if unverified else 0),
        )
        self._mark(sid)  # made here: sealed at commit, nothing to check before its first row
        self.insert_action(sid, 0, record)
        return sid

    def session(self, sid: str) -> dict:
        row = self.db.execute(f"SELECT {self._SELECT} FROM sessions WHERE id = ?", (sid,)).fetchone()
        if row is None:
            raise StorageError(_("no session '{id}' in {path} (see `referee sessions --all`)").format(
                id=sid, path=self.path))
        return self._session_row(row)

    def _session_row(self, row: tuple) -> dict:
        cols = [c.strip() for c in SESSION_COLUMNS.split(",")]
        out = dict(zip(cols, row, strict=True))
        out["seed_public"] = bool(out["seed_public"])
        out["unverified"] = bool(out["unverified"])
        out["summary_text"] = out["summary"]
        out["summary"] = json.loads(out["summary"])
        return out

    def open_count(self) -> int:
        """How many sessions are open (not over, not deleted)."""
        return int(self.db.execute("SELECT count(*) FROM sessions WHERE status = 'open'").fetchone()[0])

    def sessions(self, game: str | None = None, include_over: bool = False,
                 deleted: bool = False) -> list[dict]:
        """Sessions most recently used first: open ones (finished too with `include_over`);
        with `deleted`, only the deleted ones awaiting `sessions purge`."""
        where, args = self._listed(game, include_over, deleted)
        return [self._session_row(r) for r in self.db.execute(
            f"SELECT {self._SELECT} FROM sessions WHERE {where} ORDER BY used DESC, rowid DESC", args)]

    @staticmethod
    def _listed(game: str | None, include_over: bool, deleted: bool) -> tuple[str, list]:
        """Which sessions a listing shows, as a WHERE clause and its arguments: the deleted ones
        only, or the others (of `game`; the finished ones with `include_over`)."""
        where = "status = 'deleted'" if deleted else "status <> 'deleted'"
        args: list = []
        if game:
            where += " AND game = ?"
            args.append(game)
        if not include_over and not deleted:
            where += " AND status = 'open'"
        return where, args

    def touch(self, sid: str) -> None:
        self.db.execute("UPDATE sessions SET used = ? WHERE id = ?", (time.time(), sid))

    def save_summary(self, sid: str, summary: dict) -> None:
        """Cache the session's summary. One that ends the game is sealed only after the whole log was
        checked and replayed from its seed once (`integrity.end_check`): the seal then carries the
        checked mark that `stats`, standings, `push`, `export` and `report` rely on."""
        self._before(sid)
        if summary.get("over") and self._checked is not None and sid not in self._checked:
            from referee.record.integrity import end_check

            end_check(self, sid, summary)
        now = time.time()
        self.db.execute(
            "UPDATE sessions SET summary = ?, status = ?, updated = ?, used = ? WHERE id = ?",
            (json.dumps(summary), "over" if summary.get("over") else "open", now, now, sid),
        )
        self._mark(sid)

    def finished(self, game: str | None = None, since: float | None = None) -> list[tuple[str, str, float, str]]:
        """(id, game, updated, summary JSON) of every finished session: what `stats` reads."""
        sql = "SELECT id, game, updated, summary FROM sessions WHERE status = 'over'"
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if since is not None:
            sql += " AND updated >= ?"
            args.append(since)
        return self.db.execute(sql, args).fetchall()

    def rename(self, sid: str, name: str) -> None:
        self._before(sid)
        self.db.execute("UPDATE sessions SET name = ? WHERE id = ?", (name, sid))
        self._mark(sid)

    def mark_deleted(self, sid: str, deleted: bool) -> None:
        """Delete a session recoverably (status 'deleted'), or restore it (open or over again). A
        session that fails its check may be deleted (and purged), left unsealed: it is never restored."""
        if deleted and not (self._dirty is not None and sid in self._dirty) and self.seal_problem(sid):
            self.db.execute("UPDATE sessions SET status = 'deleted' WHERE id = ?", (sid,))
            self._withdraw([sid])
            return
        self._before(sid)
        if deleted:
            self.db.execute("UPDATE sessions SET status = 'deleted' WHERE id = ?", (sid,))
        else:
            over = bool(self.session(sid)["summary"].get("over"))
            self.db.execute("UPDATE sessions SET status = ? WHERE id = ?", ("over" if over else "open", sid))
        self._mark(sid)

    def purgeable(self) -> list[str]:
        """The ids `purge` would remove."""
        return [r[0] for r in self.db.execute("SELECT id FROM sessions WHERE status = 'deleted' ORDER BY id")]

    def purge(self) -> list[str]:
        """Remove the deleted sessions and their logs for good; returns their ids."""
        ids = [r[0] for r in self.db.execute("SELECT id FROM sessions WHERE status = 'deleted' ORDER BY id")]
        touched = [r[0] for r in self.db.execute(
            "SELECT DISTINCT league FROM league_sessions WHERE session_id IN (SELECT id FROM sessions WHERE status ="
            " 'deleted')")]
        intact = [name for name in touched if self.league_problem(name) is None]
        self._withdraw(ids)
        self.db.execute("DELETE FROM actions WHERE session_id IN (SELECT id FROM sessions WHERE status = 'deleted')")
        self.db.execute("DELETE FROM sessions WHERE status = 'deleted'")
        for name in intact:  # a league that held a purged session: sealed again (never one that failed)
            self.reseal_league(name)
        return ids

    def _withdraw(self, ids: list[str]) -> None:
        """The result rows of sessions about to be purged, taken back (a deleted one's is already)."""
        from referee.record import results

        for sid in ids:
            results.withdraw(self, sid)

    def insert_action(self, sid: str, idx: int, record: dict, status: str = "done") -> str:
        """Append one action row, chained to the row before it in storage order (its link and its
        digest); returns its link."""
        self._before(sid)
        row = self.db.execute(
            "SELECT link, digest FROM actions WHERE session_id = ? AND idx < ? ORDER BY idx DESC LIMIT 1", (sid, idx)
        ).fetchone()
        action_text = canonical_json(record["action"])
        results_text = canonical_json(record.get("results", []))
        new_link = link_text(row[0] if row else "", action_text, results_text, status)
        events_text, created = json.dumps(record.get("events", [])), time.time()
        digest = row_digest(row[1] if row else "", idx, events_text, None, None, created, record["rules"])
        self.db.execute(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link,"
            " digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, idx, action_text, results_text, events_text, record["rules"], status, created, new_link, digest),
        )
        self._mark(sid)
        return new_link

    def actions(self, sid: str, statuses: tuple[str, ...] = ("done",)) -> list[dict]:
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(
            f"SELECT idx, action, results, events, rules_version, status, created, link, reason, changed, digest"
            f" FROM actions"
            f" WHERE session_id = ? AND status IN ({marks}) ORDER BY idx",
            (sid, *statuses),
        ).fetchall()
        try:
            return [
                {"idx": r[0], "action": json.loads(r[1]), "results": json.loads(r[2]), "events": json.loads(r[3]),
                 "rules": r[4], "status": r[5], "created": r[6], "link": r[7], "reason": r[8], "changed": r[9],
                 "digest": r[10], "action_text": r[1], "results_text": r[2], "events_text": r[3]}
                for r in rows
            ]
        except (TypeError, ValueError) as exc:
            raise StorageError(_("session '{sid}' is damaged: an action row is not valid JSON ({why}); `referee "
                                 "verify {sid}` says more; export the other sessions or restore the store from a "
                                 "backup").format(sid=sid, why=exc)) from None

    def set_secret(self, sid: str, seed: str, commitment: str) -> None:
        """A reopened finished game's seed text and commitment text (a new secret appended)."""
        self._before(sid)
        self.db.execute("UPDATE sessions SET seed = ?, commitment = ? WHERE id = ?", (seed, commitment, sid))
        self._mark(sid)

    def next_idx(self, sid: str) -> int:
        row = self.db.execute("SELECT MAX(idx) FROM actions WHERE session_id = ?", (sid,)).fetchone()
        return (row[0] if row[0] is not None else -1) + 1

    def set_status(self, sid: str, idxs: list[int], status: str) -> None:
        """Change the status of some rows and re-chain from the first one (inside the caller's transaction)."""
        self._before(sid)
        if not idxs:
            return
        self.db.executemany(
            "UPDATE actions SET status = ? WHERE session_id = ? AND idx = ?", [(status, sid, i) for i in idxs]
        )
        self.relink(sid, min(idxs))

    def drop_redo(self, sid: str) -> None:
        """A new action ends the redo stack: undone actions stay in history as 'dropped'."""
        undone = [r[0] for r in self.db.execute(
            "SELECT idx FROM actions WHERE session_id = ? AND status = 'undone'", (sid,))]
        self.set_status(sid, undone, "dropped")

    def rewrite_tail(self, sid: str, start: int, rows: list[dict]) -> None:
        """Replace the rows from `start` on by `rows`, numbered on from `start`, and re-chain them
        (a correction, inside the caller's transaction). Each row keeps its own status, results,
        events, time, reason and time of change; their digests are chained on from the row before."""
        self._before(sid)
        self.drop_actions(sid, start)
        prev = self._digest_before(sid, start)
        values = []
        for i, r in enumerate(rows):
            events_text, created = json.dumps(r.get("events", [])), r.get("created") or time.time()
            prev = row_digest(prev, start + i, events_text, r.get("reason"), r.get("changed"), created, r["rules"])
            values.append((sid, start + i, canonical_json(r["action"]), canonical_json(r.get("results", [])), events_text,
                           r["rules"], r.get("status", "done"), created, r.get("reason"), r.get("changed"), prev))
        self.db.executemany(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link,"
            " reason, changed, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?)", values)
        self.relink(sid, start)

    def _digest_before(self, sid: str, idx: int) -> str:
        """The digest of the row before row `idx` ("" for the first): where a new row's digest chains on."""
        row = self.db.execute("SELECT digest FROM actions WHERE session_id = ? AND idx < ? ORDER BY idx DESC LIMIT 1",
                               (sid, idx)).fetchone()
        return row[0] if row else ""

    def drop_actions(self, sid: str, start: int) -> None:
        """Remove the rows from `start` on (inside the caller's transaction)."""
        self._before(sid)
        self.db.execute("DELETE FROM actions WHERE session_id = ? AND idx >= ?", (sid, start))

    def relink(self, sid: str, start: int = 0) -> None:
        """Recompute the chain links of the rows from `start` on (in Python, over the stored JSON).

        Their digests are not recomputed: a status is outside them, and a new row's digest is written
        with it (`insert_action`, `rewrite_tail`, `copy_rows`). They are checked instead, each
        against its fields and the row before it: a row from `start` on whose events, reason or times
        were changed outside the referee is refused here (nothing is written), never sealed over."""
        self._before(sid)
        row = self.db.execute(
            "SELECT link, digest FROM actions WHERE session_id = ? AND idx < ? ORDER BY idx DESC LIMIT 1", (sid, start)
        ).fetchone()
        prev, digest = (row[0], row[1]) if row else ("", "")
        rows = self.db.execute(
            "SELECT idx, action, results, status, link, events, reason, changed, created, rules_version, digest"
            " FROM actions WHERE session_id = ? AND idx >= ? ORDER BY idx",
            (sid, start),
        ).fetchall()
        updates = []
        for idx, action, results, status, old, events, reason, changed, created, rules, stored in rows:
            prev = link_text(prev, action, results, status)
            if prev != old:
                updates.append((prev, sid, idx))
            digest = row_digest(digest, idx, events, reason, changed, created, rules)
            if digest != stored:
                raise StorageError(_("session '{sid}' fails its integrity check: an action's events, reason or time "
                                     "was changed outside the referee: the seal does not match (see `referee verify "
                                     "{sid}`); nothing was written").format(sid=sid))
        self.db.executemany("UPDATE actions SET link = ? WHERE session_id = ? AND idx = ?", updates)
        self._mark(sid)

    def library_put(self, game: str, kind: str, name: str, data: dict) -> None:
        self.library_put_many(game, kind, {name: data})

    def find_origin(self, origin: str) -> str | None:
        """The id of the session stored with this origin (see `referee.record.push`), if any."""
        row = self.db.execute("SELECT id FROM sessions WHERE origin = ?", (origin,)).fetchone()
        return row[0] if row else None

    def pushed_id(self, sid: str, game: str) -> str:
        """The id a session pushed here as `sid` asks for (taken when free): the same one."""
        return sid

    def session_exists(self, sid: str) -> bool:
        return self.db.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone() is not None

    def copy_session(self, sid: str, meta: dict, origin: str) -> None:
        """Store another store's session row under `sid` (inside the caller's transaction)."""
        self.db.execute(
            "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used,"
            " commitment, seed_public, origin, unverified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, meta["game"], meta["name"], meta["seed"], meta["rules_version"], meta["status"],
             json.dumps(meta["summary"]), meta["created"], meta["updated"], meta["used"], meta["commitment"],
             1 if meta["seed_public"] else 0, origin, 1 if meta.get("unverified") else 0),
        )
        self._mark(sid)

    def copy_rows(self, sid: str, rows: list[dict]) -> None:
        """Store another store's action rows as they are: the same texts, so the same links; their
        digests chained on from the row before the first."""
        prev = self._digest_before(sid, rows[0]["idx"]) if rows else ""
        values = []
        for r in rows:
            events_text = json.dumps(r["events"])
            prev = row_digest(prev, r["idx"], events_text, r["reason"], r["changed"], r["created"], r["rules"])
            values.append((sid, r["idx"], r["action_text"], r["results_text"], events_text, r["rules"], r["status"],
                           r["created"], r["link"], r["reason"], r["changed"], prev))
        self.db.executemany(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link,"
            " reason, changed, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
        self._mark(sid)

    def pushed_heads(self, origin: str) -> list[tuple[int, str, float]]:
        """(length, full link, time) of every head a push brought for the session of `origin`."""
        return [(int(r[0]), r[1], float(r[2])) for r in self.db.execute(
            "SELECT length, head, pushed FROM pushed_heads WHERE origin = ? ORDER BY length", (origin,))]

    def keep_head(self, origin: str, sid: str, length: int, head: str) -> None:
        """Remember a pushed head (inside the caller's transaction); the same one again is kept once."""
        if self.db.execute("SELECT 1 FROM pushed_heads WHERE origin = ? AND length = ?",
                           (origin, length)).fetchone() is None:
            self.db.execute("INSERT INTO pushed_heads (origin, session_id, length, head, pushed) VALUES (?, ?, ?, ?, ?)",
                            (origin, sid, length, head, time.time()))

    def league_new(self, name: str, game: str, points: dict) -> None:
        self.db.execute("INSERT INTO leagues (name, game, points, created) VALUES (?, ?, ?, ?)",
                        (name, game, json.dumps(points), time.time()))
        self.reseal_league(name)

    def _league_text(self, name: str) -> tuple[str, str] | None:
        """(what a league's seal is taken over, its stored seal): its name, game, points text, time
        of creation and members, each length-prefixed."""
        row = self.db.execute("SELECT name, game, points, created, seal FROM leagues WHERE name = ?", (name,)).fetchone()
        if row is None:
            return None
        ids = [r[0] for r in self.db.execute(
            "SELECT session_id FROM league_sessions WHERE league = ? ORDER BY session_id", (name,))]
        created = float(row[3]) if isinstance(row[3], (int, float)) else row[3]
        parts = [str(row[0]), str(row[1]), str(row[2]), repr(created), *ids]
        return "league|" + "".join(f"{len(p)}:{p}" for p in parts), str(row[4] or "")

    def reseal_league(self, name: str) -> None:
        """Seal a league again (inside the caller's transaction), from what is stored now."""
        found = self._league_text(name)
        made = self.mac(found[0]) if found else None
        if made is not None:
            self.db.execute("UPDATE leagues SET seal = ? WHERE name = ?", (f"{KEYED}{made}", name))

    def league_problem(self, name: str) -> str | None:
        """What breaks a league's seal (its points, game or members changed outside the referee), None
        when it holds."""
        found = self._league_text(name)
        if found is None:
            return f"no league '{name}'"
        text, seal = found
        if not seal.startswith(KEYED):
            return (f"the league '{name}' carries no seal made with the referee's key: its points or members were "
                    "written outside the referee")
        made = self.mac(text) or ""
        theirs, ours = seal[len(KEYED):].partition(":")[0], made.partition(":")[0]
        if theirs != ours:
            return f"the league '{name}' was sealed with another key (key {theirs}; this referee's key is {ours})"
        if seal != f"{KEYED}{made}":
            return (f"the league '{name}' (its points, game or members) was changed outside the referee: its seal "
                    "does not match")
        return None

    def league(self, name: str) -> dict | None:
        """A league: name, game, points (win, shared, loss) and its session ids; None when there is none."""
        row = self.db.execute("SELECT name, game, points FROM leagues WHERE name = ?", (name,)).fetchone()
        if row is None:
            return None
        ids = [r[0] for r in self.db.execute(
            "SELECT session_id FROM league_sessions WHERE league = ? ORDER BY session_id", (name,))]
        return {"name": row[0], "game": row[1], "points": json.loads(row[2]), "sessions": ids}

    def leagues(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM leagues ORDER BY name")]

    def league_add(self, name: str, sid: str) -> bool:
        """Put a session in a league; False when it was there already. The league's seal must hold
        first (never sealed over an edit), and is made again."""
        if self.db.execute("SELECT 1 FROM league_sessions WHERE league = ? AND session_id = ?",
                           (name, sid)).fetchone():
            return False
        problem = self.league_problem(name)
        if problem:
            raise StorageError(_("{problem}; nothing was written (see `referee verify --all`)").format(problem=problem))
        self.db.execute("INSERT INTO league_sessions (league, session_id) VALUES (?, ?)", (name, sid))
        self.reseal_league(name)
        from referee.record import results

        results.league_added(self, name, sid)  # its finished game counts in the league's aggregates
        return True

    def done_end(self, sid: str) -> tuple[str, int]:
        """(the last live action's link, how many live actions): what a state kept aside (completion's)
        is keyed by."""
        row = self.db.execute("SELECT link, (SELECT count(*) FROM actions WHERE session_id = ? AND status = 'done')"
                               " FROM actions WHERE session_id = ? AND status = 'done' ORDER BY idx DESC LIMIT 1",
                               (sid, sid)).fetchone()
        return (row[0], int(row[1])) if row else ("", 0)
