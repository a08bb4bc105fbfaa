"""The Pegs and Jokers board: one lane per side, START and HOME beside it.

Drawn with the Line API on a character canvas, 80 columns wide and
players + 2 rows high (a header with the hole numbers, a lane per side, a
legend), so even the 8-player board fits an 80 x 24 terminal with room for
the hand, the moves and the log. A lane reads

    ▸A Red    12·45  ·  ·  ·  ⌂  ·  ·  ·  · B2  »  ·  … · 1·3··  you

pointer (the player to act), team letter, colour, START (the numbers of the
pegs still there), the side's 18 holes (⌂ the in-spot, » the come-out
hole; pegs read R1, B2 …: the colour's initial, K for Pink, which the header
says with 8 players), HOME (its five holes, by number), who plays the seat
("you", "pl 2" with several people, or the bot's level). Colours come from
the theme; nothing depends on colour alone: pegs are labelled, teams
lettered, the chosen move marked with ◇ (from), ◆ (to) and ✕ (bumped) as
well as reverse video (in START and HOME, whose cells hold one character, the
◇ or ◆ alone).

Where the terminal has room the screen asks for the wide board (holes of 4
cells, 99 columns: a mark stands clear of the peg before it, `◇R1 ◆B2` where
80 columns read `◇R1◆B2`) and the tall one (a blank row between lanes).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from textual.strip import Strip

from engine import COLOURS
from engine.pegs.board import COME_OUT_OFFSET, IN_SPOT_OFFSET, SIDE
from themes import glyphs as glyph_table

from .. import pegs_view as pv
from .canvas import Canvas, CanvasBoard

WIDTH = 80
HOLES_X = 15          # x of the first hole cell; each hole is 3 cells: marker, 2 for the peg
START_X = 10
WIDE = 4              # a hole's cells on the wide board: marker, 2 for the peg, a space
WIDE_WIDTH = WIDTH + 1 + (WIDE - 3) * SIDE      # 99: a space after START too
WHO_SHORT = 4         # the "who" column's cells on a board without room to spare


def who_label(who: str, width: int) -> str:
    """`who` in `width` cells: "normal" -> "norm", "player 2" -> "pl 2" when it must be cut."""
    if len(who) <= width:
        return who
    if who.startswith("player "):
        who = "pl " + who[7:]
    return who[:width]


def board_height(players: int, legend: bool = True, tall: bool = False) -> int:
    """Rows: the header, a lane per side (a blank row between lanes on the tall board),
    the legend (after a blank row on the tall board)."""
    lanes = 2 * players - 1 if tall else players
    return 1 + lanes + (0 if not legend else 2 if tall else 1)


@dataclass
class PegsBoardState:
    """What the board shows; the screen builds it from `game.view()`."""

    view: dict = field(default_factory=dict)
    marks: list[tuple] = field(default_factory=list)          # (place, role, peg label)
    who: list[str] = field(default_factory=list)              # per seat: "you", "player 2", "hard" …
    legend: bool = True
    wide: bool = False        # holes of 4 cells (WIDE_WIDTH columns): a move's marks never touch a peg
    tall: bool = False        # a blank row between the lanes


class PegsBoard(CanvasBoard):
    """The board. Set `state` (a PegsBoardState) and it redraws."""

    STATE = PegsBoardState

    COMPONENT_CLASSES = {
        "pegs-board--hole", "pegs-board--label", "pegs-board--info", "pegs-board--mark",
        "pegs-board--from", "pegs-board--to", "pegs-board--bumped", "pegs-board--sent", "pegs-board--turn",
        *(f"pegs-board--p{c}" for c in range(8)),
        *(f"pegs-board--c{c}" for c in range(8)),
        *(f"pegs-board--zone{c}" for c in range(8)),
    }

    DEFAULT_CSS = "\n".join([
        """
    PegsBoard {
        width: 80;
        height: 6;
        background: $surface;
    }
    PegsBoard > .pegs-board--hole { color: $text 90%; }   /* on a lane's tint: 4.5:1 and up in 256 colours too */
    PegsBoard > .pegs-board--label { text-style: bold; }
    PegsBoard > .pegs-board--info { color: $text-muted; }
    PegsBoard > .pegs-board--mark { text-style: bold; }
    PegsBoard > .pegs-board--turn { text-style: bold reverse; }
    PegsBoard > .pegs-board--from { text-style: reverse; }
    PegsBoard > .pegs-board--to { text-style: reverse bold underline; }
    PegsBoard > .pegs-board--bumped { text-style: underline; }
    PegsBoard > .pegs-board--sent { text-style: bold underline; }
    """,
        *(f"PegsBoard > .pegs-board--p{i} {{ background: $player-{name}; color: $player-{name}-text; text-style: bold; }}\n"
          f"PegsBoard > .pegs-board--c{i} {{ color: $player-{name}-ink; text-style: bold; }}\n"
          f"PegsBoard > .pegs-board--zone{i} {{ background: $player-{name}-lane; color: $text; }}"
          for i, name in enumerate(c.lower() for c in COLOURS)),
    ])

    # ------------------------------------------------------------ drawing
    def _build(self) -> list[Strip]:
        width, height = self.size
        state = self._state
        view = state.view
        base = self.rich_style
        if not view:
            return [Strip.blank(width, base)] * height
        style = self.get_component_rich_style
        g = glyph_table(self._ascii)
        players = view["players"]
        rows = board_height(players, state.legend, state.tall)
        hw = WIDE if state.wide else 3                  # a hole's cells
        holes_x = HOLES_X + 1 if state.wide else HOLES_X
        home_x = holes_x + hw * SIDE + 1
        who_x = home_x + 6
        width_used = WIDE_WIDTH if state.wide else WIDTH
        # the "who" column: whole words where the widget has room, else four cells
        # ("norm", "pl 2")
        who_w = max([WHO_SHORT] + [len(w) for w in state.who])
        if width - width_used >= who_w - WHO_SHORT:
            width_used += who_w - WHO_SHORT
        else:
            who_w = WHO_SHORT
        step = 2 if state.tall else 1

        def lane_y(side: int) -> int:
            return 1 + step * side

        canvas = Canvas(width_used, rows, base)
        put, restyle = canvas.put, canvas.restyle

        # -- header: START, the hole numbers (in-spot and come-out marked), HOME
        info = style("pegs-board--info")
        mark = style("pegs-board--mark")
        put(START_X, 0, "START", info)
        for j in range(SIDE):
            special = j in (IN_SPOT_OFFSET, COME_OUT_OFFSET)
            put(holes_x + hw * j + 1, 0, f"{j + 1:>2}", mark if special else info)
        put(home_x, 0, "HOME", info)
        put(who_x, 0, "who", info)
        # every other peg letter is its colour's initial, named at the start of the lane;
        # Pink's (Purple has P) is said where the header has room, left of START
        pink = pv.INITIALS.index("K")
        if players > pink:
            put(1, 0, "K", style(f"pegs-board--p{pink}"))
            put(2, 0, f" = {COLOURS[pink]}", info)

        def on_zone(zone: Style, fg: Style) -> Style:
            """`fg`'s colour and weight on the lane's tint (component styles carry a background)."""
            return zone + Style(color=fg.color, bold=fg.bold)

        # -- the lanes
        lanes = pv.lanes(view)
        to_act = view.get("to_act")
        hole = style("pegs-board--hole")
        for side in range(players):
            y = lane_y(side)
            zone = style(f"pegs-board--zone{side}")
            colour = style(f"pegs-board--c{side}")
            lane = lanes[side]
            if side == to_act:
                put(0, y, g.pointer, style("pegs-board--turn"))
            put(1, y, pv.TEAM_LETTERS[pv.team_of(view, side)], style("pegs-board--label"))
            name_style = colour + (style("pegs-board--turn") if side == to_act else Style())
            put(3, y, f"{COLOURS[side]:<6}", name_style)
            for i, peg in enumerate(lane["start"]):
                put(START_X + i, y, str(peg) if peg else g.square,
                    style(f"pegs-board--p{side}") if peg else zone)
            for j in range(SIDE):
                x = holes_x + hw * j
                put(x, y, " " * hw, zone)
                occupant = lane["holes"][j]
                if occupant is not None:
                    owner, peg = occupant
                    put(x + 1, y, pv.peg_label(owner, peg), style(f"pegs-board--p{owner}"))
                else:
                    special = j in (IN_SPOT_OFFSET, COME_OUT_OFFSET)
                    glyph = (g["in-spot"] if j == IN_SPOT_OFFSET else
                             g["come-out"] if j == COME_OUT_OFFSET else g.square)
                    # the in-spot and come-out marks in the text colour, bold: in the lane's own
                    # colour they faded into its tint (1.2:1 once rounded to 256 colours)
                    put(x + 1, y, glyph, zone + Style(bold=True) if special else on_zone(zone, hole))
            for k, peg in enumerate(lane["home"]):
                put(home_x + k, y, str(peg) if peg else g.square,
                    style(f"pegs-board--p{side}") if peg else zone)
            if side < len(state.who):
                put(who_x, y, who_label(state.who[side], who_w), info)

        # -- the chosen move
        for place, role, label in sorted(state.marks, key=lambda m: m[1] != "bumped"):
            kind = role.rstrip("0123456789")
            extra = style(f"pegs-board--{kind}")
            marker = {"from": g["from"], "to": g["target"], "bumped": g.bumped, "sent": g["slide-to"]}[kind]
            if place[0] == "track":
                side, offset = divmod(place[1], SIDE)
                x, y = holes_x + hw * offset, lane_y(side)
                if kind in ("to", "sent") and label:
                    owner = pv.INITIALS.index(label[0])
                    put(x + 1, y, label, style(f"pegs-board--p{owner}"))
                if kind == "bumped" and hw > 3:
                    # the wide board's spare cell: the ✕ stays in sight after the peg that
                    # lands here is drawn over the one it bumps ("◆R1✕")
                    put(x + 3, y, g.bumped, extra + mark)
                restyle(x, y, 3, extra, marker)
            # START and HOME have a cell a peg (or hole): the mark stands in it, for the peg's
            # number there beside the same peg's number at the other end read as two pegs
            elif place[0] == "start":
                owner = place[1]
                peg = int(label[1:]) if label else 1
                restyle(START_X + peg - 1, lane_y(owner), 1, extra, marker if kind == "from" else None)
            else:
                owner, k = place[1], place[2]
                if kind == "to" and label:      # (the peg's colour, for the ◆ put over it)
                    put(home_x + k - 1, lane_y(owner), label[1:], style(f"pegs-board--p{owner}"))
                restyle(home_x + k - 1, lane_y(owner), 1, extra, marker if kind in ("from", "to") else None)

        # -- legend
        if state.legend:
            y = rows - 1
            legend = (f"{g['in-spot']} in-spot (to HOME)  {g['come-out']} come-out (from START)  "
                      f"play runs {g.right}, lane to lane")
            put(1, y, legend, info)

        # -- to strips, centred in the widget
        return canvas.strips(width, height, max(0, (width - width_used) // 2))
