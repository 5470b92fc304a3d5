"""The shipped tables: one for each default rule set, and each part re-solved from the parts it
rests on gives what the file holds."""

from __future__ import annotations

import numpy as np
import pytest

from scorekeeper.advisor.build import SHIPPED
from scorekeeper.advisor.game import reachable_upper
from scorekeeper.advisor.model import game_of
from scorekeeper.advisor.solve import Columns, start_values
from scorekeeper.advisor.store import assets_dir, fingerprint, table_for
from scorekeeper.rules import get_variant


@pytest.mark.parametrize("variant_id", [*SHIPPED, "kniffel"])
def test_a_table_is_shipped_for_the_default_rules(variant_id: str) -> None:
    game = game_of(get_variant(variant_id))
    assert (assets_dir() / f"{fingerprint(game, game.variant.throws)}.npz").exists()


@pytest.mark.parametrize("variant_id", SHIPPED)
def test_states_re_solved_from_the_file_match_it(variant_id: str) -> None:
    game = game_of(get_variant(variant_id))
    table = table_for(game, build=False)
    assert table is not None
    rng = np.random.default_rng(5)
    lo, _ = game.upper_range
    full = (1 << game.n) - 1
    reach = reachable_upper(game)
    masks, us, fs = [], [], []
    for mask in rng.integers(1, full + 1, 40):
        u = rng.choice(reach[full & ~int(mask) & game.upper_bits]) - lo
        f = 0 if game.poker is None or mask >> game.poker & 1 else int(rng.integers(0, 2))
        masks.append(int(mask))
        us.append(int(u))
        fs.append(f)
    cols = Columns(np.array(masks), np.array(us), np.array(fs))
    again = start_values(game, table.tab, cols, game.variant.throws)
    stored = table.tab[cols.masks, cols.us, cols.fs]
    assert np.allclose(again[:, 0], stored[:, 0], atol=2e-4)
    assert np.allclose(again[:, 1:], stored[:, 1:], atol=1e-4)
