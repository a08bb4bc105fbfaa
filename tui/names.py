"""Words for games, seats and saves, shared by the screens (no Textual here)."""
from __future__ import annotations

from engine.core import parse_time

from .text import counted

GAME_NAMES = {"sorry": "Sorry!", "pegs": "Pegs and Jokers", "gnoming": "Gnoming A Round"}
VARIANT_NAMES = {"standard": "standard", "teams": "partners", "points": "play for points"}
SHORT_VARIANT_NAMES = {"teams": "partners", "points": "points"}


def game_title(game: str, variant: str | None = None, *, short: bool = False) -> str:
    """'Sorry! (play for points)'; `short` for a narrow column: 'Sorry! points'."""
    name = GAME_NAMES.get(game, game)
    if variant and variant != "standard":
        if short:
            return f"{name} {SHORT_VARIANT_NAMES.get(variant, variant)}"
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
        parts.append(counted(bots, "bot"))
    return " + ".join(parts)


def when(iso: str) -> str:
    """An ISO timestamp as local 'YYYY-MM-DD HH:MM' (one without a time zone is UTC, as
    Parlor writes them); '?' for one that is no date, or out of range (a hand edit)."""
    moment = parse_time(iso)
    try:
        return "?" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return "?"


# What a game's move counter counts, as its board's top bar says it: a Sorry! turn
# can hold two moves (a 2 draws again), a Pegs and Jokers turn is one card.
COUNTER = {"sorry": "move", "pegs": "turn"}


def counter(game: str, n: int) -> str:
    """'move 9' (Sorry!) or 'turn 9' (Pegs and Jokers)."""
    return f"{COUNTER.get(game, 'move')} {n}"


def match_of(game) -> dict | None:
    """The view's match of a Sorry! points match of more than one game (a target above 0)."""
    match = game.view(None).get("match") if game.game == "sorry" else None
    return match if match and match.get("target") else None


def progress(info, long: bool = False) -> str:
    """How far a saved game (an `engine.saves.SaveInfo`) has gone: who won
    (`won_by`), 'round 2 of 3' (Gnoming A Round), 'move 34' (Sorry!; 'game 2, move 5' in a
    points match) or 'turn 34'. `long` adds how many games a finished match took."""
    if info.finished:
        done = won_by(info) if info.winners else "finished"
        if long and info.target and info.games:
            done += f" after {counted(info.games, 'game')}"
        return done
    if info.rounds:
        return f"round {info.round} of {info.rounds}"
    if info.match_game:
        return f"game {info.match_game}, {counter(info.game, (info.turn or 0) + 1)}"
    return counter(info.game, (info.turn if info.turn is not None else info.moves) + 1)


def won_by(info) -> str:
    """'won by Blue'; a shared win 'won by Red, Blue'; a team 'won by Red + Yellow', or
    when it has three or four players (Pegs and Jokers) 'won by Blue's team'."""
    from engine import COLOURS

    who = [COLOURS[s] for s in info.winners]
    if info.game == "pegs" or info.variant == "teams":
        return f"won by {who[0]}'s team" if len(who) > 2 else "won by " + " + ".join(who)
    return "won by " + ", ".join(who)


def describe(info, sep: str = "·") -> str:
    """'Sorry! · 4 players (you + 3 bots) · move 34' for an `engine.saves.SaveInfo`; a
    points match says its target ('Sorry! (play for points) to 100 · … · won by Blue after
    3 games')."""
    title = game_title(info.game, info.variant)
    if info.target:
        title += f" to {info.target}"
    return (f"{title} {sep} {info.players} players "
            f"({players_text(info.seats)}) {sep} {progress(info, long=True)}")


def damaged_note(entries, named: bool = True) -> str:
    """Files newer than the game Continue takes that can't be opened (`saves.to_continue`'s
    `damaged`): the newest game may be among them, so Continue says it isn't taking it."""
    if len(entries) == 1:
        name = f", {entries[0].path.name}," if named else ""
        return f"A newer save{name} can't be opened here: Load says why (it is kept)."
    return f"{len(entries)} newer saves can't be opened here: Load says why (they are kept)."
