"""A screen built anew, sent to the browser as what changed rather than as a whole new screen.

Every action on a game builds its screen again from the game's state (one rule for what is shown,
whatever changed it). Sent whole, the browser then lays out and draws every control anew: on a
phone, most of the time between a tap on a box and its number. `patch_in_place` instead lets Flet
compare the new controls with those on the screen, position by position ("frozen" reconciliation,
as Flet does for its own dialogs): a new control of the same kind at the same place takes over the
old one's identity, and only changed properties, and controls that are really new, are sent.

Flet marks controls so compared as frozen (they raise when updated in place) and keeps none of the
snapshots its next in-place update compares against; `_thaw` puts them back as a plain first send
would have left them. A control the screen keeps from one build to the next (the dice panel's field,
which must keep its focus and what is typed) is the same object in both trees: Flet's comparison
passes over it, so the in-place update after it sends what changed in it. Where such a control
would change places, the two trees are not compared: the screen is sent whole.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import _control_setattr, get_control_key
from flet.controls.value_types import Value

Path = tuple[object, ...]


_PLAIN_FIELDS: dict[type, tuple[str, ...]] = {}  # a plain dataclass's fields that are sent


def _parts(obj: Any) -> Iterator[tuple[str, Any]]:
    """The lists, dicts and dataclasses a dataclass holds in the fields sent to the browser (field
    name, value), read as Flet's protocol reads them: for its controls and value types, the
    properties set (`_values`) and the structural fields; for others, every field not skipped."""
    values = getattr(obj, "_values", None)
    structural = getattr(type(obj), "_structural_fields", None)
    if values is not None and structural is not None and isinstance(obj, (BaseControl, Value)):
        for name, value in values.items():
            if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
                yield name, value
        for name in structural:
            value = getattr(obj, name)
            if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
                yield name, value
        return
    names = _PLAIN_FIELDS.get(type(obj))
    if names is None:
        names = _PLAIN_FIELDS[type(obj)] = tuple(f.name for f in dataclasses.fields(obj)
                                                 if not f.metadata.get("skip", False))
    for name in names:
        value = getattr(obj, name)
        if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
            yield name, value


def _items(value: Any) -> Iterator[tuple[object, Any]]:
    """What a list or dict holds (index or key, item)."""
    return enumerate(value) if isinstance(value, list) else iter(value.items())


def _controls(root: Any, path: Path = ()) -> Iterator[tuple[Path, BaseControl]]:
    """Every control under `root` (itself included) with its path from it."""
    if isinstance(root, (list, dict)):
        for key, item in _items(root):
            yield from _controls(item, (*path, key))
        return
    if not dataclasses.is_dataclass(root) or isinstance(root, type):
        return
    if isinstance(root, BaseControl):
        yield path, root
    for name, value in _parts(root):
        yield from _controls(value, (*path, name))


def _paired(old: list[Any], new: list[Any]) -> Iterator[tuple[Any, Any]]:
    """The items of two lists that Flet's frozen comparison compares: by their key where they have
    one, else by their place among the items without one."""
    def keyed(items: list[Any]) -> dict[object, Any]:
        out: dict[object, Any] = {}
        place = 0
        for item in items:
            if dataclasses.is_dataclass(item):
                key = get_control_key(item)
                if key is None:
                    key, place = ("place", place), place + 1
                out[key] = item
        return out

    before = keyed(old)
    for key, item in keyed(new).items():
        if key in before:
            yield before[key], item


def _taps_change(old: Any, new: Any) -> bool:
    """Some control of `new` would be compared with one of `old` and takes taps (on_click) where
    that one does not, or the other way round. Flet's web client, so patched, loses what the
    control's semantics say (score boxes whose taps went at the game's end lost their spoken names
    and test identifiers): such a screen is sent whole. (Other handlers come and go with no harm:
    a long press on each box the throw would fill, after each throw.)"""
    if isinstance(old, list) and isinstance(new, list):
        return any(_taps_change(a, b) for a, b in _paired(old, new))
    if isinstance(old, dict) and isinstance(new, dict):
        return any(_taps_change(old[k], v) for k, v in new.items() if k in old)
    if (not dataclasses.is_dataclass(new) or old is new or type(old) is not type(new)
            or get_control_key(old) != get_control_key(new)):
        return False  # not compared: kept as it is, or sent whole
    if (getattr(old, "on_click", None) is None) != (getattr(new, "on_click", None) is None):
        return True
    parts = dict(_parts(old))
    return any(_taps_change(parts[name], value) for name, value in _parts(new) if name in parts)


def _thaw(obj: Any, kept: set[int]) -> None:
    """Leave `obj` and what it holds as a first send leaves them: not frozen, with the snapshots of
    what the browser now shows (as Flet's protocol records them when it sends a control), and
    nothing pending. Controls of `kept` (on the screen before, not compared) are left as they are,
    with what they hold, unless Flet sent them anew, frozen, inside a control it replaced."""
    if isinstance(obj, (list, dict)):
        for _key, item in _items(obj):
            _thaw(item, kept)
        return
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type) or id(obj) in kept and not hasattr(obj, "_frozen"):
        return
    if hasattr(obj, "_frozen"):
        object.__delattr__(obj, "_frozen")
    lists: dict[str, list[Any]] = {}
    dicts: dict[str, dict[Any, Any]] = {}
    classes: dict[str, Any] = {}
    parts = list(_parts(obj))
    for name, value in parts:
        if isinstance(value, list):
            lists[name] = value[:]
        elif isinstance(value, dict):
            dicts[name] = value.copy()
        else:
            classes[name] = value
    object.__setattr__(obj, "__prev_lists", lists)
    object.__setattr__(obj, "__prev_dicts", dicts)
    object.__setattr__(obj, "__prev_classes", classes)
    dirty = getattr(obj, "_dirty", None)
    if dirty is not None:
        dirty.clear()
    else:
        if type(obj).__setattr__ is not _control_setattr:
            type(obj).__setattr__ = _control_setattr  # type: ignore[assignment,method-assign]
        object.__setattr__(obj, "__changes", {})
    for _name, value in parts:
        _thaw(value, kept)


def _reindex(page: ft.Page, found: list[tuple[Path, BaseControl]]) -> None:
    """Every control of the new screen in the session's index, under its identity. Flet counts a
    control kept inside a replaced one (the keys field in its new wrapper) among the removed ones and
    drops it from the index: the browser's next change of it (a digit typed) was then applied to
    nothing, and a single digit followed by Enter was read as an empty field."""
    index = page.session.index
    for _path, control in found:
        number = getattr(control, "_i", None)
        if number is not None and index.get(number) is not control:
            index[number] = control


def patch_in_place(page: ft.Page, root: ft.SafeArea, content: ft.Control) -> bool:
    """Make `content` the content of `root` (on the page, holding the screen shown) by sending only
    what differs from the screen shown; False, having changed nothing, where the trees cannot be
    compared so (the caller then sends the screen whole)."""
    old = root.content
    prev_classes = getattr(root, "__prev_classes", None)
    dirty = getattr(root, "_dirty", None)
    if (old is None or old is content or not isinstance(old, BaseControl) or prev_classes is None
            or prev_classes.get("content") is not old or dirty is None or "content" in dirty):
        return False
    before = {id(c): path for path, c in _controls(old)}
    found = list(_controls(content))
    after = {id(c): path for path, c in found}
    kept = {i for i in after if i in before}
    kept_paths = {after[i] for i in kept}
    if any(before[i] != after[i] for i in kept):
        return False  # a control kept would be compared with another: send the screen whole
    if _taps_change(old, content):
        return False
    page.session.patch_control(control=content, prev_control=old, frozen=True)
    _reindex(page, found)
    content._parent = weakref.ref(root)  # type: ignore[attr-defined]  # as Flet sets it on a control added
    _thaw(content, kept)
    root.content = content  # as the browser has it already: not sent again
    dirty.pop("content", None)
    prev_classes["content"] = content
    # what changed in the controls kept (those not inside another kept)
    tops = [c for path, c in found if id(c) in kept and not any(path[:n] in kept_paths for n in range(len(path)))]
    if tops:
        page.update(*tops)  # type: ignore[arg-type]
    return True
