"""Reading a built tree of Flet controls without a browser: every control, its texts, its identifiers."""

from __future__ import annotations

from typing import Any

import flet as ft

CHILDREN = ("content", "controls", "actions", "title")


def walk(control: Any) -> list[Any]:
    """Every control in the tree, top to bottom (a control before what it holds)."""
    found: list[Any] = []
    pending = [control]
    while pending:
        c = pending.pop()
        if c is None or not hasattr(c, "__dict__"):
            continue
        found.append(c)
        held: list[Any] = []
        for name in CHILDREN:
            child = getattr(c, name, None)
            held.extend(child if isinstance(child, list) else [child])
        pending.extend(reversed(held))
    return found


def texts(control: Any) -> list[str]:
    """Every text shown in the tree, top to bottom."""
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and c.value]


def identifiers(control: Any) -> dict[str, Any]:
    """The tree's controls by test identifier."""
    return {c.identifier: c for c in walk(control) if getattr(c, "identifier", None)}
