"""No import cycles in the project's packages: every import counts, those inside functions and
under TYPE_CHECKING included, so each module can be read (and changed) after the ones it uses."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scorekeeper", "vision")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Each module of `packages` under `root` -> the project's modules it imports."""
    files = {module_name(f, root): f for p in packages if (root / p).is_dir() for f in (root / p).rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                # a module's own package is loaded before it anyway: not an edge
                if target and target != name and not name.startswith(target + "."):
                    graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)) is not None:
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)) is not None:
            return found
    return None


def test_the_project_has_no_import_cycle() -> None:
    graph = import_graph(ROOT)
    assert len(graph) > 50  # the packages were found
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    package = tmp_path / "scorekeeper"
    (package / "app").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "app" / "__init__.py").write_text("")
    (package / "app" / "home.py").write_text("from scorekeeper.app import shell\n")
    (package / "app" / "shell.py").write_text(
        "def home():\n    from .home import HomeScreen\n    return HomeScreen\n"
    )
    (package / "app" / "rules.py").write_text("import scorekeeper.app.shell\n")
    graph = import_graph(tmp_path, ("scorekeeper",))
    assert graph["scorekeeper.app.rules"] == {"scorekeeper.app.shell"}
    assert find_cycle(graph) == ["scorekeeper.app.home", "scorekeeper.app.shell", "scorekeeper.app.home"]
    (package / "app" / "shell.py").write_text("def home():\n    return None\n")
    assert find_cycle(import_graph(tmp_path, ("scorekeeper",))) is None
