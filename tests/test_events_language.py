"""One language per screen (issue 37, item 11): what an action did is kept as data (a message and
its parameters, `referee.model.i18n.msg`) and said in the reader's language when it is read.

A Crôa! game played by a French table and read by an English one (the log, `log -v`, `--json`,
the exports, the report, the phone page, undo) shows English words only, and the reverse; a
record whose events were stored as text (before they were kept as data) still reads as stored
and still verifies; the chain and the row digests hash the stored events as they stand.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from example_runner import run_example

from referee.model import i18n, view
from referee.record import session
from referee.record.store import Store

# French words English never writes (the game's own title, Crôa!, aside), and French letters
FRENCH = re.compile(r"\b(le|la|les|des|du|sur|est|une|dans|avec|et|pas|reine|servante|nénuphar|moustique|"
                    r"boue|brochet|roseaux|rondin|mâle\d?|partie|Nouvelle|joue|pioche|tour|colonie|grenouille|"
                    r"rebondit|rebondir|mange|coincée?|perd|gagne|retire)\b|[éèàçêâîû]", re.IGNORECASE)
# English words French never writes in a sentence (the log's action words are typed, not said)
ENGLISH = re.compile(r"\b(the|The|and|with|is|are|has|from|queen|servant|colony|eliminated|stuck|bounces?|"
                     r"reveal(ed)?|plays|draws|cancelled|works|reserve|game|lily|pad|mud|pike|reeds|log|male\d?)\b")


@pytest.fixture(autouse=True)
def no_language_from_the_shell(monkeypatch):
    for var in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    i18n.set_language(None)
    yield
    i18n.set_language(None)


def _cli(db: Path, *args: str) -> str:
    from referee.cli import cli
    from referee.cli.run import invoke

    runner = CliRunner()
    with runner.isolation() as streams:
        invoke(cli, ["--db", str(db), *args])
        out = streams[0].getvalue().decode() + streams[1].getvalue().decode()
    i18n.set_language(None)  # `--lang` holds for one command
    return out


def _played(db: Path, capsys, lang: str) -> list[str]:
    """Both Crôa! examples played by a table speaking `lang`: their session ids."""
    i18n.set_language(lang)
    try:
        ids = [run_example("croa", db, capsys).loaded.id, run_example("croa", db, capsys, "croa-cards").loaded.id]
    finally:
        i18n.set_language(None)
    return [str(sid) for sid in ids]


def _page(db: Path, sid: str, lang: str) -> str:
    """The phone page's words (its tags out) as a reader of `lang` gets them."""
    from referee.cli.web import page

    store = Store(str(db))
    try:
        with i18n.speaking(lang):
            _title, fragment = page.table_fragment(session.load(store, sid))
    finally:
        store.close()
    return html.unescape(re.sub(r"<[^>]+>", "\n", fragment))


def _what_happened(out: str) -> list[str]:
    """The events' words in a `log --json`."""
    log = json.loads(out.split(" ", 1)[1] if not out.startswith("{") else out)["result"]["log"]
    return [e["text"] for r in log for e in r["events"]]


def _report(db: Path, sid: str, lang: str, tmp_path: Path) -> str:
    path = tmp_path / f"{sid}-{lang}.html"
    _cli(db, "--lang", lang, "report", sid, "-o", str(path))
    return re.sub(r"<[^>]+>", "\n", html.unescape(path.read_text(encoding="utf-8")))


def _readings(db: Path, sid: str, lang: str, tmp_path: Path) -> dict[str, str]:
    """Everything that shows a session's events, as a reader of `lang` gets it."""
    return {
        "log -v": _cli(db, "--lang", lang, "log", sid, "-v"),
        "log --json": "\n".join(_what_happened(_cli(db, "--lang", lang, "--json", "log", sid))),
        "export md": _cli(db, "--lang", lang, "export", sid, "--format", "md", "-o", "-"),
        "export summary": _cli(db, "--lang", lang, "export", sid, "--format", "summary", "-o", "-"),
        "report": _report(db, sid, lang, tmp_path),
        "page": _page(db, sid, lang),
    }


def _french_in(text: str) -> list[str]:
    return [m.group(0) for m in FRENCH.finditer(text.replace("Crôa!", ""))]


def test_a_croa_game_played_in_french_reads_in_english_everywhere(tmp_path, capsys):
    db = tmp_path / "r.db"
    for sid in _played(db, capsys, "fr"):
        stored = [e for r in session.load(Store(str(db)), sid).records for e in r["events"]]
        assert stored and all("msg" in e for e in stored)  # what happened, not French text
        readings = _readings(db, sid, "en", tmp_path)
        for where, text in readings.items():
            assert not _french_in(text), (where, sorted(set(_french_in(text))))
        assert "New Crôa! game." in readings["log --json"]
    moves = _readings(db, "croa-1", "en", tmp_path)["log --json"]
    assert "Ann's servant a2 -> a3: lilypad (revealed)." in moves  # the tile said in English
    assert "Bob's servant is stuck in the mud on g6 until the end of Bob's next turn." in moves


def test_a_croa_game_played_in_english_reads_in_french_everywhere(tmp_path, capsys):
    db = tmp_path / "r.db"
    for sid in _played(db, capsys, "en"):
        said = _what_happened(_cli(db, "--lang", "fr", "--json", "log", sid))
        english = [line for line in said if ENGLISH.search(line)]
        assert said and not english, english
        readings = _readings(db, sid, "fr", tmp_path)
        for line in said:  # each said in French wherever the log is read
            shown = re.sub(r"\s+", " ", line).strip(" .")
            assert shown in re.sub(r"\s+", " ", readings["export md"].replace("\\|", "|")), line
        assert "Nouvelle partie\u00a0: Crôa!" in said
    moves = _what_happened(_cli(db, "--lang", "fr", "--json", "log", "croa-1"))
    assert "La Servante d'Ann a2 -> a3\u00a0: nénuphar (révélée)." in moves
    page = _page(db, "croa-1", "fr")
    assert "nénuphar" in page or "Nénuphar" in page or "servante" in page
    assert not ENGLISH.search(re.sub(r"(?m)^.*\b(move|bounce|mosquito|pass|remove|card)\b.*$", "", page))


def test_an_undo_says_what_stays_face_up_in_the_readers_language(tmp_path):
    """A --digital game: the tile the referee turned stays face up after an undo (a `seen`
    record); the undo said it in French, the log reads it in English."""
    db = tmp_path / "r.db"
    _cli(db, "--lang", "fr", "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital")
    _cli(db, "--lang", "fr", "croa", "move", "a2", "a3")
    undone = _cli(db, "--lang", "fr", "undo")
    assert "reste face visible" in undone, undone
    said = _what_happened(_cli(db, "--lang", "en", "--json", "log", "croa-1"))
    assert any("stays face up (turned over before the undo; the table saw it)." in s for s in said), said
    assert not [s for s in said if _french_in(s)]


def test_an_event_kept_as_data_is_said_in_the_language_of_each_reader():
    ev = {"msg": i18n.nmsg("{name} loses {n} servant from {square} to the reserve.",
                           "{name} loses {n} servants from {square} to the reserve.", 2, name="Ann", square="c3"),
          "to": "Ann", "others": i18n.msg("{frog} is pushed off the log at {square} to the reserve.",
                                           frog=i18n.msg("{name}'s queen", name="Ann"), square="d4")}
    with i18n.speaking("en"):
        assert view.text(ev) == "Ann loses 2 servants from c3 to the reserve."
        assert view.event(ev, "Bob") == {"text": "Ann's queen is pushed off the log at d4 to the reserve.",
                                         "msg": ev["others"]}
    with i18n.speaking("fr"):
        assert view.text(ev) == "Ann perd 2 servantes de c3, renvoyées à la réserve."
        assert view.event(ev, "Bob")["text"] == "La Reine d'Ann est retirée du rondin en d4 vers la réserve."
        assert view.event(ev, "Ann")["text"] == "Ann perd 2 servantes de c3, renvoyées à la réserve."
    assert view.event(ev, None) is not None and "Ann loses" not in json.dumps(view.event(ev, None))


def test_an_old_record_with_events_stored_as_text_still_reads_as_stored_and_verifies(tmp_path, capsys):
    """A record written before events were kept as data: each event a text in the language of
    its table. Its rows' digests are over that stored text, so it verifies untouched, and every
    reader shows it as it was written."""
    db = tmp_path / "r.db"
    i18n.set_language("fr")
    try:
        sid = str(run_example("croa", db, capsys).loaded.id)
    finally:
        i18n.set_language(None)
    # the rows rewritten as an older referee wrote them: events as French text, digests chained
    # anew over that text, the session sealed again (as the referee of then sealed it)
    from referee.record.store import ALL_STATUSES

    store = Store(str(db))
    with i18n.speaking("fr"):
        rows = store.actions(sid, ALL_STATUSES)
        old = [[{k: v for k, v in view.told(e).items() if k != "msg"} for e in r["events"]] for r in rows]
    with store.write():
        store.rewrite_tail(sid, 0, [{**r, "events": ev} for r, ev in zip(rows, old, strict=True)])
    store.close()
    raw = sqlite3.connect(db).execute("SELECT events FROM actions WHERE session_id = ? AND idx = 1", (sid,)).fetchone()[0]
    assert "msg" not in json.loads(raw)[0] and "nénuphar" in json.loads(raw)[0]["text"]  # stored as French text
    verified = _cli(db, "--json", "verify", sid)
    assert '"ok": true' in verified, verified
    english = _what_happened(_cli(db, "--lang", "en", "--json", "log", sid))
    assert "La Servante d'Ann a2 -> a3\u00a0: nénuphar (révélée)." in english  # shown as stored
    assert "nénuphar" in _cli(db, "--lang", "en", "log", sid, "-v")
    assert "nénuphar" in _cli(db, "--lang", "en", "export", sid, "--format", "md", "-o", "-")


def test_the_row_digest_is_over_the_stored_events_whatever_their_shape(tmp_path, capsys):
    """New events (data) are hashed as stored, as old ones (text) were: a change of either
    breaks the row's digest, and verify says so."""
    db = tmp_path / "r.db"
    sid = str(run_example("croa", db, capsys).loaded.id)
    con = sqlite3.connect(db)
    raw = con.execute("SELECT events FROM actions WHERE session_id = ? AND idx = 1", (sid,)).fetchone()[0]
    assert json.loads(raw)[0]["msg"]["args"]["square"] == "a3"
    con.execute("UPDATE actions SET events = ? WHERE session_id = ? AND idx = 1", (raw.replace('"a3"', '"a4"'), sid))
    con.commit()
    con.close()
    assert '"ok": false' in _cli(db, "--json", "verify", sid)
