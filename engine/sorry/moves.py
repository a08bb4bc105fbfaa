"""Sorry! moves: plain frozen values that round-trip through JSON."""
from __future__ import annotations

from dataclasses import dataclass

from .board import COLOURS, LOC_NAMES, NAME_LOCS
from .cards import CARD_NAMES, card_words

# Kinds of move.
START_PAWN = "start"      # 1 or 2: START -> circle (S-4)
FORWARD = "forward"       # one pawn forward
BACKWARD = "backward"     # 4, or the 10's backward 1
SPLIT = "split"           # 7 split between two pawns, parts in the order played (S-9)
SWITCH = "switch"         # 11: swap a team pawn with another colour's pawn (S-10.2)
SORRY = "sorry"           # SORRY!: START -> an opponent's square (S-8)
PASS = "pass"             # no legal move: the turn is lost (S-5.4)
DECLINE = "decline"       # 11 with no forward move: decline the optional switch (S-10.3)
DISCARD = "discard"       # points variant: discard a card without moving (S-13.4)
KINDS = (START_PAWN, FORWARD, BACKWARD, SPLIT, SWITCH, SORRY, PASS, DECLINE, DISCARD)


@dataclass(frozen=True, slots=True)
class SorryMove:
    """One choice of the seat to act.

    `parts` holds (pawn, from, to) triples in the order they are played,
    pawn = colour * 4 + k, locations as in `board`; `to` is where the pawn
    lands before any slide. A switch has two parts (the two pawns).
    """

    seat: int
    card: str
    kind: str
    parts: tuple[tuple[int, int, int], ...] = ()

    def __str__(self) -> str:
        who = COLOURS[self.seat]
        card = card_words(self.card)
        if self.kind == DISCARD:
            return f"{who} discards {card} (no move)"
        if self.kind == DECLINE:
            return f"{who} {card}: decline to switch (pass)"
        if self.kind == PASS:
            return f"{who} {card}: no legal move (pass)"
        if self.kind == SWITCH:
            (a, la, _), (b, lb, _) = self.parts
            return (f"{who} {card}: switch {self._pawn(a)} {LOC_NAMES[la]} "
                    f"with {self._pawn(b)} {LOC_NAMES[lb]}")
        steps = ", ".join(f"{self._pawn(p)} {LOC_NAMES[f]}→{LOC_NAMES[t]}" for p, f, t in self.parts)
        return f"{who} {card}: {steps}"

    def _pawn(self, pid: int) -> str:
        colour = pid >> 2
        name = f"pawn {(pid & 3) + 1}"
        return name if colour == self.seat else f"{COLOURS[colour]} {name}"

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "card": self.card,
            "kind": self.kind,
            "parts": [[p, LOC_NAMES[f], LOC_NAMES[t]] for p, f, t in self.parts],
        }

    @classmethod
    def from_dict(cls, d: dict) -> "SorryMove":
        """Rebuild a move; raises ValueError on anything malformed."""
        try:
            seat, card, kind = d["seat"], d["card"], d["kind"]
            parts = tuple((int(p), NAME_LOCS[f], NAME_LOCS[t]) for p, f, t in d.get("parts", ()))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Sorry! move: {d!r}") from exc
        if not isinstance(seat, int) or card not in CARD_NAMES or kind not in KINDS:
            raise ValueError(f"not a Sorry! move: {d!r}")
        if any(not 0 <= p < 16 for p, _, _ in parts):
            raise ValueError(f"not a Sorry! move (pawn out of range): {d!r}")
        return cls(seat, card, kind, parts)
