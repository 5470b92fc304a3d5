"""Colours and sizes: a felt-green Material 3 theme, light and dark; big targets for one thumb."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.settings.model import ThemeChoice

SEED = "#2E7D4F"  # the green of a dice table
TAP = 52  # a button's tap target (px), above Material's 48
TAP_MIN = 48  # a target among many in a list or bar (chips, switches, a tappable line): Material's 48
DIE = 58  # a die on the entry panel (smaller on a narrower phone, so that five and the photo fit)
PHONE_W = 390  # the width laid out for until the browser tells the page's own
PHONE_H = 844  # … and the height
SIDEWAYS_H = 600  # a screen lower than this and wider than tall (a phone held sideways) puts the dice
SIDEWAYS_W = 560  # … beside the sheet, not below it, from this width on
SIDE_PANEL_W = 340  # the dice panel's width there (less on a narrower screen)
CELL_W = 62  # a player's column in the sheet
NAME_W = 118  # the box names' column
NAME_W_NARROW = 96  # … with five or more players
NAME_W_WIDE = 160  # … at most, with room to spare (few players)
LABEL_ONE_LINE = 11  # characters of a box's name that fit that column on one line at full size
PLAYERS_WITHOUT_SCROLL = 6  # more players than this scroll sideways
ROW_H = 36  # a row of the sheet

# Theme-aware colour roles (they follow light/dark by themselves).
CURRENT_COLUMN = ft.Colors.PRIMARY_CONTAINER
ON_CURRENT = ft.Colors.ON_PRIMARY_CONTAINER
PREVIEW = ft.Colors.PRIMARY
GREYED = ft.Colors.SURFACE_CONTAINER_HIGHEST
MUTED = ft.Colors.ON_SURFACE_VARIANT
LINE = ft.Colors.OUTLINE_VARIANT
GOOD = ft.Colors.PRIMARY  # the seed's green, readable on the light and on the dark surface
BAD = ft.Colors.ERROR
SECTION = ft.Colors.SECONDARY_CONTAINER


def theme_mode(choice: ThemeChoice) -> ft.ThemeMode:
    """The page's theme mode for a settings choice."""
    return {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(choice, ft.ThemeMode.SYSTEM)


def apply(page: ft.Page, choice: ThemeChoice) -> None:
    """Set the page's light and dark themes and the chosen mode."""
    page.theme = ft.Theme(color_scheme_seed=SEED, use_material3=True)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED, use_material3=True)
    page.theme_mode = theme_mode(choice)


def long_label(text: str, width: float) -> bool:
    """A row's name that does not fit a names' column `width` px wide on one line at full size
    (LABEL_ONE_LINE characters at NAME_W): it is drawn smaller, on two lines, not cut («Большой
    стрит»; in the narrower column of five or more players, «Малый стрит» too)."""
    return len(text) > LABEL_ONE_LINE * width / NAME_W
