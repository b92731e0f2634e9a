"""Final standings and each game's deciding numbers, read from a summary and its `details`.

Plain data in, plain text out: the Markdown export, the chat summary and the report all
use these, and none of them needs the game's state (only what the store caches).
"""

from __future__ import annotations

from collections.abc import Callable

from referee.model.i18n import _, day, ngettext, pgettext

TIEBREAKS_KLEOS = {1: "glory from city control on Day 5", 2: "champion on the highest-value city",
                   3: "most Epic minions", 4: "most minions on city locations"}
CEREBRIA_CONDITIONS = {"single-minded": "Single-minded (12+ fragments of one kind)",
                       "balanced": "Balanced (7+ Bliss and 7+ Gloom)",
                       None: "the most fragments once the supply ran out"}
KREUS_TIERS = {"perfection": "perfection: the Planet complete, everyone holding two cards or more",
               "success": "success: the Planet complete",
               "may-sustain-life": "the Planet may sustain life (the lowest winning tier)",
               "unstable": "an unstable Planet (a loss)",
               "critical-defeat": "critical defeat: the Planet never entered play",
               "defeat": "defeat by Uranus' Aggression"}

KREUS_ENDS = {"planet": "it ended with the Planet complete", "hands-empty": "it ended with the hands empty",
              "aggression": "it ended with an Aggression card"}


def score_of(player: dict) -> float | None:
    score = player.get("score")
    return score if isinstance(score, (int, float)) and not isinstance(score, bool) else None


def standings(summary: dict) -> list[dict]:
    """Players in finishing order: winners first, then by score (Crôa!: colonies still in
    the pond first); equal players share a place. Each: place, name, score, winner."""
    winners = set(summary.get("winners") or [])
    rows = []
    for i, p in enumerate(summary.get("players", [])):
        score = score_of(p)
        key = (p.get("name") not in winners, p.get("alive") is False,
               -(score if score is not None else float("-inf")))
        rows.append((key, i, p))
    rows.sort(key=lambda r: (r[0], r[1]))
    out: list[dict] = []
    for n, (key, _i, p) in enumerate(rows):
        place = out[-1]["place"] if out and key == rows[n - 1][0] else n + 1
        out.append({"place": place, "name": p.get("name"), "score": score_of(p),
                    "winner": p.get("name") in winners, "player": p})
    return out


def _kleos(summary: dict, details: dict) -> list[str]:
    glory = ", ".join(f"{p['name']} ({p.get('god', '?')}) {p.get('score')}" for p in summary["players"])
    lines = [f"Glory: {glory}"]
    tie = details.get("tie_break")
    if tie:
        lines.append(f"Tied on glory; tie-breaker {tie} decided it ({TIEBREAKS_KLEOS.get(tie, '?')})")
    elif len(summary.get("winners") or []) > 1:
        lines.append("Tied on glory and on every tie-breaker: a shared victory")
    return lines


def _cerebria(summary: dict, details: dict) -> list[str]:
    lines = ["Fragments: " + ", ".join(f"{p['name']} {p.get('bliss', 0)} Bliss / {p.get('gloom', 0)} Gloom"
                                        f" ({p.get('score')})" for p in summary["players"])]
    if summary.get("over"):
        lines.append(f"Won by {CEREBRIA_CONDITIONS.get(summary.get('outcome'), summary.get('outcome'))}")
        tie = details.get("tie_break")
        if tie:
            lines.append({"total": "Tie broken by the most fragments in total",
                          "last-revelation": "Tie broken by the most scored in the final Revelation",
                          "shared": "Still tied after every tie-break: a shared victory"}.get(tie, str(tie)))
    return lines


def _elysion(summary: dict, details: dict) -> list[str]:
    sums = details.get("realm_sums") or {}
    lines = ["Glory after the look back: " + ", ".join(
        f"{p['name']} {p.get('score') if p.get('score') is not None else '-'}"
        + (f" (realm numbers {sums[p['name']]})" if p["name"] in sums else "") for p in summary["players"])]
    if details.get("tie_break"):
        lines.append("Tied on glory; the lowest sum of realm numbers decided it")
    elif len(summary.get("winners") or []) > 1:
        lines.append("Tied on glory and on realm numbers: a shared victory")
    return lines


def _kreus(summary: dict, details: dict) -> list[str]:
    team = ", ".join(p["name"] for p in summary["players"])
    lines = []
    if summary.get("outcome"):
        verdict = "wins" if summary.get("winners") else "loses"
        lines.append(f"The team ({team}) {verdict}: {KREUS_TIERS.get(summary['outcome'], summary['outcome'])}")
    if details:
        lines.append(f"Planet {'in play' if details.get('planet') else 'not in play'}, "
                     + ngettext("{n} Element under it", "{n} Elements under it", details.get("planet_elements", 0))
                     .format(n=details.get("planet_elements", 0))
                     + (f"; {KREUS_ENDS.get(details['end_reason'], details['end_reason'])}"
                        if details.get("end_reason") else "")
                     + ("; an Aggression card was held" if details.get("aggression_held") else ""))
    tokens = ", ".join(f"{p['name']} {p.get('energy', 0)}" for p in summary["players"])
    lines.append(f"Energy tokens held: {tokens}")
    return lines


def _croa(summary: dict, details: dict) -> list[str]:
    frogs = details.get("frogs") or {}
    return [_("Colonies: {colonies}").format(colonies=", ".join(
        f"{p['name']} ({pgettext('colour', p.get('color', '?'))}) "
        + (_("in the pond") if p.get("alive", True) else _("eliminated"))
        + (", " + ngettext("{n} frog", "{n} frogs", frogs[p["name"]]).format(n=frogs[p["name"]])
           if p["name"] in frogs else "") for p in summary["players"]))]


DECIDING: dict[str, Callable[[dict, dict], list[str]]] = {
    "kleos": _kleos, "cerebria": _cerebria, "elysion": _elysion, "kreus": _kreus, "croa": _croa}


def deciding(summary: dict, details: dict | None = None) -> list[str]:
    """Each game's deciding numbers, as short sentences."""
    fn = DECIDING.get(summary.get("game", ""))
    return fn(summary, details or summary.get("details") or {}) if fn else []


def verdict(summary: dict) -> str:
    """Who won, in one line ('Winner: Bob', 'Shared victory: Ann and Bob', 'The team loses')."""
    winners = summary.get("winners") or []
    if not summary.get("over"):
        return _("Not finished yet")
    if summary.get("game") == "kreus":
        return _("The team wins") if winners else _("The team loses")
    if not winners:
        return _("Nobody won")
    if len(winners) > 1:
        return _("Shared victory: {names}").format(names=f" {_('and')} ".join(winners))
    return _("Winner: {name}").format(name=winners[0])


def score_text(summary: dict) -> str:
    """'Bob 16 · Ann 16' in finishing order, or '' when the game keeps no score."""
    rows = standings(summary)
    if all(r["score"] is None for r in rows):
        return ""
    return " · ".join(f"{r['name']} {r['score'] if r['score'] is not None else '-'}" for r in rows)


def chat_lines(title: str, sid: str | None, name: str, summary: dict, turn_word: str,
               actions: int, when: str) -> list[str]:
    """A few plain lines for a group chat: the game, who won, the scores, how, how long, when."""
    head = f"{title} · {sid}" + (f" “{name}”" if name else "") + f" · {day(when)}"
    lines = [head, verdict(summary)]
    scores = score_text(summary)
    if scores:
        lines.append((_("Scores: {scores}") if summary.get("over") else _("Scores so far: {scores}")).format(
            scores=scores))
    lines += deciding(summary)
    turns = summary.get("turn")
    word = ngettext("{word}", "{word}s", turns if isinstance(turns, int) else 2).format(word=_(turn_word))
    lines.append(ngettext("Length: {n} action over {turns} {word}", "Length: {n} actions over {turns} {word}",
                          actions).format(n=actions, turns=turns, word=word))
    return lines
