"""Variants as data plus small pure functions: the single authority on what a throw may claim.

>>> v = get_variant("ru_fences")
>>> v.evaluate("fours", v.hand([4, 2, 3, 5, 6])).score
-8
"""

from scorekeeper.rules.base import (
    Box,
    Claim,
    Evaluation,
    OptionError,
    OptionSpec,
    RulesInputError,
    UnknownBox,
    UnknownVariant,
    UpperRule,
    Variant,
)
from scorekeeper.rules.registry import (
    VARIANT_IDS,
    get_variant,
    option_specs,
    register_variant,
    variant_ids,
)

__all__ = [
    "Box",
    "Claim",
    "Evaluation",
    "OptionError",
    "OptionSpec",
    "RulesInputError",
    "UnknownBox",
    "UnknownVariant",
    "UpperRule",
    "VARIANT_IDS",
    "Variant",
    "get_variant",
    "option_specs",
    "register_variant",
    "variant_ids",
]
