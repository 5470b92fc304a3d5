"""Tables solved at first use (house rules) go to a temporary cache, not the user's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True, scope="session")
def _advisor_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    mp = pytest.MonkeyPatch()
    path = tmp_path_factory.mktemp("advisor-cache")
    mp.setenv("SCOREKEEPER_CACHE", str(path))
    yield path
    mp.undo()
