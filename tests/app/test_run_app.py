"""`scorekeeper app` refuses bad start-up input in one clear line (exit 2) before serving anything."""

from __future__ import annotations

import socket
from pathlib import Path

from scorekeeper.cli import main


def test_a_taken_port_is_refused(tmp_path: Path, capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["--port", str(port), "--db", str(tmp_path / "g.sqlite"), "--no-browser"])
    assert code == 2
    assert f"--port {port}" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # a refused start leaves no database behind


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path, capsys) -> None:
    bogus = tmp_path / "notes.sqlite"
    bogus.write_bytes(b"this is not SQLite" * 100)
    assert main(["app", "--db", str(bogus), "--no-browser"]) == 2
    assert "--db" in capsys.readouterr().err


def test_a_port_out_of_range_is_refused(tmp_path: Path, capsys) -> None:
    assert main(["--port", "70000", "--db", str(tmp_path / "g.sqlite")]) == 2
    assert "1..65535" in capsys.readouterr().err
