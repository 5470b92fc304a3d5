"""New-game form, settings, config and invitation: plain data, no browser."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.app.config import AppConfig, new_join_code
from scorekeeper.app.invite.model import code_matches, invite_url, qr_png
from scorekeeper.app.new_game.model import NewGameForm
from scorekeeper.app.settings.model import Settings
from scorekeeper.i18n.ui import UI, tr


def test_players_are_remembered_added_reordered_and_checked() -> None:
    form = NewGameForm(known_names=["Аня", "Борис", "Вера"])
    assert form.names == ["Аня", "Борис"]
    assert form.add_player() and form.names[-1] == "Вера"
    form.move_up(2)
    assert form.names == ["Аня", "Вера", "Борис"]
    form.names[1] = " Аня "
    assert form.problem() == "names_must_differ"
    form.names[1] = ""
    assert form.problem() == "name_needed"
    form.remove_player(1)
    assert form.problem() is None and form.players() == ["Аня", "Борис"]


def test_at_most_twelve_players() -> None:
    form = NewGameForm()
    while form.add_player():
        pass
    assert len(form.names) == 12


def test_options_keep_only_what_differs_from_the_defaults() -> None:
    form = NewGameForm()
    form.pick_variant("ru_fences")
    form.set_option("gora_premium_at_zero", True)
    assert form.options == {"gora_premium_at_zero": True}
    form.set_option("gora_premium_at_zero", False)
    assert form.options == {}
    form.pick_variant("yahtzee")
    assert form.options == {}


def test_settings_survive_a_restart_and_ignore_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    Settings(lang="en", theme="dark").save(path)
    assert Settings.load(path) == Settings(lang="en", theme="dark")
    path.write_text("{broken")
    assert Settings.load(path) == Settings()


def test_only_other_devices_need_the_join_code(tmp_path: Path) -> None:
    local = AppConfig(db_path=tmp_path / "g.sqlite")
    assert not local.shared and not local.needs_code("192.168.1.7")
    table = AppConfig(db_path=tmp_path / "g.sqlite", host="0.0.0.0", join_code="4821")
    assert table.shared
    assert not table.needs_code("127.0.0.1")
    assert table.needs_code("192.168.1.7") and table.needs_code(None)
    assert code_matches("48 21", "4821") and not code_matches("4822", "4821")
    assert len(new_join_code()) == 4


def test_invitation_address_and_qr() -> None:
    assert invite_url("127.0.0.1", 8550) == "http://127.0.0.1:8550/"
    assert invite_url("0.0.0.0", 8550).endswith(":8550/")
    assert qr_png("http://192.168.1.7:8550/").startswith(b"\x89PNG")


def test_catalogue_speaks_both_languages() -> None:
    for key, text in UI.items():
        assert text.ru and text.en, key
    assert tr("throw_k_of_m", "ru", k=1, m=3) == "бросок\u00a01\u00a0из\u00a03"  # «бросок 1 из 3» never split


def test_dates_on_the_home_screen_are_local_and_short() -> None:
    from scorekeeper.app.home.view import local_time

    assert len(local_time("2026-11-29T13:05:00.000+00:00")) == len("29.11 13:05")
    assert local_time("not a date") == "not a date"


def test_an_empty_name_takes_the_seats_own_name() -> None:
    form = NewGameForm(known_names=[])
    assert form.names == ["", ""]

    def seat(n: int) -> str:
        return f"Игрок {n}"

    assert form.problem(seat) is None and form.players(seat) == ["Игрок 1", "Игрок 2"]
    form.names[0] = "Игрок 2"
    assert form.problem(seat) == "names_must_differ"


def test_the_english_texts_have_no_russian_words() -> None:
    """Russian terms appear in English only transliterated (gora, s ruki): the new-game screen's
    option names and values, the catalogue, and every variant's name, description and boxes."""
    import re

    from scorekeeper.i18n.ui import OPTION_NAMES, OPTION_VALUES
    from scorekeeper.rules import VARIANT_IDS, get_variant

    texts = {f"ui.{k}": v for k, v in UI.items()}
    texts |= {f"option.{k}": v for k, v in OPTION_NAMES.items()}
    texts |= {f"value.{k}": v for k, v in OPTION_VALUES.items()}
    for variant_id in VARIANT_IDS:
        variant = get_variant(variant_id)
        texts[f"{variant_id}.name"] = variant.name
        texts[f"{variant_id}.description"] = variant.description
        texts |= {f"{variant_id}.{box.id}": box.name for box in variant.boxes}
    russian = {key: text.en for key, text in texts.items() if re.search("[а-яё]", text.en, re.IGNORECASE)}
    assert russian == {}


def test_every_house_rule_the_new_game_screen_offers_is_named_in_both_languages() -> None:
    """No option falls back to the rules' English help text in Russian, nor shows a raw value."""
    from scorekeeper.i18n.ui import OPTION_NAMES, OPTION_VALUES
    from scorekeeper.rules import VARIANT_IDS, option_specs

    unnamed = []
    for variant_id in VARIANT_IDS:
        for spec in option_specs(variant_id):
            if isinstance(spec.kind, tuple) and len(spec.kind) < 2:
                continue  # fixed by the variant: not shown
            if spec.name not in OPTION_NAMES:
                unnamed.append(f"{variant_id}.{spec.name}")
            if isinstance(spec.kind, tuple):
                unnamed += [f"{variant_id}.{spec.name}={v}" for v in spec.kind
                            if isinstance(v, str) and v not in OPTION_VALUES]
    assert unnamed == []
