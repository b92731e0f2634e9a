"""The record behind one door: `RecordStore`, every operation the rest of the program asks of a
session store. `referee.record.store.Store` (an SQLite file) and `referee.record.store_pg.PgStore`
(a club's PostgreSQL server) each implement it; `referee.record.stores.open_store` opens the
one `--db` names. Nothing outside referee/record/ writes SQL or opens a connection: it holds a
`RecordStore` and calls these.

Rows come back as plain dicts: a session (`session`, `sessions`) with the keys of
`referee.record.schema.SESSION_COLUMNS` (`summary` decoded, `summary_text` as stored; on a club's
server `seed_withheld` when the seed is not this role's to read); an action row (`actions`) with
`idx`, `action`, `results`, `events`, `rules`, `status`, `created`, `link`, `reason`, `changed`,
`digest` and the stored texts `action_text`, `results_text`, `events_text`.

Writes happen inside `with store.write():` (one transaction: all of it or nothing); the
methods that say "inside the caller's transaction" expect one to be open.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypeVar, runtime_checkable

from referee.model.errors import StorageError

T = TypeVar("T")


@runtime_checkable
class RecordStore(Protocol):
    """An open session store (see the module's note)."""

    @property
    def path(self) -> str | os.PathLike[str]:
        """Where the store is, as messages show it (a file; a server's URL without its password)."""

    @property
    def readonly(self) -> bool: ...

    @property
    def timeout(self) -> float: ...

    # -- opening, transactions, failures ----------------------------------------------------
    def close(self) -> None: ...

    def write(self) -> AbstractContextManager[None]:
        """One write transaction: everything inside it is stored, or nothing."""

    def retrying(self, work: Callable[[], T]) -> T:
        """Run `work` (one write transaction of its own), again if the server rolled it back."""

    def error(self, exc: BaseException, doing: str = "use") -> StorageError:
        """The failure `exc` named as a StorageError (exit 3)."""

    def storage_check(self, quick: bool = False) -> list[str]:
        """The store's own check of its file ([] when sound)."""

    def columns(self, table: str) -> list[str]: ...

    # -- the seal -------------------------------------------------------------------------------
    def head(self, sid: str) -> str: ...

    def reseal(self, sid: str, checked: bool | None = None) -> None: ...

    def mac(self, text: str) -> str | None:
        """`ID:HMAC` of `text` under the store's key (None: the store has no key yet)."""

    def checked_mark(self, sid: str) -> bool:
        """Whether the session's seal carries the checked mark (checked in full at the head it seals)."""

    def unmarked(self, game: str | None = None) -> list[str]:
        """The finished sessions (of `game`) whose seal lacks the checked mark."""

    def seal_problem(self, sid: str, rows: list[dict] | None = None, count: bool = True) -> str | None:
        """What breaks the session's seal (None: it holds): with `rows`, every row's digest too;
        `count=False`, the log's length from its last row's number (the hot path)."""

    def seal_problems(self, game: str | None = None) -> dict[str, str]: ...

    # -- sessions -------------------------------------------------------------------------------
    def new_session_id(self, game: str) -> str: ...

    def create_session(self, game: str, name: str, seed: str, rules_version: str, record: dict, summary: dict,
                       commitment: str = "", seed_public: bool = True, created: float | None = None,
                       origin: str = "", unverified: bool = False) -> str: ...

    def session(self, sid: str) -> dict: ...

    def current_session(self, game: str | None = None) -> str: ...

    def open_count(self) -> int: ...

    def sessions(self, game: str | None = None, include_over: bool = False, deleted: bool = False) -> list[dict]: ...

    def session_list(self, game: str | None = None, include_over: bool = False,
                     deleted: bool = False) -> list[dict]: ...

    def touch(self, sid: str) -> None: ...

    def save_summary(self, sid: str, summary: dict) -> None: ...

    def finished(self, game: str | None = None, since: float | None = None) -> list[tuple[str, str, float, str]]: ...

    def rename(self, sid: str, name: str) -> None: ...

    def mark_deleted(self, sid: str, deleted: bool) -> None: ...

    def purgeable(self) -> list[str]: ...

    def purge(self) -> list[str]: ...

    def set_secret(self, sid: str, seed: str, commitment: str) -> None: ...

    # -- action rows ----------------------------------------------------------------------------
    def insert_action(self, sid: str, idx: int, record: dict, status: str = "done") -> str: ...

    def actions(self, sid: str, statuses: tuple[str, ...] = ("done",)) -> list[dict]: ...

    def done_end(self, sid: str) -> tuple[str, int]:
        """(the last live action's link, how many live actions): what a kept state is keyed by."""

    def next_idx(self, sid: str) -> int: ...

    def set_status(self, sid: str, idxs: list[int], status: str) -> None: ...

    def drop_redo(self, sid: str) -> None: ...

    def rewrite_tail(self, sid: str, start: int, rows: list[dict]) -> None: ...

    def drop_actions(self, sid: str, start: int) -> None: ...

    def relink(self, sid: str, start: int = 0) -> None: ...

    # -- card libraries -------------------------------------------------------------------------
    def library_put(self, game: str, kind: str, name: str, data: dict) -> None: ...

    def library_put_many(self, game: str, kind: str, cards: dict[str, dict]) -> None: ...

    def library_delete(self, game: str, kind: str, name: str) -> str | None: ...

    def library_get(self, game: str, kind: str, name: str) -> dict | None: ...

    def library_list(self, game: str, kind: str) -> dict[str, Any]: ...

    # -- copies of sessions (push) and leagues --------------------------------------------------
    def find_origin(self, origin: str) -> str | None: ...

    def session_exists(self, sid: str) -> bool: ...

    def pushed_id(self, sid: str, game: str) -> str:
        """The id a session pushed here as `sid` asks for: the same, or a club table's own (`kleos-table3-4`)."""

    def copy_session(self, sid: str, meta: dict, origin: str) -> None: ...

    def copy_rows(self, sid: str, rows: list[dict]) -> None: ...

    def pushed_heads(self, origin: str) -> list[tuple[int, str, float]]: ...

    def keep_head(self, origin: str, sid: str, length: int, head: str) -> None: ...

    def league_new(self, name: str, game: str, points: dict) -> None: ...

    def league(self, name: str) -> dict | None: ...

    def leagues(self) -> list[str]: ...

    def league_problem(self, name: str) -> str | None:
        """What breaks the league's seal (None: it holds)."""

    def reseal_league(self, name: str) -> None: ...

    def league_add(self, name: str, sid: str) -> bool: ...
