"""`lookback --json` has one shape (play-test issue 20, item 17): the look back that ends the
game and any later one both carry `result.lookback`, with the same keys."""

from __future__ import annotations

from example_runner import play_quietly

from referee.record import session
from referee.testing import Table


def test_look_back_json_the_scoring_and_a_later_look_back_have_one_shape(tmp_path):
    where = tmp_path / "played.db"
    play_quietly("elysion", where)
    t = Table("elysion", path=where)
    t.sid = session.resolve(t.store, "elysion", None)
    assert t.run(["undo"], game=False).code == 0  # back to just before the look back
    first = t.ok("lookback").result  # the one that scores and ends the game
    later = t.ok("lookback").result  # after the game: the look back again
    assert set(first) == set(later) == {"action", "events", "results", "dry_run", "lookback", "head"}
    assert first["head"] == later["head"]
    assert first["lookback"] == later["lookback"]
    assert set(first["lookback"]) == {"players", "ranking"}
    assert first["lookback"]["ranking"][0][:3] == [1, "Bob", 75]  # Bob 75, Ann 60, Cy 52
    assert later["action"] == first["action"] and later["events"] == first["events"]
    dry = t.run("lookback --dry-run")  # a dry run after the game: the same shape again
    assert dry.code == 0 and set(dry.result) == set(first) and dry.result["dry_run"] is True
