"""The chain and the seal: what every stored row and session row is bound by.

- Every stored action row carries a link: SHA-256 over the previous row's link and
  the row's own canonical JSON (action, results, status). The chain runs over all
  rows of a session in storage order, whatever their status.
- The seal binds the session row to the end of its chain (see the note below `seal_of`).
- The origin is a session's identity across stores (see `referee.record.push`).

Plain functions over rows and texts: the stores, sessions, corrections, push and the full
re-check (`referee.record.integrity`) all build on this module, which imports none of them.
"""

from __future__ import annotations

import hashlib
import json
from json.encoder import encode_basestring
from typing import Any

from referee.model.errors import RefereeError
from referee.model.secret import commitment as secret_commitment
from referee.model.secret import first_commitment

LIVE = ("done", "undone")
ASIDE = ("replaced", "struck")  # kept with a reason by a correction; not part of any history


# One encoder for every canonical text (`json.dumps` with these options builds a new one per call,
# which costs the rolling check more than its hashing).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def canonical_json(value: Any) -> str:
    return _CANONICAL(value)


def canonical(action: Any, results: Any, status: str) -> str:
    """The canonical JSON of a row: `{"action":...,"results":...,"status":...}`, keys sorted, compact."""
    return canonical_json({"action": action, "results": results, "status": status})


def link_text(prev: str, action_text: str, results_text: str, status: str) -> str:
    """The link from the canonical texts of the action and results (what the store keeps).

    Equal to `link(...)`: with sorted keys, the canonical JSON of the row is those texts
    put in place, so a stored row need not be parsed and written again to be checked."""
    quoted = f'"{status}"' if status.isalpha() and status.isascii() else canonical_json(status)
    text = f'{prev}{{"action":{action_text},"results":{results_text},"status":{quoted}}}'
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def link(prev: str, action: Any, results: Any, status: str) -> str:
    return link_text(prev, canonical_json(action), canonical_json(results), status)


def commitment(seed: str) -> str:
    """The commitment of a seed text (see `referee.model.secret`)."""
    return secret_commitment(seed)


class Broken(RefereeError):
    """A record that fails its check: `index` is its number in the log."""

    exit_code = 3
    kind = "storage"

    def __init__(self, index: int, problem: str, cause: RefereeError | None = None) -> None:
        super().__init__(f"action {index}: {problem}")
        self.index = index
        self.problem = problem
        self.cause = cause  # the rules' own refusal, when that is what failed


def check_chain(rows: list[dict], check_links: bool = True) -> None:
    """Numbering 0..n-1 in order and (with `check_links`) every link; raises `Broken` at the first bad row."""
    prev = ""
    for pos, row in enumerate(rows):
        if row["idx"] != pos:
            if row["idx"] > pos:
                raise Broken(pos, f"is missing (the next stored action is {row['idx']})")
            raise Broken(row["idx"], "appears twice or out of order")
        if not check_links:
            continue
        if "action_text" in row:
            expected = link_text(prev, row["action_text"], row["results_text"], row["status"])
        else:
            expected = link(prev, row["action"], row["results"], row["status"])
        if row.get("link") != expected:
            raise Broken(pos, "its chain link does not match its content or the action before it "
                              "(the row was changed, removed, moved or its status edited)")
        prev = expected


# -- the seal: the session row bound to the end of its chain -----------------------------------
#
# The chain covers each row's action, results and status. What it does not cover (the session
# row: game, name, seed, commitment, status, cached summary, times, origin; and each action's events,
# reason and times) is covered by the *seal*, a SHA-256 the store writes with every change:
# over those fields, the number of action rows, the last row's link (the head) and the last row's
# *digest*. Each action row carries its digest (schema 5), a second chain beside the link's:
# SHA-256 over the digest of the row before it and the row's fields outside its link (its
# number, events text, reason, time of change, time, rules version; `row_digest`). So sealing
# again after an action reads and hashes the new row only, as its link does. An edit made outside
# the referee (sqlite3, a text editor) breaks the seal, a link or a digest. Whoever holds the file
# and the referee's code can compute them again; a head written down elsewhere (printed at the end
# of a game, kept by the club at push) catches that.

# The seed itself is bound through its commitment (verify checks the one against the other), so a
# club's table that may not read another table's running seed can still check that row's seal.
SEAL_FIELDS = ("id", "game", "name", "rules_version", "status", "summary", "created", "updated",
               "commitment", "seed_public", "origin", "unverified")
HEAD_DIGITS = 16


def head_of(link_value: str) -> str:
    """The head as it is written down: the first 16 hex digits of the last link."""
    return (link_value or "")[:HEAD_DIGITS]


def row_digest(prev: str, idx: int, events_text: str, reason: str | None, changed: float | None,
               created: float, rules: str) -> str:
    """An action row's digest: SHA-256 over the digest of the row before it (`prev`, "" for the
    first) and the canonical JSON of `[idx, events text, reason, changed, created, rules]`."""
    fields = [idx, events_text, reason, _as_time(changed), _as_time(created), rules]
    text = prev + (_fields_text(fields) or canonical_json(fields))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _fields_text(fields: list) -> str | None:
    """`canonical_json(fields)` written directly for the common types (a whole number, texts or
    None, finite floats or None), as the encoder writes them (the rolling check hashes hundreds of
    rows per command); None for anything else (the encoder then)."""
    out = []
    for value in fields:
        kind = type(value)
        if kind is str:
            out.append(encode_basestring(value))
        elif value is None:
            out.append("null")
        elif kind is int:
            out.append(int.__repr__(value))
        elif kind is float and value == value and value not in (float("inf"), float("-inf")):
            out.append(float.__repr__(value))
        else:
            return None
    return "[" + ",".join(out) + "]"


def _as_time(value: Any) -> Any:
    """A time as a float, so its text is the same whichever store read it (SQLite hands back a
    whole number written to a REAL column as a float); anything else (a damaged cell's text, None)
    as it is, to be hashed as it stands and found by the check."""
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


def digest_problem(rows: list[dict]) -> int | None:
    """Every row's digest computed again from the first row on (the rows as `actions` reads them,
    all of them, in order): the number of the first row whose stored digest is not the one its
    fields and the row before it give, None when all hold (the full check)."""
    prev = ""
    for row in rows:
        prev = row_digest(prev, row["idx"], row["events_text"], row["reason"], row["changed"], row["created"],
                          row["rules"])
        if row.get("digest") != prev:
            return int(row["idx"])
    return None


def schema4_digest(rows: list[tuple]) -> str:
    """The rows' digest as schema 4 sealed it: one SHA-256 over every row's fields outside its link,
    (idx, events text, reason, changed, created, rules), each row's canonical JSON and a newline.
    Only the upgrade to schema 5 reads it, to check a session's old seal before sealing it anew."""
    h = hashlib.sha256()
    for row in rows:
        h.update(canonical_json(list(row)).encode("utf-8", "surrogatepass"))
        h.update(b"\n")
    return h.hexdigest()


def seal_text(fields: dict, head: str, length: int, digest: str) -> str:
    """What a session row's seal is taken over: each value's Python `repr` (unambiguous: strings
    quoted and escaped, floats in their shortest exact form), each prefixed with its length, in the
    order of SEAL_FIELDS, then the head, length and digest (the last row's link and digest)."""
    values = [*(fields.get(k) for k in SEAL_FIELDS), head, length, digest]
    return "".join(f"{len(r)}:{r}" for r in map(repr, values))


def seal_of(fields: dict, head: str, length: int, digest: str) -> str:
    """The unkeyed seal of stores before the keyed one (schema 4 and 5 as first written): SHA-256 of
    `seal_text`. Only the upgrades read it, to check an old seal once before sealing anew with a key."""
    return hashlib.sha256(seal_text(fields, head, length, digest).encode("utf-8", "surrogatepass")).hexdigest()


# -- the keyed seal -----------------------------------------------------------------------------
#
# `k1:ID:FLAG:HMAC`: HMAC-SHA256 under a key the store does not hold (`referee.record.keys` for a
# file, the server's own key for a club), over FLAG and `seal_text`. ID names the key (so a seal of
# another key is told from an edit); FLAG is `c` when the session was checked in full, replayed
# from its seed, at the head it seals (what `stats`, standings, `push`, `export` and `report`
# require), `o` otherwise.
KEYED = "k1:"


def keyed_input(flag: str, text: str) -> str:
    return f"seal|{flag}|{text}"


def keyed_parts(seal: str) -> tuple[str, str, str] | None:
    """(key id, flag, mac) of a keyed seal; None for an unkeyed (older) one."""
    if not seal.startswith(KEYED):
        return None
    parts = seal[len(KEYED):].split(":")
    if len(parts) != 3:
        return ("", "", "")
    return parts[0], parts[1], parts[2]


def origin(meta: dict, rows: list[dict]) -> str:
    """The session's identity across stores (see `referee.record.push`), from its chain alone: for
    a secret seed (its commitment carries a key drawn for that game alone), SHA-256 over the seed's
    first commitment and the chain link of its `new` record, so no time nor any other field of an
    export moves it. A public seed (`--seed`; a `sha256:` commitment) commits to nothing unique: two games can start alike
    from one, so its identity also takes the session's creation time (`legacy_origin`); an import
    also refuses a copy whose whole chain is one it holds (`referee.after.export`)."""
    if meta.get("origin"):
        return meta["origin"]
    first_one = first_commitment(meta.get("commitment") or "")
    if not first_one.startswith("hmac-sha256:"):  # a public seed, or a secret of the old kind
        return legacy_origin(meta, rows)
    first = rows[0]["link"] if rows else ""
    text = f"{first_one}|{first}"
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def legacy_origin(meta: dict, rows: list[dict]) -> str:
    """The origin as stores before the chain-only one computed it: with the creation time."""
    first = rows[0]["link"] if rows else ""
    text = f"{float(meta['created'])!r}|{first_commitment(meta.get('commitment') or '')}|{first}"
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
