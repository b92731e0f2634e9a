"""The Blessings a player draws are seen only when the take happens (issue 34, item 3).

`take Ann 44 --keep Nectar` names the Blessing to keep before the referee draws. Refused once
drawn (Nectar was not among them), the refusal names none of the Blessings drawn and reads the
same whatever they were; and that draw is used up (a new committed secret from its draw counter
on), so the real take draws afresh: nobody learns Ann's Blessings before she takes.
"""

from __future__ import annotations

from referee.model import registry, secret
from referee.record import session
from referee.record.integrity import verify_session
from referee.testing import Table

NEW = ("--player Ann --player Bob --player Cy --constellations --styx --row 12,20,27,33 "
       '--shades "Stone Giant,Ferryman,Old Sailor"')
KEEP_RULE = "Keep one of the Blessings drawn"


def _ann_to_draw(seed: str | None) -> Table:
    """Day 2 of examples/elysion.txt up to Ann's take of 44, higher than her 12 of day 1: she
    draws two Blessings (1 + her Charon's coin), the referee draws them."""
    t = Table("elysion", NEW, seed=seed)
    for line in ("reveal Ann=2 Bob=5 Cy=8", "take Ann 12", "take Bob 33", "take Cy 27",
                 "next --row 7*,15,44,57", "reveal Ann=32* Bob=33 Cy=7", "take Cy 7*"):
        t.ok(line)
    return t


def _draw_now(t: Table, seed_text: str) -> list[str]:
    """What the referee would draw for `take Ann 44` now, from `seed_text` (the test reads the
    session's secret from its store) at the draw counter the action would take."""
    engine = registry.engine("elysion")
    loaded = t.loaded
    counter = t.store.next_idx(t.sid) if not t.in_memory else len(loaded.records)
    _s, _e, results = session.run(engine, engine.copy(loaded.state), {"verb": "take", "player": "Ann", "realm": "44"},
                                  seed_text, len(loaded.records), counter=counter)
    return results[0]["value"]


def test_a_refused_take_does_not_name_its_draw():
    # two public seeds that draw Ann different Blessings; a Blessing neither brings is named to keep
    drawn = {s: _draw_now(_ann_to_draw(s), s) for s in map(str, range(1, 40))}
    first = next(iter(drawn))
    other = next(s for s in drawn if not set(drawn[s]) & set(drawn[first]))
    keep = next(b for b in ("Nectar", "Aegis", "Golden Apple", "Argo Plank", "Lyre")
                if b not in drawn[first] + drawn[other])
    said = []
    for seed in (first, other):
        out = _ann_to_draw(seed).refused(f'take Ann 44 --keep "{keep}"', rule=KEEP_RULE, code=1)
        said.append((out.error["message"], out.error["rule"]))
        assert not any(b in out.error["message"] for b in drawn[seed])
    assert said[0] == said[1]
    assert said[0][0] == (f"Ann keeps one of the Blessings just drawn, and '{keep}' is not one of them: take the "
                          "realm without --keep, then `keep Ann BLESSING` among those it shows")


def test_a_refused_take_uses_up_its_draw():
    t = _ann_to_draw(None)  # a secret game, through the store
    before = t.store.session(t.sid)
    coming = _draw_now(t, before["seed"])
    keep = next(b for b in ("Nectar", "Aegis", "Golden Apple", "Argo Plank", "Lyre") if b not in coming)
    out = t.refused(f'take Ann 44 --keep "{keep}"', rule=KEEP_RULE, code=1)
    assert out.error["message"].endswith("what the referee drew for it is used up unseen (the next try draws afresh)")
    after = t.store.session(t.sid)
    first, fresh = secret.epochs(after["seed"])
    assert first.text == before["seed"] and fresh.start == t.store.next_idx(t.sid)
    assert after["commitment"] == f"{before['commitment']} {fresh.start}:{secret.commit_one(fresh.text)}"
    # the real take draws from the new secret: what the refused one drew is never drawn again
    again = _draw_now(t, after["seed"])
    t.ok("take Ann 44")
    assert t.state["hands"]["Ann"]["known"][-1] == "44"
    recorded = t.loaded.records[-1]["results"][0]
    assert recorded["value"] == again and recorded["at"] == fresh.start
    assert verify_session(t.store, t.sid)["ok"]
