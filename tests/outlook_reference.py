"""The upper-section outlook's model as plain memoised recursion: the reference for its tables."""

from __future__ import annotations

from scorekeeper.outlook import DICE, TIE_PENALTY, TIE_UPPER, UpperGoal, transition_matrix


class PlainOutlook:
    """The same model and play as plain memoised recursion, one state at a time.

    Slow (seconds for six open boxes): the reference that the tables are checked against, in
    tests/test_outlook.py and bench/outlook.py. Values are ``(p_bonus, p_penalty,
    expected upper still to come)``.
    """

    def __init__(self, goal: UpperGoal) -> None:
        self.goal = goal
        self._p = transition_matrix().tolist()
        self._values: dict[tuple[frozenset[int], int, int], tuple[float, float, float]] = {}
        self._turns: dict[
            tuple[int, frozenset[int], int, int, int, int], tuple[float, float, float]
        ]
        self._turns = {}

    @staticmethod
    def _key(v: tuple[float, float, float]) -> float:
        return v[0] - TIE_PENALTY * v[1] + TIE_UPPER * v[2]

    def value(
        self, open_faces: frozenset[int], upper: int, fences: int
    ) -> tuple[float, float, float]:
        """A player about to start a turn (as `outlook`)."""
        key = (open_faces, upper, fences)
        if key not in self._values:
            if not open_faces:
                out = self.goal.outcome(upper)
                self._values[key] = (float(out == "bonus"), float(out == "penalty"), 0.0)
            else:
                options = (
                    self.start(f, open_faces - {f}, upper, fences) for f in sorted(open_faces)
                )
                self._values[key] = max(options, key=self._key)
        return self._values[key]

    def start(
        self, face: int, rest: frozenset[int], upper: int, fences: int
    ) -> tuple[float, float, float]:
        """The turn of ``face`` about to start (``rest``: the boxes open after it)."""
        goal = self.goal
        banked = (fences if goal.fences else 0) + goal.base_throws - 1
        total = [0.0, 0.0, 0.0]
        for kept in range(DICE + 1):
            v = self.during(face, rest, upper, kept, banked, fences)
            for j in range(3):
                total[j] += self._p[0][kept] * v[j]
        return (total[0], total[1], total[2])

    def during(
        self, face: int, rest: frozenset[int], upper: int, kept: int, banked: int, fences: int
    ) -> tuple[float, float, float]:
        """After a throw of the turn of ``face`` with ``kept`` such dice; ``banked`` the fences
        writing the box now would leave (``fences`` at the turn's start)."""
        goal = self.goal
        if not goal.fences or goal.earn_fences:
            fences = 0  # the start only matters when upper boxes just spend fences
        key = (face, rest, upper, kept, banked, fences)
        if key in self._turns:
            return self._turns[key]
        score = goal.box_score(face, kept)
        left = (banked if goal.earn_fences else min(banked, fences)) if goal.fences else 0
        after = self.value(rest, upper + score, left)
        best = (after[0], after[1], after[2] + score)
        if banked and kept < DICE:
            more = [0.0, 0.0, 0.0]
            for kept2 in range(kept, DICE + 1):
                nxt = self.during(face, rest, upper, kept2, banked - 1, fences)
                for j in range(3):
                    more[j] += self._p[kept][kept2] * nxt[j]
            go = (more[0], more[1], more[2])
            if self._key(go) > self._key(best):
                best = go
        self._turns[key] = best
        return best
