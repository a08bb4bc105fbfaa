"""Plain-text helpers with no imports beyond the standard library (`parlor rules` uses them)."""
from __future__ import annotations

import re


def asciify(text: str) -> str:
    """Text with every character outside ASCII replaced by a plain equivalent (--ascii)."""
    import unicodedata

    table = {"…": "...", "→": "->", "←": "<-", "—": "-", "–": "-", "×": "x", "’": "'", "‘": "'",
             "“": '"', "”": '"', "≥": ">=", "≤": "<=", "·": "-", "•": "*", "⇄": "<->", "✓": "v",
             "−": "-"}
    out = []
    for char in text:
        if ord(char) < 128:
            out.append(char)
        elif char in table:
            out.append(table[char])
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(plain or "?")
    return "".join(out)


_RULE_IDS = re.compile(r" \((?:[SPG]-\d+(?:\.\d+)*(?:,? | to |, and )?)+\)")


def without_rule_ids(text: str) -> str:
    """The engine's words for people: its rule ids ("(G-5.4)", "(S-12)") are for
    the specification, not for players."""
    return _RULE_IDS.sub("", text)


def and_list(words) -> str:
    """'Red', 'Red and Blue', 'Red, Yellow and Pink'."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}" if words else ""


def sentence(text: str) -> str:
    """`text` as a sentence: a capital first, a full stop last unless it ends in ! or ?."""
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def after_colon(reason: str) -> str:
    """A reason sentence continued after a colon: "all five …", "a joker …", "no pawn …"
    (the names of pieces and colours keep their capital)."""
    return reason[0].lower() + reason[1:] if reason.startswith(("All ", "A ", "No ")) else reason


def counted(n: int, word: str) -> str:
    """'1 point', '2 points'."""
    return f"{n} {word}{'' if n == 1 else 's'}"
