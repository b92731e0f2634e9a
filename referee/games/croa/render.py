"""The table as text: the pond grid by zones, the colonies, the piles, whose turn, what waits."""

from __future__ import annotations

from referee.model.i18n import (
    N_,
    _,
    elide,
    fold,
    joined,
    language,
    msg,
    ngettext,
    nmsg,
    sentence,
    tell,
)

from .board import FILES, ZONES
from .cards import card_word, title_said
from .decisions import data, decision_word, top
from .flow import round_of
from .legal import movable, shared_squares
from .pond import HIDDEN, QUEEN, frog_said, in_pond, occupied, reserve
from .said import choice_said, said_choice
from .setup import symbols
from .state import Colony, CroaState
from .tiles import KINDS, code, colour_word, zone_label, zone_word

CELL = 7
LEGEND = N_("tiles: Ly lilypad, Mq mosquito, Md mud, Pk pike, Rd reeds, Lg log, M1-M6 males,\n"
          "       . no tile yet\n"
          "frogs: capital = queen, small = servant, * = stuck in the mud,\n"
          "       3r = three servants")


def letters(state: CroaState) -> list[str]:
    """Each colony's letter on the pond, from its colour in the table's language (French: `V`
    for vert, `J` for jaune); the state keeps the English one."""


    if language() == "en":
        return [col["symbol"] for col in state["colonies"]]
    return symbols([fold(colour_word(col["color"])) for col in state["colonies"]])


def frogs_text(state: CroaState, refs: list[list[int]]) -> str:
    out = ""
    marks = letters(state)
    for c, i in sorted(refs, key=lambda r: (r[1] != QUEEN, r[0])):
        col = state["colonies"][c]
        out += marks[c].upper() if i == QUEEN else marks[c]
        if col["frogs"][i]["stuck"]:
            out += "*"
    return out


def _counted(frogs: str) -> str:
    """`Rrrrr` -> `R4r`: a square crowded beyond its cell, servants counted per colony."""
    out, i = "", 0
    while i < len(frogs):
        j = i + 1
        while j < len(frogs) and frogs[j] in (frogs[i], "*") and frogs[i].islower():
            j += 1
        run = frogs[i:j]
        n = sum(ch != "*" for ch in run)
        out += f"{n}{frogs[i]}{'*' if '*' in run else ''}" if n > 2 else run
        i = j
    return out


def pond_text(state: CroaState) -> str:
    """The 8x8 grid, rank 8 at the top, zones boxed and named."""
    occ = occupied(state)
    half = CELL * 4 + 1

    def border(left: str, right: str) -> str:
        return "   +" + f" {left} ".center(half, "-") + "+" + f" {right} ".center(half, "-") + "+"

    header = "     " + "".join(f.ljust(CELL) for f in FILES[:4]) + "  " + "".join(
        f.ljust(CELL) for f in FILES[4:])
    lines = [header, border(f"{zone_label('yellow')} a5-d8", f"{zone_label('pink')} e5-h8")]
    for rank in range(8, 0, -1):
        cells = []
        for f in FILES:
            sq = f"{f}{rank}"
            tile = state["tiles"].get(sq)
            shown = code(tile) if tile else "."
            frogs = frogs_text(state, occ.get(sq, []))
            if len(shown) + 1 + len(frogs) >= CELL:  # a crowd (twins on a log): count servants
                frogs = _counted(frogs)
            cells.append(f"{shown} {frogs}".rstrip().ljust(CELL))
        lines.append(f"{rank:>2} | " + "".join(cells[:4]) + "| " + "".join(cells[4:]) + f"| {rank}")
        if rank == 5:
            lines.append(border(f"{zone_label('blue')} a1-d4", f"{zone_label('green')} e1-h4"))
    lines.append(border("", "").replace("-  -", "----"))
    lines.append(header)
    return "\n".join(lines)


def _grid(headers: list[str], rows: list[list]) -> str:
    """A plain table, columns as wide as their widest cell (tabulate pads headers by 2)."""
    cells = [[str(x) for x in row] for row in [headers, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(x.ljust(w) for x, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def colonies_table(state: CroaState) -> str:
    # short headers keep a four-colony table with cards within 80 columns
    headers = ["#", _("colony"), _("colour"), _("frogs"), _("status"), _("queen"), _("pond"),
               _("reserve"), _("males")]
    if state.get("cards"):
        headers.append(_("cards"))
    return _grid(headers, colony_rows(state))


def colony_lines(state: CroaState) -> list[str]:
    """A line per colony, for the compact view."""
    out = []
    for row in colony_rows(state):
        queen = f" · {_('queen')} {row[5]}"
        line = (f"{row[0]} {row[1]} ({row[2]}, {row[3]}) {row[4]}{queen} · {_('pond')} {row[6]}"
                f" · {_('reserve')} {row[7]} · {_('males')} {row[8]}")
        line += f" · {_('cards')} {row[9]}" if len(row) > 9 else ""
        # past 80 columns (a card session), the queen's square is left to the pond's capital
        out.append(line.replace(queen, "", 1) if len(line) > 80 else line)
    return out


def colony_rows(state: CroaState) -> list[list]:
    rows = []
    marks = letters(state)
    for c, col in enumerate(state["colonies"]):
        if not col["alive"]:
            status = _("eliminated")
        elif state["winner"] == c:
            status = _("WINNER")
        elif c == state["current"]:
            status = _("to play")
        else:
            status = _("waiting")
        queen = col["frogs"][QUEEN]["square"] or "-"
        males = "".join(m[-1] for m in col["males"]) or _("none")
        row = [c + 1, col["name"], colour_word(col["color"]), f"{marks[c].upper()}/{marks[c]}",
               status, queen, in_pond(state, c) if col["alive"] else "-",
               reserve(state, c) if col["alive"] else "-", males]
        if state.get("cards"):
            row.append(f"{len(col['hand'])}{' + force' if col.get('force') else ''}")
        rows.append(row)
    return rows


def piles_text(state: CroaState) -> str:
    parts = []
    for z in ZONES:
        pile = state["piles"][z]
        left = sum(pile.values())
        detail = " ".join(f"{code(k)}:{pile[k]}" for k in KINDS[:6] if pile.get(k))
        males = [k[-1] for k in KINDS[6:] if pile.get(k)]
        if males:
            detail += "  " + _("males") + " " + " ".join(males)
        left_word = _("left")
        parts.append(f"  {zone_word(z):<6} {left:>2} {left_word}  {detail}".rstrip())
    return _("tiles still in the piles:") + "\n" + "\n".join(parts)


def pending_text(state: CroaState) -> list[str]:
    """Who must decide what (with the allowed answers), then how to type the answer."""
    bouncing = top(state) == "bounce"  # the thunderclaps are said with the bounce (answer_hint)
    lines = [_("Waiting: {player} — {decision}: {choices}").format(
        player=p["player"], decision=decision_word(p["decision"]),
        choices=", ".join(said_choice(p["decision"], c) for c in p["choices"]))
             for p in state["pending"] if not (bouncing and p["decision"] == "thunderclap")]
    return lines + answer_hint(state)


def answer_hint(state: CroaState) -> list[str]:
    """What the table must decide now and how to type it (nothing when no decision waits)."""
    return [elide(tell(line)) for line in answer_said(state)]


def answer_said(state: CroaState) -> list[dict]:
    """`answer_hint` as the log keeps it (an action's last events): said in the reader's language."""
    waiting = top(state)
    if not waiting:
        return []
    first = state["pending"][0]
    d, who = data(first), first["player"]
    if waiting == "bounce":
        tile = "" if state["digital"] else msg(" (--tile TILE on a square without a tile)")
        line = msg("{frog} must bounce off the lily pad at {square}: `bounce SQ`{tile}.",
                   frog=frog_said(state, d["frog"]), square=d["square"], tile=tile)
    elif waiting == "mosquito":
        line = msg("The mosquito: {who} may move another frog, `mosquito {choice}` (or another "
                   "choice listed), or `pass`.", who=who, choice=choice_said(waiting, first["choices"][0]))
    elif waiting == "log-removal":
        line = msg("Three servants on the log at {square}: {who} pushes one off, `remove {choice}` "
                   "(or another choice listed).", square=d["square"], who=who,
                   choice=choice_said(waiting, first["choices"][0]))
    else:
        window = state["window"]
        assert window is not None
        asked = [p["player"] for p in state["pending"]]
        n = len(asked)
        settles = msg("`pass`") if n == 1 else msg("`pass all` (or `pass NAME`, one by one)")
        played = len(window["chain"]) - 1
        if played:
            works = played % 2 == 0
            said = (nmsg("{n} Doesn't work! played: {card} would work.",
                         "{n} Doesn't work! played: {card} would work.", played,
                         card=title_said(window["card"])) if works
                    else nmsg("{n} Doesn't work! played: {card} would be cancelled.",
                              "{n} Doesn't work! played: {card} would be cancelled.", played,
                              card=title_said(window["card"])))
            line = joined([said, " ", nmsg(
                "{names} may answer with another (`card doesnt_work --player NAME`); {settles} "
                "settles it.", "{names} may answer with another (`card doesnt_work --player "
                "NAME`); {settles} settles it.", n, names=asked, settles=settles)])
        else:
            line = nmsg("{names} may cancel {card} (`card doesnt_work --player NAME`); "
                        "{settles} lets it work.",
                        "{names} may cancel {card} (`card doesnt_work --player NAME`); "
                        "{settles} lets it work.", n, names=asked, card=title_said(window["card"]), settles=settles)
    lines = [line]
    holders = [p["player"] for p in state["pending"] if p["decision"] == "thunderclap"]
    if waiting == "bounce" and holders:
        # every colony with a card is asked, dealt hands too: the line tells nobody who holds one
        lines.append(nmsg("  or a thunderclap keeps the frog there ({names} may hold one): "
                          "`card thunderclap --player NAME`",
                          "  or a thunderclap keeps the frog there ({names} may hold one): "
                          "`card thunderclap --player NAME`", len(holders), names=holders))
    return lines


PHASES = (N_("move"), N_("over"), N_("turn"))  # the status line's words (referee.model.status)
def hand_text(col: Colony, shown: bool = False, dealt: bool = False) -> str:
    """The hand of the colony to play: a count (its cards only when its player asks, `shown`).
    `dealt`: the referee dealt it (the screens are handed its view, a `?` a card)."""
    note = _(" (already played one this turn)") if col["played_card"] else ""
    n = len(col["hand"])
    if HIDDEN in col["hand"] and not dealt:
        text = ngettext("{name} holds {n} card{note}.", "{name} holds {n} cards{note}.", n).format(
            name=col["name"], n=n, note=note)
    elif shown:
        text = _("{name}'s hand: {cards}{note}.").format(  # as the table types them (`mégabond` in French)
            name=col["name"], cards=", ".join(map(card_word, col["hand"])) or _("empty"), note=note)
    else:
        text = ngettext("{name} holds {n} card{note} (dealt by the referee: `croa hand {name}` shows them).",
                        "{name} holds {n} cards{note} (dealt by the referee: `croa hand {name}` shows them).",
                        n).format(name=col["name"], n=n, note=note)
    if col.get("force"):
        text += "\n" + _("The force lies in front of it: it fills up to 4 cards.")
    return elide(text)


def _sharers(state: CroaState, c: int, square: str) -> str:
    """`Ann's queen and a servant` / `3 of Ann's servants`: the colony's frogs on a square."""
    col = state["colonies"][c]
    here = [i for i, f in enumerate(col["frogs"]) if f["square"] == square]
    servants = len([i for i in here if i != QUEEN])
    if QUEEN in here:
        return ngettext("{name}'s queen and a servant", "{name}'s queen and {n} servants",
                        servants).format(name=col["name"], n=servants)
    return _("{n} of {name}'s servants").format(n=servants, name=col["name"])


def sharing_lines(state: CroaState) -> list[str]:
    """Every colony whose own frogs share a square (a baby or a gained servant with its queen,
    twins...): one of them must move on that colony's turn. Said before any move is refused."""
    lines = []
    c = state["current"]
    for o, col in enumerate(state["colonies"]):
        if not col["alive"]:
            continue
        shared = shared_squares(state, o)
        if o == c:
            if state["pending"] or not any(col["frogs"][r[1]]["square"] in shared
                                           for r in movable(state, o)):
                continue
            when = _("this turn")
        else:
            when = _("on {name}'s next turn").format(name=col["name"])
        for sq in shared:
            lines.append(sentence(_("{frogs} share {square}: one must move {when}.").format(
                frogs=_sharers(state, o, sq), square=sq, when=when)))
    return lines


THREE_NOTE = N_("3 colonies: the rulebook does not describe the 3-player side, so the referee plays "
              "the 8x8 pond of the 2-4 side on three corners.")


def render(state: CroaState) -> str:
    parts = [pond_text(state), _(LEGEND), "", colonies_table(state), "", piles_text(state), ""]
    if len(state["colonies"]) == 3:
        parts.append(_(THREE_NOTE))
    return "\n".join(parts + turn_lines(state))


def render_compact(state: CroaState) -> str:
    """For an 80x24 screen: the pond (without the letters under it), a line per colony, whose
    turn and what is pending; no legend, no piles."""
    return "\n".join([*pond_text(state).split("\n")[:-1], *colony_lines(state), *turn_lines(state)])


def turn_lines(state: CroaState) -> list[str]:
    """Whose turn, what they must do, what is pending (or the winner)."""
    parts: list[str] = []
    if state["winner"] is not None:
        parts.append(elide(_("Game over: {name}'s queen is the last in the pond.").format(
            name=state["colonies"][state["winner"]]["name"])))
        return parts
    c = state["current"]
    col = state["colonies"][c]
    parts.append(_("Turn {turn} (round {round}) · {name} ({colour}) to play.").format(
        turn=state["turn"], round=round_of(state), name=col["name"], colour=colour_word(col["color"])))
    parts.extend(sharing_lines(state))
    if not state["pending"]:
        stuck = [f["square"] or "" for f in col["frogs"] if f["stuck"]]
        if stuck:
            parts.append(_("Stuck in the mud this turn: {squares}.").format(squares=", ".join(stuck)))
        if state.get("cards"):
            parts.append(hand_text(col, dealt=bool(state.get("deal"))))
    parts.extend(pending_text(state))
    return parts
