"""`scorekeeper [app]`: serve the Flet web UI offline, print where, open a browser where there is one."""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from pathlib import Path

from scorekeeper.commands import UsageError

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def _port_problem(host: str, port: int) -> str | None:
    """Why the address cannot be listened on (taken, not ours), or None."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            return error.strerror or str(error)
    return None


def run_app(args: argparse.Namespace) -> int:
    """Start the app and serve until interrupted."""
    import flet as ft

    from scorekeeper.app import make_main
    from scorekeeper.app.config import AppConfig, default_db_path
    from scorekeeper.app.invite.model import invite_url, join_url, qr_terminal
    from scorekeeper.app.photo.model import UPLOAD_MAX_BYTES
    from scorekeeper.app.transport import mend_flet
    from scorekeeper.store import Store, StoreError

    db_path = Path(args.db).expanduser() if args.db else default_db_path()
    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: expected a port number 1..65535")
    config = AppConfig(db_path=db_path, host=args.host, port=args.port)
    busy = _port_problem(config.host, config.port)  # before the file: a refused start leaves nothing behind
    if busy is not None:
        raise UsageError(f"--port {config.port}: cannot listen on {config.host}:{config.port} ({busy})")
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        store = Store(db_path)
    except (OSError, StoreError) as error:
        raise UsageError(f"--db {db_path}: {error}") from None

    url = invite_url(config.host, config.port)
    local = f"http://127.0.0.1:{config.port}/" if config.shared else url
    print(f"scorekeeper: open {local}", flush=True)
    if config.shared:
        print(f"scorekeeper: other phones at the table: {url}  join code {config.join_code}", flush=True)
        print(qr_terminal(join_url(url, config.join_code)), flush=True)  # a phone scanning it joins at once
    print(f"scorekeeper: games are saved in {db_path}", flush=True)

    if args.no_browser:
        # Flet opens no browser when it is told it runs as a plain web server.
        os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    # Photos come by HTTP upload, checked by size before any byte moves: a photo sent over the
    # websocket above its 16 MiB message limit would freeze the tab.
    os.environ.setdefault("FLET_UPLOAD_DIR", str(db_path.parent / "uploads"))
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_hex(16))
    os.environ.setdefault("FLET_MAX_UPLOAD_SIZE", str(UPLOAD_MAX_BYTES))
    Path(os.environ["FLET_UPLOAD_DIR"]).mkdir(parents=True, exist_ok=True)
    mend_flet()
    try:
        ft.run(
            make_main(config, store),
            host=config.host,
            port=config.port,
            view=ft.AppView.WEB_BROWSER,
            no_cdn=True,
            assets_dir=str(ASSETS),
        )
    except OSError as error:
        print(f"scorekeeper app: cannot listen on {config.host}:{config.port}: {error}", file=sys.stderr)
        return 2
    finally:
        store.close()
    return 0
