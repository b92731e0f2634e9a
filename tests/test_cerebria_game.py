"""A scripted 3-player game through the CLI: two Revelations, then a Balanced win decided by
the final-Revelation tie-break. Every total is worked out by hand in the comments."""

from __future__ import annotations

from referee.testing import Table


def test_three_player_game_to_a_balanced_win_by_the_last_revelation():
    t = Table("cerebria", "--player Ann --player Bob --player Cy --first Ann --mood bliss "
              "--impulse mild-bliss-red-destroy --impulse strong-gloom-blue-steal "
              "--impulse brightness-green", seed="3")

    def cer(*args: str) -> dict:
        return t.ok(list(args)).envelope
    # -- Cycle 1 (Mood Marker: Bliss). Stacks of 3+2 = 5; slot 1 is emptied by its 6th take.
    cer("invoke", "Ann", "strong-bliss-red-drain")
    cer("invoke", "Ann", "strong-bliss-red-summon")
    cer("end-turn")
    cer("invoke", "Bob", "strong-bliss-yellow-destroy")
    cer("invoke", "Bob", "strong-gloom-green-drain")
    cer("end-turn")
    cer("impulse", "Cy", "1", "--reveal", "bleakness-red")     # stack 1: 4 left
    cer("impulse", "Cy", "1", "--reveal", "bleakness-yellow")  # 3
    cer("end-turn")
    cer("invoke", "Ann", "strong-gloom-red-drain")
    cer("invoke", "Ann", "strong-gloom-red-summon")
    cer("end-turn")
    cer("invoke", "Bob", "strong-gloom-blue-destroy")
    cer("invoke", "Bob", "strong-gloom-red-swap")
    cer("end-turn")
    cer("impulse", "Cy", "1", "--reveal", "bleakness-green")   # 2
    cer("impulse", "Cy", "1", "--reveal", "bleakness-blue")    # 1
    cer("end-turn")
    cer("impulse", "Ann", "1", "--reveal", "brightness-red")   # 0
    out = cer("impulse", "Ann", "1")                           # nothing above it: Revelation
    # Ann: 2+2 Bliss, 2+2 Gloom; red x4 = four of a kind, +4 Bliss -> 8 Bliss, 4 Gloom (12)
    # Bob: 2 Bliss, 2+2+2 Gloom; yellow green blue red = four different, +3 Bliss -> 5/6 (11)
    # Cy: nothing in the Mindset -> 0. Nobody has 12 of a kind or 7 of each.
    state = out["state"]
    assert state["scored"] == {"Ann": {"bliss": 8, "gloom": 4}, "Bob": {"bliss": 5, "gloom": 6},
                               "Cy": {"bliss": 0, "gloom": 0}}
    # nobody is to play until `next-cycle`; Bob, left of Ann, will start Cycle 2
    assert state["phase"] == "revelation" and state["summary"]["current"] is None
    assert state["players"][state["current"]] == "Bob"
    table = next(e["table"] for e in out["result"]["events"] if "table" in e)
    rows = {r[0]: r for r in table["rows"]}
    assert rows["Ann"][4:6] == ["four-of-a-kind", "+4 bliss"]
    assert rows["Bob"][4:6] == ["four-different", "+3 bliss"]
    # supply: Bliss 40 - 8 - 5 = 27, Gloom 40 - 4 - 6 = 30
    assert state["supply"] == {"bliss": 27, "gloom": 30}

    # -- Cycle 2 (Mood Marker: Gloom); Bob, left of Ann, starts. Slot 2 is emptied this time.
    out = cer("next-cycle", "--mood", "gloom", "--reveal", "brightness-yellow",
              "--reveal", "brightness-blue", "--reveal", "bleakness-red")
    state = out["state"]
    # Cy held 4 + 4 taken = 8 and keeps 4; Ann held the 2 she took and draws 2; Bob draws 4
    assert {p: h["count"] for p, h in state["hands"].items()} == {"Ann": 4, "Bob": 4, "Cy": 4}
    assert state["stacks"] == [5, 5, 5] and all(not m for m in state["mindsets"].values())
    cer("invoke", "Bob", "strong-bliss-yellow-steal")
    cer("invoke", "Bob", "mild-bliss-green-destroy")
    cer("end-turn")
    cer("impulse", "Cy", "2", "--reveal", "brightness-red")    # stack 2: 4 left
    cer("impulse", "Cy", "2", "--reveal", "brightness-green")  # 3
    cer("end-turn")
    cer("invoke", "Ann", "strong-gloom-yellow-destroy")
    cer("invoke", "Ann", "strong-gloom-yellow-deprive")
    cer("end-turn")
    cer("invoke", "Bob", "mild-gloom-blue-drain")
    cer("impulse", "Bob", "2", "--reveal", "bleakness-yellow")  # 2
    cer("end-turn")
    cer("impulse", "Cy", "2", "--reveal", "bleakness-green")   # 1
    cer("impulse", "Cy", "2", "--reveal", "bleakness-blue")    # 0
    cer("end-turn")
    out = cer("impulse", "Ann", "2")                           # Revelation on her 1st action
    # Ann: 2+2 Gloom; yellow yellow = no combination -> +4 this Revelation: 8 Bliss, 8 Gloom
    # Bob: 2+1 Bliss, 1 Gloom; yellow green blue = three different, +1 Gloom -> +5: 8/8
    # Both Balanced (7+ of each), neither Single-minded; both 16 in total;
    # the final Revelation gave Bob 5 and Ann 4: Bob wins.
    state = out["state"]
    assert state["scored"]["Ann"] == {"bliss": 8, "gloom": 8}
    assert state["scored"]["Bob"] == {"bliss": 8, "gloom": 8}
    assert state["last"] == {"Ann": 4, "Bob": 5, "Cy": 0}
    summary = state["summary"]
    assert summary["over"] and summary["winners"] == ["Bob"] and summary["outcome"] == "balanced"
    assert state["tie_break"] == "last-revelation"
    assert [p["score"] for p in summary["players"]] == [16, 16, 0]
    texts = [e["text"] for e in out["result"]["events"]]
    assert any("Bob wins: Balanced" in t and "final Revelation" in t for t in texts)
    # the calculator agrees with the engine (same scorer)
    calc = t.run(["winner", "--player", "Ann=8/8/4", "--player", "Bob=8/8/5", "--player",
                  "Cy=0/0/0"]).envelope
    assert calc["result"] == {"winners": ["Bob"], "condition": "balanced",
                              "tie_break": "last-revelation"}
    # nothing more is accepted
    t.refused("impulse Bob 1", message="over", rule="Winning the game")
