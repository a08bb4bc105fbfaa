"""Bot-only games for `parlor sim`: win rates with intervals, game length, decision time.

Deterministic for a given seed whatever the number of workers: game i is
seeded from (seed, i), seats rotate from game to game (game i gives seat s
the level levels[(s + i) % players]) so every level plays every seat, and
results are gathered in game order.
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

import engine
from engine import bots


@dataclass
class GameResult:
    index: int
    levels: list[str]            # per seat
    winners: list[int]
    moves: int
    scores: list[int] | None
    rounds: list[list[int]] | None        # per round, per seat (games with rounds)
    times: dict[str, list[float]] = field(default_factory=dict)   # level -> decision seconds
    choice_times: dict[str, list[float]] = field(default_factory=dict)  # only decisions with 2+ moves


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index) & 0x7FFFFFFF


def play_one(args) -> GameResult:
    name, players, variant, levels, seed, index = args
    seats = [levels[(s + index) % players] for s in range(players)]
    options = {"variant": variant} if variant else {}
    gseed = game_seed(seed, index)
    g = engine.new_game(name, players=players, seed=gseed, **options)
    times: dict[str, list[float]] = {level: [] for level in set(seats)}
    choice_times: dict[str, list[float]] = {level: [] for level in set(seats)}
    moves = 0
    clock = time.perf_counter
    while g.to_act is not None:
        level = seats[g.to_act]
        start = clock()
        move = bots.choose(g, level, seed=gseed * 7919 + moves)
        spent = clock() - start
        times[level].append(spent)
        if len(g.legal_moves()) > 1:
            choice_times[level].append(spent)
        g.play(move)
        moves += 1
    rounds = None
    view = g.view(None)
    if isinstance(view.get("round_scores"), list):
        rounds = view["round_scores"]
    return GameResult(index, seats, g.winners, moves, g.scores, rounds, times, choice_times)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class LevelSummary:
    level: str
    seats: int
    wins: int
    games: int
    interval: tuple[float, float]
    mean_score: float | None
    mean_round_score: float | None
    median_ms: float
    p99_ms: float


def summarize(results: list[GameResult]) -> list[LevelSummary]:
    levels = sorted({lv for r in results for lv in r.levels}, key=bots.LEVELS.index)
    out = []
    for level in levels:
        wins = sum(any(r.levels[s] == level for s in r.winners) for r in results)
        scores = [r.scores[s] for r in results if r.scores for s, lv in enumerate(r.levels) if lv == level]
        rounds = [rs[s] for r in results if r.rounds for rs in r.rounds
                  for s, lv in enumerate(r.levels) if lv == level and s < len(rs)]
        # decision time as `engine.bench` measures it: of decisions with a choice (2+ moves;
        # a forced move takes microseconds and would make up most of a Sorry! game's)
        times = sorted(t for r in results for t in r.choice_times.get(level, []))
        seats = results[0].levels.count(level) if results else 0
        out.append(LevelSummary(
            level, seats, wins, len(results), wilson(wins, len(results)),
            statistics.fmean(scores) if scores else None,
            statistics.fmean(rounds) if rounds else None,
            1000 * statistics.median(times) if times else 0.0,
            1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0))
    return out


def _ignore_interrupts() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(name: str, games: int, players: int, levels: list[str], variant: str | None = None,
        seed: int = 0, workers: int = 1, progress=None) -> list[GameResult]:
    """Play `games` bot-only games; `progress(done, total)` is called as they finish."""
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"give one level, or one per seat ({players}), not {len(levels)}")
    for level in levels:
        if level not in bots.LEVELS:
            raise ValueError(f"unknown level {level!r}: choose from {', '.join(bots.LEVELS)}")
    jobs = ((name, players, variant, list(levels), seed, i) for i in range(games))
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            results.append(play_one(job))
            if progress:
                progress(len(results), games)
    else:
        import multiprocessing

        # (ctrl+c reaches the workers too: they leave it to this process, which stops them)
        with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupts) as pool:
            for r in pool.imap_unordered(play_one, jobs):
                results.append(r)
                if progress:
                    progress(len(results), games)
    results.sort(key=lambda r: r.index)
    return results


# The table's columns: (first header row, second header row, width). Two header rows, so
# that no column's name has a space in it: a name never reads as two columns, nor two as
# one. A first-row label over one column is right-aligned, as the column is; a label over
# several (it is followed by None for each further one) is centred across them.
COLUMNS = (("", "level", 6), ("", "seats", 5), ("", "wins", 5), ("", "win%", 6), ("95%", "interval", 12),
           ("mean score per", "game", 7), (None, "round", 7),
           ("ms when choosing", "median", 7), (None, "p99", 7))
GAP = "  "


def _ms(value: float) -> str:
    """A decision time in at most 7 characters, to the hundredth while that is small."""
    return f"{value:.2f}" if value < 100 else f"{value:.1f}" if value < 10_000 else f"{value:.0f}"


def _row(cells) -> str:
    """Cells in the columns: the level to the left, the numbers to the right."""
    return GAP.join(cell.ljust(width) if i == 0 else cell.rjust(width)
                    for i, (cell, (_, _, width)) in enumerate(zip(cells, COLUMNS)))


def table(results: list[GameResult]) -> str:
    """The printed summary, 78 characters wide: it fits an 80-column terminal."""
    rows = summarize(results)
    n = len(results)
    moves = statistics.fmean(r.moves for r in results) if results else 0
    spans: list[list] = []           # [label, width, columns] of the first header row
    for label, _, width in COLUMNS:
        if label is None:
            spans[-1][1] += len(GAP) + width
            spans[-1][2] += 1
        else:
            spans.append([label, width, 1])
    first = GAP.join(label.rjust(width) if columns == 1 else label.center(width)
                     for label, width, columns in spans)
    lines = [f"{n} game{'' if n == 1 else 's'}, mean length {moves:.0f} moves", first.rstrip(),
             _row(name for _, name, _ in COLUMNS)]
    alone = len(rows) == 1           # one level in every seat: it wins every game, a rate of nothing
    for s in rows:
        lo, hi = s.interval
        lines.append(_row((s.level, str(s.seats), str(s.wins),
                           "-" if alone else f"{100 * s.wins / max(1, s.games):.1f}%",
                           "-" if alone else f"{100 * lo:.1f}–{100 * hi:.1f}%",
                           f"{s.mean_score:.1f}" if s.mean_score is not None else "-",
                           f"{s.mean_round_score:.1f}" if s.mean_round_score is not None else "-",
                           _ms(s.median_ms), _ms(s.p99_ms))))
    return "\n".join(lines)
