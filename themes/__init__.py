"""Parlor's themes and glyphs.

`THEMES` maps a name to a Textual `Theme`; the app registers them at start-up
(the built-in Textual themes stay available). Player colours are theme
variables (`$player-red` …) so every board follows the theme; `player_defaults`
fills them in for themes that don't set them (the built-in ones).

`GLYPHS` is the one glyph table, with a Unicode and an ASCII column; `glyphs()`
picks a column (`--ascii`). Every glyph is one cell wide.
"""
from __future__ import annotations

from types import MappingProxyType

from rich.color import Color as RichColor
from rich.color import ColorSystem
from textual.color import Color
from textual.theme import Theme

PLAYER_NAMES = ("red", "blue", "yellow", "green", "orange", "purple", "pink", "cyan")
"""Seat colours in seat order (engine.COLOURS, lower case): variable `player-<name>`, with
`player-<name>-ink` (the colour for text and lines on the board) and `player-<name>-text`
(black or white, for text on the colour: a pawn's letter and number)."""

READABLE = 4.5       # WCAG's contrast for text, which every player colour meets as text or ground


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 … 21)."""
    def luminance(colour: str) -> float:
        c = Color.parse(colour)
        return sum(w * (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4)
                   for w, v in zip((0.2126, 0.7152, 0.0722), (c.r / 255, c.g / 255, c.b / 255)))

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def in_256(colour: str) -> str:
    """`colour` as a 256-colour terminal shows it (TERM=xterm-256color, no COLORTERM)."""
    return RichColor.parse(colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor().hex


def contrast_anywhere(a: str, b: str) -> float:
    """The contrast of `a` on `b` in true colour or in 256 colours, whichever is lower."""
    return min(contrast(a, b), contrast(in_256(a), in_256(b)))


def _ink(colour: str, grounds: tuple[str, ...], dark: bool, seen=lambda c: c) -> str:
    """`colour`, lightened on a dark board (darkened on a light one) just enough to read as
    text on every one of `grounds`, in true colour and in 256 colours (as `seen`: `grey`
    under NO_COLOR)."""
    c = Color.parse(colour)
    for _ in range(50):
        if all(contrast_anywhere(seen(c.hex), seen(g)) >= READABLE for g in grounds):
            break
        c = c.lighten(0.02) if dark else c.darken(0.02)
    return c.hex.lower()


def _text_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (one always reaches 4.58:1)."""
    return max(("#000000", "#ffffff"), key=lambda t: contrast_anywhere(t, colour))

def grey(colour: str) -> str:
    """`colour` as Textual draws it under NO_COLOR (its Monochrome filter)."""
    return Color.parse(colour).monochrome.hex


def monochrome_variables(variables: dict[str, str]) -> dict[str, str]:
    """A theme's variables for a run under NO_COLOR, where Textual turns every colour grey:
    a pawn's letters black or white as reads better on its colour's grey (red's grey wants
    white where red wants black), and the footer's keys lightened (darkened on a light
    footer) until their grey reads on the footer's: 4.5:1, in 256 colours too."""
    out = dict(variables)

    def own(name: str) -> Color | None:
        """The variable's colour when it is one of its own (not an ansi theme's, not see-through)."""
        try:
            c = Color.parse(variables[name])
        except Exception:
            return None
        return c if c.ansi is None and c.a == 1 else None

    grounds = tuple(c.hex for c in map(own, ("background", "surface", "panel")) if c is not None)
    dark = bool(grounds) and Color.parse(grounds[0]).brightness < 0.5
    for name in PLAYER_NAMES:
        colour, ink = own(f"player-{name}"), own(f"player-{name}-ink")
        if colour is not None:
            out[f"player-{name}-text"] = _text_on(grey(colour.hex))
        if ink is not None and grounds:
            out[f"player-{name}-ink"] = _grey_ink(ink.hex, grounds, dark)
    key, ground = own("footer-key-foreground"), own("footer-background")
    if key is not None and ground is not None:
        out["footer-key-foreground"] = _grey_ink(key.hex, (ground.hex,), ground.brightness < 0.5)
    return out


def readable_footer_keys(variables: dict[str, str]) -> dict[str, str]:
    """`footer-key-foreground` made to read on the footer (4.5:1, in 256 colours too) where
    a theme's own does not (Textual's: atom-one-light's keys read at 1.8:1), lightened or
    darkened just enough, else black or white; nothing where it reads, or for an ansi
    theme (the terminal's own colours)."""
    try:
        key, ground = Color.parse(variables["footer-key-foreground"]), Color.parse(variables["footer-background"])
    except Exception:
        return {}
    if key.ansi is not None or ground.ansi is not None or key.a < 1 or ground.a < 1:
        return {}
    if contrast_anywhere(key.hex6, ground.hex6) >= READABLE:
        return {}
    dark = ground.brightness < 0.5
    for way in (dark, not dark):
        c = _ink(key.hex6, (ground.hex6,), way)
        if contrast_anywhere(c, ground.hex6) >= READABLE:
            return {"footer-key-foreground": c}
    return {"footer-key-foreground": _text_on(ground.hex6)}


ZONE_TINTS = {"zone": 22, "lane": 20}
"""The boards' see-through player colours: `$player-red-zone` (Sorry!'s safety zones,
START and HOME) and `$player-red-lane` (Pegs and Jokers' lanes), in percent."""


def zone_variables(variables: dict[str, str], dark: bool) -> dict[str, str]:
    """`player-<name>-zone` and `-lane` for every player colour: the colour at ZONE_TINTS'
    strength over the board. Over an ansi theme's ground (the terminal's own, unknown
    colour) Textual would blend with black, a near-black block under ansi-light's dark
    text: there the tint is mixed with white for a light theme, black for a dark one."""
    try:
        ansi = Color.parse(variables.get("background", "")).ansi is not None
    except Exception:
        ansi = False
    ground = Color(0, 0, 0) if dark else Color(255, 255, 255)
    out = {}
    for name in PLAYER_NAMES:
        colour = variables.get(f"player-{name}") or PLAYER_DEFAULTS[f"player-{name}"]
        for kind, percent in ZONE_TINTS.items():
            out[f"player-{name}-{kind}"] = (ground.blend(Color.parse(colour), percent / 100).hex if ansi
                                            else f"{colour} {percent}%")
    return out


def _grey_ink(colour: str, grounds: tuple[str, ...], dark: bool) -> str:
    """`_ink` for greys; on a mid-grey ground that no lightening reaches (a footer of
    solarized-dark's), darkened instead, or else black or white, whichever reads better."""
    def reads(c: str) -> float:
        return min(contrast_anywhere(grey(c), grey(g)) for g in grounds)

    for way in (dark, not dark):
        c = _ink(colour, grounds, way, seen=grey)
        if reads(c) >= READABLE:
            return c
    return max(("#000000", "#ffffff"), key=reads)


DEFAULT_THEME = "parlor-dark"

def _players(*colours: str, grounds: tuple[str, ...] = (), dark: bool = True) -> dict[str, str]:
    """The player variables of a theme: each colour, its ink on `grounds` (the board's
    background and surface; by default the colour itself) and the text drawn on it."""
    out = {}
    for name, colour in zip(PLAYER_NAMES, colours):
        out[f"player-{name}"] = colour
        out[f"player-{name}-ink"] = _ink(colour, grounds, dark)
        out[f"player-{name}-text"] = _text_on(colour)
    return out


DARK_GROUNDS = ("#17191e", "#20232a", "#2a2e37")      # parlor-dark's background, surface, panel
LIGHT_GROUNDS = ("#f6f4ef", "#ecebe6", "#dcd8cd")     # parlor-light's (surface: #e4e4e4 in 256 colours)

# The player colours on a dark board, and on a light one (parlor-light, and Textual's light
# themes): darker, so that every colour reads on a pale board.
DARK_COLOURS = ("#e0524a", "#3f88e8", "#e6b422", "#3fae5a", "#ef8a2c", "#9a6ad6", "#e36fb4", "#2fb8c4")
LIGHT_COLOURS = ("#c62828", "#1565c0", "#a67c00", "#2e7d32", "#d35400", "#6a1b9a", "#ad1457", "#00838f")
PLAYER_DEFAULTS = _players(*DARK_COLOURS, grounds=DARK_GROUNDS)
PLAYER_DEFAULTS_LIGHT = _players(*LIGHT_COLOURS, grounds=LIGHT_GROUNDS, dark=False)

_DEFAULTS: dict[str, dict[str, str]] = {}


def player_defaults(theme: Theme) -> dict[str, str]:
    """The player variables for a theme that sets none (Textual's own): the dark or the
    light colours, with inks that read on that theme's own background, surface and panel."""
    if theme.name not in _DEFAULTS:
        system = theme.to_color_system().generate()
        grounds = tuple(Color.parse(system[k]) for k in ("background", "surface", "panel"))
        # (the ansi themes' grounds are the terminal's own colours: nothing to measure against)
        grounds = tuple(g.hex6 for g in grounds if g.ansi is None and g.a > 0)
        _DEFAULTS[theme.name] = _players(*(DARK_COLOURS if theme.dark else LIGHT_COLOURS),
                                         grounds=grounds, dark=theme.dark)
    return _DEFAULTS[theme.name]


THEMES: dict[str, Theme] = {
    theme.name: theme
    for theme in (
        Theme(
            name="parlor-dark",
            primary="#5aa9e6",
            secondary="#7f8fa6",
            accent="#f4b860",
            warning="#f4b860",
            error="#e5645b",
            success="#5dbb73",
            foreground="#e4e6eb",
            background="#17191e",
            surface="#20232a",
            panel="#2a2e37",
            dark=True,
            variables={
                **PLAYER_DEFAULTS,
                "footer-key-foreground": "#5aa9e6",
            },
        ),
        Theme(
            name="parlor-light",
            primary="#1d5fa8",
            secondary="#5c6b80",
            accent="#b35c00",
            warning="#b35c00",
            error="#b3261e",
            success="#2e7d32",
            foreground="#1f2328",
            background="#f6f4ef",
            surface="#ecebe6",
            panel="#dcd8cd",
            dark=False,
            variables={
                **PLAYER_DEFAULTS_LIGHT,
                "footer-key-foreground": "#185599",       # 4.9:1 on the footer, in 256 colours too
            },
        ),
        Theme(
            name="parlor-high-contrast",
            primary="#ffff00",
            secondary="#00ffff",
            accent="#ffff00",
            warning="#ffff00",
            error="#ff5555",
            success="#55ff55",
            foreground="#ffffff",
            background="#000000",
            surface="#000000",
            panel="#1a1a1a",
            dark=True,
            luminosity_spread=0.25,
            text_alpha=1.0,
            variables={
                **_players("#ff5555", "#4da6ff", "#ffff00", "#40ff40",   # red: black text on it, 6.7:1
                           "#ff9900", "#d980ff", "#ff80c0", "#00ffff", grounds=("#000000", "#1a1a1a")),
                "footer-key-foreground": "#ffff00",
                "block-cursor-text-style": "bold reverse",
            },
        ),
        # Okabe & Ito's palette, distinguishable with every common colour-vision deficiency.
        Theme(
            name="parlor-okabe-ito",
            primary="#56b4e9",
            secondary="#999999",
            accent="#e69f00",
            warning="#e69f00",
            error="#d55e00",
            success="#009e73",
            foreground="#ececec",
            background="#1b1b1b",
            surface="#242424",
            panel="#303030",
            dark=True,
            variables={
                **_players("#d55e00", "#0072b2", "#f0e442", "#009e73",     # blue's ink is lighter
                           "#e69f00", "#cc79a7", "#999999", "#56b4e9", grounds=("#1b1b1b", "#242424", "#303030")),
                "footer-key-foreground": "#56b4e9",
            },
        ),
    )
}

THEME_LABELS = MappingProxyType({
    "parlor-dark": "Parlor dark",
    "parlor-light": "Parlor light",
    "parlor-high-contrast": "High contrast",
    "parlor-okabe-ito": "Colour-blind safe (Okabe-Ito)",
})


# name: (Unicode, ASCII) -- all single-width.
GLYPHS: dict[str, tuple[str, str]] = {
    "square": ("·", "."),
    "slide-left": ("◀", "<"),
    "slide-right": ("▶", ">"),
    "slide-up": ("▲", "^"),
    "slide-down": ("▼", "v"),
    "slide-h": ("─", "-"),
    "slide-v": ("│", "|"),
    "slide-end": ("●", "@"),
    "target": ("◆", "*"),
    "from": ("◇", "o"),
    "bumped": ("✕", "x"),
    "slide-to": ("▸", "%"),        # where a slide takes a pawn (ASCII: > is a slide's arrow)
    "arrow": ("→", "->"),           # from -> to, a backward move too (as in the log)
    "swap": ("⇄", "="),
    "pointer": ("▸", ">"),
    "pointer-left": ("◂", "<"),
    "bullet": ("•", "*"),
    "sep": ("·", "|"),
    "ellipsis": ("…", "~"),          # one cell: marks a line cut to fit
    "dots": ("…", "..."),            # in a sentence ("is thinking…")
    "box-tl": ("╭", "+"),
    "box-tr": ("╮", "+"),
    "box-bl": ("╰", "+"),
    "box-br": ("╯", "+"),
    "box-h": ("─", "-"),
    "box-v": ("│", "|"),
    "area-edge": ("┊", ":"),         # Sorry! compact board: a START/HOME area's side beside the track
    "left": ("◀", "<"),
    "right": ("▶", ">"),
    "key-left": ("←", "<"),          # the arrow keys, as the footer writes them
    "key-right": ("→", ">"),
    "up": ("↑", "^"),
    "down": ("↓", "v"),
    "check": ("✓", "+"),
    "cross": ("✗", "x"),
    "hidden-card": ("▒", "#"),
    "cur-tl": ("┏", "#"),
    "cur-tr": ("┓", "#"),
    "cur-bl": ("┗", "#"),
    "cur-br": ("┛", "#"),
    "cur-h": ("━", "="),
    "cur-v": ("┃", "#"),
    "in-spot": ("⌂", "^"),          # Pegs and Jokers: the hole in front of HOME
    "come-out": ("»", "+"),         # ... and the hole a peg comes out of START to
}


class Glyphs:
    """One column of the glyph table: `g.square`, `g["slide-left"]`."""

    def __init__(self, ascii: bool = False):
        self.ascii = ascii
        column = 1 if ascii else 0
        self._table = {name: pair[column] for name, pair in GLYPHS.items()}

    def __getitem__(self, name: str) -> str:
        return self._table[name]

    def __getattr__(self, name: str) -> str:
        try:
            return self._table[name.replace("_", "-")]
        except KeyError:
            raise AttributeError(name) from None


_CACHE: dict[bool, Glyphs] = {}


def glyphs(ascii: bool = False) -> Glyphs:
    if ascii not in _CACHE:
        _CACHE[ascii] = Glyphs(ascii)
    return _CACHE[ascii]
