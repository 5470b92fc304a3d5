"""The invitation to the table: the address a phone scans carries the join code."""

from __future__ import annotations


def test_the_invitations_address_carries_the_code() -> None:
    from scorekeeper.app.invite.model import code_in, join_url

    url = join_url("http://192.168.1.5:8550/", "0427")
    assert url == "http://192.168.1.5:8550/?join=0427"
    assert code_in("/?join=0427") == "0427" and code_in("/game/3?join=0427&x=1") == "0427"
    assert code_in("/") is None and code_in("/game/3") is None
