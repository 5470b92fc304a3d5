"""How the app was started: where the games are saved, where it listens, the table's join code."""

from __future__ import annotations

import os
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOCAL_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})


def default_db_path() -> Path:
    """The games' database in the user's data directory."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "scorekeeper" / "games.sqlite"


def new_join_code() -> str:
    """A short code for the table: four digits, easy to read aloud."""
    return f"{secrets.randbelow(10_000):04d}"


@dataclass
class AppConfig:
    """The app's start-up choices, shared by every session of one server."""

    db_path: Path
    host: str = "127.0.0.1"
    port: int = 8550
    join_code: str = field(default_factory=new_join_code)

    @property
    def settings_path(self) -> Path:
        """The server's settings file beside the database: the default language and theme of a
        browser that has chosen none (and the only settings where a browser keeps none)."""
        return self.db_path.with_name(self.db_path.name + ".settings.json")

    @property
    def shared(self) -> bool:
        """Other devices may connect (the server listens beyond this machine)."""
        return self.host not in LOCAL_HOSTS

    def needs_code(self, client_ip: str | None) -> bool:
        """A device that is not this machine must enter the join code first."""
        if not self.shared:
            return False
        return (client_ip or "") not in LOCAL_HOSTS
