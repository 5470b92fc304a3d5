"""The table's invitation: the address other phones open, its QR code, the join code check."""

from __future__ import annotations

import hmac
import io
import socket
from urllib.parse import parse_qs, urlsplit

import segno


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when there is none)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def invite_url(host: str, port: int) -> str:
    """The address to give the table: the LAN address when listening on every interface."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}/"


def join_url(url: str, code: str) -> str:
    """The address with the table's join code in it: what the QR code holds, so that a phone that
    scans it is at the table without typing the code."""
    return f"{url}?join={code}"


def code_in(route: str) -> str | None:
    """The join code an address carries (`/?join=1234`, `/game/3?join=1234`), if any."""
    values = parse_qs(urlsplit(route).query).get("join")
    return values[0] if values else None


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code of `text` as PNG bytes."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


def qr_terminal(text: str) -> str:
    """A QR code of `text` drawn with block characters for the terminal."""
    buffer = io.StringIO()
    segno.make(text, error="m").terminal(out=buffer, compact=True)
    return buffer.getvalue()


def code_matches(typed: str, code: str) -> bool:
    """The typed join code is the table's (spaces ignored; compared in constant time)."""
    return hmac.compare_digest("".join(typed.split()).encode(), code.encode())
