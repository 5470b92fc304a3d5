"""The game: actions, the immutable state with apply/verify/can, the sheet and the match.

Pure code: no I/O. The store saves the actions; the state is replayed from them.
"""

from scorekeeper.game.actions import (
    Action,
    CrossOut,
    Miss,
    Roll,
    Score,
    Undo,
    from_payload,
    kind,
    to_payload,
)
from scorekeeper.game.errors import (
    BoxAlreadyWritten,
    BoxNotAllowed,
    BoxNotOpenInStage,
    BoxOutOfOrder,
    GameError,
    GameOver,
    InvalidAction,
    InvalidDice,
    NothingToUndo,
    NoThrowYet,
    NotYourTurn,
    RuleViolation,
    ThrowAlreadyMade,
    TooManyThrows,
)
from scorekeeper.game.series import GameRecord
from scorekeeper.game.sheet import PlayerSheet, StageSheet, sheet
from scorekeeper.game.state import State, apply, can, new_game, replay, verify, verify_player

__all__ = [
    "Action",
    "BoxAlreadyWritten",
    "BoxNotAllowed",
    "BoxNotOpenInStage",
    "BoxOutOfOrder",
    "CrossOut",
    "GameError",
    "GameOver",
    "GameRecord",
    "InvalidAction",
    "InvalidDice",
    "Miss",
    "NoThrowYet",
    "NotYourTurn",
    "NothingToUndo",
    "PlayerSheet",
    "Roll",
    "RuleViolation",
    "Score",
    "StageSheet",
    "State",
    "ThrowAlreadyMade",
    "TooManyThrows",
    "Undo",
    "apply",
    "can",
    "from_payload",
    "kind",
    "new_game",
    "replay",
    "sheet",
    "to_payload",
    "verify",
    "verify_player",
]
