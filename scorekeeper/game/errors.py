"""What can go wrong with an action: bad input (InvalidAction, InvalidDice) or a broken rule."""

from __future__ import annotations

from scorekeeper.dice import InvalidDice
from scorekeeper.i18n import Lang, Text

__all__ = [
    "BoxAlreadyWritten",
    "BoxNotAllowed",
    "BoxNotOpenInStage",
    "BoxOutOfOrder",
    "GameError",
    "GameOver",
    "InvalidAction",
    "InvalidDice",
    "NoThrowYet",
    "NotYourTurn",
    "NothingToUndo",
    "RuleViolation",
    "ThrowAlreadyMade",
    "TooManyThrows",
]


class GameError(ValueError):
    """An action that cannot be taken; `text` says why in Russian and English."""

    rule = "error"

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text

    def in_(self, lang: Lang) -> str:
        """The sentence in `lang`."""
        return self.text.in_(lang)


class InvalidAction(GameError):
    """Bad input: an action that is malformed or names a box the sheet does not have."""

    rule = "invalid_action"


class RuleViolation(GameError):
    """A well-formed action the rules do not allow now."""

    rule = "rule_violation"


class TooManyThrows(RuleViolation):
    """Every throw this turn allows is used."""

    rule = "too_many_throws"


class BoxAlreadyWritten(RuleViolation):
    """The box is already filled in this stage."""

    rule = "box_already_written"


class BoxNotOpenInStage(RuleViolation):
    """The box cannot be written in this stage now (stage not reached)."""

    rule = "box_not_open_in_stage"


class BoxOutOfOrder(BoxNotOpenInStage):
    """The stage's box order (gora first, strict) does not open this box yet."""

    rule = "box_out_of_order"


class BoxNotAllowed(RuleViolation):
    """The box may not be written (or struck) with these dice or at this point."""

    rule = "box_not_allowed"


class NotYourTurn(RuleViolation):
    """The action is asserted for a player whose turn it is not."""

    rule = "not_your_turn"


class NoThrowYet(RuleViolation):
    """The turn has no throw yet, and the action needs one."""

    rule = "no_throw_yet"


class DiceNotEntered(RuleViolation):
    """The turn's last throw was recorded without its dice, and the action needs them."""

    rule = "dice_not_entered"


class ThrowAlreadyMade(RuleViolation):
    """The action belongs before the turn's first throw (a missed football tour)."""

    rule = "throw_already_made"


class GameOver(RuleViolation):
    """The game is finished; only undo is possible."""

    rule = "game_over"


class NothingToUndo(RuleViolation):
    """Fewer actions were taken than the undo asks to take back."""

    rule = "nothing_to_undo"
