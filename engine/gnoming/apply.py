"""Applying moves and everything that happens without a choice: dealing,
turning the discard piles, reshuffling, going out, revealing, scoring and
starting the next round.

Every function takes the game and a list of events to append to. Events name
a card only once it is face up for everybody.
"""
from __future__ import annotations

from ..core import Event
from .cards import CARD_WORDS, DECK, DECK_SIZE, HAZARD, MULLIGAN, card_name, card_words
from .generate import (DRAWING, OPENING, FROM_DISCARD, FROM_DRAW, FROM_LAYOUT, HAZARD_FLIPS, OVER,
                       PLAYING, REPLACED, bounce_targets, discard_piles, face_up_mulligans, last_turn)
from .layout import ALL, CELL_NAME, CELLS_OF
from .moves import (PILE_NAME, SEAT_NAME, Bounce, Decline, Discard, Draw, Flip, Place, Take, pile_name,
                    seat_name)
from .scoring import going_out_adjustment, score_layout, winners

ROUNDS = 3  # G-1
# Decision (beyond the spec): a round also ends at once, like the second empty
# draw pile (G-4.1), when a turn would start after `turn_limit(players)` turns
# and nobody has gone out (once somebody has, the final turns end it anyway).
# Taking from a discard pile does not use up the draw pile, so G-4.1 alone
# leaves a round without end if players keep doing it and never go out; the
# limit keeps every round finite for any way of playing. It is 50 turns a
# player but at least twice the cards in the game: no round can draw from the
# draw pile that many times (its cards, once more after the reshuffle), so a
# round played from the draw pile always meets its second empty pile first.
TURN_LIMIT = 50


def turn_limit(players: int) -> int:
    """The turns after which a round ends at once (the Decision above)."""
    return max(TURN_LIMIT * players, 2 * DECK_SIZE)

# How a round ended (shown in `last_round["ended"]`).
WENT_OUT = "went out"
DRAW_PILE = "draw pile"
LIMIT = "turn limit"


# -- rounds ----------------------------------------------------------------
def start_round(g, events: list) -> None:
    """G-3.1: shuffle all 110 cards and deal the round."""
    deck = list(DECK)
    g.rng.shuffle(deck)
    deal(g, deck, events)


def deal(g, deck: list[int], events: list) -> None:
    """Deal the round from `deck` (its top is the end of the list).

    G-3.1 nine face-down cards to each player, one at a time clockwise from
    the first player; G-3.2 the rest is the draw pile, and two cards turned
    from it start the discard piles - a Hazard turned up this way leaves
    play and the next card is turned instead.
    """
    n = g.players
    first = g.first
    cards = [0] * (9 * n)
    for cell in range(9):
        for k in range(n):
            seat = (first + k) % n
            cards[seat * 9 + cell] = deck.pop()
    g.cards = cards
    g.up = [0] * n
    g.removed = 0
    events.append(Event("round", f"Round {g.round} of {ROUNDS}: {seat_name(first)} goes first; "
                        f"nine cards are dealt face down to each player", None))
    piles: list[list[int]] = [[], []]
    for pile in (0, 1):
        while True:
            card = deck.pop()
            if card == HAZARD:                                   # G-3.2 decision
                g.removed += 1
                events.append(Event("hazard", f"A Hazard turned up for {pile_name(pile)} "
                                    f"is removed from play", None))
                continue
            piles[pile].append(card)
            events.append(Event("discard", f"{_cap(card_words(card))} starts {pile_name(pile)}", None))
            break
    g.piles = piles
    g.draw = deck
    g.hand = None
    g.hand_from = None
    g.filled = 0
    g.chain = False
    g.hazard_queue = []
    g.opened = 0
    g.turns = 0
    g.went_out = None
    g.final_left = 0
    g.reshuffled = False
    g.phase = OPENING
    g.turn = None
    g.to_act = first                                              # G-3.3


_REVEALED = {HAZARD: "a Hazard", MULLIGAN: "a Mulligan"}     # "-1 at row 2 col 3, a Hazard at …"


def end_round(g, events: list, ended: str = WENT_OUT) -> None:
    """G-6.2 reveal every face-down card where it lies; G-7 score; then the
    next round (G-3.4: the next seat clockwise starts) or the end (G-8)."""
    n = g.players
    cards = g.cards
    for seat in range(n):
        down = ALL ^ g.up[seat]
        if down:
            shown = ", ".join(f"{_REVEALED.get(cards[seat * 9 + c]) or card_name(cards[seat * 9 + c])} at "
                              f"{CELL_NAME[c]}" for c in CELLS_OF[down])
            events.append(Event("reveal", f"{seat_name(seat)} turns up the rest: {shown}", seat))
        g.up[seat] = ALL
    base = [score_layout(cards[s * 9:s * 9 + 9]) for s in range(n)]
    # G-7.7; G-4.1: a round ended by the draw pile (or the turn limit) has no bonus or penalty
    adjustment = going_out_adjustment(base, g.went_out) if ended == WENT_OUT else 0
    scores = list(base)
    if adjustment:
        scores[g.went_out] += adjustment
    g.round_scores.append(scores)
    g.totals = [t + s for t, s in zip(g.totals, scores)]
    g.last_round = {
        "round": g.round,
        "layouts": [[card_name(c) for c in cards[s * 9:s * 9 + 9]] for s in range(n)],
        "base": base,
        "went_out": g.went_out,
        "adjustment": adjustment,
        "scores": scores,
        "ended": ended,
    }
    if ended == DRAW_PILE:
        events.append(Event("round", f"The draw pile is empty again: round {g.round} ends at once", None))
    elif ended == LIMIT:
        events.append(Event("round", f"The round has had {turn_limit(g.players)} turns, the most a round may "
                            f"have: round {g.round} ends", None))
    elif adjustment:
        word = "bonus" if adjustment < 0 else "penalty"
        events.append(Event("score", f"{seat_name(g.went_out)} went out first: {adjustment:+d} {word}", g.went_out))
    parts = ", ".join(f"{seat_name(s)} {scores[s]}" for s in range(n))
    events.append(Event("score", f"Round {g.round} scores: {parts}", None))
    g.hand = None
    g.hand_from = None
    g.hazard_queue = []
    if g.round >= ROUNDS:
        g.phase = OVER
        g.turn = None
        g.to_act = None
        won = winners(g.totals, scores)
        names = " and ".join(seat_name(s) for s in won)
        totals = ", ".join(f"{seat_name(s)} {g.totals[s]}" for s in range(n))
        events.append(Event("game", f"Game over ({totals}): {names} {'wins' if len(won) == 1 else 'share the win'}", None))
        return
    g.round += 1
    g.first = (g.first + 1) % n                                      # G-3.4
    start_round(g, events)


# -- turns -------------------------------------------------------------------
def draw_pile_spent(g) -> bool:
    """G-4.1: the draw pile is empty a second time (it was rebuilt once already), so the
    round ends as the next turn begins."""
    return g.reshuffled and not g.draw


def next_turn_ends_round(g) -> bool:
    """Whether the next turn's start ends the round for want of a draw pile (G-4.1,
    `start_turn`): it is spent, or empty with nothing under the discard piles' top cards
    to rebuild it from."""
    return draw_pile_spent(g) or not g.draw and not (g.piles[0][:-1] or g.piles[1][:-1])


def start_turn(g, seat: int, events: list) -> None:
    """A turn begins: G-4.1 an empty draw pile is rebuilt once per round
    from the discard piles (their top cards stay); the second time the
    round ends at once. (Decision: so does reaching the turn limit.)"""
    if g.turns >= turn_limit(g.players) and g.went_out is None:    # (the final turns are few)
        end_round(g, events, LIMIT)
        return
    if not g.draw:
        if g.reshuffled:
            end_round(g, events, DRAW_PILE)
            return
        piles = g.piles
        pool = piles[0][:-1] + piles[1][:-1]
        g.piles = [piles[0][-1:], piles[1][-1:]]
        g.rng.shuffle(pool)
        g.draw = pool
        g.reshuffled = True
        events.append(Event("shuffle", f"The draw pile is empty: {len(pool)} cards from under the "
                            f"discard piles' top cards are shuffled into a new draw pile", None))
        if not pool:                    # nothing under the top cards: empty again at once
            end_round(g, events, DRAW_PILE)
            return
    g.turns += 1
    g.phase = DRAWING
    g.turn = seat
    g.to_act = seat
    g.filled = 0
    g.chain = False


def end_turn(g, events: list, hazard: bool) -> None:
    """The turn's card is discarded: G-6.1 going out and the final turns,
    G-4.4 the others' optional flips after a Hazard, then the next seat."""
    seat = g.turn
    n = g.players
    if g.went_out is None:
        if g.up[seat] == ALL:                                          # G-6.1
            g.went_out = seat
            g.final_left = n - 1
            ends = next_turn_ends_round(g)        # (no more turns to promise)
            events.append(Event("out", f"{SEAT_NAME[seat]} has no face-down card left and goes out"
                                + ("" if ends else ": every other player has one more turn"), seat))
    else:
        last = last_turn(g)
        g.final_left -= 1
        if last:
            end_round(g, events)
            return
    if hazard:
        queue = [(seat + k) % n for k in range(1, n)                   # G-4.4
                 if g.up[(seat + k) % n].bit_count() <= 7]    # two or more face down: never the last one
        g.hazard_queue = queue
        _hazard_skips(g, seat, events)
        if queue:
            g.phase = HAZARD_FLIPS
            g.to_act = queue[0]
            return
    start_turn(g, (seat + 1) % n, events)


def _hazard_skips(g, after: int, events: list) -> None:
    """Log, in seat order, the players after `after` who may not flip after the Hazard
    (up to the next one who may, or round to the discarder): so the log tells each
    player's part of G-4.4 in the order the table goes round."""
    n = g.players
    stop = g.hazard_queue[0] if g.hazard_queue else g.turn
    other = (after + 1) % n
    while other != stop:
        why = "no face-down card" if g.up[other] == ALL else "only one face-down card"
        events.append(Event("hazard_skip", f"{SEAT_NAME[other]} has {why} left: no Hazard flip", other))
        other = (other + 1) % n


def discard(g, seat: int, pile: int | None, events: list) -> None:
    """Put the card in hand on `pile` (G-4.3, G-4.5) or, a Hazard, out of play (G-4.4)."""
    card = g.hand
    g.hand = None
    g.hand_from = None
    if card == HAZARD:
        g.removed += 1
        if last_turn(g):                                   # the round ends: no flips
            then = "the round ends now, with every card turned up"
        else:
            then = "every other player may turn up one face-down card"
        events.append(Event("hazard", f"{SEAT_NAME[seat]} discards a Hazard: it leaves play and {then}", seat))
        end_turn(g, events, True)
        return
    # (the round's last turn, both piles open: `discard_piles` offers only the left one, as the
    # round ends with this discard, so the log says why no pile was asked for)
    why = " (the round ends with this turn)" if last_turn(g) and all(g.piles) else ""
    if card == MULLIGAN and g.phase == PLAYING and face_up_mulligans(g.cards, g.up[seat], seat * 9):
        # the drawn or taken Mulligan could only replace the one face up: why it went
        why = f" ({SEAT_NAME[seat]} has a Mulligan face up already: only one may be){why}"  # G-4.6
    g.piles[pile].append(card)
    events.append(Event("discard", f"{SEAT_NAME[seat]} discards {CARD_WORDS[card]} onto {PILE_NAME[pile]}{why}",
                        seat))
    end_turn(g, events, False)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def replace(g, seat: int, cell: int, events: list, verb: str) -> bool:
    """Put the card in hand at `cell`; the card that lay there is now in hand."""
    i = seat * 9 + cell
    bit = 1 << cell
    cards = g.cards
    old = cards[i]
    card = g.hand
    was_down = not g.up[seat] & bit
    cards[i] = card
    g.up[seat] |= bit
    g.filled |= bit
    g.hand = old
    g.hand_from = FROM_LAYOUT
    if was_down:                                                        # G-5.1
        what = f"turning up {CARD_WORDS[old]} that lay there face down"
    else:
        what = f"replacing {CARD_WORDS[old]}"
    to = "at" if verb == "place" else "to"
    events.append(Event(verb, f"{SEAT_NAME[seat]} {verb}s {CARD_WORDS[card]} {to} {CELL_NAME[cell]}, {what}", seat))
    return was_down


def after_replacement(g, seat: int, events: list) -> None:
    """G-5: offer the bounce or the discard pile; with no choice, discard at once."""
    card = g.hand
    if not bounce_targets(g, seat, card):
        piles = discard_piles(g, card)
        if piles is None:
            discard(g, seat, None, events)
            return
        if len(piles) == 1:
            discard(g, seat, piles[0], events)
            return
    g.phase = REPLACED


# -- moves -------------------------------------------------------------------
def apply_move(g, move) -> list[Event]:
    events: list[Event] = []
    kind = type(move)
    seat = move.seat
    if kind is Place:                                                   # G-4.2
        g.chain = replace(g, seat, move.cell, events, "place")         # G-5.1
        after_replacement(g, seat, events)
    elif kind is Draw:                                                  # G-4.1
        g.hand = g.draw.pop()
        g.hand_from = FROM_DRAW
        g.phase = PLAYING
        events.append(Event("draw", f"{SEAT_NAME[seat]} draws from the draw pile", seat))
    elif kind is Take:                                                  # G-4.1
        g.hand = g.piles[move.pile].pop()
        g.hand_from = FROM_DISCARD
        g.phase = PLAYING
        events.append(Event("take", f"{SEAT_NAME[seat]} takes {CARD_WORDS[g.hand]} from "
                            f"{PILE_NAME[move.pile]}", seat))
    elif kind is Discard:
        discard(g, seat, move.pile, events)
    elif kind is Bounce:                                                # G-5.2
        replace(g, seat, move.cell, events, "bounce")
        after_replacement(g, seat, events)
    elif kind is Flip:
        cell = move.cell
        g.up[seat] |= 1 << cell
        card = g.cards[seat * 9 + cell]
        events.append(Event("flip", f"{SEAT_NAME[seat]} turns up {CARD_WORDS[card]} at {CELL_NAME[cell]}", seat))
        if g.phase == OPENING:                                          # G-3.3
            g.opened += 1
            if g.opened == 2 * g.players:
                start_turn(g, g.first, events)
            else:
                g.to_act = (g.first + g.opened // 2) % g.players
        else:
            hazard_flip_done(g, events)
    elif kind is Decline:
        events.append(Event("decline", f"{SEAT_NAME[seat]} turns up no card", seat))
        hazard_flip_done(g, events)
    return events


def hazard_flip_done(g, events: list) -> None:
    queue = g.hazard_queue
    _hazard_skips(g, queue.pop(0), events)
    if queue:
        g.to_act = queue[0]
    else:
        start_turn(g, (g.turn + 1) % g.players, events)
