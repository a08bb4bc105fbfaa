"""The Sorry! board: the 60-square track as a square loop, slides, START, safety zones, HOME.

Drawn with the Line API on a character canvas. Two scales: compact cells
(3 x 1 characters, a 48 x 16 board that fits 80 x 24) and large cells
(5 x 2, 80 x 32, with every square's number) when the widget is given the
room. Colours come from the theme (component classes using `$player-*`);
nothing depends on colour alone: pawns read R1, B3 …, and the chosen move is
marked with reverse video and marker characters.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from textual.strip import Strip

from engine import COLOURS
from themes import glyphs as glyph_table

from .. import sorry_view as sv
from .canvas import Canvas, CanvasBoard

COMPACT = (3, 1)
LARGE = (5, 2)


@dataclass
class BoardState:
    """What the board shows; the screen builds it from `game.view()`."""

    positions: list[list[str]] = field(default_factory=lambda: [[], []])
    marks: list[tuple] = field(default_factory=list)        # (place, role, pawn)
    title: str = ""
    title_seat: int | None = None
    card: str | None = None
    card_caption: str = ""
    lines: list[str] = field(default_factory=list)


class SorryBoard(CanvasBoard):
    """The board. Set `state` (a BoardState) and it redraws."""

    STATE = BoardState

    COMPONENT_CLASSES = {
        "sorry-board--square", "sorry-board--number", "sorry-board--label", "sorry-board--card",
        "sorry-board--title", "sorry-board--info",
        "sorry-board--from", "sorry-board--to", "sorry-board--end", "sorry-board--bumped",
        *(f"sorry-board--p{c}" for c in range(4)),
        *(f"sorry-board--c{c}" for c in range(4)),
        *(f"sorry-board--zone{c}" for c in range(4)),
        "sorry-board--absent",
    }

    DEFAULT_CSS = """
    SorryBoard {
        width: 48;
        height: 16;
        background: $surface;
    }
    SorryBoard > .sorry-board--square { background: $boost; color: $text-muted; }
    SorryBoard > .sorry-board--number { color: $text-muted; }
    SorryBoard > .sorry-board--label { text-style: bold; }
    SorryBoard > .sorry-board--title { text-style: bold; }
    SorryBoard > .sorry-board--info { color: $text-muted; }
    SorryBoard > .sorry-board--card { background: $panel; color: $text; text-style: bold; }
    SorryBoard > .sorry-board--from { text-style: reverse; }
    SorryBoard > .sorry-board--to { text-style: reverse bold underline; }
    SorryBoard > .sorry-board--end { text-style: bold underline; }
    SorryBoard > .sorry-board--bumped { text-style: underline; }
    SorryBoard > .sorry-board--p0 { background: $player-red; color: $player-red-text; text-style: bold; }
    SorryBoard > .sorry-board--p1 { background: $player-blue; color: $player-blue-text; text-style: bold; }
    SorryBoard > .sorry-board--p2 { background: $player-yellow; color: $player-yellow-text; text-style: bold; }
    SorryBoard > .sorry-board--p3 { background: $player-green; color: $player-green-text; text-style: bold; }
    SorryBoard > .sorry-board--c0 { background: $boost; color: $player-red-ink; text-style: bold; }
    SorryBoard > .sorry-board--c1 { background: $boost; color: $player-blue-ink; text-style: bold; }
    SorryBoard > .sorry-board--c2 { background: $boost; color: $player-yellow-ink; text-style: bold; }
    SorryBoard > .sorry-board--c3 { background: $boost; color: $player-green-ink; text-style: bold; }
    SorryBoard > .sorry-board--zone0 { background: $player-red-zone; color: $text; }
    SorryBoard > .sorry-board--zone1 { background: $player-blue-zone; color: $text; }
    SorryBoard > .sorry-board--zone2 { background: $player-yellow-zone; color: $text; }
    SorryBoard > .sorry-board--zone3 { background: $player-green-zone; color: $text; }
    SorryBoard > .sorry-board--absent { background: $surface; color: $text; text-style: dim; }
    """

    @property
    def scale(self) -> tuple[int, int]:
        w, h = self.size
        return LARGE if w >= LARGE[0] * sv.GRID and h >= LARGE[1] * sv.GRID else COMPACT

    # ------------------------------------------------------------ drawing
    def _build(self) -> list[Strip]:
        width, height = self.size
        cw, ch = self.scale
        bw, bh = cw * sv.GRID, ch * sv.GRID
        base = self.rich_style
        style = self.get_component_rich_style
        g = glyph_table(self._ascii)
        canvas = Canvas(bw, bh, base)
        put, restyle = canvas.put, canvas.restyle
        state = self._state

        occupant: dict[tuple, int] = {}          # place -> pawn
        in_start: list[list[int]] = [[] for _ in range(4)]
        in_home: list[list[int]] = [[] for _ in range(4)]
        for seat, locs in enumerate(state.positions):
            for k, loc in enumerate(locs):
                pawn = seat * 4 + k
                place = sv.parse_loc(loc, seat)
                if place[0] == "start":
                    in_start[seat].append(pawn)
                elif place[0] == "home":
                    in_home[seat].append(pawn)
                else:
                    occupant[place] = pawn

        # -- track
        for sq, (r, c) in enumerate(sv.TRACK_CELLS):
            kind, owner = sv.SQUARE_KINDS[sq]
            direction = sv.SIDE_DIRECTION[sq // 15]
            x, y = c * cw, r * ch
            pawn = occupant.get(("track", sq))
            glyph_style = style(f"sorry-board--c{owner}") if kind != "plain" else style("sorry-board--square")
            number_style = style("sorry-board--square")
            rows = self._track_cell(sq, kind, direction, g, cw, ch)
            put(x, y, rows[0], glyph_style)
            if ch == 2:
                put(x, y + 1, rows[1], number_style)
                if kind != "plain" and g["slide-v"] in rows[1]:
                    put(x + rows[1].index(g["slide-v"]), y + 1, g["slide-v"], glyph_style)
            if pawn is not None:
                label = sv.pawn_label(pawn)
                put(x + (1 if cw == 3 else 2), y, label, style(f"sorry-board--p{pawn >> 2}"))
                if cw == 5:
                    put(x + 1, y, " ", style(f"sorry-board--p{pawn >> 2}"))
                    put(x + 4, y, " ", style(f"sorry-board--p{pawn >> 2}"))

        # -- safety zones
        # a colour nobody plays (two or three players) is greyed out (dimmed, untinted)
        zones = [f"sorry-board--zone{c}" if c < len(state.positions) else "sorry-board--absent" for c in range(4)]
        for colour in range(4):
            zone = style(zones[colour])
            for k, (r, c) in enumerate(sv.SAFE_CELLS[colour], 1):
                x, y = c * cw, r * ch
                if cw == 3:
                    put(x, y, f" S{k}", zone)
                else:
                    put(x, y, f"  {g.square}  ", zone)
                    put(x, y + 1, f"{'S' + str(k):^5}", zone)
                pawn = occupant.get(("safe", colour, k))
                if pawn is not None:
                    pst = style(f"sorry-board--p{pawn >> 2}")
                    if cw == 3:
                        put(x + 1, y, sv.pawn_label(pawn), pst)
                    else:
                        put(x + 1, y, f" {sv.pawn_label(pawn)} ", pst)

        # -- START and HOME areas
        box_pawns: dict[tuple, list[tuple[int, int, int]]] = {}   # (kind, colour) -> (pawn, x, y)
        left_square = {r * ch: sq for sq, (r, c) in enumerate(sv.TRACK_CELLS) if c == 0}   # row -> square
        for colour in range(4):
            zone = style(zones[colour])
            label_style = zone if zones[colour] == "sorry-board--absent" else zone + style("sorry-board--label")
            for kind, box, pawns in (("start", sv.START_BOX[colour], in_start[colour]),
                                     ("home", sv.HOME_BOX[colour], in_home[colour])):
                r0, c0, r1, c1 = box
                x0, y0 = c0 * cw, r0 * ch
                w, h = (c1 - c0 + 1) * cw, (r1 - r0 + 1) * ch
                if c0 == 1:                 # keep a gap from the track beside it
                    x0, w = x0 + 1, w - 1
                if c1 == sv.GRID - 2:
                    w -= 1
                for yy in range(y0, y0 + h):
                    put(x0, yy, " " * w, zone)
                    if cw == 3 and c0 == 1 and ("track", left_square.get(yy)) in occupant:
                        # compact: a pawn on the track one cell from the area gets an edge
                        # between them (" Y1 B1 B2" read as three pawns in Blue's START)
                        put(x0 - 1, yy, g["area-edge"], style("sorry-board--number"))
                extra = [p for place, role, p in state.marks
                         if place == (kind, colour) and role.startswith("to") and p not in pawns]
                shown = sorted(pawns) + extra
                lines = self._box_lines(COLOURS[colour], kind.upper(), shown, w, h)
                top = y0 + max(0, (h - len(lines)) // 2)
                slots = []
                for i, items in enumerate(lines):
                    text = items if isinstance(items, str) else " ".join(sv.pawn_label(p) for p in items)
                    lx = x0 + max(0, (w - len(text) + 1) // 2)
                    if isinstance(items, str):
                        put(lx, top + i, text, label_style)
                    else:
                        for j, p in enumerate(items):
                            px = lx + 3 * j
                            put(px, top + i, sv.pawn_label(p), style(f"sorry-board--p{p >> 2}"))
                            slots.append((p, px, top + i))
                box_pawns[(kind, colour)] = slots

        # -- the centre: whose turn, the card, the piles
        self._draw_centre(put, style, g, cw, ch)

        # -- the chosen move: the pawn's square (◇), where it lands (◆, with a ghost of
        # its label), where a slide takes it (▸), pawns it bumps (✕)
        ends = {role[-1] for _, role, _ in state.marks if role.startswith("end")}
        for place, role, pawn in sorted(state.marks, key=lambda mark: mark[1] != "bumped"):
            part = role[-1] if role[-1].isdigit() else ""
            kind_role = role.rstrip("0123456789")
            extra = style(f"sorry-board--{kind_role}")
            ghost = None
            if kind_role == "from":
                marker = g["from"]
            elif kind_role == "to":
                marker = g["target"]
                if part not in ends or occupant.get(place, pawn) != pawn:
                    ghost = pawn       # (an 11's switch lands on the other pawn: shown, then its slide)
            elif kind_role == "end":
                marker = g["slide-to"]
                ghost = pawn
            else:
                marker = g.bumped
            if place[0] in ("start", "home"):
                # in a box the mark takes the space before the label (labels are 3 apart)
                for p, px, py in box_pawns.get((place[0], place[1]), []):
                    if p == pawn:
                        restyle(px - 1, py, 3, extra, marker)
                continue
            cell = (sv.TRACK_CELLS[place[1]] if place[0] == "track"
                    else sv.SAFE_CELLS[place[1]][place[2] - 1])
            r, c = cell
            x, y = c * cw, r * ch
            if ghost is not None:
                put(x + (1 if cw == 3 else 2), y, sv.pawn_label(ghost), style(f"sorry-board--p{ghost >> 2}"))
                if cw == 5:
                    put(x + 1, y, " ", style(f"sorry-board--p{ghost >> 2}"))
                    put(x + 4, y, " ", style(f"sorry-board--p{ghost >> 2}"))
            restyle(x, y, cw, extra, marker)
            for i in range(1, ch):
                restyle(x, y + i, cw, extra)

        # -- to strips, centred in the widget
        return canvas.strips(width, height, max(0, (width - bw) // 2), max(0, (height - bh) // 2))

    @staticmethod
    def _track_cell(sq: int, kind: str, direction: str, g, cw: int, ch: int) -> list[str]:
        """The text of one track square, one string per character row."""
        h, v = g["slide-h"], g["slide-v"]
        tri = g[f"slide-{direction}"]
        dot = g["slide-end"]
        horizontal = direction in ("left", "right")
        number = f"{sq:>3}" if cw == 3 else f"{sq:^5}"
        if cw == 3:
            if kind == "plain":
                return [number]
            if kind == "triangle":
                return [f"{h}{tri} " if direction == "left" else f" {tri}{h}" if horizontal else f" {tri} "]
            if kind == "slide":
                return [h * 3 if horizontal else f" {v} "]
            return [f" {dot}{h}" if direction == "left" else f"{h}{dot} " if horizontal else f" {dot} "]
        # large cells: a glyph row, then the square's number
        if kind == "plain":
            return [f"  {g.square}  ", number]
        if horizontal:
            if kind == "triangle":
                top = f"{h * 2}{tri}  " if direction == "left" else f"  {tri}{h * 2}"
            elif kind == "slide":
                top = h * 5
            else:
                top = f"  {dot}{h * 2}" if direction == "left" else f"{h * 2}{dot}  "
            return [top, number]
        glyph = {"triangle": tri, "slide": v, "end": dot}[kind]
        # vertical slides: the line carries on through the number row toward the slide's end
        down = (direction == "down" and kind != "end") or (direction == "up" and kind != "triangle")
        return [f"  {glyph}  ", f"{sq:>2}{v if down else ' '}  "]

    @staticmethod
    def _box_lines(colour: str, kind: str, pawns: list[int], w: int, h: int) -> list:
        """Lines of a START/HOME area: its label ("Blue START": whose it is, not by colour
        alone; on two lines in a narrow area, if it is tall enough for the pawns too), then
        the pawns, as many per line as fit."""
        if len(colour) + 1 + len(kind) <= w:
            label = [f"{colour} {kind}"]
        else:
            label = [colour, kind] if h >= 3 else [kind]
        per_line = max(1, (w + 1) // 3)
        rows = [pawns[i:i + per_line] for i in range(0, len(pawns), per_line)]
        lines: list = label + rows
        if len(lines) > h:          # not enough rows: squeeze pawns onto fewer lines
            lines = label + [pawns]
        return lines[:h]

    def _draw_centre(self, put, style, g, cw: int, ch: int) -> None:
        state = self._state
        r0, c0, r1, c1 = sv.CENTER_BOX
        x0, y0 = c0 * cw, r0 * ch
        w, h = (c1 - c0 + 1) * cw, (r1 - r0 + 1) * ch
        info = style("sorry-board--info")
        y = y0 + (0 if ch == 1 else 1)
        if state.title:
            title_style = (style(f"sorry-board--c{state.title_seat}")
                           if state.title_seat is not None else style("sorry-board--title"))
            title_style += style("sorry-board--title")
            put(x0 + max(0, (w - len(state.title)) // 2), y, state.title[:w], title_style)
        y += 1 if ch == 1 else 2
        if state.card is not None or state.card_caption:
            inner = 8 if cw == 3 else 14
            card_text = sv.card_name(state.card) if state.card else g.hidden_card * 3
            card_style = style("sorry-board--card")
            x = x0 + (w - inner - 2) // 2
            put(x, y, g["box-tl"] + g["box-h"] * inner + g["box-tr"], card_style)
            # The card face shows the card alone; its caption ("your pick", "last played")
            # goes under the card, so no word of it reads as printed on the card.
            body = [card_text] if ch == 1 else ["", card_text, ""]
            for i, text in enumerate(body, 1):
                put(x, y + i, g["box-v"] + f"{text[:inner]:^{inner}}" + g["box-v"], card_style)
            put(x, y + len(body) + 1, g["box-bl"] + g["box-h"] * inner + g["box-br"], card_style)
            y += len(body) + 2
            if ch == 2 and state.card_caption:
                caption = state.card_caption[:w]
                put(x0 + max(0, (w - len(caption)) // 2), y, caption, info)
                y += 1
        for text in state.lines:
            if y >= y0 + h:
                break
            put(x0 + max(0, (w - len(text)) // 2), y, text[:w], info)
            y += 1
