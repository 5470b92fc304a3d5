"""A played game looked back on, per player: each decision made with the dice entered in full (a
keep after a throw, or the box written), what the advisor gave there, and the expected points the
choice gave up against it; the total per player. Pure: the texts are decided here, drawn in view."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.advisor.model import Option
from scorekeeper.advisor.review import Decision, given_up, review
from scorekeeper.app.sheet.advice import expected_text, has_table
from scorekeeper.game.actions import Action
from scorekeeper.i18n import Lang
from scorekeeper.i18n.ui import tr
from scorekeeper.rules import Variant

FOLLOWED = 0.05  # expected points below which a choice counts as the advised one (rounding)


@dataclass(frozen=True)
class Line:
    """One decision as the review shows it."""

    text: str  # «Бросок 1: 1 2 3 6 6 — оставлено 6 6»
    advised: str  # «совет: оставить 6 6» (empty where it was followed)
    lost: float
    followed: bool


@dataclass(frozen=True)
class PlayerReview:
    name: str
    lines: tuple[Line, ...]
    lost: float  # expected points given up in all

    def total_text(self, lang: Lang) -> str:
        if not self.lines:
            return tr("review_none_entered", lang)
        if self.lost < FOLLOWED:
            return tr("review_all_followed", lang, n=len(self.lines))
        followed = sum(line.followed for line in self.lines)
        return tr("review_total", lang, x=expected_text(self.lost, lang), k=followed, n=len(self.lines))


def choice_text(option: Option, variant: Variant, lang: Lang, done: bool) -> str:
    """'оставлено 6 6' / 'вписано «Шанс» 23' (done), 'оставить 6 6' / '«Шанс» 23' (advised)."""
    if option.box is not None:
        box = variant.box(option.box).name.in_(lang)
        return tr("review_wrote" if done else "review_write", lang, box=box, n=option.score or 0)
    if option.keep:
        return tr("review_kept" if done else "review_keep", lang, dice=" ".join(map(str, option.keep)))
    return tr("review_rethrew" if done else "review_rethrow", lang)


def line_of(decision: Decision, variant: Variant, lang: Lang) -> Line:
    dice = " ".join(map(str, decision.dice))
    done = choice_text(decision.chosen, variant, lang, done=True)
    followed = decision.lost < FOLLOWED
    advised = "" if followed else tr("review_advised", lang, choice=choice_text(decision.best, variant, lang, False),
                                     x=expected_text(decision.lost, lang))
    return Line(tr("review_line", lang, t=decision.throw, dice=dice, choice=done), advised, decision.lost, followed)


def game_review(variant: Variant, players: Sequence[str], actions: Iterable[Action],
                lang: Lang) -> list[PlayerReview] | None:
    """Per player, in seat order, every decision with the dice entered in full; None where the
    advisor has no table for the game (football, a house rule whose table is not solved)."""
    if not has_table(variant):
        return None
    decisions = review(variant, players, actions)
    totals = given_up(decisions)
    return [PlayerReview(name, tuple(line_of(d, variant, lang) for d in decisions if d.player == name),
                         totals.get(name, 0.0))
            for name in players]
