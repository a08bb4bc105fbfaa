"""Applying Pegs and Jokers moves and running the turn (P-3, P-4, P-6, P-8).

`apply_move` trusts that the move came from `legal_moves()` (Game.play
checks that): it replays the parts the generator computed, then ends the
turn: win check (P-8.3), who plays for whom (P-8.1), the next player draws
up to six (P-4.2), reshuffling the discard pile when the draw pile is out
(P-3).
"""
from __future__ import annotations

from bisect import insort

from ..core import COLOURS, Event, and_list
from .board import HOME0, PEGS, START
from .cards import CODES, HAND_SIZE
from .movegen import playing_for
from .moves import Discard


# Events are immutable values: the few kinds whose text repeats (draws,
# bumps, pegs reaching HOME) are built once and shared. (Built with
# tuple.__new__: Event's generated __new__ is a Python function.)
_EVENTS: dict = {}
_event_of = tuple.__new__
SHUFFLED = Event("shuffle", "The discard pile was shuffled into a new draw pile")
DREW_ONE = tuple(Event("draw", f"{colour} drew 1 card", seat) for seat, colour in enumerate(COLOURS))


def _event(key: tuple, kind: str, text: str, seat: int) -> Event:
    if len(_EVENTS) > 50_000:
        _EVENTS.clear()
    e = _EVENTS[key] = _event_of(Event, (kind, text, seat))
    return e


def apply_move(g, move) -> list[Event]:
    seat = move.seat
    card = CODES[move.card]
    g.hands[seat].remove(card)                                   # P-4.3
    g.discard.append(card)
    if type(move) is Discard:                                    # P-4.5
        events = [Event("discard", f"{COLOURS[seat]} discards {move.card} (no move)", seat)]
        draw_cards(g, seat, 1, events)
    else:
        events = [move._event or move.new_event()]
        before = _apply_parts(g, move, events)
        if before is not None and _finish_checks(g, seat, before, events):
            g.turn += 1
            g.to_act = None                                      # P-8.3
            return events
    g.turn += 1
    g.to_act = nxt = (seat + 1) % g.players                      # P-4.1: clockwise
    hand = g.hands[nxt]
    need = HAND_SIZE - len(hand)                                 # P-4.2
    if need == 1 and g.draw:                                     # the usual case
        insort(hand, g.draw.pop())
        events.append(DREW_ONE[nxt])
    elif need > 0:
        draw_cards(g, nxt, need, events)
    return events


def _apply_parts(g, move, events: list):
    """Move the pegs part by part (P-5.8), bumping as they land (P-6).
    Returns None, or if a peg entered HOME, whom each seat of the mover's
    team played for before (for _finish_checks)."""
    pos, board, index, seat = g.pos, g.board, g.geo.index, move.seat
    before = None
    for owner, number, frm_name, to_name, bump in move.parts:
        peg = owner * PEGS + number - 1
        frm = pos[peg]
        to = index[to_name]
        if 0 <= frm < HOME0:
            board[frm] = -1
        if bump is not None:
            key = (seat, owner, number, bump)
            b_owner, b_number, b_to = bump
            bumped = b_owner * PEGS + b_number - 1
            if b_to == "start":                                  # P-6.1
                pos[bumped] = START
            else:                                                # P-6.2
                pos[bumped] = bumped_to = index[b_to]
                board[bumped_to] = bumped
            e = _EVENTS.get(key)
            if e is None:
                where = "back to START" if b_to == "start" else f"to its in-spot ({b_to})"
                e = _event(key, "bump", f"{COLOURS[owner]}'s peg {number} bumped "
                           f"{COLOURS[b_owner]}'s peg {b_number} {where}", seat)
            events.append(e)
        if to > HOME0:
            if frm < HOME0:
                if before is None:
                    helpers = g.geo.helpers
                    before = [playing_for(pos, helpers[s]) for s in g.geo.teams[seat % 2]]
                key = (seat, peg)
                e = _EVENTS.get(key)
                if e is None:
                    e = _event(key, "home", f"{COLOURS[owner]}'s peg {number} reached HOME", seat)
                events.append(e)
        else:
            board[to] = peg
        pos[peg] = to
    return before


def _finish_checks(g, seat: int, before: list, events: list) -> bool:
    """After pegs entered HOME: True if the team of `seat` has won (P-8.3);
    otherwise announce who now plays for whom (P-8.1)."""
    team = g.geo.teams[seat % 2]
    helpers, pos = g.geo.helpers, g.pos
    if playing_for(pos, helpers[seat]) is None:
        names = and_list([COLOURS[s] for s in team])
        events.append(Event("win", f"{names} have every peg HOME and win the game", seat))
        return True
    for s, was in zip(team, before):
        owner = playing_for(pos, helpers[s])
        if owner != was:
            if was == s:
                text = f"{COLOURS[s]} has all pegs HOME and now plays for {COLOURS[owner]}"
            else:
                text = f"{COLOURS[s]} now plays for {COLOURS[owner]}"
            events.append(Event("helper", text, s))
    return False


def start_turn(g, events: list) -> None:
    """P-4.2: the player to act draws until holding six."""
    need = HAND_SIZE - len(g.hands[g.to_act])
    if need > 0:
        draw_cards(g, g.to_act, need, events)


def draw_cards(g, seat: int, n: int, events: list) -> None:
    hand, draw = g.hands[seat], g.draw
    got = 0
    for _ in range(n):
        if not draw:
            if not g.discard:
                break                                            # cannot happen (P-3 counts)
            draw.extend(g.discard)                               # P-3: reshuffle
            g.discard.clear()
            g.rng.shuffle(draw)
            events.append(SHUFFLED)
        hand.append(draw.pop())
        got += 1
    hand.sort()
    if got:
        key = ("draw", seat, got)
        e = _EVENTS.get(key)
        if e is None:
            e = _event(key, "draw", f"{COLOURS[seat]} drew {got} card{'s' if got != 1 else ''}", seat)
        events.append(e)
