"""How a written score is drawn: the «гора»'s boxes with their sign, as on paper; the others as numbers."""

from __future__ import annotations

from scorekeeper.i18n import num
from scorekeeper.rules import Variant


def signed(n: int) -> str:
    """+4, −8, 0 (a true minus, as History and Statistics write it)."""
    return f"+{n}" if n > 0 else num(n)


def drawn_score(variant: Variant, box_id: str, score: int) -> str:
    """A box's score as drawn: the «гора»'s boxes with their sign, as on paper (+4, −8; RULES.md
    §3.4), the others as numbers."""
    return signed(score) if variant.fences and variant.box(box_id).section == "upper" else num(score)
