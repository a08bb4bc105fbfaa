"""Words for games, seats and saves, shared by the screens (no Textual here)."""
from __future__ import annotations

from datetime import datetime

GAME_NAMES = {"sorry": "Sorry!", "pegs": "Pegs and Jokers", "gnoming": "Gnoming A Round"}
VARIANT_NAMES = {"standard": "standard", "teams": "partners", "points": "play for points"}


def game_title(game: str, variant: str | None = None) -> str:
    name = GAME_NAMES.get(game, game)
    if variant and variant != "standard":
        name += f" ({VARIANT_NAMES.get(variant, variant)})"
    return name


def players_text(seats) -> str:
    """'you + 3 bots', '2 people + 2 bots', '4 bots'."""
    humans = sum(s.is_human for s in seats)
    bots = len(seats) - humans
    parts = []
    if humans == 1:
        parts.append("you")
    elif humans:
        parts.append(f"{humans} people")
    if bots:
        parts.append(f"{bots} bot{'s' if bots != 1 else ''}")
    return " + ".join(parts)


def when(iso: str) -> str:
    """An ISO timestamp as local 'YYYY-MM-DD HH:MM'."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return "?"


def progress(rec) -> str:
    """How far a saved game has gone: 'finished', 'round 2 of 3' (Gnoming A
    Round, whose view's "turn" is the seat to play) or 'move 34'."""
    g = rec.game
    view = g.view(None)
    if g.is_over:
        return "finished"
    if g.game == "gnoming":
        return f"round {view['round']} of {view['rounds']}"
    turn = view.get("turn")
    return f"move {(turn if isinstance(turn, int) else len(rec.moves)) + 1}"


def describe_record(rec, sep: str = "·") -> str:
    g = rec.game
    return (f"{game_title(g.game, getattr(g, 'variant', None))} {sep} {g.players} players "
            f"({players_text(rec.seats)}) {sep} {progress(rec)}")
