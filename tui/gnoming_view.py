"""Gnoming A Round as text: cards, the 3 x 3 grids, the piles and the score sheet.

No Textual here and no rules: everything shown comes from the engine's
`view(seat)` (face-down cards are null there, so they can only be drawn as
card backs) and, at the end of a round, from its `last_round` record and the
engine's scoring module (which lines matched).
"""
from __future__ import annotations

from rich.text import Text

from engine.core import COLOURS
from engine.gnoming.cards import parse_card
from engine.gnoming.layout import LINES, line_name
from engine.gnoming.scoring import matching_sets, score_breakdown

CARD_HELP = {"M": "Mulligan: wild in a matching line, 0 alone",
             "H": "Hazard: +10 in a layout; discarded, it lets the others flip"}


def card_text(name: str | None, glyphs, width: int = 2) -> str:
    """A card's face in `width` cells: ' 7', '-2', '10', ' M', ' H'; a card back when face down."""
    if name is None:
        return glyphs.hidden_card * width
    return name.rjust(width)


def card_words(name: str | None) -> str:
    if name is None:
        return "none"
    if name == "M":
        return "Mulligan (M)"
    if name == "H":
        return "Hazard (H)"
    return name


def matched_cells(layout: list[str | None]) -> tuple[int, list[tuple[int, int]]]:
    """(mask of cells in a matching line, [(line, value)]) of a layout, from the engine's
    scoring (a face-down card, None, is in no set)."""
    sets = matching_sets([None if c is None else parse_card(c) for c in layout])
    mask = 0
    for line, _ in sets:
        for cell in LINES[line]:
            mask |= 1 << cell
    return mask, sets


def sets_so_far(layout: list[str | None]) -> int:
    """The mask of cells in a matching line that is already all face up."""
    return matched_cells(layout)[0]


def big_grid(layout, glyphs, *, cursor: int | None = None, active: set[int] | None = None,
             matched: int = 0, title: str = "", large: bool = False) -> Text:
    """The large grid: each card in a box of 6 x 3; the cursor cell drawn with a heavier frame and
    pointers (not colour alone; on a card of a set, its braces); the frames of cells without
    a legal move dimmed while choosing."""
    text = Text()
    if title:
        text.append(title + "\n", style="bold")
    inside = 8 if large else 4             # a box's inner width; `large`: 10 x 5 (from 120 x 40)
    gap = "  " if large else ""
    for row in range(3):
        lines = [Text() for _ in range(5 if large else 3)]
        for col in range(3):
            cell = row * 3 + col
            name = layout[cell]
            here = cell == cursor
            style = ""
            if active is not None and cell not in active:
                style = "dim"
            if here:
                style = "bold reverse"
            mark = matched >> cell & 1
            if here:
                tl, tr, bl, br, h, v = (glyphs.cur_tl, glyphs.cur_tr, glyphs.cur_bl, glyphs.cur_br,
                                        glyphs.cur_h, glyphs.cur_v)
            else:
                tl, tr, bl, br, h, v = (glyphs.box_tl, glyphs.box_tr, glyphs.box_bl, glyphs.box_br,
                                        glyphs.box_h, glyphs.box_v)
            face = card_text(name, glyphs, 2)
            # a set's braces win over the cursor's pointers (its frame says where it is), and
            # a dimmed cell dims its frame only: the card's value reads in full
            inner = ("{" if mark else glyphs.pointer if here else " ") + face + \
                    ("}" if mark else glyphs.pointer_left if here else " ")
            middle = len(lines) // 2
            for i, ln in enumerate(lines):
                if i == 0 or i == len(lines) - 1:
                    ln.append((tl + h * inside + tr) if i == 0 else (bl + h * inside + br), style=style)
                    continue
                ln.append(v, style=style)
                if i == middle:
                    ln.append(gap, style=style if here else "")
                    ln.append(inner, style=(style if here else "") + (" underline" if mark else ""))
                    ln.append(gap, style=style if here else "")
                else:
                    ln.append(" " * inside, style=style if here else "")
                ln.append(v, style=style)
            if col < 2:
                for ln in lines:
                    ln.append(" ")
        for ln in lines:
            text.append_text(ln)
            text.append("\n")
    text.rstrip()
    return text


def small_grid(layout, glyphs, matched: int = 0) -> list[Text]:
    """A compact grid: three lines of `[ 7][##][-2]`; a card in a matching line is in braces:
    `{ 7}` (a set; a star between two cards read as marking either)."""
    out = []
    for row in range(3):
        line = Text()
        for col in range(3):
            cell = row * 3 + col
            name = layout[cell]
            mark = matched >> cell & 1
            line.append("{" if mark else "[", style="bold" if mark else "dim")
            line.append(card_text(name, glyphs, 2), style="bold underline" if mark else
                        ("dim" if name is None else "bold"))
            line.append("}" if mark else "]", style="bold" if mark else "dim")
        out.append(line)
    return out


def pile_lines(view: dict, glyphs, notes: bool = True) -> Text:
    """Draw pile, both discard piles with their top cards, and the card in hand (when visible;
    with `notes`, a Mulligan's or a Hazard's rule under it)."""
    text = Text()
    text.append("Draw   ", style="bold")
    text.append(f"[{glyphs.hidden_card * 2}] {view['draw_count']:>3} left\n")
    for i, pile in enumerate(view["discards"]):
        top = pile[-1] if pile else None
        text.append(f"Pile {i + 1} ", style="bold")
        text.append("[--]" if top is None else f"[{card_text(top, glyphs, 2)}]", style="bold")
        text.append(f" {len(pile):>3} card{'s' if len(pile) != 1 else ''}\n")
    holder = view.get("holding")
    if holder is not None:
        drawn = view.get("drawn")
        text.append(f"Hand   ", style="bold")
        if drawn is None:
            text.append(f"[{glyphs.hidden_card * 2}] {COLOURS[holder]} holds")    # face down: hidden
        else:
            text.append(f"[{card_text(drawn, glyphs, 2)}]", style="bold reverse")
            text.append(f" {COLOURS[holder]} holds")
            if notes and drawn in CARD_HELP:
                text.append(f"\n{CARD_HELP[drawn]}", style="italic")
    else:
        text.append("Hand   none", style="dim")
    return text


def score_sheet(view: dict, labels: list[str], winners: list[int] | None = None) -> Text:
    """Rounds 1-3 and the totals, one line per seat (`winners`' marked, as the other games'
    results mark theirs)."""
    rounds = view["round_scores"]
    text = Text()
    text.append(f"{'':<22}{'R1':>5}{'R2':>5}{'R3':>5}{'Total':>7}\n", style="bold")
    for seat, label in enumerate(labels):
        cells = "".join(f"{r[seat]:>5}" for r in rounds) + " " * 5 * (3 - len(rounds))
        mark = "  winner" if winners and seat in winners else ""
        text.append(f"{label:<22.22}{cells}{view['scores'][seat]:>7}{mark}\n")
    text.rstrip()
    return text


def round_lines(last: dict, seat: int) -> str:
    """How a seat's round score came about: each matching line and what it scores, the
    other cards (a Hazard among them named), going out first's bonus (-5) or penalty (+5),
    and the round's score."""
    parts_of = score_breakdown([parse_card(c) for c in last["layouts"][seat]])
    parts = [", ".join(f"{line_name(line)} of {value}s {points:+d}" for line, value, points in parts_of["sets"])
             or "no matching line"]
    others, hazards = parts_of["others"], parts_of["hazards"]
    words = f"other cards {others:+d}"
    if hazards:
        words += " (a Hazard +10)" if hazards == 1 else f" ({hazards} Hazards +{10 * hazards})"
    parts.append(words)
    if last.get("went_out") == seat:
        adj = last.get("adjustment", 0)
        if adj:             # G-7.7: -5 when lowest (a tie too), else +5
            parts.append(f"went out first, lowest: {adj:+d} bonus" if adj < 0 else
                         f"went out first, not lowest: {adj:+d} penalty")
        else:               # (the round ended otherwise: no bonus or penalty)
            parts.append("went out first")
    return "; ".join(parts) + f" = {last['scores'][seat]}"
