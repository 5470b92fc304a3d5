"""The review of a played game (/review/N): per player, the total given up against the advice,
then each decision. What it says is decided in review/model.py."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.review.model import PlayerReview, game_review
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import header, tagged
from scorekeeper.store import StoreError

PAD = 12  # the screen's padding on either side, as History's


class ReviewScreen:
    """One saved game's review, read-only."""

    def __init__(self, shell: Shell, game_id: int, back: Callable[[], None] | None = None) -> None:
        self.shell = shell
        self.game_id = game_id
        self.route = f"/review/{game_id}"  # its address: a reload or Back comes back to it
        self.back = back or (lambda: shell.go(f"/history/{game_id}"))

    def dispose(self) -> None:
        """Nothing to let go of."""

    def build(self) -> ft.Control:
        s = self.shell
        t = s.t
        try:
            info = s.store.game(self.game_id)
            reviews = game_review(info.build_variant(), info.players, s.store.actions(self.game_id), s.lang)
        except (StoreError, ValueError) as error:
            reviews, said = None, str(error)
        else:
            said = t("review_no_table")
        parts: list[ft.Control] = [ft.Text(t("review_about"), size=14, color=theme.MUTED)]
        if reviews is None:
            parts.append(tagged(ft.Text(said, size=16), "review-none"))
        else:
            parts += [self._player(review) for review in reviews]
        body = ft.Column(parts, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [header(s, t("review_title", n=self.game_id), back=self.back),
             ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=PAD, vertical=8), expand=True)],
            spacing=0,
            expand=True,
        )

    def _player(self, review: PlayerReview) -> ft.Control:
        lang = self.shell.lang
        rows: list[ft.Control] = [
            ft.Text(review.name, size=18, weight=ft.FontWeight.W_600),
            tagged(ft.Text(review.total_text(lang), size=16), f"review-total-{review.name}"),
        ]
        for k, line in enumerate(review.lines, start=1):
            texts: list[ft.Control] = [ft.Text(line.text, size=15)]
            if line.advised:
                texts.append(ft.Text(line.advised, size=14, color=ft.Colors.TERTIARY))
            icon = ft.Icon(ft.Icons.CHECK if line.followed else ft.Icons.ARROW_DOWNWARD, size=18,
                           color=theme.MUTED if line.followed else ft.Colors.TERTIARY)
            rows.append(tagged(ft.Row([icon, ft.Column(texts, spacing=0, expand=True)], spacing=6),
                               f"review-{review.name}-{k}"))
        return tagged(ft.Container(content=ft.Column(rows, spacing=6), padding=12, border_radius=12,
                                   bgcolor=ft.Colors.SURFACE_CONTAINER), f"review-player-{review.name}")
