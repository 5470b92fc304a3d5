"""With --host 0.0.0.0 another device sees only the join screen until it enters the table's code."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.invite.model import lan_address
from tests.e2e.conftest import PHONE, AppServer, Tab

pytestmark = pytest.mark.e2e


def tab_at(browser: Any, url: str) -> tuple[Any, Tab]:
    context = browser.new_context(viewport=PHONE)
    tab = Tab(context.new_page(), url)
    tab.open()
    return context, tab


def test_another_device_needs_the_code(browser: Any, lan_server: AppServer) -> None:
    log = Path(lan_server.log).read_text(encoding="utf-8")
    code = re.search(r"join code (\d{4})", log)
    assert code, log
    address = re.search(r"other phones at the table: (http://\S+)", log)
    assert address and f":{lan_server.port}/" in address.group(1)

    here, host_tab = tab_at(browser, lan_server.url)  # this machine: straight to the home screen
    phone, guest = tab_at(browser, f"http://{lan_address()}:{lan_server.port}/")
    try:
        host_tab.wait("new-game")
        host_tab.tap("invite")
        host_tab.wait_text("join-code", re.compile(code.group(1)))
        host_tab.shot("invite-table-light")

        guest.wait("join-code-field")
        assert not guest.has("new-game") and not guest.has("resume")
        guest.shot("join-light")
        wrong = "0000" if code.group(1) != "0000" else "1111"
        field = guest.find("join-code-field").locator("input").first
        field.click()
        guest.page.wait_for_timeout(300)
        guest.page.keyboard.type(wrong, delay=40)
        guest.wait_text("join-error", re.compile("не подходит"))
        assert not guest.has("new-game")
        field = guest.find("join-code-field").locator("input").first
        field.click()
        guest.page.wait_for_timeout(300)
        guest.page.keyboard.type(code.group(1), delay=40)
        guest.wait("new-game")
    finally:
        here.close()
        phone.close()


def test_the_invitations_qr_address_joins_without_typing(browser: Any, lan_server: AppServer) -> None:
    log = Path(lan_server.log).read_text(encoding="utf-8")
    code = re.search(r"join code (\d{4})", log)
    assert code, log
    address = f"http://{lan_address()}:{lan_server.port}/"
    phone, guest = tab_at(browser, f"{address}?join={code.group(1)}")  # what the QR code holds
    try:
        guest.wait("new-game")
        guest.tap("settings")  # and the phone's Back works there as on this machine
        guest.wait("lang-en")
        guest.page.go_back()
        guest.wait("new-game")
    finally:
        phone.close()
    wrong = "0000" if code.group(1) != "0000" else "1111"
    phone, guest = tab_at(browser, f"{address}?join={wrong}")
    try:
        guest.wait("join-code-field")  # a wrong code in the address is no way in
        assert not guest.has("new-game")
    finally:
        phone.close()
