"""The registry: variant ids, their options, and get_variant(id, **options)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorekeeper.rules import encyclopedia, fences, football, generala, yahtzee
from scorekeeper.rules.base import OptionError, OptionSpec, UnknownVariant, Variant


@dataclass(frozen=True)
class Family:
    """How to build one variant: its options and its builder."""

    options: tuple[OptionSpec, ...]
    build: Callable[[Mapping[str, Any]], Variant]
    preset_defaults: Mapping[str, Mapping[str, Any]] | None = None
    preset_option: str | None = None


FAMILIES: dict[str, Family] = {
    "ru_fences": Family(fences.OPTIONS, fences.build, fences.PRESET_DEFAULTS, "lower_preset"),
    "ru_encyclopedia": Family(encyclopedia.OPTIONS, encyclopedia.build),
    "ru_football": Family(football.OPTIONS, football.build),
    "yahtzee": Family(yahtzee.YAHTZEE_OPTIONS, yahtzee.build_yahtzee),
    "yatzy": Family(yahtzee.YATZY_OPTIONS, yahtzee.build_yatzy),
    "kniffel": Family(yahtzee.KNIFFEL_OPTIONS, yahtzee.build_kniffel),
    "generala": Family(generala.OPTIONS, generala.build),
}

VARIANT_IDS: tuple[str, ...] = tuple(FAMILIES)


def register_variant(
    variant_id: str,
    build: Callable[[Mapping[str, Any]], Variant],
    options: tuple[OptionSpec, ...] = (),
) -> None:
    """Add a house variant: an id, its options and a builder (usually a few lines over `boxes`)."""
    if variant_id in FAMILIES:
        raise ValueError(f"variant {variant_id!r} exists already")
    FAMILIES[variant_id] = Family(options, build)


def variant_ids() -> tuple[str, ...]:
    """Every variant id, house variants included."""
    return tuple(FAMILIES)


def option_specs(variant_id: str) -> tuple[OptionSpec, ...]:
    """The options a variant takes, with their defaults."""
    return _family(variant_id).options


def _family(variant_id: str) -> Family:
    try:
        return FAMILIES[variant_id]
    except KeyError:
        raise UnknownVariant(
            f"unknown variant {variant_id!r}; expected one of {', '.join(variant_ids())}"
        ) from None


def resolve_options(variant_id: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the variant: the given ones checked, the rest at their defaults."""
    family = _family(variant_id)
    specs = {spec.name: spec for spec in family.options}
    for name in given:
        if name not in specs:
            raise OptionError(
                f"unknown option {name!r} for {variant_id}; its options: {', '.join(specs)}"
            )
    resolved = {name: spec.coerce(given[name]) if name in given else spec.default
                for name, spec in specs.items()}
    if family.preset_option and family.preset_defaults:
        for name, value in family.preset_defaults.get(resolved[family.preset_option], {}).items():
            if name not in given:
                resolved[name] = value
    return resolved


@lru_cache(maxsize=256)
def _cached(variant_id: str, frozen: tuple[tuple[str, Any], ...]) -> Variant:
    return _family(variant_id).build(dict(frozen))


def get_variant(variant_id: str, **options: Any) -> Variant:
    """The variant `variant_id` with house-rule options (RULES.md names); defaults for the rest.

    Raises UnknownVariant or OptionError (both ValueError) naming what was wrong.
    """
    resolved = resolve_options(variant_id, options)
    return _cached(variant_id, tuple(sorted(resolved.items())))
