"""Helpers shared by the test modules."""
import os

LONG = os.environ.get("PARLOR_LONG") == "1"


def soak(short: int, long: int) -> int:
    """How many random games a property test plays: `long` under PARLOR_LONG=1."""
    return long if LONG else short
