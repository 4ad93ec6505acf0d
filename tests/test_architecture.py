"""The shape of the house, by role: hosts in one package that nothing else branches on, and an
import graph that has no circle."""

from __future__ import annotations

import ast
from pathlib import Path

from memctl.hosts import CAPS, HOSTS

PACKAGE = Path(__file__).resolve().parent.parent / "memctl"
HOST_WORDS = set(HOSTS) | set(CAPS)  # a profile's name, or a load cap's


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether `node` sits under `if TYPE_CHECKING:` (an import for annotations, never run)."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return True
    return False


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The memctl modules `name` imports when it runs, at its top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    out = set()
    for node in ast.walk(tree):
        if _type_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:  # `from pkg import mod` imports mod, not pkg's face
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            targets = [n for n in names if n in known] or [node.module]
        else:
            continue
        out.update(t for t in targets if t in known and t != name)
    return out


def circles() -> list[list[str]]:
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    found, state = [], dict.fromkeys(graph, 0)  # 0 unseen, 1 on the path, 2 done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for nxt in sorted(graph[name]):
            if nxt.startswith(name + "."):  # a package's face importing its own modules is not a circle
                continue
            if state[nxt] == 1:
                found.append([*path[path.index(nxt):], nxt])
            elif state[nxt] == 0:
                visit(nxt, [*path, nxt])
        state[name] = 2

    for name in sorted(graph):
        if state[name] == 0:
            visit(name, [name])
    return found


def test_the_import_graph_has_no_circle():
    assert circles() == []


def test_the_circle_check_can_fail(tmp_path, monkeypatch):
    package = tmp_path / "memctl"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from memctl.b import x\n")
    (package / "b.py").write_text("def f():\n    from memctl.a import y\n")
    (package / "c.py").write_text("TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from memctl.a import z\n")
    monkeypatch.setattr(f"{__name__}.PACKAGE", package)
    assert circles() == [["memctl.a", "memctl.b", "memctl.a"]]


def host_branches(path: Path) -> list[str]:
    """Where a file names a host or a load cap as a string, or compares a profile or a cap mode."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in HOST_WORDS:
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr in ("profile", "load_cap_mode") for s in sides):
                found.append(f"{path.name}:{node.lineno}: compares {ast.unparse(node)}")
    return found


def test_nothing_outside_hosts_branches_on_a_host_name():
    outside = [p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] != "hosts"]
    assert [place for path in outside for place in host_branches(path)] == []


def test_the_branch_check_can_fail(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('if home.config.profile == name:\n    x = {"volute": 1}\nif mode in ("head_tail",):\n    pass\n')
    assert host_branches(sample) == ["sample.py:1: compares home.config.profile == name",
                                     "sample.py:2: 'volute'", "sample.py:3: 'head_tail'"]


def test_every_host_module_fills_in_the_same_contract():
    from memctl import hosts

    for name, host in HOSTS.items():
        module = getattr(hosts, name.replace("-", "_"))
        assert module.HOST is host and module.NAME == name
        assert host.lessons and host.note and host.hook_shape in hosts.HOOK_ANSWERS
    assert {name for name, _ in hosts.DETECT} <= set(HOSTS)
    assert all(cap.mode == mode for mode, cap in CAPS.items())


# The floors of the house, bottom first: a module imports only from its own floor or below.
LAYERS = (
    {"memctl.errors", "memctl.record", "memctl.text", "memctl.words"},  # plain values and text
    {"memctl.markup"},  # markdown, front matter, globs: text in, values out
    {"memctl.safe"},  # writing safely: checks, journal, keys
    {"memctl.hosts"},  # what each host loads and how
    {"memctl.model"},  # one model of a memory home
    {"memctl.commands", "memctl.render"},  # one module per command; the HTML page's renderer
    {"memctl.cli", "memctl.__main__"},  # the face
)


def floor_of(module: str) -> int:
    for floor, roots in enumerate(LAYERS):
        if any(module == root or module.startswith(root + ".") for root in roots):
            return floor
    raise AssertionError(f"{module} is on no floor of LAYERS")


def arrows_up() -> list[str]:
    known = {name: path for name, path in modules().items() if name != "memctl"}
    return sorted(f"{name} imports {target}" for name, path in known.items()
                  for target in imports(name, path, known) if floor_of(target) > floor_of(name))


def test_imports_run_only_down_the_floors():
    assert arrows_up() == []


def test_the_floor_check_can_fail(tmp_path, monkeypatch):
    package = tmp_path / "memctl"
    (package / "markup").mkdir(parents=True)
    (package / "model").mkdir()
    for folder in (package, package / "markup", package / "model"):
        (folder / "__init__.py").write_text("")
    (package / "markup" / "a.py").write_text("def f():\n    from memctl.model.b import x\n")
    (package / "model" / "b.py").write_text("from memctl.markup.a import f\n")
    monkeypatch.setattr(f"{__name__}.PACKAGE", package)
    assert arrows_up() == ["memctl.markup.a imports memctl.model.b"]
