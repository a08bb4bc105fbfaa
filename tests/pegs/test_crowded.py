"""Crowded positions against the reference implementation (P-5 … P-8).

Random games rarely bunch pegs round the in-spots and come-out holes, where
the split 7 (P-5.8), partner bumps (P-6.2 and its decisions) and playing
for a team-mate (P-8.1, P-8.2) interact. These positions do, and hold 7s
and jokers; the engine must reach exactly the reference's outcomes, each
once (as in test_properties.py)."""
from __future__ import annotations

import random

import pytest

from ..util import soak
from .helpers import make
from .test_properties import check_against_reference

CARDS = ["7"] * 6 + ["JOKER"] * 2 + ["A", "2", "3", "4", "5", "6", "8", "9", "10", "J", "Q", "K"]


def crowded(players: int, rng: random.Random):
    """A legal position (no team all HOME) with pegs bunched round the
    in-spots (offset 3) and come-out holes (offset 8), or None."""
    length = 18 * players
    special = [18 * k + off for k in range(players) for off in (3, 8)]
    used = set()
    pegs = {}
    for seat in range(players):
        mode = rng.random()
        homes = set()
        locs = []
        for i in range(5):
            r = rng.random()
            if mode < 0.15:                                  # all HOME: plays for a team-mate
                kind = "home"
            elif mode < 0.35:                                # one peg left to bring HOME
                kind = "home" if i < 4 else "track"
            else:
                kind = "start" if r < 0.2 else "home" if r < 0.4 else "track"
            if kind == "home":
                k = rng.choice([k for k in range(1, 6) if k not in homes])
                homes.add(k)
                locs.append(f"home:{k}")
            elif kind == "track":
                t = (rng.choice(special) + rng.randint(-9, 9)) % length
                while t in used:
                    t = rng.randrange(length)
                used.add(t)
                locs.append(f"track:{t}")
            else:
                locs.append("start")
        pegs[seat] = locs
    for team in (0, 1):
        if all(loc.startswith("home") for s in range(team, players, 2) for loc in pegs[s]):
            return None
    seat = rng.randrange(players)
    hand = [rng.choice(CARDS) for _ in range(6)]
    return make(players, pegs=pegs, hands={seat: hand}, to_act=seat, seed=rng.randrange(1000))


@pytest.mark.parametrize("players", [4, 6, 8])
def test_crowded_positions_match_the_reference(players):
    rng = random.Random(players * 101)
    checked = 0
    while checked < soak(60, 2000):
        g = crowded(players, rng)
        if g is not None:
            check_against_reference(g)
            checked += 1
