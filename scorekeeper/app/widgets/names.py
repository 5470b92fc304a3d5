"""Names the screens show alike."""

from __future__ import annotations

from scorekeeper.rules import get_variant


def variant_name(variant_id: str, lang: str) -> str:
    """A variant's display name (its id if unknown)."""
    try:
        return get_variant(variant_id).name.in_(lang)  # type: ignore[arg-type]
    except ValueError:
        return variant_id
