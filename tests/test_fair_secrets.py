"""Secrets that hold: a generated seed cannot be found from its commitment, each referee draw is
consumed (an undo never rewinds it), and a finished game played on gets a new secret."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import sqlite3
import time

from hypothesis import example, given
from hypothesis import strategies as st
from kleos_table import NEW_OPTIONS, do, new_game

from referee.after import export
from referee.model import registry, secret
from referee.model.chance import Chance
from referee.record import session
from referee.record.integrity import verify_session
from referee.record.store import Store


def test_the_seed_of_a_new_game_is_not_among_a_million_guesses_checked_against_its_commitment(tmp_path):
    """The old attack: every seed of the old 30-bit space hashed and compared with the commitment.

    A million guesses take about a second here; the loop finds a legacy seed among them (the
    control), but not the new game's: its seed is 256 bits from the OS, and the commitment is an
    HMAC under a 256-bit key revealed only at the end, so no guess can even be checked without
    that key (2**256 keys for each guessed seed)."""
    store = Store(tmp_path / "s.db")
    loaded, _ = session.create(store, "croa", {"players": [{"name": "Ann", "color": "red"},
                                                           {"name": "Bob", "color": "blue"}], "digital": True})
    target = loaded.meta["commitment"]
    assert target.startswith("hmac-sha256:") and len(loaded.seed.split(".")) == 2
    seed_hex, key_hex = loaded.seed.split(".")
    assert len(bytes.fromhex(seed_hex)) * 8 >= 128 and len(bytes.fromhex(key_hex)) * 8 == 256
    legacy = secret.commit_one("987654")  # what an old session printed for its seed 987654
    digest, old_digest = target.split(":", 1)[1], legacy.split(":", 1)[1]
    found, found_old = [], []
    started = time.perf_counter()
    sha = hashlib.sha256
    for n in range(1_000_000):
        h = sha(str(n).encode()).hexdigest()
        if h == digest:
            found.append(n)
        if h == old_digest:
            found_old.append(n)
    assert time.perf_counter() - started < 30
    assert found_old == [987654] and found == []
    assert not any(hmac.new(str(n).encode(), str(n).encode(), sha).hexdigest() == digest for n in range(1000))


def test_a_draw_uses_the_whole_secret_not_a_part_of_it():
    """Two secrets that differ only in their last seed digit draw differently."""
    base = "ab" * 32 + "." + "cd" * 32
    other = "ab" * 31 + "ac" + "." + "cd" * 32

    def rolls(text: str) -> list:
        return [Chance(text, 1, counter=c).dice("attack", 8, "--- ss g") for c in range(5)]

    assert rolls(base) != rolls(other)
    assert rolls(base) == rolls(base)  # reproducible for verify


def test_undo_then_typing_the_same_check_again_rolls_fresh_dice():
    """Kleos: a check, undone and typed again, draws new dice each time (they were consumed)."""
    t = new_game(seed=None)
    seen = []
    for _ in range(5):
        t.act(do("check", minion="ares:champion", stat="attack"))
        seen.append(t.loaded.records[-1]["results"][0]["value"])
        session.undo(t.store, t.sid)
    assert len({tuple(v) for v in seen}) > 1
    assert verify_session(t.store, t.sid)["ok"]


def test_a_roll_after_an_undo_never_shows_the_start_of_another():
    """The bigger roll undone, a smaller one is not its beginning (it was before: same seed,
    place and label). Five tries: each would share the start with the old rule."""
    t = new_game(seed=None)
    prefix = 0
    for _ in range(6):
        t.act(do("check", minion="ares:champion", stat="attack", godly=True))
        big = t.loaded.records[-1]["results"][0]["value"]
        session.undo(t.store, t.sid)
        t.act(do("check", minion="ares:champion", stat="defense"))
        small = t.loaded.records[-1]["results"][0]["value"]
        session.undo(t.store, t.sid)
        prefix += big[:len(small)] == small
    assert prefix < 6
    counters = [r["results"][0]["at"] for r in t.store.actions(t.sid, ("dropped", "undone"))]
    assert len(counters) == len(set(counters)) == 12


def test_verify_refuses_a_roll_drawn_twice_at_one_counter(tmp_path):
    t = new_game(seed=None)
    t.act(do("check", minion="ares:champion", stat="attack"))
    session.undo(t.store, t.sid)
    t.act(do("check", minion="ares:champion", stat="attack"))
    rows = t.store.actions(t.sid, ("done", "dropped"))
    first, second = [r for r in rows if r["action"].get("verb") == "check"]
    from referee.record.integrity import counter_problem

    assert counter_problem(rows) is None
    second["results"][0]["at"] = first["results"][0]["at"]
    problem = counter_problem(rows)
    assert problem is not None and "drawn twice" in problem.problem


def _legacy_secret_session(tmp_path) -> tuple[Store, str]:
    """A session as an older referee made it: a short secret seed, a bare sha256 commitment."""
    path = tmp_path / "old.db"
    store = Store(path)
    t_sid = session.create(store, "kleos", NEW_OPTIONS, seed="31337")[0].id
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET seed_public = 0 WHERE id = ?", (t_sid,))
    store = Store(path)
    with store.write():  # as the older referee would have sealed it (a store upgrade seals rows)
        store.reseal(t_sid)
    return store, t_sid


def test_an_older_session_with_a_short_seed_still_plays_and_verifies_with_a_note_on_its_weak_seed(tmp_path):
    store, sid = _legacy_secret_session(tmp_path)
    meta = store.session(sid)
    assert meta["commitment"] == "sha256:" + hashlib.sha256(b"31337").hexdigest()
    session.act(store, sid, do("check", minion="ares:champion", stat="attack"))
    rolled = store.actions(sid)[-1]["results"][0]
    assert "at" not in rolled  # the old rule: (seed, place, label)
    assert rolled["value"] == Chance("31337", 1).dice("check", len(rolled["value"]), "---ssg")
    report = verify_session(store, sid)
    assert report["ok"] and "weak kind" in report["note"]
    from click.testing import CliRunner

    from referee.cli import cli

    out = CliRunner().invoke(cli, ["--db", str(tmp_path / "old.db"), "verify", sid])
    assert out.exit_code == 0 and "weak kind" in out.output


def _finish(store: Store, sid: str, rng: random.Random):
    engine = registry.engine("croa")
    state = session.load(store, sid).state
    while not engine.summary(state)["over"]:
        state = session.act(store, sid, rng.choice(engine.legal_actions(state)))[0].state
    return state


def test_a_reopened_finished_game_draws_with_a_newly_committed_secret(tmp_path):
    engine = registry.engine("croa")
    store = Store(tmp_path / "s.db")
    rng = random.Random(3)
    for _ in range(50):  # the secret seed is new each run: a game long enough to undo 4 actions
        loaded, _ = session.create(store, "croa", {**engine.playout_options(rng), "digital": True})
        sid = loaded.id
        _finish(store, sid, rng)
        if len([r for r in store.actions(sid)[1:] if r["action"].get("verb") != "seen"]) >= 5:
            break
    assert session.seed_shown(store.session(sid)) == loaded.seed  # revealed at the end
    start = store.next_idx(sid)
    back = session.undo(store, sid, 3)
    assert back.reopened is not None and back.reopened.startswith("hmac-sha256:")
    meta = store.session(sid)
    assert session.seed_shown(meta) is None  # the new secret is hidden again
    assert meta["commitment"].split(" ") == [loaded.meta["commitment"], f"{start}:{back.reopened}"]
    assert session.undo(store, sid).reopened is None  # open already: no second new secret
    state = _finish(store, sid, random.Random(4))
    final = store.session(sid)
    first, later = secret.epochs(final["seed"])
    assert first.text == loaded.seed and later.start == start and later.text != first.text
    assert secret.commit_one(later.text) == back.reopened
    assert secret.epoch_at(final["seed"], start) == later  # every draw from there on
    ats = [session.drawn_at(r["results"]) for r in store.actions(sid, ("done", "dropped"))]
    ats = [a for a in ats if a is not None]  # one counter per action (its draws share it)
    assert len(ats) == len(set(ats))
    assert verify_session(store, sid)["ok"]
    assert engine.summary(state)["over"]
    data = export.to_json(store, sid)  # the record, both secrets revealed, imports and re-checks
    assert data["seed"] == final["seed"] and len(data["seed"]) > 200
    again, _ = export.import_session(store, export.parse(json.dumps(data)), copy=True)
    assert again.summary == engine.summary(state)


def test_undo_after_the_end_prints_the_new_commitment(tmp_path):
    from click.testing import CliRunner

    from referee.cli import cli

    engine = registry.engine("croa")
    store = Store(tmp_path / "s.db")
    rng = random.Random(7)
    loaded, _ = session.create(store, "croa", {**engine.playout_options(rng), "digital": True})
    _finish(store, loaded.id, rng)
    out = CliRunner().invoke(cli, ["--db", str(tmp_path / "s.db"), "undo", loaded.id])
    fresh = store.session(loaded.id)["commitment"].split(" ")[1].split(":", 1)[1]
    assert out.exit_code == 0 and f"later draws use a new secret, commitment {fresh}" in out.output


def test_a_correction_after_the_end_commits_a_new_secret_before_it_draws(tmp_path):
    from referee.record import corrections

    engine = registry.engine("croa")
    store = Store(tmp_path / "s.db")
    rng = random.Random(5)
    loaded, _ = session.create(store, "croa", {**engine.playout_options(rng), "digital": True})
    _finish(store, loaded.id, rng)
    done = store.actions(loaded.id)
    last = done[-1]
    dry = corrections.correct(store, loaded.id, "strike", len(done) - 1, reason="typo", dry_run=True)
    assert dry.reopened is None and store.session(loaded.id)["commitment"] == loaded.meta["commitment"]
    out = corrections.correct(store, loaded.id, "amend", len(done) - 1, last["action"], reason="typo")
    assert out.reopened is not None and out.as_json()["new_commitment"] == out.reopened
    assert store.session(loaded.id)["commitment"].endswith(out.reopened)
    assert verify_session(store, loaded.id)["ok"]


HEX64 = st.text(alphabet="0123456789abcdefABCDEF \n", min_size=62, max_size=66)


@given(st.one_of(st.builds(lambda a, sep, b, end: a + sep + b + end, HEX64, st.sampled_from([".", ":", ""]), HEX64,
                           st.sampled_from(["", "\n", "\n\n", " "])), st.text(max_size=140)))
@example("a" * 64 + "." + "0" * 64)
@example("a" * 64 + "." + "0" * 64 + "\n")
@example("a" * 64 + "." + "0" * 63 + "\n")
@example("A" * 64 + "." + "0" * 64)
def test_a_strong_secret_is_told_as_its_pattern_tells_it(text):
    """Fair play: `SEED.KEY` (64 lower-case hex digits each) is read without compiling a pattern
    on every action, and exactly as the pattern reads it."""
    found = re.match(r"^([0-9a-f]{64})\.([0-9a-f]{64})$", text)
    assert secret.strong_parts(text) == (found.groups() if found else None)
