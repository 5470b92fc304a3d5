"""The advisor: for a player's position, every choice with the expected points still to come.

Exact optimal solitaire play for the games whose turns are three throws of five dice (Yahtzee,
Yatzy, Kniffel, Generala, the encyclopedia's game); «Покер с оградами» is played exactly within the
turn and by the stage's table beyond it (`fences`). Pure: numpy, and the tables read from disk.

>>> from scorekeeper.rules import get_variant
>>> a = advise(get_variant("yatzy"), Position(frozenset({"chance"}), dice=(6, 6, 5, 1, 2), throw=3))
>>> a.best.box, a.best.score
('chance', 20)
"""

from scorekeeper.advisor.advise import advise
from scorekeeper.advisor.model import Advice, AdviceError, Option, Position

__all__ = ["Advice", "AdviceError", "Option", "Position", "advise"]
