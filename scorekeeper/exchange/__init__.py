"""Games in and out of the database: the JSON exchange file, CSV rows, the sheet as a PNG, safety copies.

The JSON file holds each game as the `play` script holds it (variant, options, players, actions) plus
its id and times; an import replays every game under its rules before anything is saved.
"""

from scorekeeper.exchange.games import (
    FORMAT,
    VERSION,
    ExchangeError,
    ImportReport,
    export_document,
    export_text,
    import_document,
)
from scorekeeper.exchange.reading import parse_document

__all__ = [
    "FORMAT",
    "VERSION",
    "ExchangeError",
    "ImportReport",
    "export_document",
    "export_text",
    "import_document",
    "parse_document",
]
