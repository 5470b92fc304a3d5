"""Fixtures of the vision tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.vision.helpers import DATASETS


@pytest.fixture(scope="session")
def datasets() -> Path:
    if not (DATASETS / "dice-a" / "manifest.csv").exists():
        pytest.skip(f"real photos not available: no data sets under {DATASETS}")
    return DATASETS
