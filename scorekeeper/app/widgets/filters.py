"""Filter chips by player and by variant, shared by history and statistics (one tap each)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import tagged
from scorekeeper.app.widgets.names import variant_name


def _chips(
    prefix: str,
    everything: str,
    options: Sequence[tuple[str, str]],
    chosen: str | None,
    pick: Callable[[str | None], None],
) -> ft.Control:
    def chip(key: str | None, text: str) -> ft.Control:
        selected = chosen == key
        control = ft.Chip(
            label=ft.Text(text, size=15),
            selected=selected,
            show_checkmark=False,
            on_select=lambda _: pick(key),
            height=theme.TAP_MIN,  # the tap area; the chip is drawn about 36 px tall inside it
        )
        return tagged(control, f"{prefix}-{key if key is not None else 'all'}", text, selected=selected)

    # The chosen chip comes right after "all": a row scrolled sideways never hides what is chosen.
    ordered = sorted(options, key=lambda option: option[0] != chosen)
    return ft.Row(
        [chip(None, everything), *[chip(key, text) for key, text in ordered]],
        spacing=6,
        scroll=ft.ScrollMode.AUTO,
    )


def filter_bar(
    shell: Shell,
    prefix: str,
    players: Sequence[str],
    variants: Sequence[str],
    player: str | None,
    variant: str | None,
    on_change: Callable[[str | None, str | None], None],
) -> ft.Control:
    """Two rows of chips: players (`<prefix>-player-<name>`), variants (`<prefix>-variant-<id>`)."""
    rows: list[ft.Control] = []
    if len(players) > 1:
        rows.append(_chips(f"{prefix}-player", shell.t("hist_all_players"), [(p, p) for p in players], player,
                           lambda p: on_change(p, variant)))
    if len(variants) > 1:
        rows.append(_chips(f"{prefix}-variant", shell.t("hist_all_variants"),
                           [(v, variant_name(v, shell.lang)) for v in variants], variant,
                           lambda v: on_change(player, v)))
    return ft.Column(rows, spacing=4)
